// The library on real SQLite files in temp folders: migrations from empty and from every earlier
// version with data carried over, refusal of newer, foreign, damaged and edited-migration files
// (each left byte-for-byte untouched), and the store's behaviour: revisions, trash, tags, folders,
// search, comparison, import/export, backup/restore.
import { importRosterPaths } from '../../src-main/services/library'
import Database from 'better-sqlite3'
import { existsSync, readdirSync, readFileSync, truncateSync, writeFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  backupLibrary,
  createFolder,
  createRoster,
  diffDocuments,
  duplicateRoster,
  emptyTrash,
  exportRosters,
  getDocument,
  getRosterRow,
  LATEST_VERSION,
  listFolders,
  listRevisions,
  listRosters,
  LibraryError,
  MIGRATIONS,
  moveToFolder,
  openLibrary,
  renameRoster,
  restoreFromTrash,
  restoreLibrary,
  restoreRevision,
  saveRevision,
  searchRosters,
  setFavourite,
  setTags,
  trashRoster,
  type LibraryBackup
} from '../../src-main/store'
import { documentChecks } from '../../src-main/services/library-checks'
import { createAjv } from '../../src-main/rules/schemas'
import { tempFolders } from '../support/tmp'
import { rostersOnlyRestored } from '../support/restore-report'
import { fileSha256 } from '../support/file-sha'
import { triumphRoman } from '../support/fixtures-roman'
import { writeLibraryFile } from '../support/library'
import { bundledEngine, repoRoot } from '../support/engine'

const tmp = tempFolders('muster-db-')

