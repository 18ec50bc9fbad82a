// A list of armies to choose from (the Armies browser, New roster): a listbox driven by the keys
// (Up and Down move the selection, Page Up and Page Down a screenful, Home and End to the ends, Enter
// chooses), whose options are drawn only while on screen (TanStack Virtual), so that ~700 Meshwesh
// lists open and scroll as fast as ten. The focus stays on the listbox; the selected option is its
// active descendant, and each option says where it is in the whole list (aria-posinset/setsize).
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { useArmyFilters } from '../state/army-filters'
import { observeOrAssume } from '../virtual'
import styles from './ArmyList.module.css'

export interface ArmyListProps<A extends { id: string }> {
  armies: A[]
  /** The selected army's id ('' for none). */
  active: string
  /** Up, Down, Home, End... moved the selection. */
  onActive: (id: string) => void
  /** Enter or a click on an army. */
  onChoose: (id: string, by: 'key' | 'click') => void
  label: string
  /** The scroll box and listbox: given, so a search field can hand the focus over (see listKeys). */
  scroller: RefObject<HTMLDivElement | null>
  rowHeight: number
  row: (army: A) => ReactNode
  className?: string
  /** Changes when the list is filtered anew: the list shows its top (or the selection, if still in it). */
  query?: unknown
}

/** Lists up to this long are drawn whole (cheap, and every army is in the page for the browser's find). */
const DRAW_WHOLE = 120

/** The option's id in the page, for aria-activedescendant. */
const optionId = (list: string, army: string) => `${list}-${army.replace(/[^\w-]/g, '_')}`

export function ArmyList<A extends { id: string }>({
  armies,
  active,
  onActive,
  onChoose,
  label,
  scroller,
  rowHeight,
  row,
  className,
  query
}: ArmyListProps<A>) {
  const listId = useId().replace(/:/g, '')
  // A short list (a bundled ruleset's few dozen armies) is drawn whole; a long one a screenful at a time.
  const overscan = armies.length <= DRAW_WHOLE ? armies.length : 10
  const virtualizer = useVirtualizer({
    count: armies.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan,
    observeElementRect: observeOrAssume
  })
  const index = armies.findIndex((a) => a.id === active)
  // A new filter shows its first rows, or keeps the selection in view when it is still listed.
  const shown = useRef<{ query: unknown; first: boolean }>({ query, first: true })
  useEffect(() => {
    const was = shown.current
    if (!was.first && was.query === query) return
    shown.current = { query, first: false }
    if (index >= 0) virtualizer.scrollToIndex(index, { align: was.first ? 'center' : 'auto' })
    else virtualizer.scrollToOffset(0)
  }, [query, index, virtualizer])

  const move = (to: number) => {
    if (!armies.length) return
    const i = Math.max(0, Math.min(armies.length - 1, to))
    onActive(armies[i].id)
    virtualizer.scrollToIndex(i, { align: 'auto' })
  }
  const page = () => Math.max(1, Math.floor((scroller.current?.clientHeight || rowHeight * 10) / rowHeight) - 1)
  function keys(e: KeyboardEvent<HTMLDivElement>) {
    const keyMoves: Record<string, () => number> = {
      ArrowDown: () => (index < 0 ? 0 : index + 1),
      ArrowUp: () => (index < 0 ? 0 : index - 1),
      PageDown: () => (index < 0 ? 0 : index + page()),
      PageUp: () => (index < 0 ? 0 : index - page()),
      Home: () => 0,
      End: () => armies.length - 1
    }
    const to = keyMoves[e.key]
    if (to) {
      e.preventDefault()
      move(to())
    } else if (e.key === 'Enter' && index >= 0) {
      e.preventDefault()
      onChoose(armies[index].id, 'key')
    }
  }

  const items = virtualizer.getVirtualItems()
  return (
    <div
      ref={scroller}
      className={`${styles.armyList}${className ? ` ${className}` : ''}`}
      role="listbox"
      aria-label={label}
      tabIndex={0}
      aria-activedescendant={index >= 0 ? optionId(listId, active) : undefined}
      onKeyDown={keys}
    >
      <div className={styles.armyListRows} style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const a = armies[item.index]
          const selected = a.id === active
          return (
            <div
              key={a.id}
              id={optionId(listId, a.id)}
              role="option"
              aria-selected={selected}
              aria-posinset={item.index + 1}
              aria-setsize={armies.length}
              className={selected ? `${styles.armyOption} ${styles.selected}` : styles.armyOption}
              style={{ height: rowHeight, transform: `translateY(${item.start}px)` }}
              onMouseDown={(e) => {
                // The listbox keeps the focus (its options are not focusable themselves).
                e.preventDefault()
                scroller.current?.focus()
              }}
              onClick={() => onChoose(a.id, 'click')}
            >
              {row(a)}
            </div>
          )
        })}
      </div>
    </div>
  )
}

/**
 * A search field's keys over its list: Down (or Up) hands the focus to the list, selecting its first
 * army when none is; Enter chooses the only army a search leaves.
 */
export function listKeys<A extends { id: string }>(
  e: KeyboardEvent<HTMLInputElement>,
  list: { armies: A[]; active: string; onActive: (id: string) => void; onChoose: (id: string, by: 'key') => void; scroller: RefObject<HTMLDivElement | null> }
) {
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    if (!list.armies.length) return
    e.preventDefault()
    if (!list.armies.some((a) => a.id === list.active)) list.onActive(list.armies[0].id)
    list.scroller.current?.focus()
  } else if (e.key === 'Enter' && list.armies.length === 1) {
    e.preventDefault()
    list.onChoose(list.armies[0].id, 'key')
  }
}

type ListKeysTarget = Parameters<typeof listKeys>[1]
type ArmyFilters = ReturnType<typeof useArmyFilters>

/** The search over a list of armies and its year filter (the Armies browser, New roster), as
 *  state/army-filters.ts holds them: the keys of listKeys, and a year that does not read as one marked invalid. */
export function ArmySearch({
  filters,
  list,
  words
}: {
  filters: Pick<ArmyFilters, 'query' | 'setQuery' | 'yearText' | 'setYearText' | 'year'>
  list: ListKeysTarget
  words: { search: string; year: string; yearLabel: string }
}) {
  return (
    <>
      <input
        type="search"
        placeholder={words.search}
        value={filters.query}
        onChange={(e) => filters.setQuery(e.target.value)}
        onKeyDown={(e) => listKeys(e, list)}
        aria-label="Search armies"
        data-find
      />
      <input
        className="year"
        placeholder={words.year}
        value={filters.yearText}
        onChange={(e) => filters.setYearText(e.target.value)}
        aria-label={words.yearLabel}
        aria-invalid={filters.yearText.trim() !== '' && filters.year === null}
      />
    </>
  )
}

/** One drop-down of the army filters: "All regions" or one of them; nothing when the armies name none. */
export function ArmyFilter({
  label,
  all,
  values,
  value,
  onChange
}: {
  label: string
  all: string
  values: string[]
  value: string
  onChange: (value: string) => void
}) {
  if (values.length === 0) return null
  return (
    <select value={value} onChange={(e) => onChange(e.target.value)} aria-label={label}>
      <option value="">{all}</option>
      {values.map((v) => (
        <option key={v}>{v}</option>
      ))}
    </select>
  )
}
