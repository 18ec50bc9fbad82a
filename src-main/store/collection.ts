// The player's collection in the library: one document a revision (migration 6), so it has the
// history and undo a roster has. The document is checked by the caller (services/collection.ts)
// against schemas/collection.schema.json before it is stored.
import type { CollectionFile, CollectionItem } from '../generated-types/collection'
import { statement, writeTransaction, type Db } from './open'

export type { CollectionFile, CollectionItem }

export interface CollectionRevision {
  revision: number
  savedAt: string
  message: string | null
  items: number
}

const EMPTY: CollectionFile = { format: 'muster-collection', version: 1, items: [] }

/** The collection as it stands (the highest revision), and that revision's number (0 when nothing was ever saved). */
export function getCollection(db: Db, revision?: number): { revision: number; collection: CollectionFile } {
  const row = (
    revision === undefined
      ? statement(db, 'SELECT revision, document FROM collection_revisions ORDER BY revision DESC LIMIT 1').get()
      : statement(db, 'SELECT revision, document FROM collection_revisions WHERE revision = ?').get(revision)
  ) as { revision: number; document: string } | undefined
  if (!row) {
    if (revision !== undefined) throw new Error(`The collection has no revision ${revision}.`)
    return { revision: 0, collection: EMPTY }
  }
  return { revision: row.revision, collection: JSON.parse(row.document) as CollectionFile }
}

/** Stores the collection as a new revision; returns its number. */
export function saveCollection(db: Db, collection: CollectionFile, message: string | null = null): number {
  return writeTransaction(db, () => appendCollection(db, collection, message))
}

/** What one change of the collection makes of it: the next collection to store (none: nothing is stored), and what to answer. */
export interface CollectionChange<R> {
  next?: CollectionFile
  message?: string
  result: R
}

/**
 * One change of the collection: the newest revision read, handed to `change`, and what it makes
 * stored as the next revision, all inside one write transaction (BEGIN IMMEDIATE). No other
 * writer's change (the app's, another command's) can fall between the read and the write, so none
 * is lost. `revision` is the one stored, or the one read when nothing was.
 */
export function changeCollection<R>(
  db: Db,
  change: (current: { revision: number; collection: CollectionFile }) => CollectionChange<R>
): { revision: number; result: R } {
  return writeTransaction(db, () => {
    const current = getCollection(db)
    const { next, message, result } = change(current)
    return { revision: next ? appendCollection(db, next, message ?? null) : current.revision, result }
  })
}

/** The same, inside a transaction the caller holds (a restore). */
export function appendCollection(db: Db, collection: CollectionFile, message: string | null): number {
  const last = statement(db, 'SELECT max(revision) AS last FROM collection_revisions').get() as { last: number | null }
  const revision = (last.last ?? 0) + 1
  const { exportedAt: _leftOut, $schema: _noSchema, ...stored } = collection
  statement(db, 'INSERT INTO collection_revisions (revision, document, saved_at, message) VALUES (?, ?, ?, ?)').run(
    revision,
    JSON.stringify(stored),
    new Date().toISOString(),
    message
  )
  return revision
}

/** Every revision, newest first, with how many items each held. */
export function listCollectionRevisions(db: Db): CollectionRevision[] {
  const rows = statement(
    db,
    "SELECT revision, saved_at, message, json_array_length(document, '$.items') AS items FROM collection_revisions ORDER BY revision DESC"
  ).all() as Array<{ revision: number; saved_at: string; message: string | null; items: number }>
  return rows.map((r) => ({ revision: r.revision, savedAt: r.saved_at, message: r.message, items: r.items }))
}

/** Every revision, oldest first, whole: for a backup. */
export function collectionHistory(db: Db): Array<{ revision: number; savedAt: string; message: string | null; document: CollectionFile }> {
  const rows = statement(db, 'SELECT revision, saved_at, message, document FROM collection_revisions ORDER BY revision').all() as Array<{
    revision: number
    saved_at: string
    message: string | null
    document: string
  }>
  return rows.map((r) => ({ revision: r.revision, savedAt: r.saved_at, message: r.message, document: JSON.parse(r.document) as CollectionFile }))
}

/** Puts whole revisions back (a restore into a library whose collection was never saved). */
export function insertCollectionHistory(
  db: Db,
  history: Array<{ revision: number; savedAt: string; message?: string | null; document: CollectionFile }>
): void {
  const insert = statement(db, 'INSERT INTO collection_revisions (revision, document, saved_at, message) VALUES (?, ?, ?, ?)')
  for (const h of history) insert.run(h.revision, JSON.stringify(h.document), h.savedAt, h.message ?? null)
}
