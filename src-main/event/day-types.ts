// Event day's shapes (issue 41), shared by the event in the library (store/events.ts, services/event-day.ts),
// the Swiss pairing (event/swiss.ts) and the results and standings (event/standings.ts). Pure types.

export type PlayerStatus = 'active' | 'held' | 'dropped'

/** A player of an event, from their submitted roster (named by its `player` field). */
export interface EventPlayer {
  id: string
  name: string
  club?: string
  country?: string
  /** A table the player must sit at every round (access needs), from the profile. */
  fixedTable?: number
  /** The roster as checked: its check code, ruleset, army id and army title. */
  checkCode: string
  ruleset: string
  army: string
  armyTitle: string
  /** Held back from pairing while illegal (with its reasons in players' words), unless overridden. */
  status: PlayerStatus
  heldReasons?: string[]
  /** The first round the player can be paired in (late joiners). */
  joinedRound: number
}

/** One table's result. `winner` 0 or 1 indexes the table's players; null is a draw. */
export interface TableResult {
  winner: 0 | 1 | null
  /** What each player destroyed, in the ruleset's measure (Triumph! victory points), when known. */
  score?: [number, number]
  /** The result code it came from, when it came from a slip. */
  slip?: string
}

/** A table of a round: two player ids, or one for a bye, and why they were paired, in players' words. */
export interface PairedTable {
  table: number
  players: [string, string] | [string]
  why: string
}

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
