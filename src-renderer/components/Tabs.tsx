// Tabs as the ARIA pattern has them: a tablist whose arrow keys (and Home, End) move between tabs and
// choose them, only the chosen tab in the Tab order; each panel names its tab (tabPanelProps).
import { useRef, type KeyboardEvent } from 'react'

export interface TabItem<Id extends string> {
  id: Id
  label: string
}

/** The ids tying a tab and its panel: `${prefix}-tab-${id}`, `${prefix}-panel-${id}`. */
export const tabPanelProps = (prefix: string, id: string) => ({ role: 'tabpanel', id: `${prefix}-panel-${id}`, 'aria-labelledby': `${prefix}-tab-${id}` })

export function Tabs<Id extends string>({
  label,
  prefix,
  tabs,
  current,
  onChange,
  className = 'tabs'
}: {
  label: string
  prefix: string
  tabs: Array<TabItem<Id>>
  current: Id
  onChange: (id: Id) => void
  className?: string
}) {
  const list = useRef<HTMLDivElement>(null)
  function keys(e: KeyboardEvent) {
    const at = tabs.findIndex((t) => t.id === current)
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[e.key]
    if (to === undefined) return
    e.preventDefault()
    const next = tabs[(to + tabs.length) % tabs.length]
    onChange(next.id)
    list.current?.querySelector<HTMLElement>(`#${prefix}-tab-${next.id}`)?.focus()
  }
  return (
    <div role="tablist" aria-label={label} className={className} ref={list} onKeyDown={keys}>
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={`${prefix}-tab-${t.id}`}
          aria-selected={t.id === current}
          aria-controls={`${prefix}-panel-${t.id}`}
          tabIndex={t.id === current ? 0 : -1}
          className={t.id === current ? 'tab active' : 'tab'}
          onClick={() => onChange(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  )
}
