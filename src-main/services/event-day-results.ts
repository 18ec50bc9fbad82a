// Event day's results, standings and export (issue 41), part of the one use case services/event-day.ts
// (which re-exports these): a table's result typed or from game day's result slip (event/slip-check.ts:
// its check codes must be the rosters the event holds for that table), each one transaction, refused
// in words that fit every door; the standings as every view shows them (event/standings-view.ts); the
// whole event as JSON (schemas/event-export.schema.json).
import type { Db } from '../store/open'
import * as events from '../store/events'
import { wholeEvent, type BackupEvent } from '../store/event-transfer'
import type { EventProfile } from '../event/check-event'
import type { EventPlayer, StandingView, TableResult } from '../event/day-types'
import { checkSlip } from '../event/slip-check'
import { standingsView } from '../event/standings-view'
import { checkCode } from '../export/check-code'
import { didYouMean } from '../../src-shared/nearest-name'
import { playerLookup } from '../../src-shared/player-keys'
import { slipSchemaProblem } from './game-file-schema'
import { MAX_SCORE } from './event-result-schema'
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

export interface RecordedResult {
  round: number
  table: number
  players: string[]
  result: TableResult
  /** Said when a later round was paired on the result replaced (or without it): its pairings stay. */
  warning?: string
}

/** Numbers as short ranges, in order: "1-3, 10". */
export function numberRanges(numbers: number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b)
  const out: string[] = []
  for (let i = 0; i < sorted.length;) {
    let j = i
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++
    out.push(j === i ? String(sorted[i]) : j === i + 1 ? `${sorted[i]}, ${sorted[j]}` : `${sorted[i]}-${sorted[j]}`)
    i = j + 1
  }
  return out.join(', ')
}

/** A phone's result for a round before the latest paired one, refused in these words (event-results-page.ts too). */
export const EARLIER_ROUND = "only the organiser can enter an earlier round's result, in Muster"

/** A round's tables that take a result, in words: the bye's number is no table to send a result to. */
function tablesOfTwo(tables: ReadonlyArray<{ table: number; players: readonly string[] }>): string {
  const two = tables.filter((x) => x.players.length === 2).map((x) => x.table)
  return two.length ? `its tables are ${numberRanges(two)}` : 'it has only a bye'
}

const SOURCE_WORDS: Record<events.ResultSource, string> = { typed: 'typed', slip: 'from a slip', phone: 'from a phone' }

const sameResult = (a: TableResult, b: TableResult): boolean =>
  a.winner === b.winner && (a.score?.[0] ?? null) === (b.score?.[0] ?? null) && (a.score?.[1] ?? null) === (b.score?.[1] ?? null)

/**
 * A table's result kept (one transaction), its source 'typed', 'slip' or 'phone'. Refused in words:
 * an unknown round or table, a bye, a slip and a winner together, a winner not there, a forged slip,
 * an absurd score; then a second result without replace (code 'has-result'; from a phone, always).
 * What is given is judged before what the table holds, so a wrong winner is said as such.
 */
