// A game survives a kill: a child process taps one game of the library in a loop (each tap its own
// BEGIN IMMEDIATE transaction) and is killed with SIGKILL after a different number of reported taps
// each round. Opened again, the library is whole, holds every tap the child reported as saved, in
// order, and the next child resumes the game where it stopped.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as store from '../../src-main/store'
import { openLibrary } from '../../src-main/store'
import * as games from '../../src-main/services/games'
import type { Tap } from '../../src-shared/play/types'
import { repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { fixtureSheet } from '../components/play-fixture'

const tmp = tempFolders('muster-game-kill-')
const child = join(__dirname, 'child', 'game-taps.ts')

/** Starts the tapper, and kills it once it has reported `after` taps; every line it wrote, whole. */
async function tapUntilKilled(db: string, id: string, after: number): Promise<Array<{ count: number; tap: Tap }>> {
  const proc = spawn(process.execPath, ['--import', 'tsx', child, db, id], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  let seen = 0
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)))
  proc.stderr.on('data', (c: Buffer) => (err += c.toString()))
  proc.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString()
    seen = out.split('\n').length - 1
    if (seen >= after) proc.kill('SIGKILL')
  })
  const code = await exited
  expect(code, `the tapper died by itself: ${err}`).toBeNull()
  return out
    .split('\n')
    .filter((l) => /^\d+ \{.*\}$/.test(l))
    .map((l) => ({ count: Number(l.slice(0, l.indexOf(' '))), tap: JSON.parse(l.slice(l.indexOf(' ') + 1)) as Tap }))
}

describe('a game killed mid-tap', () => {
  it('resumes with every tap it reported as saved, round after round', async () => {
    const db = join(tmp(), 'library.sqlite')
    const lib0 = await openLibrary(db)
    const id = store.games.createGame(lib0.db, { ruleset: 'test-rules', sheet: fixtureSheet(), rosterIds: [null, null], players: ['Ann', 'Bob'] })
    lib0.close()
    const reported: Tap[] = []
    for (let round = 0; round < 5; round++) {
      const lines = await tapUntilKilled(db, id, 15 + 11 * round)
      expect(lines.length).toBeGreaterThan(0)
      for (const { count, tap } of lines) reported[count - 1] = tap
      const lib = await openLibrary(db)
      try {
        expect(lib.db.pragma('integrity_check', { simple: true })).toBe('ok')
        const game = games.getGame(lib.db, id)
        // Every reported tap is there, at its place; a tap made but not yet reported may follow.
        expect(game.taps.slice(0, reported.length)).toEqual(reported)
        expect(game.taps.length - reported.length).toBeLessThanOrEqual(1)
        reported.splice(0, reported.length, ...game.taps)
      } finally {
        lib.close()
      }
    }
    expect(reported.length).toBeGreaterThanOrEqual(15 + 26 + 37 + 48 + 59)
  }, 120_000)
})
