// Rosters and their revisions: every save is a new revision, never an overwrite. Functions take
// the database first; every multi-statement write runs in one transaction. The store knows nothing
// of the rules engine: callers pass the check summary (points, validity, data version) they got.
import { randomUUID } from '../files/node-crypto'
import { statement, writeTransaction, type Db } from './open'
import { indexRoster, unindexRoster } from './search'
import { listWhere, ROW_SELECT, SORTS, toRow, type RawRow } from './rows'
import type { CheckSummary, ListOptions, RevisionRow, RosterDocument, RosterRow } from './types'
import { CodedError } from '../../src-shared/coded-error'

export type { CheckSummary, ListOptions, RevisionRow, RosterDocument, RosterRow } from './types'

export class StoreError extends CodedError<'not-found' | 'conflict' | 'invalid'> {
  override name = 'StoreError'
}

const now = () => new Date().toISOString()
const nameOf = (doc: RosterDocument) => (typeof doc.name === 'string' && doc.name.trim() ? doc.name.trim() : 'Untitled roster')

export function getRosterRow(db: Db, id: string): RosterRow {
  const raw = statement(db, `${ROW_SELECT} WHERE r.id = ?`).get(id) as RawRow | undefined
  if (!raw) throw new StoreError('not-found', `no roster with id '${id}' in the library`)
  return toRow(raw)
}

/**
 * A roster's full id from the id or a unique prefix of one (as `muster library list` prints the first
 * 8 characters). Rosters in the trash are found too: one named by its id can still be shown or exported.
 */
export function resolveRosterId(db: Db, given: string): string {
  const rows = statement(db, "SELECT id FROM rosters WHERE id = ? OR id LIKE ? ESCAPE '\\' LIMIT 2").all(
    given,
    `${given.replace(/[%_\\]/g, '\\$&')}%`
  ) as Array<{
    id: string
  }>
  const exact = rows.find((r) => r.id === given)
  if (exact) return exact.id
  if (rows.length === 1) return rows[0].id
  throw new StoreError('not-found', rows.length ? `'${given}' matches several rosters; give more of the id` : `no roster with id '${given}' in the library`)
}

/** The ids of every roster not in the trash, oldest first. */
export function liveRosterIds(db: Db): string[] {
  return (statement(db, 'SELECT id FROM rosters WHERE deleted_at IS NULL ORDER BY created_at').all() as Array<{ id: string }>).map((r) => r.id)
}

export function getDocument(db: Db, id: string, revision?: number): RosterDocument {
  const row = getRosterRow(db, id)
  const wanted = revision ?? row.revision
  const rev = statement(db, 'SELECT document FROM revisions WHERE roster_id = ? AND revision = ?').get(id, wanted) as { document: string } | undefined
  if (!rev) throw new StoreError('not-found', `roster '${row.name}' has no revision ${wanted}`)
  return JSON.parse(rev.document) as RosterDocument
}

/**
 * The roster as a file to hand on (Save as file, library export): its current document with the
 * ruleset data version it was checked against when saved, for the record (roster-format.md
 * `dataVersion`; not part of its check code). A roster saved unchecked keeps what it had.
 */
export function exportDocument(db: Db, id: string): RosterDocument {
  const doc = getDocument(db, id)
  const rev = statement(
    db,
    'SELECT r.data_version AS dataVersion FROM revisions r JOIN rosters s ON s.id = r.roster_id AND s.current_revision = r.revision WHERE s.id = ?'
  ).get(id) as { dataVersion: string | null } | undefined
  return rev?.dataVersion ? { ...doc, dataVersion: rev.dataVersion } : doc
}

