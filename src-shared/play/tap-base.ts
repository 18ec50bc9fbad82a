// What a phone's taps were based on: a short digest of Muster's list as the phone last read it (its
// length and an FNV-1a hash of each tap's fields in a fixed order). A post carries it, and Muster takes
// the post only while it still holds that very list, so a phone never undoes taps it has not seen.
import type { Tap } from './types'

/** A tap's fields in one order, whatever order its JSON came in. */
const canonical = (t: Tap): string => JSON.stringify(Object.entries(t).sort(([a], [b]) => (a < b ? -1 : 1)))

export function tapsBase(taps: readonly Tap[]): string {
  let h = 0x811c9dc5
  for (const t of taps) {
    const text = canonical(t)
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
    h = Math.imul(h ^ 10, 0x01000193) >>> 0
  }
  return `${taps.length}.${h.toString(36)}`
}

/** How many taps two lists share from the start. */
export function sharedStart(a: readonly Tap[], b: readonly Tap[]): number {
  let n = 0
  while (n < a.length && n < b.length && canonical(a[n]) === canonical(b[n])) n++
  return n
}
