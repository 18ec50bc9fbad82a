// New roster: pick a ruleset, then an army from a searchable list (name, list number or category;
// year, region and era filters; driven by the keys, virtualised for ~700 lists) that shows the chosen
// army's source, historical enemies and related lists (one click chooses one), a year where the list
// has dated options, the points limit (ruleset default), the values (data edition) where the ruleset
// has editions, optionally the army list's minimums as a starting army. "By what I own" sorts the
// armies by the share of each the player's collection fields, and says it on each row.
import { useEffect, useMemo, useRef, useState } from 'react'
import type { RulesetSummary } from '../../src-main/ipc/contract'
import { api } from '../api'
import { EditionSelect } from '../components/EditionSelect'
import { ArmyFilter, ArmyList, listKeys } from '../components/ArmyList'
import { ArmyLinks, ArmyName, removedText, sourceText } from '../components/ArmyLinks'
import { byWhatIsOwned, noneOwnedText, ownedCountText, OwnedShare, OwnedToggle, type OwnedFilter } from '../components/OwnedShare'
import { useArmiesFielded, useRulesetDetails } from '../hooks'
import { formatRanges, withinDates } from '../../src-shared/years'
import { countOf, erasOf, formatYear, parseYear, regionsOf, searchArmies } from '../format'

const ROW_HEIGHT = 34

const LAST_RULESET = 'muster.lastRuleset'