function writeSummary(db: Db, id: string, doc: RosterDocument, check: CheckSummary | undefined, at: string, revision: number): void {
  statement(
    db,
    `UPDATE rosters SET name = ?, ruleset = ?, army = ?, updated_at = ?, current_revision = ?,
       points = ?, points_limit = ?, valid = ?, error_count = ?, todo_count = ?, data_version = ?, data_changed = 0 WHERE id = ?`
  ).run(
    nameOf(doc),
    doc.ruleset,
    doc.army,
    at,
    revision,
    check?.points ?? null,
    check?.limit ?? null,
    check ? (check.valid ? 1 : 0) : null,
    check?.errors ?? null,
    check?.todos ?? null,
    check?.dataVersion ?? null,
    id
  )
}

/**
 * A roster's stored check result brought up to date (the data changed under it), without a new
 * revision: the document is as it was, only what the library says of it changes.
 */
export function refreshSummary(db: Db, id: string, check: CheckSummary): void {
  statement(db, 'UPDATE rosters SET points = ?, points_limit = ?, valid = ?, error_count = ?, todo_count = ?, data_version = ? WHERE id = ?').run(
    check.points,
    check.limit,
    check.valid ? 1 : 0,
    check.errors,
    check.todos ?? null,
    check.dataVersion,
    id
  )
}

/** Marks the rosters new data changed (shown in the library until each is saved or brought up to date). */
export function markDataChanged(db: Db, ids: string[]): void {
  const mark = statement(db, 'UPDATE rosters SET data_changed = 1 WHERE id = ?')
  writeTransaction(db, () => {
    for (const id of ids) mark.run(id)
  })
}

/** Every mark of new data taken off (the player has seen them); how many there were. */
export function clearDataMarks(db: Db): number {
  return writeTransaction(db, () => statement(db, 'UPDATE rosters SET data_changed = 0 WHERE data_changed = 1').run().changes)
}

