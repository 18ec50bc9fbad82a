// Games at the table in the library (migration 7): a game's sheet, and its taps one row each. Every
// write is one BEGIN IMMEDIATE transaction that reads what it checks and writes in the same breath
// (as changeCollection does), so a tap the caller was told is saved survives a kill, and no other
// writer's tap can fall between the check and the write. What a tap may be is the caller's to judge
// (services/games.ts): the store keeps JSON it is given.
import { randomUUID } from '../files/node-crypto'
import { statement, writeTransaction, type Db } from './open'
import { StoreError } from './rosters'
import type { GameRecord } from './types'
import { FINISHED_SIDES } from './game-sides'

/** A game's row as SQLite gives it (with its count of taps). */
export interface RawGame {
  id: string
  ruleset: string
  created_at: string
  updated_at: string
  finished_at: string | null
  sheet: string
  roster_0_id: string | null
  roster_1_id: string | null
  player_0: string | null
  player_1: string | null
  result: string | null
  taps: number
}

export interface StoredGame<Sheet = unknown, Result = unknown> {
  id: string
  ruleset: string
  createdAt: string
  updatedAt: string
  finishedAt: string | null
  sheet: Sheet
  rosterIds: [string | null, string | null]
  players: [string | null, string | null]
  result: Result | null
  /** How many taps it holds. */
  taps: number
}

export interface NewGame {
  ruleset: string
  sheet: unknown
  rosterIds: [string | null, string | null]
  players: [string | null, string | null]
}

const now = () => new Date().toISOString()

const GAME_COLUMNS = 'g.*, (SELECT count(*) FROM game_taps t WHERE t.game_id = g.id) AS taps'

function toGame<S, R>(raw: RawGame): StoredGame<S, R> {
  return {
    id: raw.id,
    ruleset: raw.ruleset,
    createdAt: raw.created_at,
    updatedAt: raw.updated_at,
    finishedAt: raw.finished_at,
    sheet: JSON.parse(raw.sheet) as S,
    rosterIds: [raw.roster_0_id, raw.roster_1_id],
    players: [raw.player_0, raw.player_1],
    result: raw.result === null ? null : (JSON.parse(raw.result) as R),
    taps: raw.taps
  }
}

export function createGame(db: Db, game: NewGame): string {
  const id = randomUUID()
  const at = now()
  writeTransaction(db, () =>
    statement(
      db,
      'INSERT INTO games (id, ruleset, created_at, updated_at, sheet, roster_0_id, roster_1_id, player_0, player_1) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'
    ).run(id, game.ruleset, at, at, JSON.stringify(game.sheet), game.rosterIds[0], game.rosterIds[1], game.players[0], game.players[1])
  )
  return id
}

function rawGame(db: Db, id: string): RawGame {
  const raw = statement(db, `SELECT ${GAME_COLUMNS} FROM games g WHERE g.id = ?`).get(id) as RawGame | undefined
  if (!raw) throw new StoreError('not-found', `no game with id '${id}' in the library (it may have been deleted)`)
  return raw
}

export function getGame<S = unknown, R = unknown>(db: Db, id: string): StoredGame<S, R> {
  return toGame<S, R>(rawGame(db, id))
}

/** A game's taps, oldest first. */
export function gameTaps<T = unknown>(db: Db, id: string): T[] {
  return (statement(db, 'SELECT tap FROM game_taps WHERE game_id = ? ORDER BY seq').all(id) as Array<{ tap: string }>).map((r) => JSON.parse(r.tap) as T)
}

function refuseFinished(raw: RawGame): void {
  if (raw.finished_at !== null) throw new StoreError('conflict', 'this game is over and its result kept: it takes no more taps')
}

/**
 * One tap saved: the game and its taps read, `make` given them (it gives the tap to store, or throws,
 * in the player's words, to refuse it: then nothing is written), the tap appended, all in one write
 * transaction. Returns every tap, the new one last.
 */
