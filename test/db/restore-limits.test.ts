// Issue 26, finding 1: a backup can no longer bring in what the library cannot live with. Revision
// numbers are bounded (a restored 2^53 left a roster no save could ever follow: the next number
// equalled the last, "UNIQUE constraint failed"), the store counts on safely from any number it
// holds, and a backup's folder names go through the one rule every folder name follows.
import Database from 'better-sqlite3'
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  createFolder, createRoster, listFolders, listRevisions, listRosters, MAX_REVISION, openLibrary, renameFolder, restoreLibrary, saveRevision, type LibraryBackup, type RosterDocument
} from '../../src-main/store'
import { documentChecks } from '../../src-main/library-checks'
import { createAjv } from '../../src-main/rules/schemas'
import { muster } from '../support/cli'
import type { Roster } from '../../src-main/types/roster'
import { bundledEngine, repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'

const tmp = tempFolders('muster-restore-')
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')
const legal = () => JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as Roster & RosterDocument
const at = '2026-11-25T00:00:00.000Z'
const ID = 'c0000000-0000-4000-8000-000000000001'

/** A backup of one roster whose last revision has this number, in a folder of this name when one is given. */
function backupOf(revision: number, folderName?: string): LibraryBackup {
  return {
    format: 'muster-library',
    version: 1,
    exportedAt: at,
    folders: folderName === undefined ? [] : [{ id: 'f-1', name: folderName }],
    rosters: [{ id: ID, folderId: folderName === undefined ? null : 'f-1', createdAt: at, revisions: [{ revision: 1, savedAt: at, document: legal() }, ...(revision > 1 ? [{ revision, savedAt: at, document: legal() }] : [])] }]
  }
}

/** A library file (checkpointed, so its bytes can be compared) and a backup file beside it, written as text. */
async function libraryAndBackup(backupText: string): Promise<{ db: string; backup: string; before: string }> {
  const dir = tmp()
  const db = join(dir, 'library.sqlite')
  const lib = await openLibrary(db)
  lib.db.pragma('wal_checkpoint(TRUNCATE)')
  lib.close()
  const backup = join(dir, 'backup.json')
  writeFileSync(backup, backupText)
  return { db, backup, before: sha(db) }
}

describe('revision numbers a backup brings (finding 1)', () => {
  it('a backup with revision 2^53 is refused whole by `library restore`, naming the revision, and the library is untouched', async () => {
    // 2^53 written as JSON text, exactly as the audit's backup had it
    const text = JSON.stringify(backupOf(2)).replace('"revision":2,', `"revision":${2 ** 53},`)
    const { db, backup, before } = await libraryAndBackup(text)
    const r = muster(['library', 'restore', backup, '--db', db])
    expect(r.stderr).toMatch(/not a Muster library backup: \/rosters\/0\/revisions\/1\/revision: must be <= 1000000000/)
    expect(r.code).toBe(2)
    expect(sha(db)).toBe(before)
  })

  it('the store itself refuses a revision past MAX_REVISION (whatever checked the file before)', async () => {
    const dir = tmp()
    const lib = await openLibrary(join(dir, 'library.sqlite'))
    expect(() => restoreLibrary(lib.db, backupOf(2 ** 53))).toThrow(`not a usable backup: roster ${ID} has a revision numbered ${2 ** 53} (revisions are numbered from 1 to ${MAX_REVISION})`)
    expect(() => restoreLibrary(lib.db, backupOf(MAX_REVISION + 1))).toThrow(/revisions are numbered from 1 to 1000000000/)
    expect(listRosters(lib.db).total).toBe(0)
    lib.close()
  })

  it('a roster restored at the highest revision a backup may carry saves again, and again', async () => {
    const dir = tmp()
    const lib = await openLibrary(join(dir, 'library.sqlite'))
    expect(restoreLibrary(lib.db, backupOf(MAX_REVISION), documentChecks(bundledEngine(), createAjv()))).toEqual({ restored: 1, skipped: [] })
    expect(saveRevision(lib.db, ID, { ...legal(), name: 'saved after restore' })).toBe(MAX_REVISION + 1)
    expect(saveRevision(lib.db, ID, { ...legal(), name: 'and again' })).toBe(MAX_REVISION + 2)
    expect(listRevisions(lib.db, ID).map((r) => r.revision)).toEqual([MAX_REVISION + 2, MAX_REVISION + 1, MAX_REVISION, 1])
    lib.close()
  })

  it('a library an older Muster restored 2^53 into says in words why the roster cannot be saved, not "UNIQUE constraint failed"', async () => {
    const dir = tmp()
    const path = join(dir, 'library.sqlite')
    const lib = await openLibrary(path)
    createRoster(lib.db, { ...legal(), name: 'Poisoned' }, { id: ID })
    lib.close()
    // what the old restore wrote: the number as SQLite holds it (exactly 2^53)
    const raw = new Database(path)
    raw.prepare('INSERT INTO revisions (roster_id, revision, document, saved_at) SELECT roster_id, 9007199254740992, document, saved_at FROM revisions WHERE roster_id = ?').run(ID)
    raw.close()
    const again = await openLibrary(path)
    expect(() => saveRevision(again.db, ID, legal())).toThrow(
      "roster 'Poisoned' cannot be saved again: its last revision is numbered 9007199254740992, too high to count on from (a backup restored by an older Muster set it). Duplicate the roster and carry on with the copy."
    )
    again.close()
  })
})

describe("a backup's folder names follow the folder-name rules (finding 1)", () => {
  const refused: Array<[string, string, RegExp]> = [
    ['200 characters', 'x'.repeat(200), /folder 'x{40}…' \(id f-1\): a folder name can be at most 80 characters/],
    ['one space', ' ', /folder ' ' \(id f-1\): a folder name cannot be empty/],
    ['a control character', 'Club\u0007night', /folder 'Club\\u0007night' \(id f-1\): a folder name cannot hold control characters/],
    ['NUL', 'Club\u0000', /folder 'Club\\u0000' \(id f-1\): a folder name cannot hold control characters/],
    ['a right-to-left override', 'Club \u202egnp.exe', /folder 'Club \\u202egnp\.exe' \(id f-1\): a folder name cannot hold invisible right-to-left or left-to-right marks/]
  ]
  for (const [what, name, message] of refused) {
    it(`a folder named with ${what} is refused whole by \`library restore\`, naming the folder; the library is untouched`, async () => {
      const { db, backup, before } = await libraryAndBackup(JSON.stringify(backupOf(1, name)))
      const r = muster(['library', 'restore', backup, '--db', db])
      expect(r.stderr).toMatch(message)
      expect(r.stderr).toMatch(/^muster: not a usable backup: /)
      expect(r.code).toBe(2)
      expect(sha(db)).toBe(before)
    })
  }

  it('creating and renaming a folder refuse the same names (one rule)', async () => {
    const lib = await openLibrary(join(tmp(), 'library.sqlite'))
    const f = createFolder(lib.db, 'Club')
    for (const [, name] of refused) {
      expect(() => createFolder(lib.db, name)).toThrow(/a folder name (can be at most|cannot)/)
      expect(() => renameFolder(lib.db, f, name)).toThrow(/a folder name (can be at most|cannot)/)
    }
    // Hebrew or Arabic letters are a name, not a trick: only the invisible marks are refused
    expect(createFolder(lib.db, 'מועדון')).toBeTruthy()
    lib.close()
  })

  it('a name that only needs tidying is stored tidied, as a created folder would be', async () => {
    const lib = await openLibrary(join(tmp(), 'library.sqlite'))
    restoreLibrary(lib.db, backupOf(1, '  Club \t night  '))
    expect(listFolders(lib.db).map((f) => [f.name, f.count])).toEqual([['Club night', 1]])
    lib.close()
  })
})
