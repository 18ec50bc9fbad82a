// Full-text search over the library (SQLite FTS5): roster names, notes, armies and troops, tags.
// The index row of a roster shares its rowid and is rewritten in the same transaction as a save.
import type { Db } from './open'
import { statement } from './open'
import { listWhere, ROW_SELECT_COLUMNS, toRow, type RawRow } from './rows'
import type { ListOptions, RosterRow } from './types'
import type { CheckSummary, RosterDocument } from './types'

const words = (id: unknown) => (typeof id === 'string' ? id.replace(/-/g, ' ') : '')

export function indexRoster(db: Db, id: string, doc: RosterDocument, check?: CheckSummary): void {
  const rowid = (statement(db, 'SELECT rowid FROM rosters WHERE id = ?').get(id) as { rowid: number }).rowid
  const tags = (statement(db, 'SELECT tag FROM tags WHERE roster_id = ?').all(id) as Array<{ tag: string }>).map((t) => t.tag).join(' ')
  const units = Array.isArray(doc.units) ? doc.units : []
  const troops = [...units.map((u) => `${words(u.troop)} ${typeof u.name === 'string' ? u.name : ''}`), ...(check?.troopNames ?? [])].join(' ')
  const army = `${words(doc.army)} ${words(doc.ruleset)} ${check?.armyName ?? ''}`
  statement(db, 'DELETE FROM roster_search WHERE rowid = ?').run(rowid)
  statement(db, 'INSERT INTO roster_search (rowid, name, notes, army, troops, tags) VALUES (?, ?, ?, ?, ?, ?)').run(
    rowid,
    typeof doc.name === 'string' ? doc.name : '',
    typeof doc.notes === 'string' ? doc.notes : '',
    army,
    troops,
    tags
  )
}

export function unindexRoster(db: Db, id: string): void {
  const row = statement(db, 'SELECT rowid FROM rosters WHERE id = ?').get(id) as { rowid: number } | undefined
  if (row) statement(db, 'DELETE FROM roster_search WHERE rowid = ?').run(row.rowid)
}

/** Each word of the query as a quoted prefix term, so any input is a valid FTS5 query. */
export function ftsQuery(text: string): string | null {
  const terms = text.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []
  if (terms.length === 0) return null
  return terms
    .slice(0, 12)
    .map((t) => `"${t}"*`)
    .join(' ')
}

export function searchRosters(db: Db, text: string, opts: ListOptions = {}): { rows: RosterRow[]; total: number } {
  const match = ftsQuery(text)
  if (!match) return { rows: [], total: 0 }
  const { where, params } = listWhere(opts)
  const limit = Math.min(Math.max(opts.limit ?? 50, 1), 1000)
  const offset = Math.max(opts.offset ?? 0, 0)
  const from = `FROM roster_search s JOIN rosters r ON r.rowid = s.rowid WHERE roster_search MATCH ? AND ${where}`
  const rows = statement(db, `${ROW_SELECT_COLUMNS} ${from} ORDER BY bm25(roster_search, 10.0, 2.0, 5.0, 3.0, 4.0), r.updated_at DESC LIMIT ? OFFSET ?`).all(
    match,
    ...params,
    limit,
    offset
  ) as RawRow[]
  const total = (statement(db, `SELECT count(*) AS n ${from}`).get(match, ...params) as { n: number }).n
  return { rows: rows.map(toRow), total }
}
