// Words the event-day screen shares: a table's result as the organiser reads it ("Ann beat Bob 4–1"),
// where it came from, where the event stands ("Round 2 of 5"), a score without trailing zeros.
import type { EventDayState, EventDayTable, ResultSource, RulesetSummary } from '../../src-main/ipc/contract'
import { formatPoints } from '../format'

export const SOURCE_WORDS: Record<ResultSource, string> = { typed: 'typed', slip: 'from a slip', phone: 'from a phone' }

/**
 * "Ann beat Bob 4–1" (the winner and their score first), "Ann and Bob drew 2–2", "Bye"; a slip's
 * 0–0 (agreed, nothing destroyed) says "(agreed)" instead; null while the table has no result.
 */
export function resultWords(t: EventDayTable): string | null {
  if (t.players.length === 1) return 'Bye'
  if (!t.result) return null
  const { winner, score: s } = t.result
  const first = winner ?? 0
  const [w, l] = [t.players[first], t.players[1 - first]]
  const nothing = s !== undefined && s[0] === 0 && s[1] === 0
  const tail = !s ? '' : nothing ? ' (agreed)' : ` ${formatPoints(s[first])}–${formatPoints(s[1 - first])}`
  return winner === null ? `${w} and ${l} drew${tail}` : `${w} beat ${l}${tail}`
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
