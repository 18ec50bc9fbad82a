// Events run in the library (migration 8): the profile, the players from their rosters (every roster
// kept by revision), the rounds and their tables with results. Every change is one BEGIN IMMEDIATE
// transaction (changeEvent) that reads what it checks and writes in the same breath, so a result the
// caller was told is saved survives a kill and no other writer's change falls between. What a change
// may be is the caller's to judge (services/event-day.ts): the store keeps what it is given.
import { randomUUID } from '../files/node-crypto'
import { statement, writeTransaction, type Db } from './open'
import { StoreError } from './rosters'
import type { EventPlayer, PairedTable, PlayerStatus, TableResult } from '../../src-shared/event-day-types'

// The store knows no event rules (.dependency-cruiser.cjs): it keeps the shapes the service hands in
// and reads out (src-shared/event-day-types.ts); a result is kept as the JSON it is given.
export type { PlayerStatus }

export type ResultSource = 'typed' | 'slip' | 'phone'

export interface StoredEvent<P = unknown> {
  id: string
  name: string
  profile: P
  createdAt: string
  updatedAt: string
}

/** A player as the library keeps them: the shared shape, whether the organiser overrode a hold, and their roster. */
export interface StoredPlayer extends Omit<EventPlayer, 'fixedTable'> {
  overridden: boolean
  revision: number
  roster: unknown
}

export interface StoredTable extends PairedTable {
  result: TableResult | null
  resultSource: ResultSource | null
  resultAt: string | null
}

export interface StoredRound {
  round: number
  pairedAt: string
  tables: StoredTable[]
}

/** A roster as entered: what the player row will hold. */
export interface EnteredRoster {
  name: string
  club?: string | null
  country?: string | null
  ruleset: string
  army: string
  armyTitle: string
  roster: unknown
  checkCode: string
  heldReasons: string[]
}

const now = () => new Date().toISOString()
const json = (v: unknown) => JSON.stringify(v)

interface RawPlayer {
  id: string
  name: string
  club: string | null
  country: string | null
  status: PlayerStatus
  held_reasons: string | null
  overridden: number
  joined_round: number
  ruleset: string
  army: string
  army_title: string
  roster: string
  check_code: string
  revision: number
}

function toPlayer(r: RawPlayer): StoredPlayer {
  const reasons = r.held_reasons === null ? [] : (JSON.parse(r.held_reasons) as string[])
  return {
    id: r.id,
    name: r.name,
    ...(r.club !== null ? { club: r.club } : {}),
    ...(r.country !== null ? { country: r.country } : {}),
    checkCode: r.check_code,
    ruleset: r.ruleset,
    army: r.army,
    armyTitle: r.army_title,
    status: r.status,
    ...(reasons.length ? { heldReasons: reasons } : {}),
    joinedRound: r.joined_round,
    overridden: r.overridden === 1,
    revision: r.revision,
    roster: JSON.parse(r.roster) as unknown
  }
}

