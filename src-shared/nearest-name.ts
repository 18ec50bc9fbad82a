// The name someone most likely meant when they typed one that is not there ("Anna" for "Anna
// Kowalski", "Dave Smythe" for "Dave Smyth"), for a refusal to end "did you mean '...'?". Pure and
// light (no confusables table): a hint only, never a match; the caller's own lookup decides who is who.

import { distance } from 'fastest-levenshtein'

/** Lower case, accents and extra spaces away: "Émilie  Duchêne" reads as "emilie duchene". */
const plain = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()

/**
 * The one name of `names` nearest to `name`, or undefined when none is near or two are equally near
 * (a guess between two would mislead). Near: the name's words start one name's words ("Anna", "anna
 * kow", "Kowalski"), or a few letters off (a quarter of its length, at least 1, at most 3).
 */
export function nearestName(name: string, names: readonly string[]): string | undefined {
  const typed = plain(name)
  if (!typed) return undefined
  const words = typed.split(' ')
  const only = (found: string[]): string | undefined => (new Set(found).size === 1 ? found[0] : undefined)
  // Every typed word the start of one of the name's words, in order.
  const starts = names.filter((n) => {
    const theirs = plain(n).split(' ')
    let at = 0
    return words.every((w) => {
      while (at < theirs.length && !theirs[at].startsWith(w)) at++
      return at++ < theirs.length
    })
  })
  if (starts.length) return only(starts)
  const most = Math.min(3, Math.max(1, Math.floor(typed.length / 4)))
  let best = most + 1
  let found: string[] = []
  for (const n of names) {
    const d = distance(typed, plain(n))
    if (d < best) [best, found] = [d, [n]]
    else if (d === best) found.push(n)
  }
  return best <= most ? only(found) : undefined
}

/** ": did you mean 'Anna Kowalski'?" to end a refusal ("no player called 'Anna' in this event"), or '' when no name is near. */
export const didYouMean = (name: string, names: readonly string[]): string => {
  const near = nearestName(name, names)
  return near === undefined ? '' : `: did you mean '${near}'?`
}
