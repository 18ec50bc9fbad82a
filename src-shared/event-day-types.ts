// An event's players and tables as the event day computes them (src-main/event/), the library keeps
// them (src-main/store/events.ts, which knows no event rules) and the window shows them: one copy of
// the shapes all three carry. Pure types.

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
