// A library row as SQLite gives it and as the app sees it, and the filters and sorts of a list: what
// listing and searching share (kept apart so neither imports the other).
import type { ListOptions, RosterRow } from './types'
import { FINISHED_SIDES } from './game-sides'

export interface RawRow {
  id: string
  name: string
  ruleset: string
  army: string
  created_at: string
  updated_at: string
  current_revision: number
  folder_id: string | null
  favourite: number
  deleted_at: string | null
  points: number | null
  points_limit: number | null
  valid: number | null
  error_count: number | null
  todo_count: number | null
  data_version: string | null
  data_changed: number
  tags: string | null
}

/** A roster's columns and its tags (a JSON array), for a query whose FROM names the rosters table `r`. */
export const ROW_SELECT_COLUMNS = `SELECT r.*, (SELECT json_group_array(tag) FROM (SELECT tag FROM tags WHERE roster_id = r.id ORDER BY tag)) AS tags`
export const ROW_SELECT = `${ROW_SELECT_COLUMNS} FROM rosters r`

export function toRow(raw: RawRow): RosterRow {
  return {
    id: raw.id,
    name: raw.name,
    ruleset: raw.ruleset,
    army: raw.army,
    createdAt: raw.created_at,
    updatedAt: raw.updated_at,
    revision: raw.current_revision,
    folderId: raw.folder_id,
    favourite: raw.favourite === 1,
    deletedAt: raw.deleted_at,
    points: raw.points,
    pointsLimit: raw.points_limit,
    valid: raw.valid === null ? null : raw.valid === 1,
    errorCount: raw.error_count,
    todoCount: raw.todo_count,
    dataVersion: raw.data_version,
    dataChanged: raw.data_changed === 1,
    tags: raw.tags ? (JSON.parse(raw.tags) as string[]) : []
  }
}

export const SORTS: Record<NonNullable<ListOptions['sort']>, string> = {
  updated: 'r.updated_at DESC',
  created: 'r.created_at DESC',
  name: 'r.name COLLATE NOCASE ASC',
  points: 'r.points DESC'
}

export function listWhere(opts: ListOptions): { where: string; params: unknown[] } {
  const clauses = [opts.trash ? 'r.deleted_at IS NOT NULL' : 'r.deleted_at IS NULL']
  const params: unknown[] = []
  const add = (clause: string, value: unknown) => {
    clauses.push(clause)
    params.push(value)
  }
  if (opts.ruleset) add('r.ruleset = ?', opts.ruleset)
  // A folder's rosters, or (null) those in no folder.
  if (opts.folderId === null) clauses.push('r.folder_id IS NULL')
  else if (opts.folderId) add('r.folder_id = ?', opts.folderId)
  if (opts.favourite !== undefined) add('r.favourite = ?', opts.favourite ? 1 : 0)
  if (opts.valid !== undefined) add('r.valid = ?', opts.valid ? 1 : 0)
  if (opts.dataChanged !== undefined) add('r.data_changed = ?', opts.dataChanged ? 1 : 0)
  if (opts.tag) add('EXISTS (SELECT 1 FROM tags t WHERE t.roster_id = r.id AND t.tag = ?)', opts.tag)
  // Its record (the games table): a finished game played, or won, on either side.
  if (opts.played !== undefined) clauses.push(`${opts.played ? '' : 'NOT '}${PLAYED}`)
  if (opts.won === true) clauses.push(WON)
  else if (opts.won === false) clauses.push(`${PLAYED} AND NOT ${WON}`)
  return { where: clauses.join(' AND '), params }
}

const PLAYED = `EXISTS (SELECT 1 FROM (${FINISHED_SIDES}) s WHERE s.roster = r.id)`
const WON = `EXISTS (SELECT 1 FROM (${FINISHED_SIDES}) s WHERE s.roster = r.id AND s.winner = s.side)`
