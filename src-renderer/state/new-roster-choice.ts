// The New roster screen's choice: the ruleset (the last one made here, if still installed), the army
// from a searchable, filtered list (name, list number or category; year, region and era; "by what I
// own"), its year, the roster's name (following the army until the player types one), and the data
// edition. Also the list's keys and where the focus lands when the screen opens.
import { useEffect, useMemo, useRef, useState } from 'react'
import type { RulesetSummary } from '../../src-main/ipc/contract'
import type { OwnedFilter } from '../components/OwnedShare'
import { byWhatIsOwned } from '../components/OwnedShare'
import { removedText } from '../components/ArmyLinks'
import { useArmiesFielded, useRulesetDetails } from '../hooks'
import { withinDates } from '../../src-shared/years'
import { erasOf, formatYear, parseYear, regionsOf, searchArmies } from '../format'

export const LAST_RULESET = 'muster.lastRuleset'

export function useNewRosterChoice(rulesets: RulesetSummary[], from: { rulesetId: string; armyId: string } | null | undefined) {
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
  const [name, setName] = useState(fromArmy?.name ?? '')
  const [edition, setEdition] = useState<string | undefined>(undefined)
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

  function chooseRuleset(id: string) {
    setRulesetId(id)
    setArmyId('')
    setEdition(undefined)
    setEra('')
    setRegion('')
  }

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

  return {
    rulesetId,
    chooseRuleset,
    ruleset,
    filters: { query, setQuery, yearFilter, setYearFilter, filterYear, era, setEra, region, setRegion, byOwned, setByOwned },
    reveal,
    createButton,
    newRosterForm,
    all,
    byId,
    eras,
    regions,
    fielded,
    armies,
    army,
    removed,
    yearText,
    setYearText,
    year,
    name,
    setName,
    edition,
    setEdition,
    details,
    chosenEdition,
    sizeOf,
    pickLinked,
    list
  }
}
