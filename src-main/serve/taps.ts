// What a phone posts back, checked before anything takes it: a list of taps of the four kinds, with
// numbers in range. Anything else is refused whole (400), never half-taken.
import type { Tap } from '../../src-shared/play/types'

const side = (v: unknown) => v === 0 || v === 1
const int = (v: unknown, min: number, max: number) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max
const text = (v: unknown, max: number) => typeof v === 'string' && v.length > 0 && v.length <= max

function isTap(t: unknown): t is Tap {
  if (typeof t !== 'object' || t === null || Array.isArray(t)) return false
  const o = t as Record<string, unknown>
  const keys = Object.keys(o).sort().join(',')
  switch (o.kind) {
    case 'loss':
      return keys === 'delta,kind,side,unit' && side(o.side) && int(o.unit, 0, 9999) && int(o.delta, -100000, 100000)
    case 'flag':
      return keys === 'flag,kind,side,value' && side(o.side) && text(o.flag, 100) && typeof o.value === 'boolean'
    case 'round':
      return keys === 'at,kind,round' && int(o.round, 0, 10000) && text(o.at, 40)
    case 'agreed':
      return keys === 'kind,winner' && (o.winner === null || side(o.winner))
    default:
      return false
  }
}

/** The taps of a posted body ({ taps: [...] }), or null when it is not one. */
export function postedTaps(body: unknown): Tap[] | null {
  if (typeof body !== 'object' || body === null) return null
  const taps = (body as { taps?: unknown }).taps
  if (!Array.isArray(taps) || Object.keys(body).length !== 1) return null
  return taps.every(isTap) ? taps : null
}

const canonical = (t: Tap) => JSON.stringify(Object.entries(t).sort(([a], [b]) => (a < b ? -1 : 1)))

/**
 * How to bring a game holding `held` to the phone's `posted` with the games service's two acts:
 * undo back to what both share, then tap the rest.
 */
export function tapsToApply(held: readonly Tap[], posted: readonly Tap[]): { undo: number; tap: Tap[] } {
  let same = 0
  while (same < held.length && same < posted.length && canonical(held[same]) === canonical(posted[same])) same++
  return { undo: held.length - same, tap: posted.slice(same) }
}
