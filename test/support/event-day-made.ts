// An event with results in a library file made through the event-day service itself (as the app and
// `muster event` make one), for the tests of what is printed and published from it: players from the
// example Triumph! rosters (one an Ancient British list, some with a club or a country from the
// profile), rounds paired and their results typed (odd tables: the second player wins, with a score;
// even tables: the first; every fifth a draw), a player dropped after round 1.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { openLibrary } from '../../src-main/store'
import * as day from '../../src-main/services/event-day'
import { bundledEngine, repoRoot } from './engine'

/** Ten players: one drops after round 1, so later rounds have a bye. */
export const EVENT_NAMES = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ida', 'Jo']

/** A legal Ancient British list, its units named as players name them. */
const BRITONS = {
  format: 'muster-roster',
  version: 1,
  ruleset: 'triumph',
  army: 'ancient-british',
  name: 'Iceni of Boudicca',
  units: [
    { troop: 'warband', count: 1, general: true, name: 'Boudicca' },
    { troop: 'warband', count: 12, name: 'Iceni war bands' },
    { troop: 'bad-horse', count: 2 }
  ]
}

export interface MadeEvent {
  db: string
  id: string
  /** The players' names as the event holds them. */
  players: string[]
  /** The dropped player. */
  dropped: string
}

/**
 * The event in `dir`/library.sqlite: `players` (10 by default), `rounds` paired,
 * every round's results in but, with `openLast`, the last round's.
 */
export async function eventWithResults(
  dir: string,
  opts: { players?: string[]; rounds?: number; openLast?: boolean; name?: string; date?: string } = {}
): Promise<MadeEvent> {
  const players = opts.players ?? EVENT_NAMES
  const engine = bundledEngine()
  const roman = JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as Record<string, unknown>
  const db = join(dir, 'library.sqlite')
  const lib = await openLibrary(db)
  try {
    const profile = {
      format: 'muster-event',
      version: 1,
      name: opts.name ?? 'Spring Cup',
      ...(opts.date ? { date: opts.date } : {}),
      ruleset: 'triumph',
      rounds: opts.rounds ?? 3,
      players: [
        { name: players[0], club: 'Northern Wargamers', country: 'England' },
        { name: players[1], country: 'Wales' }
      ]
    }
    const id = day.createEvent(lib.db, profile)
    const entered = day.enterRosters(
      engine,
      lib.db,
      id,
      players.map((player, i) => ({ file: `${i}.json`, data: { ...(i % 3 === 2 ? BRITONS : roman), player } }))
    )
    const held = entered.entered.filter((e) => e.status !== 'active')
    if (held.length) throw new Error(`eventWithResults: ${held.map((e) => `${e.player}: ${e.reasons?.join('; ')}`).join(', ')}`)
    const rounds = opts.rounds ?? 3
    const dropped = players[players.length - 1]
    for (let round = 1; round <= rounds; round++) {
      const paired = day.pairRound(engine, lib.db, id)
      if (round === rounds && opts.openLast) break
      for (const t of paired.tables) {
        if (t.players.length < 2) continue
        const draw = t.table % 5 === 0
        day.recordResult(lib.db, id, {
          round,
          table: t.table,
          winner: draw ? 'draw' : t.players[t.table % 2]!,
          ...(t.table % 2 ? { score: [t.table + 1, 20] as [number, number] } : {})
        })
      }
      if (round === 1) day.dropPlayer(lib.db, id, dropped)
    }
    return { db, id, players, dropped }
  } finally {
    lib.close()
  }
}