export function appendTap<T>(db: Db, id: string, make: (sheet: unknown, taps: T[]) => T): T[] {
  return writeTransaction(db, () => {
    const raw = rawGame(db, id)
    refuseFinished(raw)
    const taps = gameTaps<T>(db, id)
    const tap = make(JSON.parse(raw.sheet), taps)
    const at = now()
    insertTap(db, id, tap, at)
    statement(db, 'UPDATE games SET updated_at = ? WHERE id = ?').run(at, id)
    return [...taps, tap]
  })
}

function insertTap(db: Db, id: string, tap: unknown, at: string): void {
  statement(db, 'INSERT INTO game_taps (game_id, seq, tap, at) VALUES (?, (SELECT coalesce(max(seq), 0) + 1 FROM game_taps WHERE game_id = ?), ?, ?)').run(
    id,
    id,
    JSON.stringify(tap),
    at
  )
}

/**
 * The game's taps from `keep` on replaced by others (a phone's posted list), all or nothing: `make` is
 * given the sheet and every tap held, and gives how many to keep and what follows them, or throws in
 * the player's words (then nothing is written). Returns every tap after.
 */
export function replaceTail<T>(db: Db, id: string, make: (sheet: unknown, taps: T[]) => { keep: number; taps: T[] }): T[] {
  return writeTransaction(db, () => {
    const raw = rawGame(db, id)
    refuseFinished(raw)
    const held = gameTaps<T>(db, id)
    const { keep, taps } = make(JSON.parse(raw.sheet), held)
    if (!Number.isInteger(keep) || keep < 0 || keep > held.length) throw new RangeError(`keep ${keep} of ${held.length} taps`)
    const at = now()
    statement(db, 'DELETE FROM game_taps WHERE game_id = ? AND seq NOT IN (SELECT seq FROM game_taps WHERE game_id = ? ORDER BY seq LIMIT ?)').run(id, id, keep)
    for (const tap of taps) insertTap(db, id, tap, at)
    if (keep < held.length || taps.length > 0) statement(db, 'UPDATE games SET updated_at = ? WHERE id = ?').run(at, id)
    return [...held.slice(0, keep), ...taps]
  })
}

/** The latest tap removed, in one transaction; the taps left, and the one removed (null: there was none). */
export function removeLastTap<T>(db: Db, id: string): { taps: T[]; undone: T | null } {
  return writeTransaction(db, () => {
    refuseFinished(rawGame(db, id))
    const last = statement(db, 'SELECT seq, tap FROM game_taps WHERE game_id = ? ORDER BY seq DESC LIMIT 1').get(id) as { seq: number; tap: string } | undefined
    if (last) {
      statement(db, 'DELETE FROM game_taps WHERE game_id = ? AND seq = ?').run(id, last.seq)
      statement(db, 'UPDATE games SET updated_at = ? WHERE id = ?').run(now(), id)
    }
    return { taps: gameTaps<T>(db, id), undone: last ? (JSON.parse(last.tap) as T) : null }
  })
}

/**
 * The game finished: `decide` is given its sheet and taps (and may name taps to append first, such as
 * the players' agreed result) and gives the result to keep; all in one transaction. A finished game is
 * refused (its result stays as kept).
 */
export function finishGame<T, R>(db: Db, id: string, decide: (sheet: unknown, taps: T[], finishedAt: string) => { append?: T[]; result: R }): R {
  return writeTransaction(db, () => {
    const raw = rawGame(db, id)
    if (raw.finished_at !== null) throw new StoreError('conflict', 'this game is already over: its result is kept as it was')
    const at = now()
    const { append = [], result } = decide(JSON.parse(raw.sheet), gameTaps<T>(db, id), at)
    for (const tap of append) insertTap(db, id, tap, at)
    statement(db, 'UPDATE games SET finished_at = ?, updated_at = ?, result = ? WHERE id = ?').run(at, at, JSON.stringify(result), id)
    return result
  })
}

/** The game and its taps deleted; whether there was one. */
export function deleteGame(db: Db, id: string): boolean {
  return writeTransaction(db, () => statement(db, 'DELETE FROM games WHERE id = ?').run(id).changes > 0)
}

