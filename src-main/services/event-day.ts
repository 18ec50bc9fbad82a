// Event day (issue 41): an event run in the library, the one use case the CLI (cli/event-day.ts) and
// the app call. An event is made from its profile; players come from their submitted rosters, checked
// by the event check itself (event/check-event.ts), an illegal one held back from pairing with its
// reasons until fixed or overridden; rounds are paired from the players the event holds, results kept
// per table. Each change is one transaction (store/events.ts changeEvent): a refusal writes nothing.
import type { Engine } from '../rules'
import type { Roster } from '../rules/types'
import { projectAjv } from '../rules/schemas'
import * as events from '../store/events'
import { checkEvent, type EventProfile, type EventReport, type EventRow, type Submission } from '../event/check-event'
import type { PlayerStatus } from '../event/day-types'
import { printedCheckCode } from '../export/printed-data'
import { checkCode } from '../export/check-code'
import { rowArmyTitle } from '../../src-shared/army-title'
import { playerLookup, samePlayer } from '../../src-shared/player-keys'
import { eventProfileProblem } from './event-input'
import { pairingEntries } from './event-pairing'
import { pairSwiss } from '../event/swiss'
import { entryPreference } from '../event/swiss-preference'
import { standings } from '../event/standings'
import { asEventPlayers } from './event-day-results'
import { refuse } from './event-day-error'
import { nextRound } from './event-day-state'
import type { Db } from '../store/open'

export { EventDayError } from './event-day-error'

/** The event made from its profile (checked as the event check reads one); its id. */
export function createEvent(db: Db, profile: unknown): string {
  const problem = eventProfileProblem(projectAjv(), profile)
  if (problem) refuse(problem)
  return events.createEvent(db, (profile as EventProfile).name, profile)
}

export interface Entered {
  player: string
  id: string
  status: PlayerStatus
  revision: number
  reasons?: string[]
}

export interface EnterReport {
  entered: Entered[]
}

/** What the event check's row makes of a roster: the player row's fields and why it is held (none: legal). */
function enteredOf(engine: Engine, profile: EventProfile, row: EventRow, name: string): events.EnteredRoster {
  const doc = row.document as Roster
  // One roster per player is the event's to keep by replacing: a second roster is a new revision.
  const heldReasons = row.issues.filter((i) => i.severity === 'error' && i.code !== 'event-duplicate-player').map((i) => i.message)
  // What the roster does not say (club, country) the profile's players list may.
  const listed = profile.players ? playerLookup(profile.players, (p) => p.name)(name) : undefined
  return {
    name,
    club: listed?.club ?? null,
    country: listed?.country ?? null,
    ruleset: row.ruleset ?? '',
    army: row.army ?? '',
    armyTitle: row.army ? rowArmyTitle(row) : '',
    roster: row.document,
    checkCode: printedCheckCode(engine, doc) ?? checkCode(doc, profile.dataVersion ?? ''),
    heldReasons
  }
}

/**
 * Rosters entered, all or none (a file that cannot be read or names no player refuses the batch): each player registered by the roster's `player` field, checked against the event; an
 * illegal one held back with its reasons; a player's new roster replaces their last (a new revision).
 * A player who joins after a round is paired plays from the next round.
 */
export function enterRosters(engine: Engine, db: Db, id: string, submissions: Submission[]): EnterReport {
  const profile = events.getEvent<EventProfile>(db, id).profile
  const report = checkEvent(engine, profile, submissions)
  return events.changeEvent(db, id, ({ players, rounds }, write) => {
    const out: EnterReport = { entered: [] }
    const refused: Array<{ file: string; reason: string }> = []
    const known = players.map((p) => ({ id: p.id, name: p.name, status: p.status, revision: p.revision }))
    for (const row of report.rows) {
      if (!row.readable || row.document === undefined) {
        refused.push({ file: row.file, reason: row.issues.find((i) => i.severity === 'error')?.message ?? 'not a roster' })
        continue
      }
      const name = row.player?.trim()
      if (!name) {
        refused.push({ file: row.file, reason: "the roster names no player: its 'player' field says who fields it" })
        continue
      }
      const entered = enteredOf(engine, profile, row, name)
      const held = entered.heldReasons.length > 0
      const was = playerLookup(known, (p) => p.name)(name)
      if (was) {
        const status: PlayerStatus = was.status === 'dropped' ? 'dropped' : held ? 'held' : 'active'
        was.revision = write.replaceRoster(was.id, entered, status)
        was.status = status
        out.entered.push({ player: was.name, id: was.id, status, revision: was.revision, ...(held ? { reasons: entered.heldReasons } : {}) })
      } else {
        const status: PlayerStatus = held ? 'held' : 'active'
        const playerId = write.addPlayer(entered, status, rounds.length + 1)
        known.push({ id: playerId, name, status, revision: 1 })
        out.entered.push({ player: name, id: playerId, status, revision: 1, ...(held ? { reasons: entered.heldReasons } : {}) })
      }
    }
    // A file that gives no player is bad input: the whole batch is refused, so nothing is half entered.
    if (refused.length)
      refuse(`${refused[0].file}: ${refused[0].reason}${refused.length > 1 ? ` (and ${refused.length - 1} more)` : ''}: no roster was entered`)
    return out
  })
}

export function findPlayer<P extends { name: string }>(players: P[], name: string): P {
  return playerLookup(players, (p) => p.name)(name) ?? refuse(`no player called '${name}' in this event`)
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
