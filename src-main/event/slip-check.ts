// A result slip's code read at an event (issue 41): the slip's two check codes must be the rosters two
// players of the event sit at one table with in the round, in either order; the result is then put in
// the table's order. Anything else is refused in players' words, never half read.
import { decodeResult, ResultCodeError, type ResultSlip } from '../../src-shared/play/result-code'
import { ajvValidators } from '../rules/precompiled'
import { schemaId } from '../rules/schemas'
import type { EventPlayer, PairedTable, RoundRecord, TableResult } from './day-types'

export type SlipRefusal =
  | 'damaged'
  | 'not-a-result'
  | 'other-ruleset'
  | 'not-over'
  | 'no-round'
  | 'no-check-code'
  | 'unknown-player'
  | 'other-data'
  | 'same-player'
  | 'not-same-table'
  | 'other-table'

/** A slip the event cannot take, said why. */
export class SlipRefused extends Error {
  readonly code = 'slip-refused'
  constructor(
    readonly refusal: SlipRefusal,
    message: string
  ) {
    super(message)
    this.name = 'SlipRefused'
  }
}

/** What a slip is checked against: the event's ruleset, its players (any status) and its rounds. */
export interface SlipEvent {
  ruleset: string
  players: EventPlayer[]
  rounds: RoundRecord[]
  /** A player's roster's check code under other rules data (the service's: it holds the rosters), to tell a data update from another roster. */
  codeUnder?: (playerId: string, dataVersion: string) => string
}

export interface CheckedSlip {
  table: number
  result: TableResult
}

/** The slip's JSON checked against schemas/result-slip.schema.json: null, or its problem (the service may pass its worded one). */
export type SlipValidate = (doc: unknown) => string | null

const schemaValidate: SlipValidate = (doc) => {
  const validate = ajvValidators(schemaId('result-slip.schema.json'))
  return validate(doc) ? null : `${validate.errors?.[0]?.instancePath || 'the top level'} ${validate.errors?.[0]?.message ?? 'is not as a result slip has it'}`
}

// Check codes as printed: groups of capitals and digits; a typed one may be lower case or spaced.
const sameCode = (a: string, b: string): boolean => a.replace(/\s+/g, '').toUpperCase() === b.replace(/\s+/g, '').toUpperCase()

const sideWords = (slip: ResultSlip, i: 0 | 1): string => `side ${i + 1}${slip.sides[i].player ? ` (${slip.sides[i].player})` : ''}`

/**
 * The result a slip's code gives one table of the event's round: `at.table` when given (else the
 * table the slip's players sit at). The winner and each player's score (what they destroyed: the
 * other side's loss on the slip) in the table's order. Throws SlipRefused.
 */
export function checkSlip(code: string, event: SlipEvent, at: { round: number; table?: number }, validate: SlipValidate = schemaValidate): CheckedSlip {
  let slip: ResultSlip
  try {
    slip = decodeResult(code, validate)
  } catch (e) {
    if (e instanceof ResultCodeError) throw new SlipRefused(e.problem === 'not-a-result' ? 'not-a-result' : 'damaged', e.message)
    throw e
  }
  if (slip.ruleset.id !== event.ruleset)
    throw new SlipRefused('other-ruleset', `This slip is of a game of another ruleset ("${slip.ruleset.id}"): this event plays "${event.ruleset}".`)
  if (!slip.over) throw new SlipRefused('not-over', 'This slip is of a game that is not over: finish the game (or agree its result) and make the slip again.')
  const round = event.rounds.find((r) => r.round === at.round)
  if (!round) throw new SlipRefused('no-round', `Round ${at.round} is not paired yet: a slip can only be entered for a paired round.`)
  const who = ([0, 1] as const).map((i) => {
    const checkCode = slip.sides[i].checkCode
    if (checkCode === null)
      throw new SlipRefused(
        'no-check-code',
        `This slip's ${sideWords(slip, i)} names no roster (an opponent known only by its army list): enter this result by hand.`
      )
    const players = event.players.filter((p) => sameCode(p.checkCode, checkCode))
    // The same roster coded under the slip's rules data: the data changed since it was entered, not the roster.
    const under = players.length
      ? undefined
      : event.players.find((p) => event.codeUnder && sameCode(event.codeUnder(p.id, slip.ruleset.dataVersion), checkCode))
    if (under)
      throw new SlipRefused(
        'other-data',
        `This slip's ${sideWords(slip, i)} is ${under.name}'s roster under data version ${slip.ruleset.dataVersion} (check code ${checkCode}); the event holds it as entered under other rules data (check code ${under.checkCode}): enter this result by hand, or enter ${under.name}'s roster again.`
      )
    if (!players.length)
      throw new SlipRefused(
        'unknown-player',
        `The check code ${checkCode} of this slip's ${sideWords(slip, i)} matches no roster this event holds: the roster played is not the one submitted.`
      )
    return players
  }) as [EventPlayer[], EventPlayer[]]
  const holds = (table: PairedTable, players: EventPlayer[]): number => table.players.findIndex((id) => players.some((p) => p.id === id))
  const found = round.tables.find((t) => t.players.length === 2 && holds(t, who[0]) >= 0 && holds(t, who[1]) >= 0 && holds(t, who[0]) !== holds(t, who[1]))
  if (!found) {
    if (who[0].length === 1 && who[1].length === 1 && who[0][0].id === who[1][0].id)
      throw new SlipRefused('same-player', `Both sides of this slip are ${who[0][0].name}'s roster: a slip names the two players of one table.`)
    const where = (players: EventPlayer[]): string => {
      const table = round.tables.find((t) => holds(t, players) >= 0)
      return `${players[0].name} ${table ? `is at table ${table.table}` : 'is not paired'}`
    }
    throw new SlipRefused('not-same-table', `This slip's players are not at one table in round ${round.round}: ${where(who[0])}, ${where(who[1])}.`)
  }
  if (at.table !== undefined && found.table !== at.table)
    throw new SlipRefused('other-table', `This slip is of table ${found.table} in round ${round.round}, not table ${at.table}.`)
  // Where each slip side sits at the table.
  const seat = [holds(found, who[0]), holds(found, who[1])] as Array<0 | 1>
  const score: [number, number] = [0, 0]
  score[seat[0]] = slip.sides[1].lost
  score[seat[1]] = slip.sides[0].lost
  return {
    table: found.table,
    result: { winner: slip.winner === null ? null : seat[slip.winner], score, slip: code.replace(/\s+/g, '') }
  }
}
