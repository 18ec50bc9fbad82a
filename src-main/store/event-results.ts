// Narrow reads for the phones' results page (services/event-results-page.ts): what a phone may ask
// for many times a minute reads only the columns it shows (never a roster's JSON), and the event's
// secret for its tables' result PINs (migration 9). Reads only: results are written by store/events.ts.
import { statement, type Db } from './open'

/** The event's name and secret; null: no such event (deleted, say). */
export function eventSecret(db: Db, id: string): { name: string; secret: string } | null {
  const r = statement(db, 'SELECT name, result_secret FROM events WHERE id = ?').get(id) as { name: string; result_secret: string | null } | undefined
  // the trigger of migration 9 gives every event a secret: one without would have no PIN to check
  if (!r || r.result_secret === null) return null
  return { name: r.name, secret: r.result_secret }
}

/** A table of the latest round as the phones see it: names, not ids; its result as kept. */
export interface LatestTable {
  table: number
  players: [string, string] | [string]
  result: { winner: 0 | 1 | null; score?: [number, number] } | null
}

/** The event's latest round and its tables (null: none paired yet), in one read; null: no such event. */
export function latestTables(db: Db, id: string): { name: string; round: number | null; tables: LatestTable[] } | null {
  return db
    .transaction(() => {
      const event = statement(db, 'SELECT name FROM events WHERE id = ?').get(id) as { name: string } | undefined
      if (!event) return null
      const last = statement(db, 'SELECT max(round) AS round FROM event_rounds WHERE event_id = ?').get(id) as { round: number | null }
      if (last.round === null) return { name: event.name, round: null, tables: [] }
      // the result's slip code can be long: only who won and the score are read out of it
      const rows = statement(
        db,
        `SELECT t.table_no, t.player_b IS NULL AS bye, a.name AS a, b.name AS b, json_extract(t.result, '$.winner') AS winner, json_extract(t.result, '$.score') AS score,
           t.result IS NOT NULL AS done
         FROM event_tables t
         LEFT JOIN event_players a ON a.event_id = t.event_id AND a.id = t.player_a
         LEFT JOIN event_players b ON b.event_id = t.event_id AND b.id = t.player_b
         WHERE t.event_id = ? AND t.round = ? ORDER BY t.table_no`
      ).all(id, last.round) as Array<{
        table_no: number
        bye: number
        a: string | null
        b: string | null
        winner: 0 | 1 | null
        score: string | null
        done: number
      }>
      const tables = rows.map((r): LatestTable => ({
        table: r.table_no,
        players: r.bye ? [r.a ?? '?'] : [r.a ?? '?', r.b ?? '?'],
        result: r.done ? { winner: r.winner, ...(r.score !== null ? { score: JSON.parse(r.score) as [number, number] } : {}) } : null
      }))
      return { name: event.name, round: last.round, tables }
    })
    .deferred()
}

/**
 * A table of a round as a post to it needs it: null, no such table; whether it is a bye and has a
 * result, and the event's latest paired round (a phone posts to that round only).
 */
export function tableState(db: Db, id: string, round: number, table: number): { bye: boolean; done: boolean; latest: number } | null {
  const r = statement(
    db,
    `SELECT player_b IS NULL AS bye, result IS NOT NULL AS done, (SELECT max(round) FROM event_rounds WHERE event_id = t.event_id) AS latest
     FROM event_tables t WHERE event_id = ? AND round = ? AND table_no = ?`
  ).get(id, round, table) as { bye: number; done: number; latest: number } | undefined
  return r ? { bye: r.bye === 1, done: r.done === 1, latest: r.latest } : null
}
