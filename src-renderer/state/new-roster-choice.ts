// The New roster screen's choice: the ruleset (the last one made here, if still installed), the army
// from a searchable, filtered list (name, list number or category; year, region and era; "by what I
// own"), its year, the roster's name (following the army until the player types one), and the data
// edition. Also the list's keys and where the focus lands when the screen opens.
import { useEffect, useRef, useState } from 'react'
import type { RulesetSummary } from '../../src-main/ipc/contract'
import { removedText } from '../components/ArmyLinks'
import { useRulesetDetails } from '../hooks'
import { useArmyFilters } from './army-filters'
import { withinDates } from '../../src-shared/years'
import { formatYear, parseYear } from '../format'

export const LAST_RULESET = 'muster.lastRuleset'

export function useNewRosterChoice(rulesets: RulesetSummary[], from: { rulesetId: string; armyId: string } | null | undefined) {
  // The ruleset of the last roster made here, if it is still installed; none the first time.
  const [rulesetId, setRulesetId] = useState(from?.rulesetId ?? rulesets.find((r) => r.id === localStorage.getItem(LAST_RULESET))?.id ?? '')
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
  const filters = useArmyFilters(rulesetId, ruleset)
  const { all, byId, eras, regions, fielded, armies } = filters
  const filterYear = filters.year
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
    filters.setEra('')
    filters.setRegion('')
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
    if (!armies.some((a) => a.id === id)) filters.clear()
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
    filters,
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
