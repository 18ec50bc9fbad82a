// What event day's printed sheets and published page are made from (issue 41): the event's name and
// date, its players, rounds, tables and results, and the standings with their tie-break labels. The
// service (services/event-day-print.ts) reads it from the library; the sheets (day-sheets.ts,
// result-slips.ts) and the page (publish-page.ts) only lay it out. Pure.
import type { PlayerStatus, RoundRecord, StandingView } from './day-types'
import { recordWords, standingsCells } from './standings-report'
import { standingsAfter } from './standings-view'
import { countOf, formatNumber } from '../../src-shared/words'

export interface SheetPlayer {
  id: string
  name: string
  club?: string
  country?: string
  armyTitle: string
  status: PlayerStatus
}

export interface DaySheetModel {
  name: string
  date?: string
  rulesetName: string
  /** By the event's own player id. */
  players: Map<string, SheetPlayer>
  rounds: RoundRecord[]
  /** The standings as they stand: the one view every door shows (standings-view.ts). */
  standings: StandingView[]
}

/** One standings row as printed: the standings report's own cells (standings-report.ts), its labels with them. */
export interface StandingLine {
  rank: string
  player: SheetPlayer
  score: string
  /** Each tie-break's value, in the order of `tiebreakLabels`. */
  tiebreaks: string[]
  /** Games won, drawn and lost ("2-1-0"), byes apart ("1-0-0 +1 bye"). */
  record: string
}

/** "Club, country", or '' when the player has neither. */
export const fromWhere = (p: Pick<SheetPlayer, 'club' | 'country'>): string => [p.club, p.country].filter(Boolean).join(', ')

/** The standings' column labels and lines, the labels and numbers as the standings report words them. */
export function standingLines(model: DaySheetModel): { tiebreakLabels: string[]; lines: StandingLine[] } {
  const [head, ...cells] = standingsCells(model.standings)
  const lines = model.standings.map((row, i) => {
    const { id, player: name, club, country, armyTitle } = row
    const player: SheetPlayer = { id, name, club, country, armyTitle, status: row.dropped ? 'dropped' : (model.players.get(id)?.status ?? 'active') }
    return { rank: cells[i][0], player, score: cells[i][2], tiebreaks: cells[i].slice(3), record: recordWords(row) }
  })
  return { tiebreakLabels: head ? head.slice(3) : [], lines }
}

/** A round of the model, or the latest; refused in words by the caller when there is none. */
export function roundOf(model: DaySheetModel, round?: number): RoundRecord | undefined {
  return round === undefined ? model.rounds[model.rounds.length - 1] : model.rounds.find((r) => r.round === round)
}

/**
 * How far the standings have gone, as every view says it (standings-view.ts standingsAfter): "after
 * round 3 of 5", "after round 3 of 5: 4 of 6 results in" (a round under way, or only its bye counted),
 * "before round 1".
 */
export function roundsDone(model: DaySheetModel, planned?: number): string {
  const after = standingsAfter(model.rounds)
  if (!after) return 'before round 1'
  const of = planned ? ` of ${planned}` : ''
  return `after round ${after.round}${of}${after.resultsIn < after.tables ? `: ${after.resultsIn} of ${countOf(after.tables, 'result')} in` : ''}`
}

/** A table's result in words for the named players: "Ann won", "a draw", "no result yet", "bye". */
export function resultWords(t: RoundRecord['tables'][number], name: (id: string) => string): string {
  if (t.players.length === 1) return 'bye'
  const r = t.result
  if (!r) return 'no result yet'
  return r.winner === null ? 'a draw' : `${name(t.players[r.winner])} won`
}

/** What each player at the table destroyed ("4-1"): the winner's first, a draw's in table order; '' when the result gives none. */
export function scoreWords(t: RoundRecord['tables'][number]): string {
  const score = t.result?.score
  if (!score) return ''
  const [a, b] = t.result!.winner === 1 ? [score[1], score[0]] : score
  return `${formatNumber(a)}-${formatNumber(b)}`
}
