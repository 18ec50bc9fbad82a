// A table's result as the event keeps it (winner by seat, score in table order, the slip it came from)
// in the words the players' phones use (resultWords, src-shared/event-results.ts): "Jon Doe beat Björn
// Sæther, 7-3", the winner's score first. A slip the players agreed with nothing lost says so
// ("Jo beat Bo (agreed)") rather than a 0-0 that reads as a mistake.
import { resultWords } from './event-results'
import { decodeResult } from './play/result-code'

/** A table's result as kept: `winner` indexes the table's players (null: a draw); `score` in table order. */
export interface KeptResult {
  winner: 0 | 1 | null
  score?: [number, number]
  slip?: string
}

/** Whether a slip's code is of a result the players agreed (false when it cannot be read). */
function agreedSlip(code: string): boolean {
  try {
    return decodeResult(code).agreed
  } catch {
    return false
  }
}

/** "Ann beat Bob, 4-1", "Ann and Bob drew, 2-2", "Ann beat Bob" (no score), "Ann beat Bob (agreed)" (an agreed slip, nothing lost). */
export function tableResultWords(players: readonly string[], result: KeptResult): string {
  const winner = result.winner === null ? null : (players[result.winner] ?? null)
  const nothingLost = result.score !== undefined && result.score[0] === 0 && result.score[1] === 0
  if (result.slip && nothingLost && agreedSlip(result.slip)) return `${resultWords(players, { winner })} (agreed)`
  return resultWords(players, { winner, ...(result.score ? { score: result.score } : {}) })
}
