// Large rosters of every ruleset, built from the data (no ruleset named here): for the share-code
// and plain-text tests and `npm run bench`.
import { candidateYears, type Engine, type LoadedRuleset, type Roster } from '../../src-main/rules'

/**
 * A roster of `units` entries for an army: the units its list offers to an empty roster
 * (engine.options: legal attributes and options), taken in turn, each named and given an id as
 * players do. It breaks the list's limits; its size is the point.
 */
export function offeredRoster(engine: Engine, ruleset: string, army: string, units: number): Roster {
  const loaded = engine.ruleset(ruleset)!
  for (const year of candidateYears(loaded.armies.get(army)!)) {
    const roster: Roster = { format: 'muster-roster', version: 1, name: `${units} units of ${army}`, ruleset, army, year, units: [] }
    const offered = engine.options(roster).available
    if (offered.length === 0) continue
    for (let i = 0; i < units; i++) {
      const o = offered[i % offered.length]
      roster.units.push({ ...o.unit, id: `u${i + 1}`, name: `${o.troopName} ${i + 1}` })
    }
    return roster
  }
  throw new Error(`${ruleset}/${army}: the list offers nothing in any of its years`)
}

/** The army with the most options in a ruleset's list (the most varied roster). */
const widestArmy = (loaded: LoadedRuleset): string => [...loaded.armies.values()].reduce((a, b) => (b.options.length > a.options.length ? b : a)).id

/** One roster of `units` units per ruleset, of its army with the most options: [ruleset id, roster]. */
export function rostersOfEveryRuleset(engine: Engine, units = 40): Array<[string, Roster]> {
  return [...engine.registry.rulesets.values()].map((loaded) => [loaded.ruleset.id, offeredRoster(engine, loaded.ruleset.id, widestArmy(loaded), units)])
}

/** A Triumph! Ancient British roster (the collection tests' shelf holds warband): `warband` stands with the general, and 2 Bad Horse. */
export const britons = (warband: number): Roster => ({
  format: 'muster-roster',
  version: 1,
  ruleset: 'triumph',
  army: 'ancient-british',
  name: 'Britons',
  units: [
    { troop: 'warband', count: warband, general: true },
    { troop: 'bad-horse', count: 2 }
  ]
})
