// The 16-player event (the Sixteen Cup) that the CLI's event-day test (test/cli/event-day.test.ts) and
// the app handlers' (test/services/event-day-handlers.test.ts) both run: the rosters written to a
// folder (Pam's illegal, then fixed; Quin joins late), the profile, and a game between two players'
// rosters, as `muster game` reads one, for a result slip (forged: one side's roster is not the one
// submitted).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import { repoRoot } from './engine'

export const NAMES = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ida', 'Jo', 'Kit', 'Lu', 'Max', 'Ned', 'Oz', 'Pam']

/** An example roster of the repository, as data. */
export const example = (name: string) => JSON.parse(readFileSync(join(repoRoot, 'examples', name), 'utf8')) as Record<string, unknown>

/** The profile the event is made from. */
export const SIXTEEN_CUP = { format: 'muster-event', version: 1, name: 'Sixteen Cup', ruleset: 'triumph' }

/** In `dir`: rosters/<name>.json for the 16 players (Pam's illegal) and fixed.json (Pam's, legal). */
export function writeRosters(dir: string): void {
  mkdirSync(join(dir, 'rosters'))
  for (const [i, player] of NAMES.entries())
    writeFileSync(
      join(dir, 'rosters', `${player}.json`),
      JSON.stringify({ ...example(i === 15 ? 'triumph-illegal.muster.json' : 'triumph-legal.muster.json'), player })
    )
  writeFileSync(join(dir, 'fixed.json'), JSON.stringify({ ...example('triumph-legal.muster.json'), player: 'Pam' }))
}

/** In `dir`: the rosters (writeRosters), late.json (Quin's) and event.json (the profile). */
export function writeEventFiles(dir: string): void {
  writeRosters(dir)
  writeFileSync(join(dir, 'late.json'), JSON.stringify({ ...example('triumph-legal.muster.json'), player: 'Quin' }))
  writeFileSync(join(dir, 'event.json'), JSON.stringify(SIXTEEN_CUP))
}

/** Where a player's roster is in `dir` (their latest: Pam's fixed one). */
export const rosterFile = (player: string): string => (player === 'Quin' ? 'late.json' : player === 'Pam' ? 'fixed.json' : `rosters/${player}.json`)

/**
 * A game of two players' rosters that the first wins by agreement, written to <dir>/game.json: its
 * path, for `muster game --result-code` or the game service. Forged: the first side's roster is the
 * player's own with another general's name, not the roster the event holds.
 */
export function slipGame(dir: string, a: string, b: string, forged = false): string {
  const side = (p: string) => ({ roster: rosterFile(p), losses: [] })
  const game = { format: 'muster-game', version: 1, sides: [side(a), side(b)], agreed: { winner: 0 } }
  if (forged) {
    const doc = JSON.parse(readFileSync(join(dir, side(a).roster), 'utf8')) as Record<string, unknown>
    writeFileSync(join(dir, 'forged.json'), JSON.stringify({ ...doc, name: `${String(doc.name)} (swapped)` }))
    game.sides[0].roster = 'forged.json'
  }
  writeFileSync(join(dir, 'game.json'), JSON.stringify(game))
  return join(dir, 'game.json')
}

/**
 * The byes of every round of `rounds`, each table's players checked first: no two met twice.
 */
export function byesWithoutRematch(rounds: ReadonlyArray<{ tables: ReadonlyArray<{ players: readonly string[] }> }>): string[] {
  const met = new Set<string>()
  const byes: string[] = []
  for (const r of rounds)
    for (const t of r.tables) {
      if (t.players.length === 1) byes.push(t.players[0])
      else {
        const key = [...t.players].sort().join(' v ')
        expect(met.has(key), `${key} met twice`).toBe(false)
        met.add(key)
      }
    }
  return byes
}
