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
import type { PlayerStatus, TableResult } from '../event/day-types'
import { printedCheckCode } from '../export/printed-data'
import { checkCode } from '../export/check-code'
import { rowArmyTitle } from '../../src-shared/army-title'
import { playerLookup } from '../../src-shared/player-keys'
import { eventProfileProblem } from './event-input'
import { pairingEntries } from './event-pairing'
import { pairEntries } from './pairing'
import type { Db } from '../store/open'

/** A request the event cannot take, in the organiser's words: nothing was written. */
export class EventDayError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'EventDayError'
  }
}

const refuse = (message: string): never => {
  throw new EventDayError(message)
}

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
  /** Files that gave no player: unreadable, or naming no player. */
  refused: Array<{ file: string; reason: string }>
}

/** What the event check's row makes of a roster: the player row's fields and why it is held (none: legal). */
function enteredOf(engine: Engine, profile: EventProfile, row: EventRow, name: string): events.EnteredRoster {
  const doc = row.document as Roster
  // One roster per player is the event's to keep by replacing: a second roster is a new revision.
  const heldReasons = row.issues.filter((i) => i.severity === 'error' && i.code !== 'event-duplicate-player').map((i) => i.message)
  return {
    name,
    ruleset: row.ruleset ?? '',
    army: row.army ?? '',
    armyTitle: row.army ? rowArmyTitle(row) : '',
    roster: row.document,
    checkCode: printedCheckCode(engine, doc) ?? checkCode(doc, profile.dataVersion ?? ''),
    heldReasons
  }
}

/**
 * Rosters entered: each player registered by the roster's `player` field, checked against the event; an
 * illegal one held back with its reasons; a player's new roster replaces their last (a new revision).
 * A player who joins after a round is paired plays from the next round.
 */
