// An event of the library made through the built CLI, as an organiser makes one: Triumph! rosters
// (examples/triumph-legal.muster.json, one a player) entered and round 1 paired; and game day's result
// slip code for two of its players (`muster game --result-code`), genuine or forged (a roster the
// event does not hold). For the event-day tests that need an event to work on.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import { muster } from './cli'
import { repoRoot } from './engine'

export const exampleRoster = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(repoRoot, 'examples', name), 'utf8')) as Record<string, unknown>

export interface PairedEvent {
  /** The library file. */
  db: string
  id: string
  /** Round 1 as `muster event pair --json` gives it. */
  round: { round: number; tables: Array<{ table: number; players: string[]; why: string }> }
  /** A player's roster file. */
  rosterOf: (player: string) => string
}

/** An event named `name` in a new library in `dir`: a legal roster for each of `players` entered, round 1 paired. */
export function pairedEvent(dir: string, players: string[], name = 'Venue Cup'): PairedEvent {
  const db = join(dir, 'library.sqlite')
  const rosters = join(dir, 'rosters')
  mkdirSync(rosters, { recursive: true })
  for (const player of players) writeFileSync(join(rosters, `${player}.json`), JSON.stringify({ ...exampleRoster('triumph-legal.muster.json'), player }))
  writeFileSync(join(dir, 'event.json'), JSON.stringify({ format: 'muster-event', version: 1, name, ruleset: 'triumph' }))
  const made = muster(['event', 'create', join(dir, 'event.json'), '--json', '--db', db])
  expect(made.code, made.stderr).toBe(0)
  const { id } = JSON.parse(made.stdout) as { id: string }
  const entered = muster(['event', 'enter', id, rosters, '--db', db])
  expect(entered.code, entered.stderr).toBe(0)
  const paired = muster(['event', 'pair', id, '--json', '--db', db])
  expect(paired.code, paired.stderr).toBe(0)
  return { db, id, round: JSON.parse(paired.stdout) as PairedEvent['round'], rosterOf: (p) => join(rosters, `${p}.json`) }
}

/**
 * The result code of a game between two rosters as `muster game` finishes it (the first wins by
 * agreement). `forged`: the first side's roster with another general's name, so a roster the event
 * does not hold.
 */
export function resultCode(dir: string, a: string, b: string, opts: { forged?: boolean } = {}): string {
  let first = a
  if (opts.forged) {
    const doc = JSON.parse(readFileSync(a, 'utf8')) as Record<string, unknown>
    first = join(dir, 'forged.json')
    writeFileSync(first, JSON.stringify({ ...doc, name: `${String(doc.name)} (swapped)` }))
  }
  const game = { format: 'muster-game', version: 1, sides: [first, b].map((roster) => ({ roster, losses: [] })), agreed: { winner: 0 } }
  const file = join(dir, `game-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, JSON.stringify(game))
  const r = muster(['game', file, '--result-code'])
  expect(r.code, r.stderr).toBe(0)
  return r.stdout.trim()
}