/** A fact the library keeps about itself (the meta table); undefined when never set. */
export function getMeta(db: Db, key: string): string | undefined {
  return (statement(db, 'SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value
}

export function setMeta(db: Db, key: string, value: string): void {
  statement(db, 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value)
}

function insertRevision(
  db: Db,
  id: string,
  revision: number,
  doc: RosterDocument,
  check: CheckSummary | undefined,
  at: string,
  message: string | undefined
): void {
  statement(db, 'INSERT INTO revisions (roster_id, revision, document, saved_at, points, valid, data_version, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
    id,
    revision,
    JSON.stringify(doc),
    at,
    check?.points ?? null,
    check ? (check.valid ? 1 : 0) : null,
    check?.dataVersion ?? null,
    message ?? null
  )
}

export interface CreateOptions {
  id?: string
  folderId?: string | null
  tags?: string[]
  favourite?: boolean
  createdAt?: string
  check?: CheckSummary
  message?: string
}

export function createRoster(db: Db, doc: RosterDocument, opts: CreateOptions = {}): { id: string; revision: number } {
  const id = opts.id ?? randomUUID()
  const at = opts.createdAt ?? now()
  writeTransaction(db, () => {
    if (statement(db, 'SELECT 1 FROM rosters WHERE id = ?').get(id)) throw new StoreError('conflict', `a roster with id '${id}' is already in the library`)
    statement(
      db,
      'INSERT INTO rosters (id, name, ruleset, army, created_at, updated_at, current_revision, folder_id, favourite) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)'
    ).run(id, nameOf(doc), doc.ruleset, doc.army, at, at, opts.folderId ?? null, opts.favourite ? 1 : 0)
    insertRevision(db, id, 1, doc, opts.check, at, opts.message ?? 'created')
    writeSummary(db, id, doc, opts.check, at, 1)
    const addTag = statement(db, 'INSERT OR IGNORE INTO tags (roster_id, tag) VALUES (?, ?)')
    for (const tag of opts.tags ?? []) if (tag.trim()) addTag.run(id, tag.trim())
    indexRoster(db, id, doc, opts.check)
  })
  return { id, revision: 1 }
}

/**
 * The highest revision number a library keeps as it is: a roster saved every second for thirty
 * years stays below it, and it leaves room for more saves before numbers stop being exact in
 * JavaScript (2^53), where the next number would equal the last and every save fail. A restore
 * renumbers 1, 2, 3... (in order) the revisions of a roster whose numbers go past it.
 */
export const MAX_REVISION = 1_000_000_000

/**
 * The highest revision number a backup may carry (schemas/library-export.schema.json says the same):
 * the largest SQLite can hold (2^63 - 1, which JSON reads as 2^63), so every backup a Muster wrote,
 * even of a library an older Muster restored a huge number into, restores (renumbered).
 */
export const BACKUP_REVISION_MAX = 2 ** 63

/** The highest points limit a backup's roster may have (schemas/library-export.schema.json says the same): the app's editor takes none higher. */
export const BACKUP_POINTS_LIMIT_MAX = 1_000_000

/** The number a roster's next save takes; refused in words once numbers would stop being exact (a library an older Muster restored such a backup into). */
function nextRevision(db: Db, id: string): number {
  const last =
    (statement(db, 'SELECT max(revision) AS n FROM revisions WHERE roster_id = ? -- as BigInt').safeIntegers(true).get(id) as { n: bigint | null }).n ?? 0n
  if (last + 1n > BigInt(Number.MAX_SAFE_INTEGER)) {
    const name = (statement(db, 'SELECT name FROM rosters WHERE id = ?').get(id) as { name: string }).name
    throw new StoreError(
      'invalid',
      `roster '${name}' cannot be saved again: its revisions are numbered so high (the last is ${last}, set by a backup an older Muster restored) that Muster cannot number another. Duplicate the roster and carry on with the copy, or back up the library and restore the backup into a new one, which numbers them afresh.`
    )
  }
  return Number(last) + 1
}

/** Saves a new revision of a roster (never overwrites one). */
export function saveRevision(db: Db, id: string, doc: RosterDocument, check?: CheckSummary, message?: string): number {
  return writeTransaction(db, () => {
    const row = statement(db, 'SELECT current_revision, deleted_at FROM rosters WHERE id = ?').get(id) as
      { current_revision: number; deleted_at: string | null } | undefined
    if (!row) throw new StoreError('not-found', `no roster with id '${id}' in the library`)
    const revision = nextRevision(db, id)
    const at = now()
    insertRevision(db, id, revision, doc, check, at, message)
    writeSummary(db, id, doc, check, at, revision)
    indexRoster(db, id, doc, check)
    return revision
  })
}

export function listRevisions(db: Db, id: string): RevisionRow[] {
  getRosterRow(db, id)
  return (
    statement(db, 'SELECT revision, saved_at, points, valid, data_version, message FROM revisions WHERE roster_id = ? ORDER BY revision DESC').all(
      id
    ) as Array<{
      revision: number
      saved_at: string
      points: number | null
      valid: number | null
      data_version: string | null
      message: string | null
    }>
  ).map((r) => ({
    revision: r.revision,
    savedAt: r.saved_at,
    points: r.points,
    valid: r.valid === null ? null : r.valid === 1,
    dataVersion: r.data_version,
    message: r.message
  }))
}

/** Restoring an old revision saves it again as the newest, so nothing is lost either way. */
export function restoreRevision(db: Db, id: string, revision: number, check?: CheckSummary): number {
  const doc = getDocument(db, id, revision)
  return saveRevision(db, id, doc, check, `restored revision ${revision}`)
}

export function duplicateRoster(db: Db, id: string, name?: string, summarise?: Summarise): string {
  const row = getRosterRow(db, id)
  const doc = getDocument(db, id)
  const copy = { ...doc, name: name ?? `${row.name} (copy)` }
  return createRoster(db, copy, {
    folderId: row.folderId,
    tags: row.tags,
    check: summarise?.(copy) ?? storedSummary(row),
    message: `duplicated from ${row.name}`
  }).id
}

/** The engine's summary of a document (library-checks.ts): with it, the search index keeps the army's and troops' names. */
export type Summarise = (doc: RosterDocument) => CheckSummary

/** The check result the library stored for a roster (a name does not change it); undefined if none. */
function storedSummary(row: RosterRow): CheckSummary | undefined {
  return row.valid === null || row.points === null
    ? undefined
    : {
        points: row.points,
        limit: row.pointsLimit,
        valid: row.valid,
        errors: row.errorCount ?? 0,
        todos: row.todoCount ?? undefined,
        dataVersion: row.dataVersion ?? ''
      }
}

/**
 * A new revision with another name; its verdict (checked again when `summarise` is given, else as
 * stored) and any "data changed" mark stay.
 */
export function renameRoster(db: Db, id: string, name: string, summarise?: Summarise): number {
  const clean = name.trim()
  if (!clean) throw new StoreError('invalid', 'a roster name cannot be empty')
  return writeTransaction(db, () => {
    const row = getRosterRow(db, id)
    const doc = { ...getDocument(db, id), name: clean }
    const revision = saveRevision(db, id, doc, summarise?.(doc) ?? storedSummary(row), `renamed to ${clean}`)
    if (row.dataChanged) markDataChanged(db, [id])
    return revision
  })
}

export function setFavourite(db: Db, id: string, favourite: boolean): void {
  writeTransaction(db, () => {
    getRosterRow(db, id)
    statement(db, 'UPDATE rosters SET favourite = ? WHERE id = ?').run(favourite ? 1 : 0, id)
  })
}

export function setTags(db: Db, id: string, tags: string[]): void {
  writeTransaction(db, () => {
    getRosterRow(db, id)
    statement(db, 'DELETE FROM tags WHERE roster_id = ?').run(id)
    const add = statement(db, 'INSERT OR IGNORE INTO tags (roster_id, tag) VALUES (?, ?)')
    for (const t of tags) if (t.trim()) add.run(id, t.trim())
    indexRoster(db, id, getDocument(db, id))
  })
}

/** Moves to the trash (restorable); emptyTrash removes for good. */
export function trashRoster(db: Db, id: string): void {
  writeTransaction(db, () => {
    getRosterRow(db, id)
    statement(db, 'UPDATE rosters SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL').run(now(), id)
  })
}

export function restoreFromTrash(db: Db, id: string): void {
  writeTransaction(db, () => {
    getRosterRow(db, id)
    statement(db, 'UPDATE rosters SET deleted_at = NULL WHERE id = ?').run(id)
  })
}

export function emptyTrash(db: Db): number {
  return writeTransaction(db, () => {
    const ids = (statement(db, 'SELECT id FROM rosters WHERE deleted_at IS NOT NULL').all() as Array<{ id: string }>).map((r) => r.id)
    for (const id of ids) unindexRoster(db, id)
    statement(db, 'DELETE FROM rosters WHERE deleted_at IS NOT NULL').run()
    return ids.length
  })
}

export function listRosters(db: Db, opts: ListOptions = {}): { rows: RosterRow[]; total: number } {
  const { where, params } = listWhere(opts)
  const limit = Math.min(Math.max(opts.limit ?? 50, 1), 1000)
  const offset = Math.max(opts.offset ?? 0, 0)
  const rows = (
    statement(db, `${ROW_SELECT} WHERE ${where} ORDER BY ${SORTS[opts.sort ?? 'updated']} LIMIT ? OFFSET ?`).all(...params, limit, offset) as RawRow[]
  ).map(toRow)
  const total = (statement(db, `SELECT count(*) AS n FROM rosters r WHERE ${where}`).get(...params) as { n: number }).n
  return { rows, total }
}

/** Every tag in use (outside the trash), with how many rosters carry it. */
export function listTags(db: Db): Array<{ tag: string; count: number }> {
  return statement(
    db,
    'SELECT t.tag AS tag, count(*) AS count FROM tags t JOIN rosters r ON r.id = t.roster_id WHERE r.deleted_at IS NULL GROUP BY t.tag ORDER BY t.tag COLLATE NOCASE'
  ).all() as Array<{ tag: string; count: number }>
}
