// An event's standings (issue 41): each player's score from the rounds' results, then the profile's
// tie-breaks in its order, ranks shared only when every tie-break is equal too. Pure: the scoring is
// the profile's data (points or a json-logic formula, compiled once per scoring object).
import { asNumber, compileFormula, formulaProblem, type Formula } from '../../src-shared/formula'
import type { EventProfile, EventScoring, TiebreakId } from '../generated-types/event'
import type { EventPlayer, RoundRecord, StandingRow, TableResult } from './day-types'

export const DEFAULT_TIEBREAKS: readonly TiebreakId[] = ['opponentsScore', 'pointsDestroyed', 'headToHead']
/** The profile's tie-breaks in its order, or the default ones. */
export const tiebreaksOf = (profile: Pick<EventProfile, 'tiebreaks'>): readonly TiebreakId[] => profile.tiebreaks ?? DEFAULT_TIEBREAKS
const DEFAULT_POINTS = { win: 3, draw: 1, loss: 0 }

/** What a scoring formula reads: one player's result. */
export interface ResultContext {
  won: boolean
  drawn: boolean
  lost: boolean
  /** What the player destroyed, in the ruleset's measure (0 when the result gives none). */
  destroyed: number
  /** What the player lost (what the opponent destroyed). */
  lostPoints: number
}

/** A profile's scoring that cannot score, said in the organiser's words. */
export class ScoringError extends Error {
  readonly code = 'bad-scoring'
  override name = 'ScoringError'
}

interface Compiled {
  points: (context: ResultContext) => number
  bye: number
}

// One compile per scoring object the profile holds: standings of a big event call scoreOf thousands of times.
const compiledScorings = new WeakMap<EventScoring, Compiled>()
const DEFAULT_SCORING: EventScoring = {}

function compiled(scoring: EventScoring = DEFAULT_SCORING): Compiled {
  const known = compiledScorings.get(scoring)
  if (known) return known
  let points: Compiled['points']
  if (scoring.formula !== undefined) {
    const problem = formulaProblem(scoring.formula)
    if (problem) throw new ScoringError(`The event's scoring formula cannot be read (${problem}).`)
    const formula: Formula = compileFormula(scoring.formula)
    points = (context) => asNumber(formula(context))
  } else {
    const { win = DEFAULT_POINTS.win, draw = DEFAULT_POINTS.draw, loss = DEFAULT_POINTS.loss } = scoring
    points = (context) => (context.won ? win : context.drawn ? draw : loss)
  }
  const bye = scoring.byeScore ?? points({ won: true, drawn: false, lost: false, destroyed: 0, lostPoints: 0 })
  const made = { points, bye }
  compiledScorings.set(scoring, made)
  return made
}

/** The scoring's problem in words (a formula that does not compile), or null: for checking a profile. */
export function scoringProblem(scoring: EventScoring | undefined): string | null {
  try {
    compiled(scoring)
    return null
  } catch (e) {
    if (e instanceof ScoringError) return e.message
    throw e
  }
}

/** The points one side of a table (0 or 1, the table's order) scores by its result. Throws ScoringError. */
export function scoreOf(result: TableResult, side: 0 | 1, scoring?: EventScoring): number {
  const other = side === 0 ? 1 : 0
  return compiled(scoring).points({
    won: result.winner === side,
    drawn: result.winner === null,
    lost: result.winner === other,
    destroyed: result.score?.[side] ?? 0,
    lostPoints: result.score?.[other] ?? 0
  })
}

/** What a bye scores under the scoring. */
export const byeScoreOf = (scoring?: EventScoring): number => compiled(scoring).bye

interface Tally {
  score: number
  destroyed: number
  /** Every game played: the opponent and the points scored against them. */
  games: Array<{ opponent: string; points: number }>
}

