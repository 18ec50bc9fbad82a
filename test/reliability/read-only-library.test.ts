// Issue 26, finding 8: a library the user cannot write could not even be listed or backed up: every
// library command opened it for writing ("cannot open ...: attempt to write a readonly database").
// The commands that only read it (list, show, export, backup, recheck --library) open it as before,
// and read-only only where it cannot be written; where its folder cannot take the -shm file SQLite
// reads a WAL library with, it is read whole into memory. On a library that can be written they
// leave nothing beside it (no -wal or -shm), as before.
//
// Permissions do not stop root, so when the tests run as root (CI) the commands run as root without
// the capabilities that override file permissions (setpriv drops CAP_DAC_OVERRIDE,
// CAP_DAC_READ_SEARCH and CAP_FOWNER): a chmod 0444 file in a 0555 folder is then read-only to them,
// while the checkout stays readable wherever it is.
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createFolder, createRoster, LATEST_VERSION, moveToFolder, openLibrary, type RosterDocument } from '../../src-main/store'
import { muster } from '../support/cli'
import { repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { fileSha256 } from '../support/file-sha'
import { writeLibraryFile } from '../support/library'
import { permissionsApply, unprivilegedNode } from '../support/unprivileged'

const tmp = tempFolders('muster-readonly-')
const legal = () => JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as RosterDocument
const ID = 'd0000000-0000-4000-8000-000000000001'

const setpriv = permissionsApply

/** The built CLI as a user the file permissions apply to. */
function musterUnprivileged(args: string[]) {
  const command = unprivilegedNode
  const r = spawnSync(command[0], [...command.slice(1), join(repoRoot, 'bin', 'muster.js'), ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      HOME: '/nonexistent',
      MUSTER_DATA: join(repoRoot, 'test-output', 'no-user-data'),
      MUSTER_MESHWESH: join(repoRoot, 'test-output', 'no-meshwesh')
    }
  })
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr }
}

/** A library of one roster in a folder, closed (no -wal or -shm beside it), then made read-only, its folder too unless `folderWritable`. */
async function readOnlyLibrary(folderWritable: boolean, upTo = LATEST_VERSION): Promise<{ dir: string; db: string; out: string }> {
  const base = tmp()
  chmodSync(base, 0o755)
  const dir = join(base, 'library')
  mkdirSync(dir)
  const db = join(dir, 'library.sqlite')
  const lib = await openLibrary(db, { upTo })
  if (upTo === LATEST_VERSION) {
    createRoster(lib.db, { ...legal(), name: 'Legio read-only' }, { id: ID })
    moveToFolder(lib.db, ID, createFolder(lib.db, 'Club'))
  }
  lib.close()
  expect(readdirSync(dir)).toEqual(['library.sqlite'])
  chmodSync(db, 0o444)
  chmodSync(dir, folderWritable ? 0o777 : 0o555)
  const out = join(base, 'out')
  mkdirSync(out)
  chmodSync(out, 0o777)
  return { dir, db, out }
}

const madeReadOnly: string[] = []
afterAll(() => madeReadOnly.forEach((d) => existsSync(d) && chmodSync(d, 0o755)))

