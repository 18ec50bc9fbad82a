// Roster generators for benchmarks: realistic, legal-shaped rosters of a given size.
import type { Roster } from '../src-main/rules/types'

const wrgTroops: Array<[string, string]> = [
  ['heavy-infantry', 'regular'],
  ['medium-infantry', 'regular'],
  ['light-infantry', 'regular'],
  ['heavy-cavalry', 'regular'],
  ['medium-cavalry', 'regular'],
  ['light-cavalry', 'regular']
]

/** An Early Imperial Roman WRG 1969 roster of `units` entries (one general plus units-1 bodies). */
export function wrgRoster(units: number, seed = 0): Roster {
  const list: Roster['units'] = [{ troop: 'general', count: 1, id: 'general', name: 'Legate' }]
  for (let i = 1; i < units; i++) {
    const [troop, status] = wrgTroops[(i + seed) % wrgTroops.length]
    list.push({ troop, count: 4 + ((i * 7 + seed) % 20), status, class: 'ABCDE'[(i + seed) % 5], id: `u${i}`, name: `Cohort ${i}` })
  }
  return { format: 'muster-roster', version: 1, name: `Bench army ${seed}`, ruleset: 'wrg-1969', army: 'early-imperial-roman', year: 60, pointsLimit: 10000, units: list }
}

/** A Mark 2 roster with several commanders (exercises per-unit figures and formulas). */
export function mk2Roster(units: number, seed = 0): Roster {
  const r = wrgRoster(units, seed)
  r.ruleset = 'wrg-mk2'
  r.units = r.units.map((u, i) => (u.troop === 'general' ? { troop: 'general', count: 1, grade: 'average', id: 'cinc' } : i % 10 === 0 ? { troop: 'general', count: 1, grade: 'above-average', id: `sub${i}` } : u))
  return r
}
