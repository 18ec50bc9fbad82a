// New roster: pick a ruleset, then an army from a searchable browser (dates, era, a year filter),
// a year where the list has dated options, the points limit (ruleset default), the values (data
// edition) where the ruleset has editions, optionally the army list's minimums as a starting army.
import { useMemo, useState } from 'react'
import type { RulesetSummary } from '../../../src-main/ipc/contract'
import type { RosterDocument } from '../../../src-main/store/types'
import { api } from '../api'
import { EditionSelect } from '../components/EditionSelect'
import { useRulesetDetails } from '../hooks'
import { formatRanges, withinDates } from '../../../src-shared/years'
import { armyMatches, formatYear, parseYear } from '../format'

const LAST_RULESET = 'muster.lastRuleset'

export function NewRosterScreen({
  rulesets,
  onCreated,
  onCancel,
  from
}: {
  rulesets: RulesetSummary[]
  onCreated: (id: string, revision: number) => void
  onCancel: () => void
  /** Started from an army in the Armies browser: that ruleset and army, chosen. */
  from?: { rulesetId: string; armyId: string } | null
}) {
  // The ruleset of the last roster made here, if it is still installed; none the first time.
  const [rulesetId, setRulesetId] = useState(from?.rulesetId ?? rulesets.find((r) => r.id === localStorage.getItem(LAST_RULESET))?.id ?? '')
  const [query, setQuery] = useState('')
  const [yearFilter, setYearFilter] = useState('')
  const fromArmy = from ? rulesets.find((r) => r.id === from.rulesetId)?.armies.find((a) => a.id === from.armyId) : undefined
  const [armyId, setArmyId] = useState(fromArmy?.id ?? '')
  const [yearText, setYearText] = useState(fromArmy ? formatYear(fromArmy.dates[0].from) : '')
  const [limitText, setLimitText] = useState('')
  const [name, setName] = useState(fromArmy?.name ?? '')
  const [start, setStart] = useState<'empty' | 'minimums'>('empty')
  const [edition, setEdition] = useState<string | undefined>(undefined)
  const [error, setError] = useState('')
  const ruleset = rulesets.find((r) => r.id === rulesetId)
  const filterYear = parseYear(yearFilter)
  const armies = useMemo(() => {
    return (ruleset?.armies ?? []).filter((a) => armyMatches(a, query, filterYear))
  }, [ruleset, query, filterYear])
  const army = ruleset?.armies.find((a) => a.id === armyId)
  const year = parseYear(yearText)
  // Details of an earlier ruleset may still be showing while the chosen one's are asked for.
  const loaded = useRulesetDetails(rulesetId || undefined)
  const details = loaded?.id === rulesetId ? loaded : null
  const chosenEdition = details?.editions.find((e) => e.id === edition)
  // The army size the roster gets when no limit is typed: the chosen edition's, else the ruleset's.
  const sizeOf = (r: RulesetSummary) => (r.id === rulesetId && chosenEdition ? chosenEdition.defaultPointsLimit : r.defaultPointsLimit)

  function pickArmy(id: string) {
    setArmyId(id)
    const a = ruleset?.armies.find((x) => x.id === id)
    if (a) {
      setYearText(filterYear !== null ? formatYear(filterYear) : formatYear(a.dates[0].from))
      if (!name) setName(a.name)
    }
  }

  async function create() {
    setError('')
    if (!ruleset || !army) return setError('Choose an army.')
    if (yearText.trim() && year === null) return setError(`“${yearText}” is not a year (try 55 BC or 120 AD).`)
    if (year !== null && !withinDates(year, army.dates)) return setError(`${army.name} is dated ${formatRanges(army.dates)}; ${formatYear(year)} is outside it.`)
    const limit = limitText.trim() ? Number(limitText) : undefined
    if (limit !== undefined && !(limit > 0)) return setError('The points limit must be a positive number.')
    let doc: RosterDocument = { format: 'muster-roster', version: 1, name: name.trim() || army.name, ruleset: ruleset.id, army: army.id, units: [] }
    if (start === 'minimums') {
      const s = chosenEdition ? await api().suggestRoster(ruleset.id, army.id, year, chosenEdition.id) : await api().suggestRoster(ruleset.id, army.id, ...(year !== null ? [year] : []))
      if (!s.ok) return setError(s.error.message)
      doc = { ...s.value, name: doc.name }
    }
    if (year !== null) doc.year = year
    if (limit !== undefined) doc.pointsLimit = limit
    if (chosenEdition) doc.edition = chosenEdition.id
    const r = await api().createRoster(doc)
    if (r.ok) localStorage.setItem(LAST_RULESET, ruleset.id)
    if (r.ok) onCreated(r.value.id, r.value.revision)
    else setError(r.error.message)
  }

  return (
    <section className="new-roster" aria-label="New roster">
      <h2>New roster</h2>
      <div className="new-grid">
        <fieldset>
          <legend>Ruleset</legend>
          {rulesets.map((r) => (
            <label key={r.id} className="radio">
              <input
                type="radio"
                name="ruleset"
                checked={r.id === rulesetId}
                onChange={() => {
                  setRulesetId(r.id)
                  setArmyId('')
                  setEdition(undefined)
                }}
              />
              <span>
                {r.name}{' '}
                <span className="muted ruleset-size">{sizeOf(r) === null ? 'no default size' : `${sizeOf(r)} points`}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className="army-picker">
          <legend>Army</legend>
          <div className="toolbar">
            <input type="search" placeholder="Search armies" value={query} onChange={(e) => setQuery(e.target.value)} aria-label="Search armies" />
            <input className="year" placeholder="In year…" value={yearFilter} onChange={(e) => setYearFilter(e.target.value)} aria-label="Armies fielded in year" />
          </div>
          {!ruleset && <p className="muted">Choose a ruleset first: its army lists appear here.</p>}
          <ul className="army-choices" role="listbox" aria-label="Armies">
            {armies.map((a) => (
              <li key={a.id} role="option" aria-selected={a.id === armyId} tabIndex={0} className={a.id === armyId ? 'selected' : ''} onClick={() => pickArmy(a.id)} onKeyDown={(e) => e.key === 'Enter' && pickArmy(a.id)}>
                <span>{a.name}</span>
                <span className="muted">
                  {formatRanges(a.dates)}
                  {a.era ? ` · ${a.era}` : ''}
                  {a.region ? ` · ${a.region}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset>
          <legend>Details</legend>
          <label>
            Name
            <input value={name} onChange={(e) => setName(e.target.value)} aria-label="Roster name" placeholder={army?.name ?? 'Roster name'} />
          </label>
          <label>
            Year
            <input value={yearText} onChange={(e) => setYearText(e.target.value)} aria-label="Year" placeholder="e.g. 216 BC" aria-invalid={yearText.trim() !== '' && year === null} />
          </label>
          <label>
            Points limit
            <input type="number" min={1} value={limitText} onChange={(e) => setLimitText(e.target.value)} aria-label="Points limit" placeholder={!ruleset ? '' : sizeOf(ruleset) === null ? 'none' : String(sizeOf(ruleset))} />
          </label>
          {details && <EditionSelect ruleset={details} value={edition} onChange={setEdition} />}
          <label className="radio">
            <input type="radio" name="start" checked={start === 'empty'} onChange={() => setStart('empty')} /> Start empty
          </label>
          <label className="radio">
            <input type="radio" name="start" checked={start === 'minimums'} onChange={() => setStart('minimums')} /> Start from the list's minimums (a legal army at the limit)
          </label>
          {error && (
            <p className="load-error" role="alert">
              {error}
            </p>
          )}
          <div className="buttons">
            <button onClick={onCancel}>Cancel</button>
            <button className="primary" onClick={() => void create()} disabled={!army} aria-describedby={army ? undefined : 'create-needs'}>
              Create
            </button>
          </div>
          {!army && (
            <p className="needs muted" id="create-needs">
              {ruleset ? 'To create the roster, choose an army from the list.' : 'To create a roster, choose a ruleset, then an army.'}
            </p>
          )}
        </fieldset>
      </div>
    </section>
  )
}
