// Event day (issue 41): an event run in the library, the one use case the CLI (cli/event-day.ts) and
// the app call. An event is made from its profile; players come from their submitted rosters, checked
// by the event check itself (event/check-event.ts), an illegal one held back from pairing with its
// reasons until fixed or overridden; rounds are paired from the players the event holds, results kept
// per table. Each change is one transaction (store/events.ts changeEvent): a refusal writes nothing.
import type { Engine } from '../rules'
import * as events from '../store/events'
import type { EventProfile, EventReport, EventRow } from '../event/check-event'
import type { PlayerStatus } from '../event/day-types'
import { didYouMean } from '../../src-shared/nearest-name'
import { playerLookup, samePlayer } from '../../src-shared/player-keys'
import { pairingEntries } from './event-pairing'
import { pairSwiss } from '../event/swiss'
import { entryPreference } from '../event/swiss-preference'
import { standings } from '../event/standings'
import { asEventPlayers } from './event-day-results'
import { refuse } from './event-day-error'
import { nextRound } from './event-day-state'
import type { Db } from '../store/open'

export { EventDayError } from './event-day-error'
export { enterRosters, type Entered, type EnterReport } from './event-day-enter'
export { createEvent, createEventWith, updateEventProfile, profileProblem } from './event-day-profile'

export function findPlayer<P extends { name: string }>(players: P[], name: string): P {
  return (
    playerLookup(players, (p) => p.name)(name) ??
    refuse(
      `no player called '${name}' in this event${didYouMean(
        name,
        players.map((p) => p.name)
      )}`
    )
  )
}

/** A held player paired all the same, by the organiser's word. */
export function overridePlayer(db: Db, id: string, name: string): { player: string; status: PlayerStatus } {
  return events.changeEvent(db, id, ({ players }, write) => {
    const p = findPlayer(players, name)
    if (p.status === 'dropped') refuse(`${p.name} has dropped: there is nothing to override`)
    if (p.status === 'active') refuse(`${p.name}'s roster is not held back: there is nothing to override`)
    write.setStatus(p.id, 'active', true)
    return { player: p.name, status: 'active' as const }
  })
}

/** A player dropped: never paired again (their results stay). */
export function dropPlayer(db: Db, id: string, name: string): { player: string; status: PlayerStatus } {
  return events.changeEvent(db, id, ({ players }, write) => {
    const p = findPlayer(players, name)
    if (p.status === 'dropped') refuse(`${p.name} has already dropped`)
    write.setStatus(p.id, 'dropped')
    return { player: p.name, status: 'dropped' as const }
  })
}

/**
 * A dropped player back in: paired again from the next round. Their results stand and the rounds they
 * missed score nothing (no bye, no loss); a roster held back before they dropped is held again unless
 * the organiser had overridden it.
 */
export function reinstatePlayer(db: Db, id: string, name: string): { player: string; status: PlayerStatus } {
  return events.changeEvent(db, id, ({ players }, write) => {
    const p = findPlayer(players, name)
    if (p.status !== 'dropped') refuse(`${p.name} has not dropped: there is nothing to reinstate`)
    const status: PlayerStatus = p.heldReasons?.length && !p.overridden ? 'held' : 'active'
    write.setStatus(p.id, status)
    return { player: p.name, status }
  })
}

export interface PairedRound {
  round: number
  tables: Array<{ table: number; players: [string, string] | [string]; why: string }>
}

/** The pairing preference of the players' armies (historical enemies, shared dates, shared themes), from their rosters. */
function preferenceOf(engine: Engine, profile: EventProfile, players: events.StoredPlayer[]) {
  const rows: EventRow[] = players.map((p) => ({
    file: p.id,
    player: p.name,
    name: null,
    ruleset: p.ruleset,
    army: p.army || null,
    armyName: null,
    points: null,
    limit: null,
    valid: true,
    readable: true,
    issues: [],
    document: p.roster
  }))
  // pairingEntries reads the rows and the ruleset's name only: the rosters were checked when entered.
  const checked = { event: { rulesetName: profile.ruleset }, rows } as unknown as EventReport
  const { entries } = pairingEntries(engine, profile, checked)
  return entryPreference(new Map(entries.map((e) => [e.key, e])))
}

/**
 * The next round paired (event/swiss.ts): the players active and joined by then (held and dropped ones
 * never), by score group, no rematch, no second bye while others have none, the profile's constraints,
 * then the round-1 preferences; round 1 is the historical pairing itself (one score group). A round
 * after one whose results are not all in is refused.
 */
export function pairRound(engine: Engine, db: Db, id: string): PairedRound {
  return events.changeEvent(db, id, ({ event, players, rounds }, write) => {
    const profile = event.profile as EventProfile
    const { round, playing, block } = nextRound(players, rounds)
    if (block) refuse(block)
    const history = events.asRoundRecords(rounds)
    const shared = asEventPlayers(players)
    const standing = new Map(standings(shared, history, profile).map((r) => [r.player, r]))
    const fixed = profile.constraints?.fixedTables ?? []
    const tableOf = (name: string) => fixed.find((f) => samePlayer(f.player, name))?.table
    const field = shared.map((p) => {
      const fixedTable = tableOf(p.name)
      return { ...p, score: standing.get(p.id)?.score ?? 0, ...(round > 1 ? { rank: standing.get(p.id)?.rank } : {}), ...(fixedTable ? { fixedTable } : {}) }
    })
    const tables = pairSwiss({ round, players: field, history, constraints: profile.constraints, preference: preferenceOf(engine, profile, playing) })
    write.addRound(round, tables)
    const name = new Map(players.map((p) => [p.id, p.name]))
    return { round, tables: tables.map((t) => ({ ...t, players: t.players.map((p) => name.get(p)!) as [string, string] | [string] })) }
  })
}

export {
  recordResult,
  eventStandings,
  exportEvent,
  eventWhole,
  type ResultInput,
  type EventExport,
  type ExportedEvent,
  type NamedStanding
} from './event-day-results'
export { findEventId } from '../store/events'
export { listEventDays, eventDayState, deleteEvent } from './event-day-state'

/** The event's name, for a page's title. */
export const eventName = (db: Db, id: string): string => events.getEvent(db, id).name
