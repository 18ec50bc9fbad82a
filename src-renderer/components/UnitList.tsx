// The roster's units, grouped by troop category (allied units by their contingent) with subtotals,
// each group folding away. Two views: compact, one line a unit (count, profile, cost, actions) for
// seeing a whole army at once; detailed, with the attributes the ruleset defines for each troop type,
// option and name. Duplicate, reorder and remove. A unit named by an issue is marked.
import { memo, useEffect, useRef, useState } from 'react'
import type { ArmyDetails, RosterDocument, RulesetDetails, TroopSummary, UnitReport, Verdict } from '../../src-main/ipc/contract'
import { countOf, formatPoints, profileLine, profileTitle, valueWords } from '../format'
import { useOfferedTroops } from './AmendmentToggles'
import { RulesList } from './RulesList'
import { Stepper } from './Stepper'
import styles from './UnitList.module.css'
import { ValueOptions } from './ValueOptions'

export interface UnitHandlers {
  /** A count typed in the field (a typing burst is one undo step). */
  count(index: number, count: number): void
  /** One more or fewer, with − or +. */
  step(index: number, delta: -1 | 1): void
  field(index: number, field: string, value: unknown, typed?: boolean): void
  /** Marks (or clears) a role the ruleset gives one entry (onePerEntry): one unit carries it, of count 1. */
  role(index: number, role: string, marked: boolean): void
  move(index: number, delta: number): void
  duplicate(index: number): void
  remove(index: number): void
  select(index: number): void
}

/**
 * A unit to bring into view and focus (its count), once per request (n counts them): after adding,
 * copying, moving or removing. Found by its id, so a removal that shifts the list cannot send the
 * focus to another unit; by its place only for a unit without an id.
 */
export interface Reveal {
  id?: string
  index: number
  /** The field to focus (an issue names it); the count when absent or not shown. */
  field?: string
  n: number
}

const isRevealed = (reveal: Reveal | null, unit: { id?: unknown }, index: number): boolean =>
  reveal !== null && (reveal.id !== undefined && typeof unit.id === 'string' ? unit.id === reveal.id : reveal.index === index)

export type UnitView = 'compact' | 'detailed'

interface Group {
  key: string
  title: string
  indices: number[]
  points: number
}

/** Groups in the order they first appear: allied units by contingent, the rest by troop category. */
function groupUnits(doc: RosterDocument, troops: Map<string, TroopSummary>, army: ArmyDetails, report: Map<number, UnitReport>): Group[] {
  const allies = new Map(army.options.flatMap((o) => (o.ally ? [[o.ally.id, o.ally.name] as const] : [])))
  const groups = new Map<string, Group>()
  doc.units.forEach((u, index) => {
    const r = report.get(index)
    const category = troops.get(String(u.troop))?.category ?? 'other'
    const key = r?.ally ? `ally:${r.ally}` : `category:${category}`
    const title = r?.ally ? (allies.get(r.ally) ?? r.ally) : category.charAt(0).toUpperCase() + category.slice(1)
    const g = groups.get(key) ?? { key, title, indices: [], points: 0 }
    g.indices.push(index)
    g.points += r?.cost ?? 0
    groups.set(key, g)
  })
  return [...groups.values()]
}

