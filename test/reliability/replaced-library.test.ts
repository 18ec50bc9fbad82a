// Issue 26, finding 2: the library file replaced while a command writes to it. A sync tool or a
// person renames another library over library.sqlite during `library import`. The import used to
// carry on ("Imported 10000 of 10000", exit 0) with its changes going into the -wal file beside the
// other library, which SQLite then read as that library's: it failed PRAGMA integrity_check, 3 times
// out of 3. Now every write checks, before it commits, that the path still names the file opened
// (device and inode); when it does not, it stops, says so (moved or deleted, or replaced by another
// file), empties the -wal, and writes nothing more. A path that cannot be looked at for another reason
// (no permission, a disk error) is not taken for a moved file: that write fails as one worth retrying.
import Database from 'better-sqlite3'
import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RosterDocument } from '../../src-main/store'
import { repoRoot } from '../support/engine'
import { testLibrary, writeLibraryFile, type TestLibrary } from '../support/library'
import { tempFolders } from '../support/tmp'
import { permissionsApply, unprivilegedNode } from '../support/unprivileged'

const tmp = tempFolders('muster-replaced-')
const legal = () => JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as RosterDocument
const ROSTERS = 10_000

/** A test over the app's wiring on a new library holding the legal example, created through the app's handler (its id); disposed after. */
async function withLegalInApp(test: (t: TestLibrary, id: string) => Promise<void>): Promise<void> {
  const t = await testLibrary()
  try {
    const made = await t.dispatch('createRoster', [legal()])
    if (!made.ok) throw new Error(made.error.message)
    await test(t, (made.value as { id: string }).id)
  } finally {
    t.dispose()
  }
}

/** What PRAGMA integrity_check says of the file at this path ('ok' when sound), and how many rosters it holds. */
function inspect(path: string): { integrity: string; rosters: number } {
  const db = new Database(path, { readonly: true })
  try {
    const integrity = (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map((r) => r.integrity_check).join('\n')
    return { integrity, rosters: (db.prepare('SELECT count(*) AS n FROM rosters').get() as { n: number }).n }
  } finally {
    db.close()
  }
}

/** Another library of three rosters, closed and whole (no -wal), to be moved over the one in use. */
async function anotherLibrary(path: string): Promise<void> {
  await writeLibraryFile(
    path,
    ['Other one', 'Other two', 'Other three'].map((name) => ({ ...legal(), name }))
  )
}

/** The CLI importing `input` into `db` in a child process; resolves with what it said and its exit code. */
function importInChild(input: string, db: string): { done: Promise<{ code: number; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, [join(repoRoot, 'bin', 'muster.js'), 'library', 'import', input, '--db', db], {
    env: { ...process.env, MUSTER_DATA: join(repoRoot, 'test-output', 'no-user-data'), MUSTER_MESHWESH: join(repoRoot, 'test-output', 'no-meshwesh') }
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  return { done: new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }))) }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('the library file replaced during `library import` (finding 2)', () => {
  let input: string
  beforeAll(() => {
    // 10,000 rosters in ten files of a thousand (a file may be at most 5 MB)
    input = join(tmp(), 'rosters')
    mkdirSync(input)
    for (let f = 0; f < 10; f++)
      writeFileSync(
        join(input, `part-${f}.json`),
        JSON.stringify(Array.from({ length: ROSTERS / 10 }, (_, i) => ({ ...legal(), name: `Roster ${f * 1000 + i}` })))
      )
  })

  for (const round of [1, 2, 3]) {
    it(`stops, exits non-zero and says so; the file left at the path passes integrity_check (round ${round} of 3)`, async () => {
      const dir = tmp()
      const path = join(dir, 'library.sqlite')
      const other = join(dir, 'other.sqlite')
      await anotherLibrary(other)
      const run = importInChild(input, path)
      // wait until the import is committing rosters (its -wal file grows), then move the other library over it
      const started = Date.now()
      while (!(existsSync(`${path}-wal`) && statSync(`${path}-wal`).size > 512 * 1024)) {
        if (Date.now() - started > 60_000) throw new Error('the import never started writing')
        await sleep(10)
      }
      renameSync(other, path)
      const r = await run.done
      expect(r.stdout).not.toMatch(/Imported \d+ of/)
      expect(r.stderr).toMatch(
        new RegExp(
          `^muster: the library file ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} was replaced by another file while importing \\(a sync tool such as Dropbox or OneDrive, or another program, did it\\): stopped, nothing more was written\\. (\\d+) of ${ROSTERS} rosters had been imported, into the file that was there before, not the one there now\\.`
        )
      )
      const done = Number(/(\d+) of 10000 rosters/.exec(r.stderr)![1])
      expect(done).toBeGreaterThan(0)
      expect(done).toBeLessThan(ROSTERS)
      expect(r.code).toBe(2)
      // the other library is whole, and nothing of the import got into it
      expect(inspect(path)).toEqual({ integrity: 'ok', rosters: 3 })
      // and it still opens as a library, and takes writes
      await writeLibraryFile(path, [{ ...legal(), name: 'After' }])
      expect(inspect(path)).toEqual({ integrity: 'ok', rosters: 4 })
    }, 120_000)
  }
})