export function recordResult(db: Db, id: string, input: ResultInput): RecordedResult {
  return events.changeEvent(db, id, ({ event, players, rounds }, write) => {
    const r = rounds.find((x) => x.round === input.round)
    if (!r)
      refuse(
        `round ${input.round} is not paired yet (${rounds.length ? `the event has paired ${rounds.length === 1 ? 'round 1' : `rounds 1-${rounds.length}`}` : 'no round is paired yet'})`
      )
    const t = r!.tables.find((x) => x.table === input.table)
    if (!t) refuse(`round ${input.round} has no table ${input.table} (${tablesOfTwo(r!.tables)})`)
    // the phones have only the round being played: an earlier one is the organiser's to settle
    if (input.fromPhone && input.round !== rounds[rounds.length - 1].round) refuse(EARLIER_ROUND)
    const name = new Map(players.map((p) => [p.id, p.name]))
    const at = t!.players.map((p) => name.get(p)!)
    if (t!.players.length === 1) refuse(`table ${input.table} of round ${input.round} is ${at[0]}'s bye: it takes no result`)
    let result: TableResult
    if (input.slip !== undefined) {
      if (input.winner !== undefined || input.score) refuse('a slip carries its own result: give the slip, or who won (and the score), not both')
      const profile = event.profile as EventProfile
      const byId = new Map(players.map((p) => [p.id, p]))
      const slipEvent = {
        ruleset: profile.ruleset,
        players: asEventPlayers(players),
        rounds: events.asRoundRecords(rounds),
        // What a player's roster's code is under the slip's data: said when the slip was made under other data.
        codeUnder: (playerId: string, dataVersion: string) => checkCode(byId.get(playerId)?.roster, dataVersion)
      }
      const checked = checkSlip(input.slip, slipEvent, { round: input.round, table: input.table }, (doc) => slipSchemaProblem(doc))
      result = { ...checked.result, slip: input.slip.replace(/\s+/g, '') }
    } else {
      if (input.winner === undefined) refuse('say who won (a player at the table) or draw')
      let winner: 0 | 1 | null = null
      if (input.winner!.trim().toLowerCase() !== 'draw') {
        const seat = playerLookup(
          at.map((n, i) => ({ n, i })),
          (x) => x.n
        )(input.winner!)
        if (!seat) refuse(`${input.winner} is not at table ${input.table} of round ${input.round} (${at.join(' v ')})${didYouMean(input.winner!, at)}`)
        winner = seat!.i as 0 | 1
      }
      if (input.score && !input.score.every((n) => Number.isFinite(n) && n >= 0 && n <= MAX_SCORE))
        refuse(`a score is two numbers from 0 to ${MAX_SCORE.toLocaleString('en')}, A:B (what each player destroyed)`)
      result = { winner, ...(input.score ? { score: input.score } : {}) }
    }
    const had = t!.result
    if (had && (!input.replace || input.fromPhone))
      refuse(
        `table ${input.table} of round ${input.round} already has a result (${SOURCE_WORDS[t!.resultSource ?? 'typed']}): ${input.fromPhone ? 'only the organiser can replace it, in Muster' : 'replace it to change it'}`,
        'has-result'
      )
    write.setResult(input.round, input.table, result, input.fromPhone ? 'phone' : input.slip !== undefined ? 'slip' : 'typed')
    // Pairings are never redone: a round paired on what this result was (or without it) stays, said in words.
    const later = rounds.filter((x) => x.round > input.round).map((x) => x.round)
    const changed = !had || !sameResult(had, result)
    const warning =
      later.length && changed
        ? `${later.length === 1 ? `round ${later[0]} was` : `rounds ${numberRanges(later)} were`} paired ${had ? 'on the old result' : 'without this result'}: ${later.length === 1 ? 'its pairings stay' : 'their pairings stay'} as they were`
        : undefined
    return { round: input.round, table: input.table, players: at, result, ...(warning ? { warning } : {}) }
  })
}

export interface EventExport {
  format: 'muster-event-export'
  version: 1
  exportedAt: string
  event: ExportedEvent
  /** The standings as they stand, as every view shows them. */
  standings: NamedStanding[]
}

export type ExportedEvent = BackupEvent

/** The whole event as the library holds it (store/event-transfer.ts, as a backup carries it). */
export const eventWhole = (db: Db, id: string): ExportedEvent => wholeEvent(db, id)

export function exportEvent(db: Db, id: string): EventExport {
  return { format: 'muster-event-export', version: 1, exportedAt: new Date().toISOString(), event: eventWhole(db, id), standings: eventStandings(db, id) }
}

/** A standings row as every view shows it (event/day-types.ts StandingView): the app's, the CLI's, the PDF's, the page's. */
export type NamedStanding = StandingView

/**
 * The standings (the profile's scoring and tie-breaks) as every view shows them: every player who
 * played or may play (dropped ones keep their place; one held back who never sat at a table is left out).
 */
export function eventStandings(db: Db, id: string): NamedStanding[] {
  const { event, players, rounds } = events.readEvent<EventProfile>(db, id)
  return standingsOf(event.profile, players, rounds)
}

/** The standings of an event already read (as eventStandings gives them). */
export function standingsOf(profile: EventProfile, stored: events.StoredPlayer[], storedRounds: events.StoredRound[]): NamedStanding[] {
  const rounds = events.asRoundRecords(storedRounds)
  const seated = new Set(rounds.flatMap((r) => r.tables.flatMap((t) => t.players as string[])))
  const players = asEventPlayers(stored).filter((p) => p.status !== 'held' || seated.has(p.id))
  return standingsView(players, rounds, profile)
}