export function UnitList({
  doc,
  ruleset,
  army,
  verdict,
  selected,
  reveal,
  view,
  on
}: {
  doc: RosterDocument
  ruleset: RulesetDetails
  army: ArmyDetails
  verdict: Verdict | null
  selected: number | null
  reveal: Reveal | null
  view: UnitView
  on: UnitHandlers
}) {
  const [folded, setFolded] = useState<Set<string>>(new Set())
  const troops = new Map(ruleset.troops.map((t) => [t.id, t]))
  const troopFor = useOfferedTroops(ruleset.troops, verdict)
  // The verdict's report of each unit, by its place in the roster: read by the groups and the rows.
  const report = new Map((verdict?.units ?? []).map((u) => [u.index, u]))
  const groups = groupUnits(doc, troops, army, report)
  // A unit brought into view unfolds its group, once per request; the player may fold it again.
  const [revealed, setRevealed] = useState<number | undefined>(undefined)
  if (reveal && reveal.n !== revealed) {
    setRevealed(reveal.n)
    const g = groups.find((x) => x.indices.some((i) => isRevealed(reveal, doc.units[i], i)))
    if (g && folded.has(g.key)) setFolded((f) => new Set([...f].filter((k) => k !== g.key)))
  }
  const flagged = new Map<number, 'error' | 'warning'>()
  for (const i of verdict?.issues ?? []) {
    const m = /^\/units\/(\d+)/.exec(i.path)
    if (m && flagged.get(Number(m[1])) !== 'error') flagged.set(Number(m[1]), i.severity)
  }
  if (doc.units.length === 0) return <p className="empty">No units yet: add troops from the army list on the left.</p>
  // Rows are numbered in the order shown, group after group.
  const shown = new Map(groups.flatMap((g) => g.indices).map((index, position) => [index, position + 1]))
  return (
    <div className={view === 'compact' ? `${styles.unitGroups} compact` : styles.unitGroups}>
      {groups.map((g) => {
        const open = !folded.has(g.key)
        const counted = g.indices.reduce((sum, i) => sum + (typeof doc.units[i].count === 'number' ? Number(doc.units[i].count) : 0), 0)
        return (
          <section key={g.key} className={styles.unitGroup} aria-label={g.title}>
            <h3 className={styles.groupHead}>
              <button
                className={styles.groupToggle}
                aria-expanded={open}
                onClick={() => setFolded((f) => (f.has(g.key) ? new Set([...f].filter((k) => k !== g.key)) : new Set([...f, g.key])))}
              >
                <span aria-hidden="true">{open ? '▾' : '▸'}</span> {g.title}
              </button>
              <span className={styles.groupTotal}>
                {ruleset.costUnit === 'unit' ? countOf(counted, 'unit') : `${countOf(g.indices.length, 'unit')} · ${countOf(counted, ruleset.costUnit)}`}
                {/* No verdict for the roster as it is (still checking, or it could not be): no points to say. */}
                {verdict && ` · ${countOf(g.points, 'point')}`}
              </span>
            </h3>
            {open && (
              <ol className={view === 'compact' ? `${styles.unitList} compact` : styles.unitList} aria-label={`Units: ${g.title}`}>
                {g.indices.map((index, k) => {
                  const u = doc.units[index]
                  return (
                    <UnitRow
                      key={typeof u.id === 'string' ? u.id : index}
                      index={index}
                      number={shown.get(index) ?? index + 1}
                      unit={u}
                      troop={troopFor(u)}
                      army={army}
                      costUnit={ruleset.costUnit}
                      cost={report.get(index)?.cost}
                      optionName={report.get(index)?.optionName}
                      flag={flagged.get(index)}
                      selected={selected === index}
                      reveal={isRevealed(reveal, u, index) ? reveal!.n : 0}
                      revealField={isRevealed(reveal, u, index) ? reveal!.field : undefined}
                      previous={k > 0 ? g.indices[k - 1] : null}
                      next={k < g.indices.length - 1 ? g.indices[k + 1] : null}
                      compact={view === 'compact'}
                      on={on}
                    />
                  )
                })}
              </ol>
            )}
          </section>
        )
      })}
    </div>
  )
}

/** A unit's moves within its group: to the unit before it, or after it. */
const MOVES = [
  { to: 'previous', words: 'Move up', arrow: '↑' },
  { to: 'next', words: 'Move down', arrow: '↓' }
] as const