describe('the library file replaced while the app has it open (finding 2)', () => {
  it('every write the app makes is refused with code "replaced" and says why; the file there now stays whole', () =>
    withLegalInApp(async (t, id) => {
      const dispatch = t.dispatch
      const other = join(tmp(), 'other.sqlite')
      await anotherLibrary(other)
      renameSync(other, t.lib.path)

      const saved = await dispatch('saveRoster', [id, { ...legal(), name: 'Edited after the swap' }])
      expect(saved).toEqual({
        ok: false,
        error: {
          code: 'replaced',
          message: `the library file ${t.lib.path} was replaced by another file while Muster had it open (a sync tool such as Dropbox or OneDrive, or another program, did it): this change was not saved, and nothing more will be written to it. Keep the library out of synced folders, and copy it with a backup ('muster library backup').`
        }
      })
      const file = join(tmp(), 'two.json')
      writeFileSync(file, JSON.stringify([legal(), legal()]))
      expect(await dispatch('importRosterFiles', [[file]])).toMatchObject({
        ok: false,
        error: {
          code: 'replaced',
          message: expect.stringContaining(
            'was replaced by another file while importing (a sync tool such as Dropbox or OneDrive, or another program, did it): stopped, nothing more was written. 0 of 2 rosters had been imported'
          )
        }
      })
      expect(await dispatch('createFolder', ['Club'])).toMatchObject({ ok: false, error: { code: 'replaced' } })
      // a write made of nested transactions (a rename saves a revision) is refused as a whole
      expect(await dispatch('renameRoster', [id, 'Renamed'])).toMatchObject({ ok: false, error: { code: 'replaced' } })
      expect(await dispatch('clearDataMarks', [])).toMatchObject({ ok: false, error: { code: 'replaced' } })
      expect(inspect(t.lib.path)).toEqual({ integrity: 'ok', rosters: 3 })
    }))
})

describe('the library file moved or deleted, or not to be looked at (finding 2)', () => {
  it('deleted while the app has it open: writes are refused, saying "moved or deleted", not "replaced"', () =>
    withLegalInApp(async (t, id) => {
      const dispatch = t.dispatch
      rmSync(t.lib.path)
      expect(await dispatch('saveRoster', [id, { ...legal(), name: 'Edited after the delete' }])).toEqual({
        ok: false,
        error: {
          code: 'replaced',
          message: `the library file ${t.lib.path} was moved or deleted while Muster had it open (a sync tool such as Dropbox or OneDrive, or another program, did it): this change was not saved, and nothing more will be written to it. Keep the library out of synced folders, and copy it with a backup ('muster library backup').`
        }
      })
      const file = join(tmp(), 'one.json')
      writeFileSync(file, JSON.stringify([legal()]))
      expect(await dispatch('importRosterFiles', [[file]])).toMatchObject({
        ok: false,
        error: {
          code: 'replaced',
          message: expect.stringContaining(
            'was moved or deleted while importing (a sync tool such as Dropbox or OneDrive, or another program, did it): stopped, nothing more was written. 0 of 1 roster had been imported, into the file that was there before, wherever it is now.'
          )
        }
      })
    }))

  // Root reads any path: the child runs without the capabilities that let it (as the read-only library test does).
  const setpriv = permissionsApply
  it.skipIf(!setpriv)(
    'a path that cannot be looked at (no permission: EACCES) is not "moved": the write fails as "cannot-write", one worth retrying, and the library is still there',
    async () => {
      const dir = join(tmp(), 'library')
      mkdirSync(dir)
      const path = join(dir, 'library.sqlite')
      const script = join(tmp(), 'stat-denied.ts')
      writeFileSync(
        script,
        `import { chmodSync } from 'node:fs'
import { createRoster, openLibrary } from ${JSON.stringify(join(repoRoot, 'src-main', 'store'))}
void (async () => {
const lib = await openLibrary(${JSON.stringify(path)})
chmodSync(${JSON.stringify(dir)}, 0o000)
let said
try {
  createRoster(lib.db, JSON.parse(${JSON.stringify(JSON.stringify(legal()))}))
  said = { ok: true }
} catch (e) {
  said = { code: e.code, message: e.message }
}
chmodSync(${JSON.stringify(dir)}, 0o755)
console.log(JSON.stringify(said))
lib.close()
})()
`
      )
      const tsx = join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs')
      const command = unprivilegedNode
      const r = spawnSync(command[0], [...command.slice(1), tsx, script], { encoding: 'utf8', cwd: repoRoot })
      chmodSync(dir, 0o755)
      expect(r.stderr).toBe('')
      expect(JSON.parse(r.stdout)).toEqual({
        code: 'cannot-write',
        message: `the library ${path} could not be looked at before writing (EACCES): nothing was saved`
      })
      expect(inspect(path)).toEqual({ integrity: 'ok', rosters: 0 })
    }
  )
})
