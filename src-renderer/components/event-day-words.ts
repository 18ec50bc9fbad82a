// Words the event-day screen shares: a table's result as the organiser reads it ("Ann beat Bob 4–1"),
// where it came from, where the event stands ("Round 2 of 5"), a score without trailing zeros.
import type { EventDayState, EventDayTable, ResultSource, RulesetSummary } from '../../src-main/ipc/contract'
import { formatPoints } from '../format'
import { tableResultWords } from '../../src-shared/table-result-words'

export const SOURCE_WORDS: Record<ResultSource, string> = { typed: 'typed', slip: 'from a slip', phone: 'from a phone' }

/**
 * A table's result in the words the phones and the command line use (src-shared/table-result-words.ts):
 * "Ann beat Bob, 4-1" (the winner's score first), "Ann and Bob drew, 2-2", "Ann beat Bob (agreed)" for
 * an agreed slip with nothing lost; "Bye"; null while the table has no result.
 */
export function resultWords(t: EventDayTable): string | null {
  if (t.players.length === 1) return 'Bye'
  return t.result ? tableResultWords(t.players, t.result) : null
}

/** The rounds the profile plans, when it says. */
export function plannedRounds(profile: unknown): number | null {
  const rounds = (profile as { rounds?: unknown } | null)?.rounds
  return typeof rounds === 'number' && rounds > 0 ? rounds : null
}

/** "Round 2 of 5", "No round paired yet (5 planned)". */
export function roundLine(state: EventDayState): string {
  const planned = plannedRounds(state.profile)
  const now = state.rounds.length
  if (now === 0) return planned ? `No round paired yet (${planned} planned)` : 'No round paired yet'
  return planned ? `Round ${now} of ${planned}` : `Round ${now}`
}

export const rulesetName = (rulesets: RulesetSummary[], id: string): string => rulesets.find((r) => r.id === id)?.name ?? id

export const score = (n: number): string => formatPoints(Math.round(n * 100) / 100)