describe('a read-only library can be read (finding 8)', () => {
  for (const folderWritable of [false, true]) {
    it.skipIf(!setpriv)(
      `list, show, export and backup read a chmod 0444 library in a ${folderWritable ? 'writable' : 'read-only (0555)'} folder; writing commands say it cannot be written; the file is untouched`,
      async () => {
        const { dir, db, out } = await readOnlyLibrary(folderWritable)
        madeReadOnly.push(dir)
        const before = fileSha256(db)

        const list = musterUnprivileged(['library', 'list', '--db', db])
        expect(list.stderr).toBe('')
        expect(list.stdout).toContain('Legio read-only')
        expect(list.code).toBe(0)

        const folder = musterUnprivileged(['library', 'list', '--folder', 'club', '--json', '--db', db])
        expect(folder.stderr).toBe('')
        expect(JSON.parse(folder.stdout)).toMatchObject({ total: 1, rows: [{ id: ID }] })

        const show = musterUnprivileged(['library', 'show', ID.slice(0, 8), '--db', db])
        expect(show.stderr).toBe('')
        expect(show.stdout).toContain('Legio read-only (d0000000-0000-4000-8000-000000000001), revision 1 of 1')

        const exported = musterUnprivileged(['library', 'export', '--all', '--out', join(out, 'files'), '--db', db])
        expect(exported.stderr).toBe('')
        expect(exported.stdout).toContain('Exported 1 roster')
        expect(readdirSync(join(out, 'files'))).toEqual(['legio-read-only.muster.json'])

        const backup = musterUnprivileged(['library', 'backup', join(out, 'backup.json'), '--db', db])
        expect(backup.stderr).toBe('')
        expect(backup.stdout).toContain('Backed up 1 roster (1 revision)')
        expect(JSON.parse(readFileSync(join(out, 'backup.json'), 'utf8'))).toMatchObject({ folders: [{ name: 'Club' }], rosters: [{ id: ID }] })

        const recheck = musterUnprivileged(['recheck', '--library', '--edition', 'qrs-2018', '--db', db])
        expect(recheck.stderr).toBe('')
        expect(recheck.stdout).toContain("1 roster rechecked under data edition 'qrs-2018'")

        // a command that writes still cannot, and says so in words
        const imported = musterUnprivileged(['library', 'import', join(repoRoot, 'examples', 'triumph-legal.muster.json'), '--db', db])
        expect(imported.code).not.toBe(0)
        expect(imported.stderr).toMatch(
          folderWritable
            ? 'the library cannot be written (it, or its folder, is read-only): nothing was saved'
            : `muster: ${db} cannot be written (it, or its folder, is read-only): nothing was changed. Commands that only read it (muster library list, show, export, backup) still work.`
        )

        expect(fileSha256(db)).toBe(before)
        if (!folderWritable) expect(readdirSync(dir)).toEqual(['library.sqlite'])
      }
    )
  }

  it.skipIf(!setpriv)(
    'a read-only library from an older Muster (needing an upgrade) says it must be upgraded by a Muster that can write it, never that reading commands work',
    async () => {
      const { dir, db } = await readOnlyLibrary(false, LATEST_VERSION - 1)
      madeReadOnly.push(dir)
      const before = fileSha256(db)
      const upgrade = `muster: ${db} was written by an older Muster and has to be upgraded before this Muster can read it, and it cannot be written (it, or its folder, is read-only): nothing was changed. Open it once with this Muster where it can be written (make it and its folder writable, or copy the folder somewhere that is).`
      for (const args of [
        ['library', 'list'],
        ['recheck', '--library', '--edition', 'qrs-2018'],
        ['library', 'import', join(repoRoot, 'examples', 'triumph-legal.muster.json')]
      ]) {
        const r = musterUnprivileged([...args, '--db', db])
        expect(r.stderr.trim()).toBe(upgrade)
        expect(r.stderr).not.toContain('still work')
        expect(r.code).toBe(2)
      }
      expect(fileSha256(db)).toBe(before)
      expect(readdirSync(dir)).toEqual(['library.sqlite'])
    }
  )
})

describe('reading commands leave a writable library as they found it', () => {
  it('list, show, export, backup and recheck --library leave no -wal or -shm file beside it', async () => {
    const dir = tmp()
    const db = join(dir, 'library.sqlite')
    await writeLibraryFile(db, [{ document: { ...legal(), name: 'Legio' }, id: ID }])
    expect(readdirSync(dir)).toEqual(['library.sqlite'])
    const out = tmp()
    for (const args of [
      ['library', 'list'],
      ['library', 'show', ID.slice(0, 8)],
      ['library', 'export', '--all', '--out', join(out, 'files')],
      ['library', 'backup', join(out, 'backup.json')],
      ['recheck', '--library', '--edition', 'qrs-2018']
    ]) {
      const r = muster([...args, '--db', db])
      expect(r.stderr).toBe('')
      expect(r.code).toBe(0)
      expect(readdirSync(dir)).toEqual(['library.sqlite'])
    }
  })

  it('the store opens a library for reading as usual where it can be written, so it closes with nothing beside it', async () => {
    const dir = tmp()
    const path = join(dir, 'library.sqlite')
    await writeLibraryFile(path, [{ document: legal(), id: ID }])
    const read = await openLibrary(path, { forReading: true })
    expect(read.db.readonly).toBe(false)
    expect((read.db.prepare('SELECT count(*) AS n FROM rosters').get() as { n: number }).n).toBe(1)
    read.close()
    expect(readdirSync(dir)).toEqual(['library.sqlite'])
  })
})
