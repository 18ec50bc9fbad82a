// Roster generators for benchmarks: realistic, legal-shaped rosters of a given size.
import type Database from 'better-sqlite3'
import type { Roster } from '../src-main/rules/types'
import { createRoster, type RosterDocument } from '../src-main/store'

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
  return {
    format: 'muster-roster',
    version: 1,
    name: `Bench army ${seed}`,
    ruleset: 'wrg-1969',
    army: 'early-imperial-roman',
    year: 60,
    pointsLimit: 10000,
    units: list
  }
}

/** A Mark 2 roster with several commanders (exercises per-unit figures and formulas). */
export function mk2Roster(units: number, seed = 0): Roster {
  const r = wrgRoster(units, seed)
  r.ruleset = 'wrg-mk2'
  r.units = r.units.map((u, i) =>
    u.troop === 'general'
      ? { troop: 'general', count: 1, grade: 'average', id: 'cinc' }
      : i % 10 === 0
        ? { troop: 'general', count: 1, grade: 'above-average', id: `sub${i}` }
        : u
  )
  return r
}

const libraryArmies = ['early-imperial-roman', 'gallic', 'seleucid', 'carthaginian', 'ancient-british']

/** The i-th roster of a big library: WRG armies of 10 to 39 units, names that search can tell apart. */
export const libraryDoc = (i: number): RosterDocument =>
  ({
    ...wrgRoster(10 + (i % 30), i),
    army: libraryArmies[i % libraryArmies.length],
    name: `Army ${i} ${['of the Rhine', 'for Salute', 'club night', 'campaign'][i % 4]}`
  }) as RosterDocument
/** Its stored check (a third illegal), without running the engine 10,000 times. */
export const libraryCheck = (i: number) => ({ points: 700 + (i % 100), limit: 800, valid: i % 3 !== 0, errors: i % 3 === 0 ? 1 : 0, dataVersion: '1.0.0' })

/** Fills a library with `count` rosters in one transaction (10,000 in a few seconds). */
export function fillLibrary(db: Database.Database, count: number): void {
  db.transaction(() => {
    for (let i = 0; i < count; i++) createRoster(db, libraryDoc(i), { check: libraryCheck(i) })
  })()
}