export function enterRosters(engine: Engine, db: Db, id: string, submissions: Submission[]): EnterReport {
  const profile = events.getEvent<EventProfile>(db, id).profile
  const report = checkEvent(engine, profile, submissions)
  return events.changeEvent(db, id, ({ players, rounds }, write) => {
    const out: EnterReport = { entered: [], refused: [] }
    const known = players.map((p) => ({ id: p.id, name: p.name, status: p.status, revision: p.revision }))
    for (const row of report.rows) {
      if (!row.readable || row.document === undefined) {
        out.refused.push({ file: row.file, reason: row.issues.find((i) => i.severity === 'error')?.message ?? 'not a roster' })
        continue
      }
      const name = row.player?.trim()
      if (!name) {
        out.refused.push({ file: row.file, reason: "the roster names no player: its 'player' field says who fields it" })
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
    return out
  })
}

function findPlayer<P extends { name: string }>(players: P[], name: string): P {
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

export const BYE_WHY = 'a bye: an odd number of players'

/** The first round's tables by the historical pairing (services/pairing.ts), named by player ids. */
function firstRound(engine: Engine, profile: EventProfile, players: events.StoredPlayer[]): PairedRound['tables'] {
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
  const checked = { event: { rulesetName: profile.ruleset }, rows } as unknown as EventReport
  const { entries } = pairingEntries(engine, profile, checked)
  const pairing = pairEntries(entries)
  const tables: PairedRound['tables'] = pairing.pairs.map((p, i) => ({ table: i + 1, players: [p.a.key, p.b.key], why: p.reasons.join('; ') }))
  // A player pairing cannot place (an army this Muster lacks, let through by an override) takes a bye too.
  const placed = new Set(tables.flatMap((t) => t.players))
  for (const p of players) if (!placed.has(p.id)) tables.push({ table: tables.length + 1, players: [p.id], why: BYE_WHY })
  return tables
}

/**
 * The next round paired: the players active and joined by then (held and dropped ones never). Round 1
 * by the historical pairing; a round after one whose results are not all in is refused.
 */
export function pairRound(engine: Engine, db: Db, id: string): PairedRound {
  return events.changeEvent(db, id, ({ event, players, rounds }, write) => {
    const last = rounds[rounds.length - 1]
    if (last) {
      const open = last.tables.filter((t) => t.players.length === 2 && t.result === null).map((t) => t.table)
      if (open.length)
        refuse(
          `round ${last.round} has ${open.length === 1 ? 'a table' : `${open.length} tables`} without a result (${open.join(', ')}): enter ${open.length === 1 ? 'it' : 'them'} first`
        )
    }
    const round = rounds.length + 1
    const playing = players.filter((p) => p.status === 'active' && p.joinedRound <= round)
    if (playing.length < 2) refuse(`only ${playing.length} player${playing.length === 1 ? '' : 's'} can be paired (held and dropped players are not)`)
    if (round > 1) refuse('Swiss pairing of rounds after the first is not in this Muster yet')
    const tables = firstRound(engine, event.profile as EventProfile, playing)
    write.addRound(round, tables)
    const name = new Map(players.map((p) => [p.id, p.name]))
    return { round, tables: tables.map((t) => ({ ...t, players: t.players.map((p) => name.get(p)!) as [string, string] | [string] })) }
  })
}

export interface ResultInput {
  round: number
  table: number
  /** A player at the table, or 'draw'. */
  winner?: string
  /** What each player destroyed, in table order. */
  score?: [number, number]
  /** A result slip's code (game day's MR1.…). */
  slip?: string
  replace?: boolean
}

/** A table's result kept (one transaction); refused in words: an unknown round or table, a bye, a winner not there, a second result without replace. */
export function recordResult(db: Db, id: string, input: ResultInput): { round: number; table: number; players: string[]; result: TableResult } {
  return events.changeEvent(db, id, ({ players, rounds }, write) => {
    const r = rounds.find((x) => x.round === input.round)
    if (!r)
      refuse(
        `round ${input.round} is not paired yet (${rounds.length ? `the event has paired ${rounds.length === 1 ? 'round 1' : `rounds 1-${rounds.length}`}` : 'no round is paired yet'})`
      )
    const t = r!.tables.find((x) => x.table === input.table)
    if (!t) refuse(`round ${input.round} has no table ${input.table} (its tables are 1-${r!.tables.length})`)
    const name = new Map(players.map((p) => [p.id, p.name]))
    const at = t!.players.map((p) => name.get(p)!)
    if (t!.players.length === 1) refuse(`table ${input.table} of round ${input.round} is ${at[0]}'s bye: it takes no result`)
    if (t!.result && !input.replace) refuse(`table ${input.table} of round ${input.round} already has a result: give --replace to replace it`)
    if (input.slip !== undefined) refuse('reading result slips into an event is not in this Muster yet')
    let winner: 0 | 1 | null = null
    if (input.winner === undefined) refuse('say who won (a player at the table) or draw')
    if (input.winner!.trim().toLowerCase() !== 'draw') {
      const seat = playerLookup(
        at.map((n, i) => ({ n, i })),
        (x) => x.n
      )(input.winner!)
      if (!seat) refuse(`${input.winner} is not at table ${input.table} of round ${input.round} (${at.join(' v ')})`)
      winner = seat!.i as 0 | 1
    }
    if (input.score && !input.score.every((n) => Number.isFinite(n) && n >= 0)) refuse('a score is two numbers of 0 or more, A:B')
    const result: TableResult = { winner, ...(input.score ? { score: input.score } : {}) }
    write.setResult(input.round, input.table, result, 'typed')
    return { round: input.round, table: input.table, players: at, result }
  })
}

export interface EventExport {
  format: 'muster-event-export'
  version: 1
  exportedAt: string
  event: ExportedEvent
}

export type ExportedEvent = events.StoredEvent & {
  players: Array<Omit<events.StoredPlayer, 'roster'> & { rosters: ReturnType<typeof events.playerRosters> }>
  rounds: events.StoredRound[]
}

/** The whole event as the library holds it: profile, players with every roster by revision, rounds, tables and results. */
export function eventWhole(db: Db, id: string): ExportedEvent {
  const event = events.getEvent(db, id)
  return {
    ...event,
    players: events.eventPlayers(db, id).map(({ roster: _latest, ...p }) => ({ ...p, rosters: events.playerRosters(db, id, p.id) })),
    rounds: events.eventRounds(db, id)
  }
}

export function exportEvent(db: Db, id: string): EventExport {
  return { format: 'muster-event-export', version: 1, exportedAt: new Date().toISOString(), event: eventWhole(db, id) }
}

export { findEventId } from '../store/events'
