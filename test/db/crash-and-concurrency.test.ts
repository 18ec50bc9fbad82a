// Crash safety: a child process saves revisions in a loop and is killed with SIGKILL at random
// moments, again and again; after each kill the library opens, passes integrity_check, and holds
// every revision the child reported as committed. Concurrency: the CLI reads the library while
// another process writes to it.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openLibrary } from '../../src-main/store'
import { muster } from '../support/cli'
import { repoRoot } from '../support/engine'

const dir = mkdtempSync(join(tmpdir(), 'muster-crash-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const child = join(__dirname, 'child', 'save-loop.ts')

function startWriter(db: string, limit?: number) {
  return spawn(process.execPath, ['--import', 'tsx', child, db, ...(limit ? [String(limit)] : [])], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] })
}

/** Deterministic "random" delays, so a failure can be replayed. */
function* delays(seed: number): Generator<number> {
  let x = seed
  for (;;) {
    x = (x * 1103515245 + 12345) % 2147483648
    yield 5 + (x % 120)
  }
}

describe('crash safety', () => {
  it('survives 25 SIGKILLs mid-save: integrity ok, every reported revision present', async () => {
    const db = join(dir, 'crash.sqlite')
    ;(await openLibrary(db)).close()
    const wait = delays(20261121)
    let totalReported = 0
    for (let round = 0; round < 25; round++) {
      const proc = startWriter(db)
      let out = ''
      let started: () => void
      const firstCommit = new Promise<void>((resolve) => (started = resolve))
      proc.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        if (out.includes('\n')) started()
      })
      const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()))
      await Promise.race([firstCommit, exited])
      await new Promise((r) => setTimeout(r, wait.next().value as number))
      proc.kill('SIGKILL')
      await exited
      const reported = out
        .split('\n')
        .filter((l) => /^\S+ \d+$/.test(l))
        .map((l) => l.split(' ') as [string, string])
      expect(reported.length, `round ${round}: the writer committed something before the kill`).toBeGreaterThan(0)
      totalReported += reported.length
      const lib = await openLibrary(db)
      expect(lib.db.pragma('integrity_check', { simple: true })).toBe('ok')
      const has = lib.db.prepare('SELECT 1 FROM revisions WHERE roster_id = ? AND revision = ?')
      const missing = reported.filter(([id, rev]) => !has.get(id, Number(rev)))
      expect(missing, `round ${round}: committed revisions lost`).toEqual([])
      const { n } = lib.db
        .prepare('SELECT count(*) AS n FROM rosters WHERE current_revision <> (SELECT max(revision) FROM revisions WHERE roster_id = rosters.id)')
        .get() as { n: number }
      expect(n, 'a roster points at its newest revision').toBe(0)
      lib.close()
    }
    console.log(`crash safety: 25 kills, ${totalReported} committed revisions reported and all found`)
  }, 180_000)
})

describe('concurrency', () => {
  it('muster library list reads while another process writes', async () => {
    const db = join(dir, 'busy.sqlite')
    ;(await openLibrary(db)).close()
    const writer = startWriter(db, 4000)
    const exited = new Promise<number | null>((resolve) => writer.on('exit', (code) => resolve(code)))
    let stderr = ''
    writer.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    await new Promise<void>((resolve) => writer.stdout.once('data', () => resolve()))
    writer.stdout.on('data', () => {}) // keep draining, or the writer blocks on a full pipe
    const reads = []
    for (let i = 0; i < 6; i++) {
      const r = muster(['library', 'list', '--json', '--db', db])
      expect(r.code, r.stderr).toBe(0)
      reads.push(JSON.parse(r.stdout).total as number)
    }
    expect(reads.every((n) => n === 1)).toBe(true)
    expect(await exited, stderr).toBe(0)
  }, 120_000)
})