export function NewRosterScreen({
  rulesets,
  onCreated,
  onCancel,
  from
}: {
  rulesets: RulesetSummary[]
  /** notices: what the minimums builder chose or could not do, for the editor to say once. */
  onCreated: (id: string, revision: number, notices: string[]) => void
  onCancel: () => void
  /** Started from an army in the Armies browser: that ruleset and army, chosen. */
  from?: { rulesetId: string; armyId: string } | null
}) {
  // The ruleset of the last roster made here, if it is still installed; none the first time.
  const [rulesetId, setRulesetId] = useState(from?.rulesetId ?? rulesets.find((r) => r.id === localStorage.getItem(LAST_RULESET))?.id ?? '')
  const [query, setQuery] = useState('')
  const [yearFilter, setYearFilter] = useState('')
  const [era, setEra] = useState('')
  const [region, setRegion] = useState('')
  const [byOwned, setByOwned] = useState<OwnedFilter>('off')
  /** Bumped to bring the chosen army into view (chosen from a link, not from the list). */
  const [reveal, setReveal] = useState(0)
  const scroller = useRef<HTMLDivElement>(null)
  const createButton = useRef<HTMLButtonElement>(null)
  const newRosterForm = useRef<HTMLElement>(null)
  // Opened (Ctrl+N, New roster): the focus lands on the checked ruleset (arrow keys change it), or
  // the first, so Tab goes on to the army search; never nowhere.
  useEffect(() => {
    const form = newRosterForm.current
    const target = form?.querySelector<HTMLElement>('input[name="ruleset"]:checked') ?? form?.querySelector<HTMLElement>('input[name="ruleset"]')
    target?.focus({ preventScroll: true })
  }, [])
  const fromArmy = from ? rulesets.find((r) => r.id === from.rulesetId)?.armies.find((a) => a.id === from.armyId) : undefined
  const [armyId, setArmyId] = useState(fromArmy?.id ?? '')
  const [yearText, setYearText] = useState(fromArmy ? formatYear(fromArmy.dates[0].from) : '')
  const [limitText, setLimitText] = useState('')
  const [name, setName] = useState(fromArmy?.name ?? '')
  const [start, setStart] = useState<'empty' | 'minimums' | 'owned'>('empty')
  const [busy, setBusy] = useState(false)
  const [edition, setEdition] = useState<string | undefined>(undefined)
  const [error, setError] = useState('')
  const ruleset = rulesets.find((r) => r.id === rulesetId)
  const filterYear = parseYear(yearFilter)
  const all = useMemo(() => ruleset?.armies ?? [], [ruleset])
  const byId = useMemo(() => new Map(all.map((a) => [a.id, a])), [all])
  const eras = useMemo(() => erasOf(all), [all])
  const regions = useMemo(() => regionsOf(all), [all])
  const fielded = useArmiesFielded(rulesetId, byOwned !== 'off')
  const armies = useMemo(() => {
    // The best matches first (src-shared/army-search.ts); "Armies I can field" keeps those the collection fields, best covered first.
    const shown = searchArmies(all, query, filterYear, (a) => (!era || a.era === era) && (!region || a.region === region))
    return fielded.byArmy ? byWhatIsOwned(shown, fielded.byArmy, byOwned) : shown
  }, [byOwned, all, query, filterYear, era, region, fielded.byArmy])
  const army = byId.get(armyId)
  const year = parseYear(yearText)
  // Details of an earlier ruleset may still be showing while the chosen one's are asked for.
  const loaded = useRulesetDetails(rulesetId || undefined)
  const details = loaded?.id === rulesetId ? loaded : null
  const chosenEdition = details?.editions.find((e) => e.id === edition)
  // The army size the roster gets when no limit is typed: the chosen edition's, else the ruleset's.
  const sizeOf = (r: RulesetSummary) => (r.id === rulesetId && chosenEdition ? chosenEdition.defaultPointsLimit : r.defaultPointsLimit)

  function pickArmy(id: string) {
    setArmyId(id)
    const a = byId.get(id)
    if (a) {
      setYearText(filterYear !== null && withinDates(filterYear, a.dates) ? formatYear(filterYear) : formatYear(a.dates[0].from))
      // The name follows the army chosen until the player types one of their own.
      if (!name || name === byId.get(armyId)?.name) setName(a.name)
    }
  }

  /** An enemy or related list chosen from its link: shown in the list, the filters cleared if they hid it. */
  function pickLinked(id: string) {
    if (!armies.some((a) => a.id === id)) {
      setQuery('')
      setYearFilter('')
      setEra('')
      setRegion('')
    }
    pickArmy(id)
    setReveal((n) => n + 1)
  }
  const list = {
    armies,
    active: armyId,
    onActive: pickArmy,
    onChoose: (id: string, by: 'key' | 'click') => {
      pickArmy(id)
      // Chosen with Enter: the next Enter creates the roster.
      if (by === 'key') setTimeout(() => createButton.current?.focus())
    },
    scroller
  }
  const removed = army ? removedText(army) : null

  async function create() {
    setError('')
    if (!ruleset || !army) return setError('Choose an army.')
    if (yearText.trim() && year === null) return setError(`“${yearText}” is not a year (try 55 BC or 120 AD).`)
    if (year !== null && !withinDates(year, army.dates))
      return setError(`${army.name} is dated ${formatRanges(army.dates)}; ${formatYear(year)} is outside it.`)
    const limit = limitText.trim() ? Number(limitText) : undefined
    if (limit !== undefined && !(limit > 0 && limit <= 1_000_000)) return setError('The points limit must be a number of points from 1 to 1,000,000.')
    if (name.trim().length > 200) return setError(`The roster's name is ${name.trim().length} characters long; it may be at most 200.`)
    // The same document `muster new` writes (services/new-roster.ts); one at a time, however often Create is pressed.
    setBusy(true)
    try {
      const made = await api().newRoster({
        ruleset: ruleset.id,
        army: army.id,
        name,
        ...(year !== null ? { year } : {}),
        ...(limit !== undefined ? { limit } : {}),
        ...(chosenEdition ? { edition: chosenEdition.id } : {}),
        minimums: start !== 'empty',
        ...(start === 'owned' ? { fromCollection: true } : {})
      })
      if (!made.ok) return setError(made.error.message)
      const r = await api().createRoster(made.value.document)
      if (r.ok) localStorage.setItem(LAST_RULESET, ruleset.id)
      if (r.ok) onCreated(r.value.id, r.value.revision, made.value.notices)
      else setError(r.error.message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="new-roster" aria-label="New roster" ref={newRosterForm}>
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
                  setEra('')
                  setRegion('')
                }}
              />
              <span>
                {r.name} <span className="muted ruleset-size">{sizeOf(r) === null ? 'no default size' : countOf(sizeOf(r)!, 'point')}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className="army-picker">
          <legend>Army</legend>
          <div className="toolbar">
            <input
              type="search"
              placeholder="Name, list number (66a, 115) or category"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => listKeys(e, list)}
              aria-label="Search armies"
              data-find
            />
            <input
              className="year"
              placeholder="In year…"
              value={yearFilter}
              onChange={(e) => setYearFilter(e.target.value)}
              aria-label="Armies fielded in year"
              aria-invalid={yearFilter.trim() !== '' && filterYear === null}
            />
          </div>
          {ruleset && (regions.length > 0 || eras.length > 0) && (
            <div className="toolbar filters">
              <ArmyFilter label="Region" all="All regions" values={regions} value={region} onChange={setRegion} />
              <ArmyFilter label="Era" all="All eras" values={eras} value={era} onChange={setEra} />
              <span className="count">
                {armies.length} of {all.length}
                {fielded.byArmy ? ownedCountText(byOwned) : ''}
              </span>
            </div>
          )}
          {ruleset && <OwnedToggle filter={byOwned} onChange={setByOwned} error={fielded.error} />}
          {!ruleset && <p className="muted">Choose a ruleset first: its army lists appear here.</p>}
          {ruleset && armies.length === 0 && (
            <p className="empty">{fielded.byArmy ? noneOwnedText(byOwned) : 'No army matches: try fewer words, or another year, region or era.'}</p>
          )}
          {armies.length > 0 && (
            <ArmyList
              {...list}
              label="Armies"
              className="pick army-choices"
              rowHeight={ROW_HEIGHT}
              query={`${rulesetId}\n${query}\n${yearFilter}\n${era}\n${region}\n${reveal}\n${fielded.byArmy ? byOwned : ''}`}
              row={(a) => (
                <>
                  <span className="army-name">
                    <ArmyName army={a} />
                  </span>{' '}
                  {fielded.byArmy && <OwnedShare army={fielded.byArmy.get(a.id)} />}
                  <span className="muted">
                    {formatRanges(a.dates)}
                    {a.era ? ` · ${a.era}` : ''}
                    {a.region ? ` · ${a.region}` : ''}
                  </span>
                </>
              )}
            />
          )}
          {army && (
            <div className="army-brief" aria-label={`About ${army.name}`} role="group">
              <p className="army-source">
                <strong>
                  <ArmyName army={army} />
                </strong>
                {' · '}
                {sourceText(army)}
                {army.categories && army.categories.length > 0 && <span className="muted"> · {army.categories.join(', ')}</span>}
              </p>
              {removed && <p className="notice warn army-removed">{removed}</p>}
              <ArmyLinks title="Historical enemies" ids={army.enemies} armies={byId} onOpen={pickLinked} />
              <ArmyLinks title="Related lists" ids={army.related} armies={byId} onOpen={pickLinked} />
            </div>
          )}
        </fieldset>
        <fieldset>
          <legend>Details</legend>
          <label>
            Name
            <input value={name} onChange={(e) => setName(e.target.value)} aria-label="Roster name" placeholder={army?.name ?? 'Roster name'} />
          </label>
          <label>
            Year
            <input
              value={yearText}
              onChange={(e) => setYearText(e.target.value)}
              aria-label="Year"
              placeholder="e.g. 216 BC"
              aria-invalid={yearText.trim() !== '' && year === null}
            />
          </label>
          <label>
            Points limit
            <input
              type="number"
              min={1}
              value={limitText}
              onChange={(e) => setLimitText(e.target.value)}
              aria-label="Points limit"
              placeholder={!ruleset ? '' : sizeOf(ruleset) === null ? 'none' : String(sizeOf(ruleset))}
            />
          </label>
          {details && <EditionSelect ruleset={details} value={edition} onChange={setEdition} />}
          <label className="radio">
            <input type="radio" name="start" checked={start === 'empty'} onChange={() => setStart('empty')} /> Start empty
          </label>
          <label className="radio">
            <input type="radio" name="start" checked={start === 'minimums'} onChange={() => setStart('minimums')} /> Start from the list's minimums{' '}
            {ruleset && sizeOf(ruleset) === null && !limitText.trim()
              ? "(give the army's size above first: these rules set none)"
              : '(a legal army at the limit)'}
          </label>
          <label className="radio">
            <input type="radio" name="start" checked={start === 'owned'} onChange={() => setStart('owned')} /> Start from what I own (the list's minimums, from
            your collection)
          </label>
          {error && (
            <p className="load-error" role="alert">
              {error}
            </p>
          )}
          <div className="buttons">
            <button onClick={onCancel}>Cancel</button>
            <button
              ref={createButton}
              className="primary"
              onClick={() => void create()}
              disabled={!army || busy}
              aria-busy={busy}
              aria-describedby={army ? undefined : 'create-needs'}
            >
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
