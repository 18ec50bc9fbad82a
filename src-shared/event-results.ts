// What an event's results page on the players' phones (src-phone/results.tsx) and Muster's results
// server (services/event-results.ts) say to each other, and a result in words for both of them.

/** A table of the round as the page shows it: its players (one: a bye) and its result once one is in. */
export interface ResultsTable {
  table: number
  players: [string, string] | [string]
  /** The result as recorded: the winner by name (null: a draw), what each destroyed when known; null: none yet. */
  result: { winner: string | null; score?: [number, number] } | null
}

/** GET /<token>/tables: the event's name and its current round (null: none paired yet). */
export interface ResultsTables {
  event: string
  round: number | null
  tables: ResultsTable[]
}

/** POST /<token>/pin: a table's result PIN, checked before the player fills in the result (200: { table }; 4xx: { error }). */
export interface PinPost {
  round: number
  table: number
  /** As the player typed it (any case). */
  pin: string
}

/** What Muster answers when the event it served is gone (410): the page says so and stops asking. */
export const NO_LONGER_RUN = 'this event is no longer run here'

/** POST /<token>/result: the table's PIN, and who won (a player at the table, or 'draw') and the score, or a result slip's code. */
export interface ResultPost {
  round: number
  table: number
  /** The table's result PIN (on its result slip). */
  pin: string
  winner?: string
  /** What each player destroyed, in table order. */
  score?: [number, number]
  slip?: string
}

/** The answer to a post: the result as recorded (200), or why not in words (4xx). */
export type ResultAnswer = { round: number; table: number; players: string[]; result: NonNullable<ResultsTable['result']> } | { error: string }

/** "Ann beat Bob, 4-1" (the winner's score first), "Ann and Bob drew, 2-2": a result in words. */
export function resultWords(players: readonly string[], result: NonNullable<ResultsTable['result']>): string {
  const first = result.winner !== null && players[1] === result.winner ? 1 : 0
  const [a, b] = [players[first], players[1 - first]]
  const score = result.score ? `, ${result.score[first]}-${result.score[1 - first]}` : ''
  return result.winner === null ? `${a} and ${b} drew${score}` : `${a} beat ${b}${score}`
}
