// Moving rosters in and out of the library: roster files (one roster, or an array of them, per
// file; folders of them), and the whole library as one backup file. Every document is checked
// against the roster schema first; a bad file is reported and the others still import. Files are
// written whole (temp file + rename), never over an existing file or the library.
import { existsSync, mkdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import { syncFolder, writeFileAtomic } from '../files/write-file'
import { fileStem, shorten } from '../../src-shared/text'
import { showUnsafeLine } from '../../src-shared/unsafe-chars'
import { countOf } from '../../src-shared/words'
import { ReplacedError } from './library-errors'
import { statement, writeTransaction, type Db } from './open'
import { cleanFolderName, folderNamed, tidyFolderName } from './folders'
import { createRoster, exportDocument, getRosterRow, MAX_REVISION, StoreError, type CheckSummary, type RosterDocument } from './rosters'
import { indexRoster } from './search'
import { appendCollection, collectionHistory, getCollection, insertCollectionHistory } from './collection'
import { backupGames, gamesProblem, restoreGames, type GamesRestored } from './game-transfer'
import { backupEvents, backupEventSecrets, eventsProblem, restoreEvents, type EventsRestored } from './event-transfer'
import type { LibraryBackup } from '../generated-types/library-export'
import type { Roster } from '../generated-types/roster'

export interface DocumentChecks {
  /** null when the document is a valid roster, else what is wrong (one line). */
  validate(doc: unknown): string | null
  /** The engine's summary of a valid document (points, validity...). */
  summarise?(doc: RosterDocument): CheckSummary
}

export interface ImportReport {
  imported: Array<{ source: string; id: string; name: string }>
  failed: Array<{ source: string; reason: string }>
}

export const MAX_BACKUP_BYTES = 512 * 1024 * 1024

export function importDocuments(
  db: Db,
  items: Array<{ source: string; doc: unknown }>,
  checks: DocumentChecks,
  opts: { folderId?: string; tags?: string[] } = {}
): ImportReport {
  const report: ImportReport = { imported: [], failed: [] }
  for (const { source, doc } of items) {
    const problem = checks.validate(doc)
    if (problem) {
      report.failed.push({ source, reason: problem })
      continue
    }
    const roster = doc as RosterDocument
    try {
      const { id } = createRoster(db, roster, {
        folderId: opts.folderId,
        tags: opts.tags,
        check: checks.summarise?.(roster),
        message: `imported from ${basename(source)}`
      })
      report.imported.push({ source, id, name: getRosterRow(db, id).name })
    } catch (e) {
      // The file was replaced under the import: stop at once, and say how far it got.
      if (e instanceof ReplacedError) throw replacedWhileImporting(e, report.imported.length, items.length)
      report.failed.push({ source, reason: (e as Error).message })
    }
  }
  return report
}

function replacedWhileImporting(e: ReplacedError, done: number, of: number): ReplacedError {
  return new ReplacedError(
    e.path,
    e.how,
    `the library file ${e.path} was ${e.how === 'moved' ? 'moved or deleted' : 'replaced by another file'} while importing (a sync tool such as Dropbox or OneDrive, or another program, did it): stopped, nothing more was written. ${done} of ${countOf(of, 'roster')} had been imported, into the file that was there before${e.how === 'moved' ? ', wherever it is now' : ', not the one there now'}. Keep the library out of synced folders, and copy it with a backup ('muster library backup').`
  )
}

/**
 * Writes each roster's current document into DIR as <name>.muster.json, named after the roster
 * (never its id), with -2, -3... where a name is taken, by another roster of this export or by a
 * file already in the folder: an export never overwrites a file. Returns the files written.
 */
export function exportRosters(db: Db, ids: string[], dir: string): string[] {
  mkdirSync(dir, { recursive: true })
  const files = ids.map((id) => {
    const stem = fileStem(getRosterRow(db, id).name)
    const text = JSON.stringify(exportDocument(db, id), null, 2) + '\n'
    for (let n = 1; ; n++) {
      const file = join(dir, n === 1 ? `${stem}.muster.json` : `${stem}-${n}.muster.json`)
      if (existsSync(file)) continue
      try {
        // exclusive: a file that appears under this name meanwhile is not replaced either
        writeFileAtomic(file, text, { library: db.name, exclusive: true, deferFolderSync: true })
        return file
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      }
    }
  })
  syncFolder(dir)
  return files
}

/** The whole library as one file (schemas/library-export.schema.json). */
export type { LibraryBackup } from '../generated-types/library-export'

export function backupLibrary(db: Db, file: string): { rosters: number; revisions: number; games: number; events?: number } {
  const backup: LibraryBackup = { format: 'muster-library', version: 1, exportedAt: new Date().toISOString(), folders: [], rosters: [] }
  let revisions = 0
  db.transaction(() => {
    backup.folders = statement(db, 'SELECT id, name FROM folders ORDER BY name').all() as LibraryBackup['folders']
    const rows = statement(db, 'SELECT id, folder_id, favourite, created_at, deleted_at FROM rosters ORDER BY created_at, id').all() as Array<{
      id: string
      folder_id: string | null
      favourite: number
      created_at: string
      deleted_at: string | null
    }>
    const tags = statement(db, 'SELECT tag FROM tags WHERE roster_id = ? ORDER BY tag')
    const revs = statement(db, 'SELECT revision, saved_at, message, document FROM revisions WHERE roster_id = ? ORDER BY revision')
    for (const r of rows) {
      const list = (revs.all(r.id) as Array<{ revision: number; saved_at: string; message: string | null; document: string }>).map((v) => ({
        revision: v.revision,
        savedAt: v.saved_at,
        message: v.message,
        document: JSON.parse(v.document) as Roster
      }))
      revisions += list.length
      backup.rosters.push({
        id: r.id,
        folderId: r.folder_id,
        tags: (tags.all(r.id) as Array<{ tag: string }>).map((t) => t.tag),
        favourite: r.favourite === 1,
        createdAt: r.created_at,
        deletedAt: r.deleted_at,
        revisions: list
      })
    }
    const collection = collectionHistory(db)
    if (collection.length) backup.collection = collection
    const games = backupGames(db)
    if (games.length) backup.games = games
    const events = backupEvents(db)
    if (events.length) {
      backup.events = events
      backup.eventSecrets = backupEventSecrets(db)
    }
  })()
  writeFileAtomic(file, JSON.stringify(backup) + '\n', { library: db.name })
  return { rosters: backup.rosters.length, revisions, games: backup.games?.length ?? 0, ...(backup.events ? { events: backup.events.length } : {}) }
}

export interface RestoreReport {
  restored: number
  skipped: Array<{ id: string; reason: string }>
  /** Folder names the backup held that no folder may have (control characters, direction overrides, too long, blank), and the name each was restored under. */
  renamedFolders: Array<{ id: string; from: string; to: string; reason: string }>
  /** Rosters whose revision numbers went past MAX_REVISION: restored numbered 1 to `revisions`, in the same order. */
  renumbered: Array<{ id: string; name: string; highest: number; revisions: number }>
  /**
   * The backup's collection: its whole history into a library whose collection was never saved,
   * else its items the collection lacks (by id), added as one new revision; nothing is replaced.
   */
  collection: { history: number; added: number }
  /** The backup's games: those the library lacked restored (their rosters as the library holds them), the others kept as they are. */
  games: GamesRestored
  /** The backup's events, when it had any: those the library lacked restored whole, the others kept as they are. */
  events?: EventsRestored
}

/**
 * Restores a backup into this library. Rosters and games already present (same id) are skipped and
 * counted in the report; everything else (rosters with all revisions, the collection, games with their
 * taps) goes in one transaction (all or nothing). What a
 * library would not take as it is, is mended and reported rather than the backup refused: folder
 * names made ones a folder may have, revision numbers past MAX_REVISION numbered afresh.
 */
export function restoreLibrary(db: Db, backup: LibraryBackup, checks: Pick<DocumentChecks, 'summarise'> = {}): RestoreReport {
  const report: RestoreReport = {
    restored: 0,
    skipped: [],
    renamedFolders: [],
    renumbered: [],
    collection: { history: 0, added: 0 },
    games: { restored: 0, alreadyThere: 0 }
  }
  const revisionsOf = orderedRevisions(backup)
  let blank = 0
  const folderNames = new Map(
    (backup.folders ?? []).map((f) => {
      try {
        return [f.id, cleanFolderName(f.name)]
      } catch (e) {
        const to = tidyFolderName(f.name, ++blank === 1 ? 'Restored folder' : `Restored folder ${blank}`)
        report.renamedFolders.push({ id: f.id, from: f.name, to, reason: (e as Error).message })
        return [f.id, to]
      }
    })
  )
  writeTransaction(db, () => {
    const folderIdFor = new Map<string, string>()
    for (const f of backup.folders ?? []) {
      const name = folderNames.get(f.id)!
      const existing = (statement(db, 'SELECT id FROM folders WHERE id = ?').get(f.id) as { id: string } | undefined) ?? folderNamed(db, name)
      if (existing) folderIdFor.set(f.id, existing.id)
      else {
        statement(db, 'INSERT INTO folders (id, name, created_at) VALUES (?, ?, ?)').run(f.id, name, backup.exportedAt)
        folderIdFor.set(f.id, f.id)
      }
    }
    const insertRoster = statement(
      db,
      'INSERT INTO rosters (id, name, ruleset, army, created_at, updated_at, current_revision, folder_id, favourite, deleted_at, points, points_limit, valid, error_count, todo_count, data_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'
    )
    const insertRevision = statement(db, 'INSERT INTO revisions (roster_id, revision, document, saved_at, message) VALUES (?, ?, ?, ?, ?)')
    const insertTag = statement(db, 'INSERT OR IGNORE INTO tags (roster_id, tag) VALUES (?, ?)')
    for (const r of backup.rosters) {
      if (statement(db, 'SELECT 1 FROM rosters WHERE id = ?').get(r.id)) {
        report.skipped.push({ id: r.id, reason: 'already in the library' })
        continue
      }
      const { revisions, renumber } = revisionsOf.get(r.id)!
      const number = (i: number) => (renumber ? i + 1 : revisions[i].revision)
      const last = revisions[revisions.length - 1]
      const doc = last.document
      const name = doc.name?.trim() || 'Untitled roster'
      const check = checks.summarise?.(doc)
      insertRoster.run(
        r.id,
        name,
        doc.ruleset,
        doc.army,
        r.createdAt,
        last.savedAt,
        number(revisions.length - 1),
        r.folderId ? (folderIdFor.get(r.folderId) ?? null) : null,
        r.favourite ? 1 : 0,
        r.deletedAt,
        check?.points ?? null,
        check?.limit ?? null,
        check ? (check.valid ? 1 : 0) : null,
        check?.errors ?? null,
        check?.todos ?? null,
        check?.dataVersion ?? null
      )
      revisions.forEach((v, i) => insertRevision.run(r.id, number(i), JSON.stringify(v.document), v.savedAt, v.message))
      for (const t of r.tags ?? []) insertTag.run(r.id, t)
      indexRoster(db, r.id, doc, check)
      if (renumber) report.renumbered.push({ id: r.id, name, highest: last.revision, revisions: revisions.length })
      report.restored++
    }
    restoreCollection(db, backup.collection ?? [], report)
    report.games = restoreGames(db, backup.games ?? [])
    if (backup.events?.length) report.events = restoreEvents(db, backup.events, backup.eventSecrets)
  })
  return report
}

function restoreCollection(db: Db, history: NonNullable<LibraryBackup['collection']>, report: RestoreReport): void {
  const latest = history[history.length - 1]
  if (!latest) return
  const current = getCollection(db)
  if (current.revision === 0) {
    insertCollectionHistory(db, history)
    report.collection = { history: history.length, added: latest.document.items.length }
    return
  }
  const have = new Set(current.collection.items.map((i) => i.id))
  const fresh = latest.document.items.filter((i) => !have.has(i.id))
  if (fresh.length)
    appendCollection(db, { ...current.collection, items: [...current.collection.items, ...fresh] }, `Restored ${fresh.length} items from a backup`)
  report.collection = { history: 0, added: fresh.length }
}

/** A name as a message can show it: quoted, cut to 40 characters, on one line, controls and direction characters as codes (src-shared/unsafe-chars.ts). */
export function shownName(name: string): string {
  return `'${showUnsafeLine(shorten(name, 40))}'`
}

type BackupRevision = LibraryBackup['rosters'][number]['revisions'][number]

/**
 * Each roster's revisions in order, and whether they are to be numbered afresh (some number past
 * MAX_REVISION). A roster or a revision number (up to MAX_REVISION) the backup repeats would clash
 * in the library: the file is refused, naming it.
 */
function orderedRevisions(backup: LibraryBackup): Map<string, { revisions: BackupRevision[]; renumber: boolean }> {
  const out = new Map<string, { revisions: BackupRevision[]; renumber: boolean }>()
  for (const r of backup.rosters) {
    if (out.has(r.id)) throw new StoreError('invalid', `not a usable backup: roster ${r.id} appears twice`)
    for (const v of r.revisions) {
      if (!Number.isInteger(v.revision) || v.revision < 1)
        throw new StoreError('invalid', `not a usable backup: roster ${r.id} has a revision numbered ${v.revision} (revisions are numbered 1, 2, 3...)`)
    }
    // sorted stably: numbers past 2^53 that JSON read as one stay in the backup's order
    const revisions = [...r.revisions].sort((a, b) => a.revision - b.revision)
    const renumber = revisions[revisions.length - 1].revision > MAX_REVISION
    if (!renumber) {
      for (let i = 1; i < revisions.length; i++) {
        if (revisions[i].revision === revisions[i - 1].revision)
          throw new StoreError('invalid', `not a usable backup: roster ${r.id} has revision ${revisions[i].revision} twice`)
      }
    }
    out.set(r.id, { revisions, renumber })
  }
  return out
}

export function assertBackup(data: unknown, validate: (d: unknown) => string | null): LibraryBackup {
  const problem =
    validate(data) ??
    collectionProblem((data as LibraryBackup).collection ?? []) ??
    gamesProblem((data as LibraryBackup).games ?? []) ??
    eventsProblem((data as LibraryBackup).events ?? [])
  if (problem) throw new StoreError('invalid', `not a Muster library backup: ${problem}`)
  return data as LibraryBackup
}

/** What the schema cannot say of a backup's collection: revisions in rising order, one id an item. */
function collectionProblem(history: NonNullable<LibraryBackup['collection']>): string | null {
  for (const [i, h] of history.entries()) {
    if (i > 0 && h.revision <= history[i - 1].revision)
      return `/collection/${i}: its revisions must rise (revision ${h.revision} comes after ${history[i - 1].revision})`
    const ids = new Set<string>()
    for (const [j, item] of h.document.items.entries()) {
      if (ids.has(item.id)) return `/collection/${i}/document/items/${j}: the id '${item.id}' of an earlier item; each item needs its own id`
      ids.add(item.id)
    }
  }
  return null
}
