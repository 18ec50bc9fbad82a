// Event day's shapes (issue 41), shared by the event in the library (store/events.ts, services/event-day.ts),
// the Swiss pairing (event/swiss.ts) and the results and standings (event/standings.ts). Pure types;
// a player's and a table's, which the library keeps too, are in src-shared/event-day-types.ts.
import type { EventPlayer, PairedTable, PlayerStatus, TableResult } from '../../src-shared/event-day-types'

export type { EventPlayer, PairedTable, PlayerStatus, TableResult }

export interface RoundRecord {
  round: number
  tables: Array<PairedTable & { result?: TableResult }>
}

export interface StandingRow {
  rank: number
  player: string
  score: number
  /** By tie-break id, in the profile's order (opponents' score, points destroyed, head to head). */
  tiebreaks: Record<string, number>
}

/**
 * A standings row as every view shows it (the app, the CLI, the printed standings, the published
 * page; event/standings-view.ts makes it): the player named as their roster names them (`id`: the
 * event's own), with what the views print beside them. A bye is none of won, drawn and lost.
 */
export type StandingView = StandingRow & {
  id: string
  armyTitle: string
  club?: string
  country?: string
  won: number
  drawn: number
  lost: number
  /** Byes had: none of won, drawn or lost; each scores as the profile's byeScore says. */
  byes: number
  dropped: boolean
}