describe('migrations', () => {
  it('a new file gets every migration, WAL, foreign keys, the Muster application id and the recorded hashes', async () => {
    const path = join(tmp(), 'new.sqlite')
    const lib = await openLibrary(path)
    expect(lib.migratedFrom).toBe(0)
    expect(lib.backupPath).toBeUndefined()
    expect(lib.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    expect(lib.db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(lib.db.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(lib.db.pragma('application_id', { simple: true })).toBe(0x4d555354)
    expect((lib.db.prepare('SELECT count(*) AS n FROM schema_migrations').get() as { n: number }).n).toBe(MIGRATIONS.length)
    const strict = lib.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%STRICT' ORDER BY name")
      .all()
      .map((r) => (r as { name: string }).name)
    expect(strict).toEqual([
      'collection_revisions',
      'event_players',
      'event_rosters',
      'event_rounds',
      'event_tables',
      'events',
      'folders',
      'game_taps',
      'games',
      'revisions',
      'rosters',
      'schema_migrations',
      'tags'
    ])
    lib.close()
    // reopening changes nothing
    const again = await openLibrary(path)
    expect(again.migratedFrom).toBe(LATEST_VERSION)
    again.close()
  })

  it('from version 1, with its rosters and revisions carried over, after a backup of the old file', async () => {
    const path = join(tmp(), 'v1.sqlite')
    const v1 = await openLibrary(path, { upTo: 1 })
    v1.db
      .prepare(
        "INSERT INTO rosters (id, name, ruleset, army, created_at, updated_at, current_revision) VALUES ('r1', 'Old legion', 'triumph', 'early-imperial-roman', '2020-01-01', '2020-01-02', 2)"
      )
      .run()
    v1.db
      .prepare("INSERT INTO revisions (roster_id, revision, document, saved_at) VALUES ('r1', 1, ?, '2020-01-01'), ('r1', 2, ?, '2020-01-02')")
      .run(JSON.stringify(triumphRoman('Old legion draft')), JSON.stringify(triumphRoman('Old legion', { notes: 'for the Salute tournament' })))
    v1.close()
    const lib = await openLibrary(path)
    expect(lib.migratedFrom).toBe(1)
    expect(lib.backupPath).toMatch(/v1\.sqlite\.v1-backup-.*\.sqlite$/)
    const backup = new Database(lib.backupPath!, { readonly: true })
    expect(backup.pragma('user_version', { simple: true })).toBe(1)
    expect((backup.prepare('SELECT count(*) AS n FROM revisions').get() as { n: number }).n).toBe(2)
    backup.close()
    const row = getRosterRow(lib.db, 'r1')
    expect(row).toMatchObject({ name: 'Old legion', revision: 2, favourite: false, deletedAt: null, tags: [], points: null })
    expect(listRevisions(lib.db, 'r1').map((r) => r.revision)).toEqual([2, 1])
    expect(searchRosters(lib.db, 'salute').rows.map((r) => r.id)).toEqual(['r1'])
    expect(searchRosters(lib.db, 'raiders batavian').rows.map((r) => r.id)).toEqual(['r1'])
    lib.close()
  })

  it('from version 2, with tags and folders carried into the search index', async () => {
    const path = join(tmp(), 'v2.sqlite')
    const v2 = await openLibrary(path, { upTo: 2 })
    v2.db.prepare("INSERT INTO folders (id, name, created_at) VALUES ('f1', 'Club night', '2021-01-01')").run()
    v2.db
      .prepare(
        "INSERT INTO rosters (id, name, ruleset, army, created_at, updated_at, current_revision, folder_id, favourite) VALUES ('r2', 'Gauls', 'wrg-1969', 'gallic', '2021-01-01', '2021-01-01', 1, 'f1', 1)"
      )
      .run()
    v2.db
      .prepare("INSERT INTO revisions (roster_id, revision, document, saved_at) VALUES ('r2', 1, ?, '2021-01-01')")
      .run(JSON.stringify({ format: 'muster-roster', version: 1, name: 'Gauls', ruleset: 'wrg-1969', army: 'gallic', units: [{ troop: 'general', count: 1 }] }))
    v2.db.prepare("INSERT INTO tags (roster_id, tag) VALUES ('r2', 'vercingetorix')").run()
    v2.close()
    const lib = await openLibrary(path)
    expect(lib.migratedFrom).toBe(2)
    expect(getRosterRow(lib.db, 'r2')).toMatchObject({ folderId: 'f1', favourite: true, tags: ['vercingetorix'] })
    expect(searchRosters(lib.db, 'vercingetorix').rows.map((r) => r.id)).toEqual(['r2'])
    expect(searchRosters(lib.db, 'gallic').rows.map((r) => r.id)).toEqual(['r2'])
    expect(listFolders(lib.db)).toEqual([{ id: 'f1', name: 'Club night', count: 1 }])
    lib.close()
  })

  it('refuses a library written by a newer Muster, leaving it untouched', async () => {
    const path = join(tmp(), 'future.sqlite')
    const lib = await openLibrary(path)
    createRoster(lib.db, triumphRoman())
    lib.db.pragma(`user_version = ${LATEST_VERSION + 1}`)
    lib.close()
    const before = fileSha256(path)
    await expect(openLibrary(path)).rejects.toThrow(
      new LibraryError(
        'too-new',
        `${path} was written by a newer Muster (library schema ${LATEST_VERSION + 1}; this Muster knows up to ${LATEST_VERSION}). Update Muster to open it; the file was not changed.`
      )
    )
    expect(fileSha256(path)).toBe(before)
    expect(readdirSync(join(path, '..')).filter((f) => f.includes('backup'))).toEqual([])
  })

  it('refuses garbage, a foreign SQLite database and a truncated library, each untouched', async () => {
    const dir = tmp()
    const garbage = join(dir, 'garbage.sqlite')
    writeFileSync(garbage, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)))
    let before = fileSha256(garbage)
    await expect(openLibrary(garbage)).rejects.toMatchObject({
      code: 'not-sqlite',
      message: `${garbage} is not a Muster library (it is not an SQLite database); it was left untouched.`
    })
    expect(fileSha256(garbage)).toBe(before)

    const foreign = join(dir, 'foreign.sqlite')
    const other = new Database(foreign)
    other.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)')
    other.close()
    before = fileSha256(foreign)
    await expect(openLibrary(foreign)).rejects.toMatchObject({ code: 'not-muster' })
    expect(fileSha256(foreign)).toBe(before)

    const truncated = join(dir, 'truncated.sqlite')
    await writeLibraryFile(
      truncated,
      Array.from({ length: 200 }, (_, i) => triumphRoman(`Roster ${i}`, { notes: 'n'.repeat(300) }))
    )
    truncateSync(truncated, Math.floor(statSync(truncated).size / 2))
    before = fileSha256(truncated)
    await expect(openLibrary(truncated)).rejects.toMatchObject({
      code: 'damaged',
      message: expect.stringMatching(/is damaged and cannot be read .*left untouched\. Restore it from a backup/)
    })
    expect(fileSha256(truncated)).toBe(before)
  })

  it('refuses a library whose applied migration was edited afterwards', async () => {
    const path = join(tmp(), 'edited.sqlite')
    ;(await openLibrary(path)).close()
    const db = new Database(path)
    db.prepare("UPDATE schema_migrations SET sha256 = 'not-the-same' WHERE version = 2").run()
    db.close()
    await expect(openLibrary(path)).rejects.toMatchObject({
      code: 'edited-migration',
      message: expect.stringContaining('migration 2 (organising-and-checks) differs from the one applied')
    })
  })
})

