// The Swiss pairing's input (./swiss.ts), shared by its table seating and its preference of rosters.
import type { EventPlayer, RoundRecord } from './day-types'

/** A player of the round with their score so far; `rank` their place in the standings (1 the top), when known. */
export interface SwissPlayer extends EventPlayer {
  score: number
  rank?: number
}

/** How much two players' armies belong together, and why in players' words (./swiss-preference.ts). */
export interface SwissPreference {
  /** As pairLinks' score: 4 historical enemies + 2 shared dates + 1 shared theme (0 to 7). Asked of many pairs: quick. */
  score(a: EventPlayer, b: EventPlayer): number
  /** The reasons, for a table that was paired. */
  reasons(a: EventPlayer, b: EventPlayer): string[]
}

export interface SwissInput {
  round: number
  /** The field: players not active or not yet joined (joinedRound after this round) are left out. */
  players: SwissPlayer[]
  /** The rounds before: who met whom, who had a bye. */
  history: RoundRecord[]
  /** The profile's constraints; fixed tables come from each player's `fixedTable`. */
  constraints?: { clubApart?: boolean; countryApart?: boolean }
  preference?: SwissPreference
}
