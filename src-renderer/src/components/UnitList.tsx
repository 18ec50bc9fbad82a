// The roster's units: count steppers, the attributes the ruleset defines for each troop type,
// option, name and notes; reorder and remove. A unit named by an issue is marked.
import { useEffect, useRef } from 'react'
import type { ArmyDetails, RulesetDetails, TroopSummary } from '../../../src-main/ipc/contract'
import type { Verdict } from '../../../src-main/rules/types'
import type { RosterDocument } from '../../../src-main/store/types'
import { formatPoints } from '../format'
import { Stepper } from './Stepper'

export interface UnitHandlers {
  count(index: number, count: number): void
  field(index: number, field: string, value: unknown): void
  general(index: number, general: boolean): void
  move(index: number, delta: number): void
  remove(index: number): void
  select(index: number): void
}

/** A unit to bring into view and focus (its count), once per request: after adding or moving it. */
export interface Reveal {
  index: number
  n: number
}

export function UnitList({ doc, ruleset, army, verdict, selected, reveal, on }: { doc: RosterDocument; ruleset: RulesetDetails; army: ArmyDetails; verdict: Verdict | null; selected: number | null; reveal: Reveal | null; on: UnitHandlers }) {
  const troops = new Map(ruleset.troops.map((t) => [t.id, t]))
  const flagged = new Map<number, 'error' | 'warning'>()
  for (const i of verdict?.issues ?? []) {
    const m = /^\/units\/(\d+)/.exec(i.path)
    if (m && flagged.get(Number(m[1])) !== 'error') flagged.set(Number(m[1]), i.severity)
  }
  const report = new Map((verdict?.units ?? []).map((u) => [u.index, u]))
  if (doc.units.length === 0) return <p className="empty">No units yet: add troops from the army list on the left.</p>
  return (
    <ol className="unit-list" aria-label="Units">
      {doc.units.map((u, index) => (
        <UnitRow
          key={typeof u.id === 'string' ? u.id : index}
          index={index}
          unit={u}
          troop={troops.get(String(u.troop))}
          army={army}
          costUnit={ruleset.costUnit}
          cost={report.get(index)?.cost}
          optionName={report.get(index)?.optionName}
          flag={flagged.get(index)}
          selected={selected === index}
          reveal={reveal?.index === index ? reveal.n : 0}
          last={index === doc.units.length - 1}
          on={on}
        />
      ))}
    </ol>
  )
}

function UnitRow(props: {
  index: number
  unit: RosterDocument['units'][number]
  troop: TroopSummary | undefined
  army: ArmyDetails
  costUnit: string
  cost: number | undefined
  optionName: string | undefined
  flag: 'error' | 'warning' | undefined
  selected: boolean
  reveal: number
  last: boolean
  on: UnitHandlers
}) {
  const { index, unit, troop, army, on } = props
  const ref = useRef<HTMLLIElement>(null)
  // Only on request (added, moved): focusing a half-visible unit never scrolls the list under the
  // pointer, so a click lands where it was aimed.
  useEffect(() => {
    if (!props.reveal) return
    ref.current?.scrollIntoView({ block: 'nearest' })
    ref.current?.querySelector<HTMLElement>('[data-field="count"]')?.focus({ preventScroll: true })
  }, [props.reveal])
  const count = typeof unit.count === 'number' ? unit.count : 1
  const name = troop?.name ?? String(unit.troop)
  const options = army.options.filter((o) => o.troops.some((t) => t.id === unit.troop))
  const label = `Unit ${index + 1}, ${name}`
  return (
    <li ref={ref} className={['unit', props.flag ? `has-${props.flag}` : '', props.selected ? 'selected' : ''].join(' ')} data-unit={index} onFocus={() => on.select(index)} aria-label={label}>
      <div className="unit-main">
        <span className="unit-troop" data-field="troop" tabIndex={-1}>
          {name}
        </span>
        <Stepper label={label} value={count} unit={`${props.costUnit}s`} onChange={(n) => on.count(index, n)} />
        <span className="unit-cost" title="points">
          {props.cost === undefined ? '' : formatPoints(props.cost)}
        </span>
        <div className="unit-actions">
          <button onClick={() => on.move(index, -1)} disabled={index === 0} aria-label={`Move up (${label})`} title="Move up">
            ↑
          </button>
          <button onClick={() => on.move(index, 1)} disabled={props.last} aria-label={`Move down (${label})`} title="Move down">
            ↓
          </button>
          <button onClick={() => on.remove(index)} aria-label={`Remove ${label}`} title="Remove">
            ✕
          </button>
        </div>
      </div>
      <div className="unit-fields">
        {(troop?.attributes ?? []).map((a) =>
          a.type === 'boolean' ? (
            <label key={a.id} className="check">
              <input
                type="checkbox"
                data-field={a.id}
                checked={unit[a.id] === true}
                onChange={(e) => (a.id === 'general' ? on.general(index, e.target.checked) : on.field(index, a.id, e.target.checked ? true : undefined))}
              />
              {a.label}
            </label>
          ) : (
            <label key={a.id}>
              {a.label}
              <select data-field={a.id} value={typeof unit[a.id] === 'string' ? String(unit[a.id]) : ''} onChange={(e) => on.field(index, a.id, e.target.value || undefined)}>
                {!a.required && <option value="">–</option>}
                {a.required && typeof unit[a.id] !== 'string' && <option value="">choose…</option>}
                {a.values.map((v) => (
                  <option key={v} value={v}>
                    {a.valueLabels[v] ? `${v}: ${a.valueLabels[v]}` : v}
                  </option>
                ))}
              </select>
            </label>
          )
        )}
        {options.length > 0 && (
          <label>
            Option
            <select data-field="option" value={typeof unit.option === 'string' ? unit.option : ''} onChange={(e) => on.field(index, 'option', e.target.value || undefined)}>
              <option value="">{props.optionName ? `auto (${props.optionName})` : 'auto'}</option>
              {options.map((o) => (
                <option key={o.key} value={o.key}>
                  {o.ally ? `${o.ally.name}: ` : ''}
                  {o.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="grow">
          Name
          <input type="text" data-field="name" value={typeof unit.name === 'string' ? unit.name : ''} placeholder="e.g. Legio X" onChange={(e) => on.field(index, 'name', e.target.value || undefined)} />
        </label>
      </div>
    </li>
  )
}