/** Which games: listGames's filters (the IPC contract and the CLI carry them as services/game-types.ts GameListOptions). */
export interface GameQuery {
  /** Only games a library roster played (either side). */
  roster?: string
  /** Only games a player played (either side; case aside). */
  player?: string
  /** Only finished games (true) or those still being played (false). */
  finished?: boolean
  ruleset?: string
  limit?: number
  offset?: number
}

/** Games, newest first (by their last tap), and how many match. */
export function listGames<S = unknown, R = unknown>(db: Db, q: GameQuery = {}): { rows: Array<StoredGame<S, R>>; total: number } {
  const clauses: string[] = []
  const params: unknown[] = []
  if (q.roster !== undefined) {
    clauses.push('(g.roster_0_id = ? OR g.roster_1_id = ?)')
    params.push(q.roster, q.roster)
  }
  if (q.player !== undefined) {
    clauses.push('(g.player_0 = ? COLLATE NOCASE OR g.player_1 = ? COLLATE NOCASE)')
    params.push(q.player.trim(), q.player.trim())
  }
  if (q.finished !== undefined) clauses.push(q.finished ? 'g.finished_at IS NOT NULL' : 'g.finished_at IS NULL')
  if (q.ruleset !== undefined) {
    clauses.push('g.ruleset = ?')
    params.push(q.ruleset)
  }
  const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : ''
  const limit = Math.min(Math.max(q.limit ?? 50, 1), 1000)
  const offset = Math.max(q.offset ?? 0, 0)
  const rows = statement(db, `SELECT ${GAME_COLUMNS} FROM games g ${where} ORDER BY g.updated_at DESC, g.rowid DESC LIMIT ? OFFSET ?`).all(
    ...params,
    limit,
    offset
  ) as RawGame[]
  const total = (statement(db, `SELECT count(*) AS n FROM games g ${where}`).get(...params) as { n: number }).n
  return { rows: rows.map((r) => toGame<S, R>(r)), total }
}

const TALLY = `count(*) AS games, coalesce(sum(winner = side), 0) AS wins,
  coalesce(sum(winner IS NOT NULL AND winner <> side), 0) AS losses, coalesce(sum(winner IS NULL), 0) AS draws`

/** A library roster's record: its finished games, on either side. */
export function rosterRecord(db: Db, rosterId: string): GameRecord {
  return statement(db, `SELECT ${TALLY} FROM (${FINISHED_SIDES}) WHERE roster = ?`).get(rosterId) as GameRecord
}

/** A player's record: the finished games a side of which they played (names compared case aside). */
export function playerRecord(db: Db, player: string): GameRecord {
  return statement(db, `SELECT ${TALLY} FROM (${FINISHED_SIDES}) WHERE player = ? COLLATE NOCASE`).get(player.trim()) as GameRecord
}

/** The records of some library rosters at once (a page of the library's list); rosters with no finished game get zeros. */
export function rosterRecords(db: Db, rosterIds: string[]): Map<string, GameRecord> {
  const records = new Map<string, GameRecord>(rosterIds.map((id) => [id, { games: 0, wins: 0, losses: 0, draws: 0 }]))
  if (rosterIds.length === 0) return records
  const rows = statement(db, `SELECT roster, ${TALLY} FROM (${FINISHED_SIDES}) WHERE roster IN (SELECT value FROM json_each(?)) GROUP BY roster`).all(
    JSON.stringify(rosterIds)
  ) as Array<GameRecord & { roster: string }>
  for (const { roster, ...record } of rows) records.set(roster, record)
  return records
}

/** The library rosters (outside the trash) named so, case aside: for a record asked by name. */
export function rostersNamed(db: Db, name: string): Array<{ id: string; name: string }> {
  return statement(db, 'SELECT id, name FROM rosters WHERE name = ? COLLATE NOCASE AND deleted_at IS NULL ORDER BY updated_at DESC LIMIT 10').all(
    name.trim()
  ) as Array<{
    id: string
    name: string
  }>
}

/** Whether any game names this player (case aside), finished or not. */
export function playerHasGames(db: Db, name: string): boolean {
  const n = name.trim()
  return statement(db, 'SELECT 1 FROM games WHERE player_0 = ? COLLATE NOCASE OR player_1 = ? COLLATE NOCASE LIMIT 1').get(n, n) !== undefined
}
