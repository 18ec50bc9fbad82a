// The library's events in and out of a backup (transfer.ts backupLibrary / restoreLibrary), and whole
// for `muster event export`: each event with its profile, players and every roster they submitted,
// rounds, tables and results (schemas/event-export.schema.json $defs/event). Backup and restore run
// inside the caller's transaction.
import { statement, type Db } from './open'
import { restoreNew, type Restored } from './restore-new'
import { eventPlayers, eventRounds, getEvent, playerRosters } from './events'
import type { ExportedEventFile } from '../generated-types/event-export'

export type BackupEvent = ExportedEventFile

/** What a restore did with the backup's events. */
export type EventsRestored = Restored

/** One event, whole. */
export function wholeEvent(db: Db, id: string): BackupEvent {
  const event = getEvent(db, id)
  return {
    ...event,
    profile: event.profile as BackupEvent['profile'],
    players: eventPlayers(db, id).map(({ roster: _latest, ...p }) => ({
      ...p,
      rosters: playerRosters(db, id, p.id).map((r) => ({ ...r, roster: r.roster as Record<string, unknown> }))
    })),
    rounds: eventRounds(db, id)
  }
}

/** Every event, oldest first. */
export function backupEvents(db: Db): BackupEvent[] {
  return (statement(db, 'SELECT id FROM events ORDER BY created_at, id').all() as Array<{ id: string }>).map((e) => wholeEvent(db, e.id))
}

/**
 * Each event's secret by id, for the backup only (never wholeEvent: an export or a published page must
 * not carry it): the printed slips' PINs are made from it (services/event-result-pins.ts), so a
 * restore into a new library (a laptop swapped mid-event) must keep it or every slip's PIN fails.
 */
export function backupEventSecrets(db: Db): Record<string, string> {
  const rows = statement(db, 'SELECT id, result_secret FROM events WHERE result_secret IS NOT NULL ORDER BY created_at, id').all() as Array<{
    id: string
    result_secret: string
  }>
  return Object.fromEntries(rows.map((r) => [r.id, r.result_secret]))
}

/**
 * The backup's events the library does not hold (by id) added, whole, each with its secret from
 * `secrets` (an older backup has none: the trigger of migration 9 gives a new one). Run in the
 * restore's transaction.
 */
export function restoreEvents(db: Db, events: BackupEvent[], secrets: Record<string, string> = {}): EventsRestored {
  const insertEvent = statement(db, 'INSERT INTO events (id, name, profile, created_at, updated_at, result_secret) VALUES (?, ?, ?, ?, ?, ?)')
  const insertPlayer = statement(
    db,
    'INSERT INTO event_players (event_id, id, name, club, country, status, held_reasons, overridden, joined_round, ruleset, army, army_title, roster, check_code, revision) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'
  )
  const insertRoster = statement(
    db,
    'INSERT INTO event_rosters (event_id, player_id, revision, roster, check_code, held_reasons, entered_at) VALUES (?, ?, ?, ?, ?, ?, ?)'
  )
  const insertRound = statement(db, 'INSERT INTO event_rounds (event_id, round, paired_at) VALUES (?, ?, ?)')
  const insertTable = statement(
    db,
    'INSERT INTO event_tables (event_id, round, table_no, player_a, player_b, why, result, result_source, result_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'
  )
  const reasons = (r: string[] | undefined) => (r?.length ? JSON.stringify(r) : null)
  return restoreNew(db, 'events', events, (e) => {
    insertEvent.run(e.id, e.name, JSON.stringify(e.profile), e.createdAt, e.updatedAt, Object.hasOwn(secrets, e.id) ? secrets[e.id] : null)
    for (const p of e.players) {
      const latest = p.rosters[p.rosters.length - 1]
      insertPlayer.run(
        e.id,
        p.id,
        p.name,
        p.club ?? null,
        p.country ?? null,
        p.status,
        reasons(p.heldReasons),
        p.overridden ? 1 : 0,
        p.joinedRound,
        p.ruleset,
        p.army,
        p.armyTitle,
        JSON.stringify(latest.roster),
        p.checkCode,
        p.revision
      )
      for (const r of p.rosters) insertRoster.run(e.id, p.id, r.revision, JSON.stringify(r.roster), r.checkCode, reasons(r.heldReasons), r.enteredAt)
    }
    for (const r of e.rounds) {
      insertRound.run(e.id, r.round, r.pairedAt)
      for (const t of r.tables)
        insertTable.run(
          e.id,
          r.round,
          t.table,
          t.players[0],
          t.players[1] ?? null,
          t.why,
          t.result === null ? null : JSON.stringify(t.result),
          t.resultSource,
          t.resultAt
        )
    }
  })
}

/** What the schema cannot say of a backup's events: each player once, the last roster in force, tables of its players, a result with its source. */
export function eventsProblem(events: BackupEvent[]): string | null {
  for (const [i, e] of events.entries()) {
    const ids = new Set<string>()
    for (const [j, p] of e.players.entries()) {
      if (ids.has(p.id)) return `/events/${i}/players/${j}: the id '${p.id}' of an earlier player`
      ids.add(p.id)
      if (p.rosters[p.rosters.length - 1].revision !== p.revision) return `/events/${i}/players/${j}: its revision is not its last roster's`
    }
    for (const [j, r] of e.rounds.entries())
      for (const [k, t] of r.tables.entries()) {
        const at = `/events/${i}/rounds/${j}/tables/${k}`
        if (t.players.some((p) => !ids.has(p))) return `${at}: a player the event does not hold`
        if ((t.result === null) !== (t.resultSource === null)) return `${at}: a result needs its source, and a source its result`
      }
  }
  return null
}