export function createEvent(db: Db, name: string, profile: unknown): string {
  const id = randomUUID()
  const at = now()
  writeTransaction(db, () =>
    statement(db, 'INSERT INTO events (id, name, profile, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(id, name, json(profile), at, at)
  )
  return id
}

/** The event's full id from its id or its first characters (at least 4, naming one event). */
export function findEventId(db: Db, idOrStart: string): string {
  const s = idOrStart.trim().toLowerCase()
  const exact = statement(db, 'SELECT id FROM events WHERE id = ?').get(s) as { id: string } | undefined
  if (exact) return exact.id
  const found =
    s.length >= 4 && /^[0-9a-f-]+$/.test(s) ? (statement(db, 'SELECT id FROM events WHERE id LIKE ? LIMIT 2').all(`${s}%`) as Array<{ id: string }>) : []
  if (found.length === 1) return found[0].id
  throw new StoreError(
    'invalid',
    found.length > 1 ? `more than one event's id starts '${idOrStart}': give more of it` : `no event with id '${idOrStart}' in the library`
  )
}

export function getEvent<P = unknown>(db: Db, id: string): StoredEvent<P> {
  const r = statement(db, 'SELECT * FROM events WHERE id = ?').get(id) as
    { id: string; name: string; profile: string; created_at: string; updated_at: string } | undefined
  if (!r) throw new StoreError('invalid', `no event with id '${id}' in the library`)
  return { id: r.id, name: r.name, profile: JSON.parse(r.profile) as P, createdAt: r.created_at, updatedAt: r.updated_at }
}

/** The event's players in the order they joined. */
export function eventPlayers(db: Db, id: string): StoredPlayer[] {
  return (statement(db, 'SELECT * FROM event_players WHERE event_id = ? ORDER BY rowid').all(id) as RawPlayer[]).map(toPlayer)
}

/** The event's rounds, first first, each with its tables in order. */
export function eventRounds(db: Db, id: string): StoredRound[] {
  const rounds = statement(db, 'SELECT round, paired_at FROM event_rounds WHERE event_id = ? ORDER BY round').all(id) as Array<{
    round: number
    paired_at: string
  }>
  const tables = statement(db, 'SELECT * FROM event_tables WHERE event_id = ? AND round = ? ORDER BY table_no')
  return rounds.map((r) => ({
    round: r.round,
    pairedAt: r.paired_at,
    tables: (
      tables.all(id, r.round) as Array<{
        table_no: number
        player_a: string
        player_b: string | null
        why: string
        result: string | null
        result_source: ResultSource | null
        result_at: string | null
      }>
    ).map((t) => ({
      table: t.table_no,
      players: t.player_b === null ? [t.player_a] : [t.player_a, t.player_b],
      why: t.why,
      result: t.result === null ? null : (JSON.parse(t.result) as TableResult),
      resultSource: t.result_source,
      resultAt: t.result_at
    }))
  }))
}

/** The rounds as the shared shape (event/day-types.ts RoundRecord): what pairing and standings read. */
export const asRoundRecords = (rounds: StoredRound[]) =>
  rounds.map((r) => ({
    round: r.round,
    tables: r.tables.map((t) => ({ table: t.table, players: t.players, why: t.why, ...(t.result ? { result: t.result } : {}) }))
  }))

/** The event, its players and rounds read in one read transaction: one moment's state, whoever writes meanwhile. */
export function readEvent<P = unknown>(db: Db, id: string): { event: StoredEvent<P>; players: StoredPlayer[]; rounds: StoredRound[] } {
  return db.transaction(() => ({ event: getEvent<P>(db, id), players: eventPlayers(db, id), rounds: eventRounds(db, id) })).deferred()
}

/** What a change of an event may write, inside its transaction. */
export interface EventWriter {
  setProfile(name: string, profile: unknown): void
  setPlace(playerId: string, club: string | null, country: string | null): void
  addPlayer(entered: EnteredRoster, status: PlayerStatus, joinedRound: number): string
  replaceRoster(playerId: string, entered: EnteredRoster, status: PlayerStatus): number
  setStatus(playerId: string, status: PlayerStatus, overridden?: boolean): void
  /** A player's roster checked again (a profile changed): their status and why it is held, the revision as it was. */
  setHeld(playerId: string, status: PlayerStatus, heldReasons: string[]): void
  addRound(round: number, tables: Array<{ table: number; players: [string, string] | [string]; why: string }>): void
  setResult(round: number, table: number, result: TableResult, source: ResultSource): void
}

/**
 * One change of an event: the event, its players and rounds read and handed to `change` with a writer,
 * all in one write transaction. `change` throws, in the organiser's words, to refuse: then nothing is written.
 */
export function changeEvent<R>(
  db: Db,
  id: string,
  change: (state: { event: StoredEvent; players: StoredPlayer[]; rounds: StoredRound[] }, write: EventWriter) => R
): R {
  return writeTransaction(db, () => {
    const event = getEvent(db, id)
    const at = now()
    let changed = false
    const touched = <T>(v: T): T => ((changed = true), v)
    const rosterRow = (playerId: string, revision: number, e: EnteredRoster) =>
      statement(db, 'INSERT INTO event_rosters (event_id, player_id, revision, roster, check_code, held_reasons, entered_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
        id,
        playerId,
        revision,
        json(e.roster),
        e.checkCode,
        e.heldReasons.length ? json(e.heldReasons) : null,
        at
      )
    const write: EventWriter = {
      setProfile(name, profile) {
        statement(db, 'UPDATE events SET name = ?, profile = ? WHERE id = ?').run(name, json(profile), id)
        touched(undefined)
      },
      setPlace(playerId, club, country) {
        statement(db, 'UPDATE event_players SET club = ?, country = ? WHERE event_id = ? AND id = ?').run(club, country, id, playerId)
        touched(undefined)
      },
      addPlayer(e, status, joinedRound) {
        // Past the highest pN held: a restored event's ids need not be dense (p1, p5), so a count could name one twice.
        const { n } = statement(db, "SELECT max(CAST(substr(id, 2) AS INTEGER)) AS n FROM event_players WHERE event_id = ? AND id GLOB 'p[0-9]*'").get(id) as {
          n: number | null
        }
        const playerId = `p${(n ?? 0) + 1}`
        statement(
          db,
          'INSERT INTO event_players (event_id, id, name, club, country, status, held_reasons, joined_round, ruleset, army, army_title, roster, check_code, revision) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)'
        ).run(
          id,
          playerId,
          e.name,
          e.club ?? null,
          e.country ?? null,
          status,
          e.heldReasons.length ? json(e.heldReasons) : null,
          joinedRound,
          e.ruleset,
          e.army,
          e.armyTitle,
          json(e.roster),
          e.checkCode
        )
        rosterRow(playerId, 1, e)
        return touched(playerId)
      },
      replaceRoster(playerId, e, status) {
        const { revision } = statement(db, 'SELECT revision FROM event_players WHERE event_id = ? AND id = ?').get(id, playerId) as { revision: number }
        statement(
          db,
          'UPDATE event_players SET status = ?, held_reasons = ?, overridden = 0, ruleset = ?, army = ?, army_title = ?, roster = ?, check_code = ?, revision = ? WHERE event_id = ? AND id = ?'
        ).run(
          status,
          e.heldReasons.length ? json(e.heldReasons) : null,
          e.ruleset,
          e.army,
          e.armyTitle,
          json(e.roster),
          e.checkCode,
          revision + 1,
          id,
          playerId
        )
        rosterRow(playerId, revision + 1, e)
        return touched(revision + 1)
      },
      setStatus(playerId, status, overridden) {
        statement(db, 'UPDATE event_players SET status = ?, overridden = coalesce(?, overridden) WHERE event_id = ? AND id = ?').run(
          status,
          overridden === undefined ? null : overridden ? 1 : 0,
          id,
          playerId
        )
        touched(undefined)
      },
      setHeld(playerId, status, heldReasons) {
        statement(db, 'UPDATE event_players SET status = ?, held_reasons = ? WHERE event_id = ? AND id = ?').run(
          status,
          heldReasons.length ? json(heldReasons) : null,
          id,
          playerId
        )
        touched(undefined)
      },
      addRound(round, tables) {
        statement(db, 'INSERT INTO event_rounds (event_id, round, paired_at) VALUES (?, ?, ?)').run(id, round, at)
        const insert = statement(db, 'INSERT INTO event_tables (event_id, round, table_no, player_a, player_b, why) VALUES (?, ?, ?, ?, ?, ?)')
        for (const t of tables) insert.run(id, round, t.table, t.players[0], t.players[1] ?? null, t.why)
        touched(undefined)
      },
      setResult(round, table, result, source) {
        statement(db, 'UPDATE event_tables SET result = ?, result_source = ?, result_at = ? WHERE event_id = ? AND round = ? AND table_no = ?').run(
          json(result),
          source,
          at,
          id,
          round,
          table
        )
        touched(undefined)
      }
    }
    const result = change({ event, players: eventPlayers(db, id), rounds: eventRounds(db, id) }, write)
    if (changed) statement(db, 'UPDATE events SET updated_at = ? WHERE id = ?').run(at, id)
    return result
  })
}

/** Every roster a player submitted, oldest first. */
export function playerRosters(
  db: Db,
  id: string,
  playerId: string
): Array<{ revision: number; roster: unknown; checkCode: string; heldReasons: string[]; enteredAt: string }> {
  return (
    statement(
      db,
      'SELECT revision, roster, check_code, held_reasons, entered_at FROM event_rosters WHERE event_id = ? AND player_id = ? ORDER BY revision'
    ).all(id, playerId) as Array<{ revision: number; roster: string; check_code: string; held_reasons: string | null; entered_at: string }>
  ).map((r) => ({
    revision: r.revision,
    roster: JSON.parse(r.roster) as unknown,
    checkCode: r.check_code,
    heldReasons: r.held_reasons === null ? [] : (JSON.parse(r.held_reasons) as string[]),
    enteredAt: r.entered_at
  }))
}

export function listEvents(db: Db): Array<{ id: string; name: string; updatedAt: string }> {
  return (
    statement(db, 'SELECT id, name, updated_at FROM events ORDER BY updated_at DESC, rowid DESC').all() as Array<{
      id: string
      name: string
      updated_at: string
    }>
  ).map((r) => ({ id: r.id, name: r.name, updatedAt: r.updated_at }))
}

/**
 * The event and everything in it deleted, in one transaction; whether there was one. Children first,
 * each by its event id: the schema's cascades would do it too, but only while foreign keys are on.
 */
export function deleteEvent(db: Db, id: string): boolean {
  return writeTransaction(db, () => {
    for (const table of ['event_tables', 'event_rounds', 'event_rosters', 'event_players']) statement(db, `DELETE FROM ${table} WHERE event_id = ?`).run(id)
    return statement(db, 'DELETE FROM events WHERE id = ?').run(id).changes > 0
  })
}

/** Each event as its list shows it, newest change first: counted in SQL, so no roster is read. */
export function eventSummaries(
  db: Db
): Array<{ id: string; name: string; ruleset: string; players: number; rounds: number; roundsComplete: number; updatedAt: string }> {
  // A round is complete when no table of two lacks a result (a bye takes none, nor a table whose two players both dropped).
  const rows = statement(
    db,
    `SELECT e.id, e.name, coalesce(json_extract(e.profile, '$.ruleset'), '') AS ruleset, e.updated_at,
       (SELECT count(*) FROM event_players p WHERE p.event_id = e.id AND p.status != 'dropped') AS players,
       (SELECT count(*) FROM event_rounds r WHERE r.event_id = e.id) AS rounds,
       (SELECT count(*) FROM event_rounds r WHERE r.event_id = e.id AND NOT EXISTS (
          SELECT 1 FROM event_tables t WHERE t.event_id = r.event_id AND t.round = r.round AND t.player_b IS NOT NULL AND t.result IS NULL
            AND (SELECT count(*) FROM event_players p WHERE p.event_id = t.event_id AND p.id IN (t.player_a, t.player_b) AND p.status = 'dropped') < 2)) AS complete
     FROM events e ORDER BY e.updated_at DESC, e.rowid DESC`
  ).all() as Array<{ id: string; name: string; ruleset: string; updated_at: string; players: number; rounds: number; complete: number }>
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    ruleset: r.ruleset,
    players: r.players,
    rounds: r.rounds,
    roundsComplete: r.complete,
    updatedAt: r.updated_at
  }))
}
