// Issue 26, finding 1: a backup can no longer bring in what the library cannot live with, and a
// backup Muster wrote is never refused for it either. A restored revision 2^53 left a roster no save
// could ever follow (the next number equalled the last, "UNIQUE constraint failed"): revisions past
// MAX_REVISION are now numbered afresh, 1 to n in order, and the restore says so. A backup's folder
// names are made ones a folder may have (control characters and direction overrides left out, cut
// to the limit, a blank one named), each said in the restore's summary, instead of the whole backup
// refused. The schema's bounds are the code's (a test compares them).
import Database from 'better-sqlite3'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  backupLibrary,
  BACKUP_FOLDER_NAME_MAX,
  BACKUP_POINTS_LIMIT_MAX,
  BACKUP_REVISION_MAX,
  createFolder,
  FOLDER_NAME_MAX,
  listFolders,
  listRevisions,
  listRosters,
  MAX_REVISION,
  openLibrary,
  renameFolder,
  restoreLibrary,
  saveRevision,
  type LibraryBackup,
  type RosterDocument
} from '../../src-main/store'
import { documentChecks } from '../../src-main/services/library-checks'
import { createAjv } from '../../src-main/rules/schemas'
import { muster } from '../support/cli'
import type { Roster } from '../../src-main/generated-types/roster'
import { bundledEngine, repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { rostersOnlyRestored } from '../support/restore-report'
import { fileSha256 } from '../support/file-sha'
import { writeLibraryFile } from '../support/library'

const tmp = tempFolders('muster-restore-')
const legal = () => JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as Roster & RosterDocument
const at = '2026-11-25T00:00:00.000Z'
const ID = 'c0000000-0000-4000-8000-000000000001'
const schema = JSON.parse(readFileSync(join(repoRoot, 'schemas', 'library-export.schema.json'), 'utf8'))

/** A backup of one roster whose last revision has this number, in a folder of this name when one is given. */
function backupOf(revision: number, folderName?: string): LibraryBackup {
  return {
    format: 'muster-library',
    version: 1,
    exportedAt: at,
    folders: folderName === undefined ? [] : [{ id: 'f-1', name: folderName }],
    rosters: [
      {
        id: ID,
        folderId: folderName === undefined ? null : 'f-1',
        createdAt: at,
        revisions: [
          { revision: 1, savedAt: at, document: { ...legal(), name: 'first' } },
          ...(revision > 1 ? [{ revision, savedAt: at, document: { ...legal(), name: 'last' } }] : [])
        ]
      }
    ]
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
  return { db, backup, before: fileSha256(db) }
}

/** The revisions of the restored roster, newest first: number and name. */
async function revisionsIn(db: string): Promise<Array<[number, string]>> {
  const lib = await openLibrary(db)
  try {
    return listRevisions(lib.db, ID).map((r) => [
      r.revision,
      String(
        (JSON.parse(lib.db.prepare('SELECT document FROM revisions WHERE roster_id = ? AND revision = ?').pluck().get(ID, r.revision) as string) as Roster).name
      )
    ])
  } finally {
    lib.close()
  }
}

describe("the backup schema's bounds are the code's", () => {
  it('revision maximum = BACKUP_REVISION_MAX, folder name maxLength = BACKUP_FOLDER_NAME_MAX, points limit maximum = BACKUP_POINTS_LIMIT_MAX', () => {
    const revision = schema.properties.rosters.items.properties.revisions.items.properties
    expect(revision.revision.maximum).toBe(BACKUP_REVISION_MAX)
    expect(revision.document.properties.pointsLimit.maximum).toBe(BACKUP_POINTS_LIMIT_MAX)
    expect(schema.properties.folders.items.properties.name.maxLength).toBe(BACKUP_FOLDER_NAME_MAX)
    // what a restore keeps as it is lies within what a backup may carry
    expect(MAX_REVISION).toBeLessThan(BACKUP_REVISION_MAX)
    expect(FOLDER_NAME_MAX).toBeLessThan(BACKUP_FOLDER_NAME_MAX)
  })

  it('a points limit past the bound is refused by `library restore`, naming it; the library is untouched', async () => {
    const b = backupOf(1)
    b.rosters[0].revisions[0].document.pointsLimit = 1e300
    const { db, backup, before } = await libraryAndBackup(JSON.stringify(b))
    const r = muster(['library', 'restore', backup, '--db', db])
    expect(r.stderr).toMatch(/not a Muster library backup: \/rosters\/0\/revisions\/0\/document\/pointsLimit: must be <= 1000000/)
    expect(r.code).toBe(2)
    expect(fileSha256(db)).toBe(before)
  })
})

describe('revision numbers a backup brings (finding 1)', () => {
  it('a backup with revision 2^53 (as the audit wrote it) restores, numbered 1 and 2 in order, says so, and saves again', async () => {
    const text = JSON.stringify(backupOf(2)).replace('"revision":2,', `"revision":${2 ** 53},`)
    const { db, backup } = await libraryAndBackup(text)
    const r = muster(['library', 'restore', backup, '--db', db])
    expect(r.stderr).toBe('')
    expect(r.stdout).toContain(
      `roster 'last' (c0000000): its revisions, numbered up to ${2 ** 53}, restored as 1 to 2 in the same order, so it can be saved again`
    )
    expect(r.stdout).toContain('Restored 1 roster')
    expect(r.code).toBe(0)
    expect(await revisionsIn(db)).toEqual([
      [2, 'last'],
      [1, 'first']
    ])
    const lib = await openLibrary(db)
    expect(saveRevision(lib.db, ID, { ...legal(), name: 'saved after restore' })).toBe(3)
    lib.close()
  })

  it('the backup of a library holding revisions past MAX_REVISION (restored at the limit, then saved) restores, renumbered', async () => {
    const dir = tmp()
    const first = await openLibrary(join(dir, 'first.sqlite'))
    restoreLibrary(first.db, backupOf(MAX_REVISION))
    expect(saveRevision(first.db, ID, { ...legal(), name: 'past the limit' })).toBe(MAX_REVISION + 1)
    backupLibrary(first.db, join(dir, 'backup.json'))
    first.close()
    const r = muster(['library', 'restore', join(dir, 'backup.json'), '--db', join(dir, 'second.sqlite')])
    expect(r.stderr).toBe('')
    expect(r.stdout).toContain(`its revisions, numbered up to ${MAX_REVISION + 1}, restored as 1 to 3 in the same order`)
    expect(r.code).toBe(0)
    expect(await revisionsIn(join(dir, 'second.sqlite'))).toEqual([
      [3, 'past the limit'],
      [2, 'last'],
      [1, 'first']
    ])
  })

  it('the store renumbers past MAX_REVISION and reports it; up to MAX_REVISION numbers are kept', async () => {
    const lib = await openLibrary(join(tmp(), 'library.sqlite'))
    const report = restoreLibrary(lib.db, backupOf(MAX_REVISION + 1))
    expect(report.renumbered).toEqual([{ id: ID, name: 'last', highest: MAX_REVISION + 1, revisions: 2 }])
    expect(listRevisions(lib.db, ID).map((r) => r.revision)).toEqual([2, 1])
    lib.close()
    const kept = await openLibrary(join(tmp(), 'library.sqlite'))
    expect(restoreLibrary(kept.db, backupOf(MAX_REVISION), documentChecks(bundledEngine(), createAjv()))).toEqual(rostersOnlyRestored(1))
    expect(saveRevision(kept.db, ID, { ...legal(), name: 'saved after restore' })).toBe(MAX_REVISION + 1)
    expect(listRevisions(kept.db, ID).map((r) => r.revision)).toEqual([MAX_REVISION + 1, MAX_REVISION, 1])
    kept.close()
  })

  it('a revision number repeated (within MAX_REVISION) is still refused, naming it', async () => {
    const lib = await openLibrary(join(tmp(), 'library.sqlite'))
    const twice = backupOf(2)
    twice.rosters[0].revisions.push({ ...twice.rosters[0].revisions[1] })
    expect(() => restoreLibrary(lib.db, twice)).toThrow(`not a usable backup: roster ${ID} has revision 2 twice`)
    expect(listRosters(lib.db).total).toBe(0)
    lib.close()
  })

  it('a library an older Muster restored 2^53 into says in words why the roster cannot be saved, not "UNIQUE constraint failed"', async () => {
    const dir = tmp()
    const path = join(dir, 'library.sqlite')
    await writeLibraryFile(path, [{ document: { ...legal(), name: 'Poisoned' }, id: ID }])
    // what the old restore wrote: the number as SQLite holds it (exactly 2^53)
    const raw = new Database(path)
    raw
      .prepare(
        'INSERT INTO revisions (roster_id, revision, document, saved_at) SELECT roster_id, 9007199254740992, document, saved_at FROM revisions WHERE roster_id = ?'
      )
      .run(ID)
    raw.close()
    const again = await openLibrary(path)
    expect(() => saveRevision(again.db, ID, legal())).toThrow(
      "roster 'Poisoned' cannot be saved again: its revisions are numbered so high (the last is 9007199254740992, set by a backup an older Muster restored) that Muster cannot number another. Duplicate the roster and carry on with the copy, or back up the library and restore the backup into a new one, which numbers them afresh."
    )
    // and that way out works: its backup restores, renumbered, and saves
    backupLibrary(again.db, join(dir, 'backup.json'))
    again.close()
    const r = muster(['library', 'restore', join(dir, 'backup.json'), '--db', join(dir, 'new.sqlite')])
    expect(r.stdout).toContain(`roster 'Poisoned' (c0000000): its revisions, numbered up to ${2 ** 53}, restored as 1 to 2 in the same order`)
    expect(r.code).toBe(0)
    const fresh = await openLibrary(join(dir, 'new.sqlite'))
    expect(saveRevision(fresh.db, ID, legal())).toBe(3)
    fresh.close()
  })
})

describe("a backup's folder names are made ones a folder may have (finding 1)", () => {
  const tidied: Array<[string, string, string, RegExp]> = [
    ['200 characters', 'x'.repeat(200), `${'x'.repeat(53)}…${'x'.repeat(26)}`, /a folder name can be at most 80 characters/],
    ['one space', ' ', 'Restored folder', /a folder name cannot be empty/],
    ['a control character', 'Club\u0007night', 'Clubnight', /a folder name cannot hold control characters/],
    ['NUL and a line break', 'Club\u0000\nnight', 'Club night', /a folder name cannot hold control characters/],
    ['a C1 control', 'Club\u0085\u009b night', 'Club night', /a folder name cannot hold control characters/],
    ['a right-to-left override', 'Club \u202egnp.exe', 'Club gnp.exe', /a folder name cannot hold invisible characters that reverse the direction of the text/],
    ['an isolate', '\u2067Club\u2069', 'Club', /reverse the direction of the text/]
  ]
  for (const [what, name, to, reason] of tidied) {
    it(`a folder named with ${what} is restored as ${JSON.stringify(to)}, and the summary says so`, async () => {
      const { db, backup } = await libraryAndBackup(JSON.stringify(backupOf(1, name)))
      const r = muster(['library', 'restore', backup, '--db', db])
      expect(r.stderr).toBe('')
      const line = r.stdout.split('\n').find((l) => l.startsWith('folder '))!
      expect(line).toContain(`restored as '${to.length > 40 ? `${to.slice(0, 26)}…${to.slice(-13)}` : to}'`)
      expect(line).toMatch(reason)
      // shown with its invisible characters as codes, never raw
      expect(line).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/)
      expect(r.stdout).toContain('Restored 1 roster')
      expect(r.code).toBe(0)
      const lib = await openLibrary(db)
      expect(listFolders(lib.db).map((f) => [f.name, f.count])).toEqual([[to, 1]])
      lib.close()
    })
  }

  it('the store reports each tidied name; two blank names become two folders', async () => {
    const lib = await openLibrary(join(tmp(), 'library.sqlite'))
    const b = backupOf(1, ' ')
    b.folders.push({ id: 'f-2', name: '\u202e' }, { id: 'f-3', name: 'Club' })
    const report = restoreLibrary(lib.db, b)
    expect(report.renamedFolders).toEqual([
      { id: 'f-1', from: ' ', to: 'Restored folder', reason: 'a folder name cannot be empty' },
      { id: 'f-2', from: '\u202e', to: 'Restored folder 2', reason: 'a folder name cannot hold invisible characters that reverse the direction of the text' }
    ])
    expect(
      listFolders(lib.db)
        .map((f) => f.name)
        .sort()
    ).toEqual(['Club', 'Restored folder', 'Restored folder 2'])
    lib.close()
  })

  it('Hebrew and Arabic names with their direction marks (LRM, RLM, ALM) restore as they are, and can be created and renamed', async () => {
    const names = ['מועדון\u200e 2026', 'نادي\u061c ١', 'Club \u200fשבת\u200f']
    const lib = await openLibrary(join(tmp(), 'library.sqlite'))
    const b = backupOf(1, names[0])
    const report = restoreLibrary(lib.db, b)
    expect(report.renamedFolders).toEqual([])
    expect(listFolders(lib.db).map((f) => f.name)).toEqual([names[0]])
    const f = createFolder(lib.db, names[1])
    expect(renameFolder(lib.db, f, names[2]).name).toBe(names[2])
    lib.close()
  })

  it('creating and renaming a folder still refuse control characters and direction overrides (only a restore tidies)', async () => {
    const lib = await openLibrary(join(tmp(), 'library.sqlite'))
    const f = createFolder(lib.db, 'Club')
    for (const [, name] of tidied) {
      expect(() => createFolder(lib.db, name)).toThrow(/a folder name (can be at most|cannot)/)
      expect(() => renameFolder(lib.db, f, name)).toThrow(/a folder name (can be at most|cannot)/)
    }
    lib.close()
  })

  it('a name that only needs its spaces tidied is stored tidied, as a created folder would be, and not reported', async () => {
    const lib = await openLibrary(join(tmp(), 'library.sqlite'))
    expect(restoreLibrary(lib.db, backupOf(1, '  Club \t night  ')).renamedFolders).toEqual([])
    expect(listFolders(lib.db).map((f) => [f.name, f.count])).toEqual([['Club night', 1]])
    lib.close()
  })
})
