// Moving rosters in and out of the library: roster files (one roster, or an array of them, per
// file; folders of them), and the whole library as one backup file. Every document is checked
// against the roster schema first; a bad file is reported and the others still import. Files are
// written whole (temp file + rename), never over an existing file or the library.
import { existsSync, mkdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import { expandPaths, readRosterFile } from '../files/read-json'
import { syncFolder, writeFileAtomic } from '../files/write-file'
import { LibraryError, libraryPathOf, statement, writeTransaction, type Db } from './open'
import { cleanFolderName, createRoster, DIRECTION_MARK_CHARS, exportDocument, folderNamed, getRosterRow, MAX_REVISION, StoreError, type CheckSummary, type RosterDocument } from './rosters'
import { indexRoster } from './search'
import type { LibraryBackup } from '../types/library-export'
import type { Roster } from '../types/roster'

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

export function importDocuments(db: Db, items: Array<{ source: string; doc: unknown }>, checks: DocumentChecks, opts: { folderId?: string; tags?: string[] } = {}): ImportReport {
  const report: ImportReport = { imported: [], failed: [] }
  for (const { source, doc } of items) {
    const problem = checks.validate(doc)
    if (problem) {
      report.failed.push({ source, reason: problem })
      continue
    }
    const roster = doc as RosterDocument
    try {
      const { id } = createRoster(db, roster, { folderId: opts.folderId, tags: opts.tags, check: checks.summarise?.(roster), message: `imported from ${basename(source)}` })
      report.imported.push({ source, id, name: getRosterRow(db, id).name })
    } catch (e) {
      // The file was replaced under the import: stop at once, and say how far it got.
      if (e instanceof LibraryError && e.code === 'replaced') throw replacedWhileImporting(libraryPathOf(db), report.imported.length, items.length)
      report.failed.push({ source, reason: (e as Error).message })
    }
  }
  return report
}

function replacedWhileImporting(file: string, done: number, of: number): LibraryError {
  return new LibraryError(
    'replaced',
    `the library file ${file} was replaced by another file while importing (a sync tool such as Dropbox or OneDrive, or another program, did it): stopped, nothing more was written. ${done} of ${of} rosters had been imported, into the file that was there before, not the one there now. Keep the library out of synced folders, and copy it with a backup ('muster library backup').`
  )
}

/** Roster files or folders of them (every .json inside); a file may hold one roster or an array. */
export function importRosterFiles(db: Db, paths: string[], checks: DocumentChecks, opts: { folderId?: string; tags?: string[] } = {}): ImportReport {
  const report: ImportReport = { imported: [], failed: [] }
  const items: Array<{ source: string; doc: unknown }> = []
  for (const file of expandPaths(paths)) {
    const read = readRosterFile(file)
    if (!read.ok) {
      report.failed.push({ source: read.place, reason: read.message })
      continue
    }
    if (Array.isArray(read.data)) read.data.forEach((doc, i) => items.push({ source: `${file}[${i}]`, doc }))
    else items.push({ source: file, doc: read.data })
  }
  const done = importDocuments(db, items, checks, opts)
  return { imported: done.imported, failed: [...report.failed, ...done.failed] }
}

/** A file name from a roster name: letters (of any script), digits and dashes only, so it cannot leave the folder. */
export function fileStem(name: string): string {
  const stem = name.normalize('NFKD').replace(/\p{M}/gu, '').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').toLowerCase()
  // At most 100 bytes of UTF-8 (file names are limited in bytes, and a temp name is longer still).
  let out = ''
  for (const ch of stem) {
    if (Buffer.byteLength(out + ch, 'utf8') > 100) break
    out += ch
  }
  return out.replace(/-+$/, '') || 'roster'
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
export type { LibraryBackup } from '../types/library-export'

export function backupLibrary(db: Db, file: string): { rosters: number; revisions: number } {
  const backup: LibraryBackup = { format: 'muster-library', version: 1, exportedAt: new Date().toISOString(), folders: [], rosters: [] }
  let revisions = 0
  db.transaction(() => {
    backup.folders = statement(db, 'SELECT id, name FROM folders ORDER BY name').all() as LibraryBackup['folders']
    const rows = statement(db, 'SELECT id, folder_id, favourite, created_at, deleted_at FROM rosters ORDER BY created_at, id').all() as Array<{ id: string; folder_id: string | null; favourite: number; created_at: string; deleted_at: string | null }>
    const tags = statement(db, 'SELECT tag FROM tags WHERE roster_id = ? ORDER BY tag')
    const revs = statement(db, 'SELECT revision, saved_at, message, document FROM revisions WHERE roster_id = ? ORDER BY revision')
    for (const r of rows) {
      const list = (revs.all(r.id) as Array<{ revision: number; saved_at: string; message: string | null; document: string }>).map((v) => ({ revision: v.revision, savedAt: v.saved_at, message: v.message, document: JSON.parse(v.document) as Roster }))
      revisions += list.length
      backup.rosters.push({ id: r.id, folderId: r.folder_id, tags: (tags.all(r.id) as Array<{ tag: string }>).map((t) => t.tag), favourite: r.favourite === 1, createdAt: r.created_at, deletedAt: r.deleted_at, revisions: list })
    }
  })()
  writeFileAtomic(file, JSON.stringify(backup) + '\n', { library: db.name })
  return { rosters: backup.rosters.length, revisions }
}

export interface RestoreReport {
  restored: number
  skipped: Array<{ id: string; reason: string }>
}

/**
 * Restores a backup into this library. Rosters already present (same id) are skipped and named in
 * the report; everything else, with all revisions, goes in one transaction (all or nothing).
 */
export function restoreLibrary(db: Db, backup: LibraryBackup, checks: Pick<DocumentChecks, 'summarise'> = {}): RestoreReport {
  const report: RestoreReport = { restored: 0, skipped: [] }
  assertUniqueIds(backup)
  const folderNames = new Map((backup.folders ?? []).map((f) => [f.id, backupFolderName(f)]))
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
    const insertRoster = statement(db, 'INSERT INTO rosters (id, name, ruleset, army, created_at, updated_at, current_revision, folder_id, favourite, deleted_at, points, points_limit, valid, error_count, todo_count, data_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
    const insertRevision = statement(db, 'INSERT INTO revisions (roster_id, revision, document, saved_at, message) VALUES (?, ?, ?, ?, ?)')
    const insertTag = statement(db, 'INSERT OR IGNORE INTO tags (roster_id, tag) VALUES (?, ?)')
    for (const r of backup.rosters) {
      if (statement(db, 'SELECT 1 FROM rosters WHERE id = ?').get(r.id)) {
        report.skipped.push({ id: r.id, reason: 'already in the library' })
        continue
      }
      const revisions = [...r.revisions].sort((a, b) => a.revision - b.revision)
      const last = revisions[revisions.length - 1]
      const doc = last.document
      const check = checks.summarise?.(doc)
      insertRoster.run(
        r.id,
        doc.name?.trim() || 'Untitled roster',
        doc.ruleset,
        doc.army,
        r.createdAt,
        last.savedAt,
        last.revision,
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
      for (const v of revisions) insertRevision.run(r.id, v.revision, JSON.stringify(v.document), v.savedAt, v.message)
      for (const t of r.tags ?? []) insertTag.run(r.id, t)
      indexRoster(db, r.id, doc, check)
      report.restored++
    }
  })
  return report
}

/** A backup's folder name under the rules every folder name follows (cleanFolderName); the backup is refused whole, naming the folder, if it breaks them. */
function backupFolderName(f: { id: string; name: string }): string {
  try {
    return cleanFolderName(f.name)
  } catch (e) {
    throw new StoreError('invalid', `not a usable backup: folder ${shownName(f.name)} (id ${f.id}): ${(e as Error).message}`)
  }
}

/** A name as a message can show it: quoted, controls and invisible marks written as codes, cut to 40 characters. */
function shownName(name: string): string {
  const chars = [...name]
  const cut = chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : name
  return `'${cut.replace(new RegExp(`[\\p{Cc}${DIRECTION_MARK_CHARS}]`, 'gu'), (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`)}'`
}

/** Ids and revision numbers a backup repeats would clash in the library, and numbers past MAX_REVISION could not be saved on from: refuse the file, naming them. */
function assertUniqueIds(backup: LibraryBackup): void {
  const rosters = new Set<string>()
  for (const r of backup.rosters) {
    if (rosters.has(r.id)) throw new StoreError('invalid', `not a usable backup: roster ${r.id} appears twice`)
    rosters.add(r.id)
    const revisions = new Set<number>()
    for (const v of r.revisions) {
      if (!Number.isSafeInteger(v.revision) || v.revision < 1 || v.revision > MAX_REVISION) throw new StoreError('invalid', `not a usable backup: roster ${r.id} has a revision numbered ${v.revision} (revisions are numbered from 1 to ${MAX_REVISION})`)
      if (revisions.has(v.revision)) throw new StoreError('invalid', `not a usable backup: roster ${r.id} has revision ${v.revision} twice`)
      revisions.add(v.revision)
    }
  }
}

export function assertBackup(data: unknown, validate: (d: unknown) => string | null): LibraryBackup {
  const problem = validate(data)
  if (problem) throw new StoreError('invalid', `not a Muster library backup: ${problem}`)
  return data as LibraryBackup
}
