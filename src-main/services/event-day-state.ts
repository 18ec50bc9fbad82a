// Event day as the app's screen reads it (issue 41), part of the one use case services/event-day.ts
// (which re-exports these): the library's events as a list, one event whole (players, rounds with
// player names, standings, what can be done next in words), and an event deleted.
import type { Db } from '../store/open'
import * as events from '../store/events'
import type { EventProfile } from '../event/check-event'
import { tiebreaksOf } from '../event/standings'
import { tiebreakLabel } from '../event/standings-report'
import { standingsOf } from './event-day-results'
import { standingsAfter } from '../event/standings-view'
import { eventPins } from './event-result-pins'
import type { EventDayPlayer, EventDayRound, EventDayState, EventDaySummary } from './event-day-types'

/** The events of the library, newest change first. */
export const listEventDays = (db: Db): EventDaySummary[] => events.eventSummaries(db)

/** The event and everything in it deleted (one transaction); whether there was one. */
export const deleteEvent = (db: Db, id: string): boolean => events.deleteEvent(db, id)

/**
 * Tables of two still without a result. A table whose two players have both dropped needs none: no
 * one would enter it, and pairing must not wait on it forever (it counts for no one).
 */
function openTables(round: events.StoredRound, players: events.StoredPlayer[]): number[] {
  const dropped = new Set(players.filter((p) => p.status === 'dropped').map((p) => p.id))
  return round.tables.filter((t) => t.players.length === 2 && t.result === null && !t.players.every((p) => dropped.has(p))).map((t) => t.table)
}

/** What the standings stand after (event/standings-view.ts): the latest round that counts in them, a bye's included. */
export { standingsAfter }

/**
 * The next round: its number, the players it pairs (active and joined by then: held and dropped ones
 * never), and why it cannot be paired yet, in the organiser's words (null: it can). What pairRound
 * refuses with and the screen shows, worded once.
 */
export function nextRound(
  players: events.StoredPlayer[],
  rounds: events.StoredRound[]
): { round: number; playing: events.StoredPlayer[]; block: string | null } {
  const round = rounds.length + 1
  const playing = players.filter((p) => p.status === 'active' && p.joinedRound <= round)
  const last = rounds[rounds.length - 1]
  const open = last ? openTables(last, players) : []
  const block = open.length
    ? `round ${last!.round} has ${open.length === 1 ? 'a table' : `${open.length} tables`} without a result (${open.join(', ')}): enter ${open.length === 1 ? 'it' : 'them'} first`
    : playing.length < 2
      ? `only ${playing.length} player${playing.length === 1 ? '' : 's'} can be paired (held and dropped players are not)`
      : null
  return { round, playing, block }
}

/** The player as the organiser sees them: the roster itself stays in the library. */
const shownPlayer = ({ roster: _roster, ...p }: events.StoredPlayer): EventDayPlayer => p

/** The event whole, as the event-day screen shows it. Unknown id: the store's refusal in words. */
export function eventDayState(db: Db, id: string): EventDayState {
  const { event, players, rounds } = events.readEvent<EventProfile>(db, id)
  const name = new Map(players.map((p) => [p.id, p.name]))
  const pin = eventPins(db, id)
  const shownRounds: EventDayRound[] = rounds.map((r) => ({
    round: r.round,
    pairedAt: r.pairedAt,
    tables: r.tables.map((t) => ({
      ...t,
      players: t.players.map((p) => name.get(p) ?? p) as [string, string] | [string],
      ...(pin && t.players.length === 2 ? { pin: pin(r.round, t.table) } : {})
    })),
    open: openTables(r, players).length
  }))
  const next = nextRound(players, rounds)
  const planned = event.profile.rounds
  return {
    id: event.id,
    name: event.name,
    profile: event.profile,
    players: players.map(shownPlayer),
    rounds: shownRounds,
    standings: standingsOf(event.profile, players, rounds),
    next: next.block
      ? { canPair: false, why: next.block.charAt(0).toUpperCase() + next.block.slice(1) }
      : { canPair: true, why: `Pair round ${next.round}${planned !== undefined && next.round > planned ? ` (the event plans ${planned})` : ''}` },
    standingsAfter: standingsAfter(rounds),
    tiebreaks: tiebreaksOf(event.profile).map((t) => ({ id: t, label: tiebreakLabel(t) }))
  }
}