/** One unit's row: redrawn only when its own props change (its unit, cost, flag...), not for every edit of the roster. */
const UnitRow = memo(function UnitRow(props: {
  index: number
  /** Its place in the list as shown (groups change the roster's order). */
  number: number
  unit: RosterDocument['units'][number]
  troop: TroopSummary | undefined
  army: ArmyDetails
  costUnit: string
  cost: number | undefined
  optionName: string | undefined
  flag: 'error' | 'warning' | undefined
  selected: boolean
  reveal: number
  revealField?: string
  /** The units before and after it in its group: moves stay within the group. */
  previous: number | null
  next: number | null
  compact: boolean
  on: UnitHandlers
}) {
  const { index, unit, troop, army, on } = props
  const ref = useRef<HTMLLIElement>(null)
  // Only on request (added, moved): focusing a half-visible unit never scrolls the list under the
  // pointer, so a click lands where it was aimed.
  useEffect(() => {
    if (!props.reveal) return
    ref.current?.scrollIntoView({ block: 'nearest' })
    const field = props.revealField && ref.current?.querySelector<HTMLElement>(`[data-field="${props.revealField}"]`)
    ;(field || ref.current?.querySelector<HTMLElement>('[data-field="count"]'))?.focus({ preventScroll: true })
  }, [props.reveal, props.revealField])
  const count = typeof unit.count === 'number' ? unit.count : 1
  // A unique role (a commander, the general) is one entry of count 1: the stepper stops there.
  const oneOnly = Boolean(troop?.onePerEntry || troop?.attributes.some((a) => a.onePerEntry && unit[a.id] === true))
  const name = troop?.name ?? String(unit.troop)
  const options = army.options.filter((o) => o.troops.some((t) => t.id === unit.troop))
  const label = `Unit ${props.number}, ${name}`
  const [expanded, setExpanded] = useState(false)
  const detailed = !props.compact || expanded
  const profile = troop ? profileLine(troop.stats) : ''
  // In the compact line, what the detailed view would show in fields: the attribute values set.
  // Values as the rules write them ("regular", "B"); their labels are in the details.
  // A unique role (the general, the C-in-C, the eagle) this unit may take: shown and toggled on the
  // compact line itself. Where the list names its generals, only their troop types offer it.
  const roles = props.compact
    ? (troop?.attributes ?? []).filter(
        (a) => a.type === 'boolean' && a.onePerEntry && (unit[a.id] === true || army.generals.length === 0 || army.generals.includes(name))
      )
    : []
  const setValues = (troop?.attributes ?? [])
    .filter((a) => !roles.includes(a))
    .flatMap((a) =>
      a.type === 'boolean'
        ? unit[a.id] === true
          ? [a.label]
          : []
        : typeof unit[a.id] === 'string'
          ? [valueWords(String(unit[a.id]), a.valueLabels[String(unit[a.id])], a.label)]
          : []
    )
  // The whole line, also its tooltip: a narrow pane may show it on two lines and cut the rest.
  const summary = [...setValues, profile].filter(Boolean).join(' · ')
  // The army-list entry the unit comes from, where it says more than the troop type ("Libyan and Spanish horse"), on wide screens.
  const fromOption = props.optionName && props.optionName.toLowerCase() !== name.toLowerCase() ? props.optionName : undefined
  return (
    <li
      ref={ref}
      className={[styles.unit, 'roster-card', props.flag ? `has-${props.flag}` : '', props.selected ? 'selected' : ''].join(' ')}
      data-unit={index}
      onFocus={() => on.select(index)}
      aria-label={label}
    >
      <div className={styles.unitMain}>
        <span className={styles.unitTroop} data-field="troop" tabIndex={-1} title={troop ? profileTitle(troop.stats, troop.rules) : undefined}>
          <span className={styles.unitNumber}>{props.number}.</span> {name}
          {typeof unit.name === 'string' && unit.name && <span className={styles.unitName}> “{unit.name}”</span>}
        </span>
        <Stepper
          label={label}
          value={count}
          unit={props.costUnit}
          max={oneOnly ? 1 : undefined}
          onChange={(n) => on.count(index, n)}
          onStep={(d) => on.step(index, d)}
        />
        {props.compact && (
          <span className={styles.unitRoles}>
            {roles.map((a) => (
              <button
                key={a.id}
                data-field={a.id}
                className={unit[a.id] === true ? `${styles.roleToggle} on` : styles.roleToggle}
                aria-pressed={unit[a.id] === true}
                onClick={() => on.role(index, a.id, unit[a.id] !== true)}
                aria-label={`${a.label} (${label})`}
                title={unit[a.id] === true ? `${a.label}: click to unmark` : `Mark as ${a.label}`}
              >
                {unit[a.id] === true ? '★' : '☆'} {a.label}
              </button>
            ))}
          </span>
        )}
        {props.compact && (
          <span className={styles.unitSummary} title={fromOption ? `${fromOption} · ${summary}` : summary}>
            {fromOption && <span className={`wide-only ${styles.unitOption}`}>{fromOption} · </span>}
            {summary}
          </span>
        )}
        <span className="unit-cost" title="points">
          {props.cost === undefined ? '' : formatPoints(props.cost)}
        </span>
        <div className={styles.unitActions}>
          {props.compact && (
            <button
              onClick={() => setExpanded((e) => !e)}
              aria-expanded={expanded}
              aria-label={`${expanded ? 'Hide' : 'Show'} details (${label})`}
              title={expanded ? 'Hide details' : 'Details: attributes, option, name'}
            >
              ⋯
            </button>
          )}
          <button onClick={() => on.duplicate(index)} aria-label={`Copy ${label}`} title="Copy: a copy right after it">
            Copy
          </button>
          {MOVES.map(({ to, words, arrow }) => {
            const target = props[to]
            return (
              <button
                key={to}
                onClick={() => target !== null && on.move(index, target - index)}
                disabled={target === null}
                aria-label={`${words} (${label})`}
                title={words}
              >
                {arrow}
              </button>
            )
          })}
          <button onClick={() => on.remove(index)} aria-label={`Remove ${label}`} title="Remove">
            ✕
          </button>
        </div>
      </div>
      {detailed && (profile || (troop?.rules.length ?? 0) > 0) && (
        <div className={styles.unitProfile} title={troop ? profileTitle(troop.stats, troop.rules) : undefined}>
          {profile}
          {troop && troop.rules.length > 0 && <RulesList rules={troop.rules} />}
        </div>
      )}
      {detailed && (
        <div className={styles.unitFields}>
          {(troop?.attributes ?? []).map((a) =>
            a.type === 'boolean' ? (
              <label key={a.id} className="check">
                <input
                  type="checkbox"
                  data-field={a.id}
                  checked={unit[a.id] === true}
                  onChange={(e) => (a.onePerEntry ? on.role(index, a.id, e.target.checked) : on.field(index, a.id, e.target.checked ? true : undefined))}
                />
                {a.label}
              </label>
            ) : (
              <label key={a.id}>
                {a.label}
                <select
                  data-field={a.id}
                  value={typeof unit[a.id] === 'string' ? String(unit[a.id]) : ''}
                  onChange={(e) => on.field(index, a.id, e.target.value || undefined)}
                >
                  {!a.required && <option value="">–</option>}
                  {a.required && typeof unit[a.id] !== 'string' && <option value="">choose…</option>}
                  <ValueOptions attribute={a} />
                </select>
              </label>
            )
          )}
          {options.length > 0 && (
            <label>
              Option
              <select
                data-field="option"
                value={typeof unit.option === 'string' ? unit.option : ''}
                onChange={(e) => on.field(index, 'option', e.target.value || undefined)}
              >
                {/* No option written: the engine counts the unit against the first that fits, and says which. */}
                <option value="">{typeof unit.option !== 'string' && props.optionName ? `Whichever fits: ${props.optionName}` : 'Whichever fits'}</option>
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
            <input
              type="text"
              data-field="name"
              value={typeof unit.name === 'string' ? unit.name : ''}
              placeholder="e.g. Legio X"
              onChange={(e) => on.field(index, 'name', e.target.value || undefined, true)}
            />
          </label>
        </div>
      )}
    </li>
  )
})
