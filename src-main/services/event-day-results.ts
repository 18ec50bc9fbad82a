// Event day's results, standings and export (issue 41), part of the one use case services/event-day.ts
// (which re-exports these): a table's result typed or from game day's result slip (event/slip-check.ts:
// its check codes must be the rosters the event holds for that table), each one transaction, refused
// in words; the standings by event/standings.ts; the whole event as JSON (schemas/event-export.schema.json).
import type { Db } from '../store/open'
import * as events from '../store/events'
import { wholeEvent, type BackupEvent } from '../store/event-transfer'
import type { EventProfile } from '../event/check-event'
import type { EventPlayer, StandingRow, TableResult } from '../event/day-types'
import { checkSlip } from '../event/slip-check'
import { standings } from '../event/standings'
import { playerLookup } from '../../src-shared/player-keys'
import { slipSchemaProblem } from './game-file-schema'
import { refuse } from './event-day-error'

/** The players as the shared shape (event/day-types.ts), without the store's own fields. */
export const asEventPlayers = (players: events.StoredPlayer[]): EventPlayer[] => players.map(({ overridden: _o, revision: _r, roster: _doc, ...p }) => p)

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
  /** A player's phone sent it (the results page, services/event-results.ts): kept as 'phone', never replacing a result. */
  fromPhone?: boolean
}

/** A table's result kept (one transaction), its source 'typed', 'slip' or 'phone'; refused in words: an unknown round or table, a bye, a winner not there, a second result without replace (from a phone, always). */
export function recordResult(db: Db, id: string, input: ResultInput): { round: number; table: number; players: string[]; result: TableResult } {
  return events.changeEvent(db, id, ({ event, players, rounds }, write) => {
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
    if (t!.result && (!input.replace || input.fromPhone))
      refuse(
        `table ${input.table} of round ${input.round} already has a result: ${input.fromPhone ? 'only the organiser can replace it, in Muster' : 'give --replace to replace it'}`
      )
    const source = (kind: 'typed' | 'slip') => (input.fromPhone ? 'phone' : kind)
    if (input.slip !== undefined) {
      if (input.winner !== undefined || input.score) refuse('a slip carries its own result: give the slip, or who won (and the score), not both')
      const profile = event.profile as EventProfile
      const slipEvent = { ruleset: profile.ruleset, players: asEventPlayers(players), rounds: events.asRoundRecords(rounds) }
      const checked = checkSlip(input.slip, slipEvent, { round: input.round, table: input.table }, (doc) => slipSchemaProblem(doc))
      const result: TableResult = { ...checked.result, slip: input.slip.replace(/\s+/g, '') }
      write.setResult(input.round, input.table, result, source('slip'))
      return { round: input.round, table: input.table, players: at, result }
    }
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
    write.setResult(input.round, input.table, result, source('typed'))
    return { round: input.round, table: input.table, players: at, result }
  })
}

export interface EventExport {
  format: 'muster-event-export'
  version: 1
  exportedAt: string
  event: ExportedEvent
  /** The standings as they stand (event/standings.ts), players by name. */
  standings: NamedStanding[]
}

export type ExportedEvent = BackupEvent

/** The whole event as the library holds it (store/event-transfer.ts, as a backup carries it). */
export const eventWhole = (db: Db, id: string): ExportedEvent => wholeEvent(db, id)

export function exportEvent(db: Db, id: string): EventExport {
  return { format: 'muster-event-export', version: 1, exportedAt: new Date().toISOString(), event: eventWhole(db, id), standings: eventStandings(db, id) }
}

/** A standings row naming its player as their roster does (`id` the event's own). */
export type NamedStanding = StandingRow & { id: string }

/**
 * The standings (event/standings.ts, the profile's scoring and tie-breaks): every player who played or
 * may play (dropped ones keep their place; one held back who never sat at a table is left out).
 */
export function eventStandings(db: Db, id: string): NamedStanding[] {
  return standingsOf(events.getEvent<EventProfile>(db, id).profile, events.eventPlayers(db, id), events.eventRounds(db, id))
}

/** The standings of an event already read (as eventStandings gives them). */
export function standingsOf(profile: EventProfile, stored: events.StoredPlayer[], storedRounds: events.StoredRound[]): NamedStanding[] {
  const rounds = events.asRoundRecords(storedRounds)
  const seated = new Set(rounds.flatMap((r) => r.tables.flatMap((t) => t.players as string[])))
  const players = asEventPlayers(stored).filter((p) => p.status !== 'held' || seated.has(p.id))
  const name = new Map(players.map((p) => [p.id, p.name]))
  return standings(players, rounds, profile).map((row) => ({ ...row, id: row.player, player: name.get(row.player) ?? row.player }))
}
