// Where a result the organiser gives goes when they do not say (`muster event result ID --slip CODE`):
// the round, the latest paired; the table, the one whose two players' rosters the slip's check codes
// name (event/slip-check.ts, the same check recordResult makes when it keeps it).
import * as events from '../store/events'
import type { Db } from '../store/open'
import type { EventProfile } from '../event/check-event'
import { checkSlip } from '../event/slip-check'
import { asEventPlayers } from './event-day-results'
import { slipSchemaProblem } from './game-file-schema'
import { refuse } from './event-day-error'

/** The round and table a result is for: as given, else the latest paired round and (with a slip) the slip's table. */
export function resultAt(db: Db, id: string, given: { round?: number; table?: number; slip?: string }): { round: number; table: number } {
  const rounds = events.eventRounds(db, id)
  const round = given.round ?? rounds[rounds.length - 1]?.round
  if (round === undefined) return refuse('no round is paired yet: pair round 1 first')
  if (given.table !== undefined) return { round, table: given.table }
  if (given.slip === undefined) return refuse('say which table: --table N (or give its result slip, --slip CODE, which knows its table)')
  const profile = events.getEvent<EventProfile>(db, id).profile
  const slipEvent = { ruleset: profile.ruleset, players: asEventPlayers(events.eventPlayers(db, id)), rounds: events.asRoundRecords(rounds) }
  return { round, table: checkSlip(given.slip, slipEvent, { round }, (doc) => slipSchemaProblem(doc)).table }
}