describe('the store', () => {
  it('stores how many errors are things still to add, so the library can tell unfinished from wrong', async () => {
    const lib = await openLibrary(join(tmp(), 'lib.sqlite'))
    const checks = documentChecks(bundledEngine(), createAjv())
    const empty = triumphRoman('Empty', { units: [] })
    const { id } = createRoster(lib.db, empty, { check: checks.summarise!(empty) })
    const row = getRosterRow(lib.db, id)
    expect(row.valid).toBe(false)
    expect(row.errorCount).toBeGreaterThan(0)
    expect(row.todoCount).toBe(row.errorCount)
    const broken = triumphRoman('Broken', { units: [...triumphRoman().units, { troop: 'raiders', count: 9 }] })
    saveRevision(lib.db, id, broken, checks.summarise!(broken))
    const after = getRosterRow(lib.db, id)
    expect(after.valid).toBe(false)
    expect(after.todoCount).toBeLessThan(after.errorCount!)
    lib.close()
  })

  it('keeps every save as a revision; restore and compare earlier ones', async () => {
    const lib = await openLibrary(join(tmp(), 'lib.sqlite'))
    const { id } = createRoster(lib.db, triumphRoman())
    const second = triumphRoman('Legio XX', { units: [...triumphRoman().units, { troop: 'light-foot', count: 2 }] })
    second.units[1] = { ...second.units[1], count: 1, name: 'Ala I' }
    expect(saveRevision(lib.db, id, second, { points: 46, limit: 48, valid: true, errors: 0, dataVersion: '1.0.0' })).toBe(2)
    expect(getRosterRow(lib.db, id)).toMatchObject({ revision: 2, points: 46, valid: true, dataVersion: '1.0.0' })
    const diff = diffDocuments(getDocument(lib.db, id, 1), getDocument(lib.db, id, 2))
    expect(diff.added).toEqual([{ index: 3, unit: { troop: 'light-foot', count: 2 } }])
    expect(diff.changed).toEqual([{ index: 1, troop: 'javelin-cavalry', fields: [{ field: 'name', from: undefined, to: 'Ala I' }] }])
    expect(restoreRevision(lib.db, id, 1)).toBe(3)
    expect(getDocument(lib.db, id)).toEqual(triumphRoman())
    expect(listRevisions(lib.db, id).map((r) => [r.revision, r.message])).toEqual([
      [3, 'restored revision 1'],
      [2, null],
      [1, 'created']
    ])
    expect(renameRoster(lib.db, id, '  Valeria Victrix ')).toBe(4)
    expect(getRosterRow(lib.db, id).name).toBe('Valeria Victrix')
    lib.close()
  })

  it('trash is restorable until emptied; favourites, tags, folders, duplicates and filters', async () => {
    const lib = await openLibrary(join(tmp(), 'lib.sqlite'))
    const a = createRoster(lib.db, triumphRoman('Alpha')).id
    const b = createRoster(lib.db, { format: 'muster-roster', version: 1, name: 'Beta', ruleset: 'wrg-1969', army: 'gallic', units: [] }).id
    setFavourite(lib.db, a, true)
    setTags(lib.db, b, ['club', 'draft'])
    const folder = createFolder(lib.db, 'Tournament')
    moveToFolder(lib.db, a, folder)
    const copy = duplicateRoster(lib.db, a)
    expect(getRosterRow(lib.db, copy)).toMatchObject({ name: 'Alpha (copy)', folderId: folder })
    expect(listRosters(lib.db, { favourite: true }).rows.map((r) => r.id)).toEqual([a])
    expect(listRosters(lib.db, { tag: 'club' }).rows.map((r) => r.id)).toEqual([b])
    expect(listRosters(lib.db, { ruleset: 'wrg-1969' }).total).toBe(1)
    expect(listRosters(lib.db, { folderId: folder }).total).toBe(2)
    expect(searchRosters(lib.db, 'draft').rows.map((r) => r.id)).toEqual([b])
    trashRoster(lib.db, b)
    expect(listRosters(lib.db).total).toBe(2)
    expect(listRosters(lib.db, { trash: true }).rows.map((r) => r.id)).toEqual([b])
    expect(searchRosters(lib.db, 'draft').total).toBe(0)
    restoreFromTrash(lib.db, b)
    expect(listRosters(lib.db).total).toBe(3)
    trashRoster(lib.db, b)
    expect(emptyTrash(lib.db)).toBe(1)
    expect(() => getRosterRow(lib.db, b)).toThrow(`no roster with id '${b}' in the library`)
    expect((lib.db.prepare('SELECT count(*) AS n FROM revisions WHERE roster_id = ?').get(b) as { n: number }).n).toBe(0)
    expect(() => createFolder(lib.db, 'tournament')).toThrow("a folder called 'tournament' already exists")
    lib.close()
  })

  it('search takes any text safely and ranks names first', async () => {
    const lib = await openLibrary(join(tmp(), 'lib.sqlite'))
    createRoster(lib.db, triumphRoman('Raiders of the lost ark'))
    createRoster(lib.db, triumphRoman('Plain name'))
    for (const q of ['"', 'AND OR NOT', '*', 'raid"ers', '(((', 'NEAR(a b)']) expect(() => searchRosters(lib.db, q)).not.toThrow()
    expect(searchRosters(lib.db, 'raid').rows.map((r) => r.name)).toEqual(['Raiders of the lost ark', 'Plain name'])
    lib.close()
  })

  it('imports roster files one by one: bad ones reported, the rest kept; exports and backs up; restores all or nothing', async () => {
    const dir = tmp()
    const lib = await openLibrary(join(dir, 'lib.sqlite'))
    const checks = documentChecks(bundledEngine(), createAjv())
    writeFileSync(join(dir, 'bad.json'), '{"format": ')
    writeFileSync(join(dir, 'wrong.json'), JSON.stringify({ format: 'muster-roster', version: 1, ruleset: 'triumph', units: [] }))
    writeFileSync(join(dir, 'many.json'), JSON.stringify([triumphRoman('First'), triumphRoman('Second')]))
    // As `muster library import` reads them: by path, a problem placed by line and column.
    const report = importRosterPaths(
      lib.db,
      checks,
      [join(repoRoot, 'examples', 'triumph-legal.muster.json'), join(dir, 'bad.json'), join(dir, 'wrong.json'), join(dir, 'many.json')],
      { byPath: true, expandFolders: true }
    )
    expect(report.imported.map((i) => i.name)).toEqual(['Early Imperial Roman, 60 AD', 'First', 'Second'])
    expect(report.failed).toEqual([
      { source: `${join(dir, 'bad.json')}:1:12`, reason: 'not valid JSON: value expected' },
      { source: join(dir, 'wrong.json'), reason: "not a roster: (top level): must have required property 'army'" }
    ])
    const legal = getRosterRow(lib.db, report.imported[0].id)
    expect(legal).toMatchObject({ points: 48, pointsLimit: 48, valid: true, errorCount: 0, dataVersion: '1.4.0' })
    const files = exportRosters(
      lib.db,
      report.imported.map((i) => i.id),
      join(dir, 'out')
    )
    expect(
      files.map((f) =>
        f
          .split('/')
          .pop()!
          .replace(/-[0-9a-f]{8}\./, '.')
      )
    ).toEqual(['early-imperial-roman-60-ad.muster.json', 'first.muster.json', 'second.muster.json'])
    // The file records the data version the roster was checked against when saved.
    expect(JSON.parse(readFileSync(files[1], 'utf8'))).toEqual({ ...triumphRoman('First'), dataVersion: '1.4.0' })
    saveRevision(lib.db, report.imported[1].id, triumphRoman('First, revised'))
    const backupFile = join(dir, 'backup.json')
    expect(backupLibrary(lib.db, backupFile)).toEqual({ rosters: 3, revisions: 4, games: 0 })
    lib.close()

    const other = await openLibrary(join(dir, 'other.sqlite'))
    const backup = JSON.parse(readFileSync(backupFile, 'utf8')) as LibraryBackup
    expect(restoreLibrary(other.db, backup, checks)).toEqual(rostersOnlyRestored(3))
    expect(listRevisions(other.db, report.imported[1].id).map((r) => r.revision)).toEqual([2, 1])
    expect(getRosterRow(other.db, report.imported[0].id)).toMatchObject({ valid: true, points: 48 })
    expect(restoreLibrary(other.db, backup, checks).skipped).toHaveLength(3)
    // a backup with one broken roster (two revisions numbered 1) restores nothing at all
    const fresh = backup.rosters.map((r) => ({ ...r, id: `${r.id}-copy` }))
    fresh[2] = { ...fresh[2], revisions: [fresh[2].revisions[0], fresh[2].revisions[0]] }
    expect(() => restoreLibrary(other.db, { ...backup, rosters: fresh }, checks)).toThrow(/roster .*-copy has revision 1 twice/)
    expect(listRosters(other.db).total).toBe(3)
    // a backup's folder goes into the library's folder of the same name, however it is cased
    const elite = createFolder(other.db, 'Élite')
    restoreLibrary(other.db, { ...backup, folders: [{ id: 'f-backup', name: 'élite' }], rosters: [] }, checks)
    expect(listFolders(other.db).map((f) => [f.id, f.name])).toEqual([[elite, 'Élite']])
    other.close()
    expect(existsSync(join(dir, 'out', '.tmp'))).toBe(false)
  })
})
