// An event survives a kill during result entry: a child process enters results at the tables of a
// round in a loop (each its own BEGIN IMMEDIATE transaction) and is killed with SIGKILL after a
// different number of reported results each time. Opened again, the library is whole, every result
// the child reported as saved is there (or the one result it made but had not yet reported replaced
// it), and the event goes on.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openLibrary } from '../../src-main/store'
import { eventRounds } from '../../src-main/store/events'
import * as day from '../../src-main/services/event-day'
import { bundledEngine, repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'

const tmp = tempFolders('muster-event-kill-')
const child = join(__dirname, 'child', 'event-results.ts')
const legal = JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as Record<string, unknown>

/** Starts the result entry from result `from`, kills it once it has reported `after` results; each reported line, whole. */
async function enterUntilKilled(db: string, id: string, from: number, after: number): Promise<Array<{ k: number; table: number }>> {
  const proc = spawn(process.execPath, ['--import', 'tsx', child, db, id, String(from)], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)))
  proc.stderr.on('data', (c: Buffer) => (err += c.toString()))
  proc.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString()
    if (out.split('\n').length - 1 >= after) proc.kill('SIGKILL')
  })
  const code = await exited
  expect(code, `the result entry died by itself: ${err}`).toBeNull()
  return out
    .split('\n')
    .filter((l) => /^\d+ \d+$/.test(l))
    .map((l) => ({ k: Number(l.split(' ')[0]), table: Number(l.split(' ')[1]) }))
}

describe('an event killed during result entry', () => {
  it('keeps every result it reported as saved, kill after kill', async () => {
    const db = join(tmp(), 'library.sqlite')
    const lib0 = await openLibrary(db)
    const id = day.createEvent(lib0.db, { format: 'muster-event', version: 1, name: 'Kill Cup', ruleset: 'triumph' })
    const players = Array.from({ length: 12 }, (_, i) => ({ file: `p${i}.json`, data: { ...legal, player: `Player ${i + 1}` } }))
    day.enterRosters(bundledEngine(), lib0.db, id, players)
    day.pairRound(bundledEngine(), lib0.db, id)
    lib0.close()
    const last = new Map<number, number>()
    let next = 0
    for (let round = 0; round < 4; round++) {
      const lines = await enterUntilKilled(db, id, next, 10 + 7 * round)
      expect(lines.length).toBeGreaterThan(0)
      for (const { k, table } of lines) last.set(table, k)
      const reported = lines[lines.length - 1].k
      const lib = await openLibrary(db)
      try {
        expect(lib.db.pragma('integrity_check', { simple: true })).toBe('ok')
        for (const t of eventRounds(lib.db, id)[0].tables) {
          const kept = (t.result?.score as [number, number] | undefined)?.[0]
          // the last result reported for the table, or the one made after the last report, not yet reported
          expect([last.get(t.table), reported + 1]).toContain(kept)
          if (kept !== undefined) last.set(t.table, kept)
        }
        next = Math.max(...last.values()) + 1
      } finally {
        lib.close()
      }
    }
    // the event goes on: every table has its result, so round 2 pairs
    const lib = await openLibrary(db)
    try {
      expect(day.pairRound(bundledEngine(), lib.db, id).round).toBe(2)
    } finally {
      lib.close()
    }
  }, 120_000)
})