/** Each player's tally from the rounds: results entered only (a table still playing counts nothing). */
function tallies(rounds: RoundRecord[], scoring: EventScoring | undefined): Map<string, Tally> {
  const all = new Map<string, Tally>()
  const tally = (id: string): Tally => {
    let t = all.get(id)
    if (!t) all.set(id, (t = { score: 0, destroyed: 0, games: [] }))
    return t
  }
  const bye = byeScoreOf(scoring)
  for (const round of rounds)
    for (const table of round.tables) {
      if (table.players.length === 1) {
        tally(table.players[0]).score += bye
        continue
      }
      const result = table.result
      if (!result) continue
      for (const side of [0, 1] as const) {
        const points = scoreOf(result, side, scoring)
        const t = tally(table.players[side])
        t.score += points
        t.destroyed += result.score?.[side] ?? 0
        t.games.push({ opponent: table.players[side === 0 ? 1 : 0], points })
      }
    }
  return all
}

/** Points scored among exactly these players when every two of them met; else 0 for each. */
function headToHead(group: string[], of: Map<string, Tally>): Map<string, number> {
  const members = new Set(group)
  const met = new Set<string>()
  const points = new Map<string, number>()
  for (const id of group) {
    let sum = 0
    for (const game of of.get(id)?.games ?? [])
      if (members.has(game.opponent)) {
        sum += game.points
        met.add(`${id}\u0000${game.opponent}`)
      }
    points.set(id, sum)
  }
  const allMet = group.every((a) => group.every((b) => a === b || met.has(`${a}\u0000${b}`)))
  return allMet ? points : new Map(group.map((id) => [id, 0]))
}

interface Row {
  player: EventPlayer
  score: number
  values: number[]
}

/** Higher first, by score then each tie-break value so far (`upTo` of them); 0 when level. */
function compareUpTo(a: Row, b: Row, upTo: number): number {
  if (a.score !== b.score) return b.score - a.score
  for (let i = 0; i < upTo; i++) if (a.values[i] !== b.values[i]) return b.values[i] - a.values[i]
  return 0
}

/**
 * The standings of an event: every player given (dropped ones too), by score, then the profile's
 * tie-breaks in order; players level on all of them share a rank (1, 2, 2, 4), listed by name.
 * `player` of each row is the EventPlayer's id. Throws ScoringError when the scoring cannot score.
 */
export function standings(players: EventPlayer[], rounds: RoundRecord[], profile: Pick<EventProfile, 'scoring' | 'tiebreaks'>): StandingRow[] {
  const order = tiebreaksOf(profile)
  const of = tallies(rounds, profile.scoring)
  const scoreOfId = (id: string): number => of.get(id)?.score ?? 0
  const rows: Row[] = players.map((player) => ({ player, score: scoreOfId(player.id), values: [] }))
  order.forEach((tiebreak, i) => {
    if (tiebreak === 'headToHead') {
      // Among the players still level on the score and the tie-breaks before it.
      rows.sort((a, b) => compareUpTo(a, b, i))
      for (let start = 0; start < rows.length;) {
        let end = start + 1
        while (end < rows.length && compareUpTo(rows[start], rows[end], i) === 0) end++
        const group = rows.slice(start, end)
        const h2h =
          group.length > 1
            ? headToHead(
                group.map((r) => r.player.id),
                of
              )
            : undefined
        for (const row of group) row.values[i] = h2h?.get(row.player.id) ?? 0
        start = end
      }
      return
    }
    for (const row of rows) {
      const t = of.get(row.player.id)
      row.values[i] = !t ? 0 : tiebreak === 'pointsDestroyed' ? t.destroyed : t.games.reduce((sum, g) => sum + scoreOfId(g.opponent), 0)
    }
  })
  // Tied players by name as a reader sorts them ("Émilie" with the Es), then by id so the order is stable.
  const byName = (a: Row, b: Row): number =>
    a.player.name.localeCompare(b.player.name, 'en', { sensitivity: 'base', numeric: true }) ||
    (a.player.id < b.player.id ? -1 : a.player.id > b.player.id ? 1 : 0)
  rows.sort((a, b) => compareUpTo(a, b, order.length) || byName(a, b))
  let rank = 0
  return rows.map((row, i) => {
    if (i === 0 || compareUpTo(rows[i - 1], row, order.length) !== 0) rank = i + 1
    return { rank, player: row.player.id, score: row.score, tiebreaks: Object.fromEntries(order.map((id, k) => [id, row.values[k]])) }
  })
}
