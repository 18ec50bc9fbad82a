// The filters over a ruleset's armies, for the Armies browser and New roster: the search (name, list
// number or category), a year, region and era, and "Armies I can field"; the armies they leave, the
// best matches first (src-shared/army-search.ts), and those the collection fields best covered first.
import { useMemo, useState } from 'react'
import type { RulesetSummary } from '../../src-main/ipc/contract'
import { byWhatIsOwned, type OwnedFilter } from '../components/OwnedShare'
import { useArmiesFielded } from '../hooks'
import { erasOf, parseYear, regionsOf, searchArmies } from '../format'

export function useArmyFilters(rulesetId: string, ruleset: RulesetSummary | undefined) {
  const [query, setQuery] = useState('')
  const [yearText, setYearText] = useState('')
  const [era, setEra] = useState('')
  const [region, setRegion] = useState('')
  const [byOwned, setByOwned] = useState<OwnedFilter>('off')
  const year = parseYear(yearText)
  const all = useMemo(() => ruleset?.armies ?? [], [ruleset])
  const byId = useMemo(() => new Map(all.map((a) => [a.id, a])), [all])
  const eras = useMemo(() => erasOf(all), [all])
  const regions = useMemo(() => regionsOf(all), [all])
  const fielded = useArmiesFielded(rulesetId, byOwned !== 'off')
  const armies = useMemo(() => {
    const shown = searchArmies(all, query, year, (a) => (!era || a.era === era) && (!region || a.region === region))
    return fielded.byArmy ? byWhatIsOwned(shown, fielded.byArmy, byOwned) : shown
  }, [byOwned, all, query, year, era, region, fielded.byArmy])
  /** The search, year, region and era cleared ("by what I own" stays as the player set it). */
  const clear = () => {
    setQuery('')
    setYearText('')
    setEra('')
    setRegion('')
  }
  return { query, setQuery, yearText, setYearText, year, era, setEra, region, setRegion, byOwned, setByOwned, all, byId, eras, regions, fielded, armies, clear }
}
