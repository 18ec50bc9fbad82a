// How players' names are compared: which names name one player (for "one roster per player", a
// resubmission and pairings alike), and which only look alike. Main side only (the event check, the
// CLI, pairing): it carries Unicode's confusables table (unhomoglyph, about 100 KB), which the
// renderer, showing names as typed, never needs (dependency-cruiser keeps it out).
import unhomoglyph from 'unhomoglyph'
import anyAscii from 'any-ascii'

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu
const ASCII = /^[\x20-\x7e]+$/
/** Case folded as `toLowerCase` cannot alone ("ß" and "SS", final sigma in context). */
const fold = (s: string) => s.toUpperCase().toLowerCase()

/**
 * The printable ASCII characters by their confusables prototype (Unicode's confusables.txt, through
 * unhomoglyph): "l" for "l", "I", "1" and "|"; "rn" for "m"; "O" for "0" and "O".
 */
let asciiByPrototype: Map<string, string[]> | undefined
function asciiFor(prototype: string, upper: boolean): string | undefined {
  if (!asciiByPrototype) {
    asciiByPrototype = new Map()
    for (let c = 0x21; c < 0x7f; c++) {
      const a = String.fromCharCode(c)
      const p = unhomoglyph(a)
      asciiByPrototype.set(p, [...(asciiByPrototype.get(p) ?? []), a])
    }
  }
  const all = asciiByPrototype.get(prototype)
  if (!all) return ASCII.test(prototype) ? prototype : undefined
  // The letter of the character's own case where the prototype has one ("I" for a Cyrillic "І", "l" for a palochka), else a letter, else the first.
  return all.find((a) => (upper ? /[A-Z]/ : /[a-z]/).test(a)) ?? all.find((a) => /[A-Za-z]/.test(a)) ?? all[0]
}

/**
 * One name's letters outside ASCII given the ASCII letter they are drawn like (a Cyrillic "а" is
 * "a", a Greek "Ν" is "N"), by the Unicode confusables table (UTS #39): the letters of other scripts
 * a look-alike name is typed with. ASCII stays as typed: "rn" and "m", "I" and "l" are letters
 * people's real names differ by (Arnie and Amie, Ian and Lan), never mapped to one.
 */
const lookAlikes = new Map<string, string>()
function lookAlike(name: string): string {
  let out = ''
  for (const c of name) {
    if (c < '\x80') {
      out += c
      continue
    }
    let mapped = lookAlikes.get(c)
    if (mapped === undefined) lookAlikes.set(c, (mapped = asciiFor(unhomoglyph(c), c !== c.toLowerCase()) ?? c))
    out += mapped
  }
  return out
}

/** A name as typed, made plain: invisible characters dropped (default-ignorable: zero-width spaces, joiners, direction marks, soft hyphens), compatibility forms and runs of spaces plain (NFKC), decomposed (NFD). */
const plain = (name: string) => name.replace(IGNORABLE, '').normalize('NFKC').replace(/\s+/gu, ' ').trim().normalize('NFD')

/**
 * The keys a player's name is known by, for "one roster per player", a resubmission and pairings
 * alike: two names that share a key name one player. Both keys are folded in case, and have the
 * letters of other scripts that are drawn like ASCII ones mapped to them (lookAlike): one maps the
 * letters as typed (a Cyrillic "М" is drawn like "M"), one after folding the case (a Greek "ν" is
 * drawn like "v"), so a name typed in another script's look-alike letters meets the Latin name,
 * and a Greek or Cyrillic name meets itself typed in capitals ("ΝΙΚΟΣ" and "Νικος"). Keys are only
 * compared, never shown: reports show each name as its player typed it.
 */
export function playerKeys(name: string): string[] {
  const p = plain(name)
  if (!p) return []
  const asTyped = fold(lookAlike(p)).normalize('NFD')
  const folded = lookAlike(fold(p).normalize('NFD'))
  return asTyped === folded ? [asTyped] : [asTyped, folded]
}

/** Whether two names name one player (they share a key: playerKeys). */
export function samePlayer(a: string, b: string): boolean {
  const keys = new Set(playerKeys(a))
  return playerKeys(b).some((k) => keys.has(k))
}

/**
 * The scripts whose letters Unicode's confusables table draws like Latin ones, each apart; every other
 * script is one more (so Han with Hiragana, as Japanese names are written, is not "mixed").
 */
const SCRIPTS = ['Latin', 'Greek', 'Cyrillic', 'Armenian', 'Georgian', 'Cherokee', 'Coptic'].map((s) => new RegExp(`\\p{Script=${s}}`, 'u'))
const LETTER = /\p{L}/u
/** Whether a name's letters are of more than one script (UTS #39's mixed-script detection): "Маллory" is, "Иван" and "Mallory" are not. */
function mixedScript(name: string): boolean {
  let first: number | undefined
  for (const c of name) {
    if (!LETTER.test(c)) continue
    const script = SCRIPTS.findIndex((re) => re.test(c))
    if (first === undefined) first = script
    else if (script !== first) return true
  }
  return false
}

/** The skeleton keys of a name made plain (lookAlikeKeys). */
function skeletonKeys(p: string): string[] {
  const asTyped = unhomoglyph(fold(unhomoglyph(p)).normalize('NFD'))
  const folded = unhomoglyph(fold(p).normalize('NFD'))
  return asTyped === folded ? [asTyped] : [asTyped, folded]
}

/**
 * The keys a name is drawn like, for the look-alike warning: Unicode's full confusables skeleton
 * (UTS #39, through unhomoglyph), ASCII included, in any case. Wider than playerKeys by design:
 * "MaIlory" (a capital I), "Mal1ory" and "Mallory" meet, and so do real different names (Amie and
 * Arnie, Ian and Lan, Cole and C0le), so a shared key is only ever a warning for an organiser to
 * glance at, never "one roster per player". The skeleton as typed (where "I" is drawn like "l"),
 * folded in case and taken again (where "m" is drawn like "rn"); and the folded name's skeleton, so
 * a name in capitals meets itself.
 *
 * A name of mixed scripts has the same keys of its letters transliterated to ASCII (any-ascii) too
 * (issue 38): the table maps no Latin letter to Cyrillic "л" (nor to many other letters read alike),
 * so "Маллory" meets "Mallory" only so. A name in one script is never transliterated: "Иван" and
 * "Ivan" are a player's name as they write it, not a spoof.
 */
export function lookAlikeKeys(name: string): string[] {
  const p = plain(name)
  if (!p) return []
  const keys = skeletonKeys(p)
  if (!mixedScript(p)) return keys
  for (const k of skeletonKeys(anyAscii(p))) if (!keys.includes(k)) keys.push(k)
  return keys
}

/**
 * Items grouped by the keys of their names (items that name none are left out): two items that
 * share a key are in one group, and so, in turn, are any that share a key with either. In the order
 * of each group's first item; each group in the items' order. Linear in the items.
 */
function groupByKeys<T>(items: readonly T[], nameOf: (item: T) => string | null | undefined, keysOf: (name: string) => string[]): T[][] {
  const parent = items.map((_, i) => i)
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]]
    return i
  }
  const byKey = new Map<string, number>()
  const named: number[] = []
  items.forEach((item, i) => {
    const name = nameOf(item)
    const keys = name ? keysOf(name) : []
    if (!keys.length) return
    named.push(i)
    for (const k of keys) {
      const j = byKey.get(k)
      if (j === undefined) byKey.set(k, i)
      else {
        const [a, b] = [root(i), root(j)]
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b)
      }
    }
  })
  const groups = new Map<number, T[]>()
  for (const i of named) {
    const r = root(i)
    const g = groups.get(r)
    if (g) g.push(items[i])
    else groups.set(r, [items[i]])
  }
  return [...groups.values()]
}

/** Items grouped by player (playerKeys), as groupByKeys groups them. */
export function groupByPlayer<T>(items: readonly T[], nameOf: (item: T) => string | null | undefined): T[][] {
  return groupByKeys(items, nameOf, playerKeys)
}

/** Items grouped by names drawn alike (lookAlikeKeys), as groupByKeys groups them: a group may hold several players. */
export function groupByLookAlike<T>(items: readonly T[], nameOf: (item: T) => string | null | undefined): T[][] {
  return groupByKeys(items, nameOf, lookAlikeKeys)
}

/** A look-up of items by player: the first item whose name shares a key with the name asked for. */
export function playerLookup<T>(items: readonly T[], nameOf: (item: T) => string | null | undefined): (name: string) => T | undefined {
  const byKey = new Map<string, T>()
  for (const item of items) {
    const name = nameOf(item)
    for (const k of name ? playerKeys(name) : []) if (!byKey.has(k)) byKey.set(k, item)
  }
  return (name) => {
    for (const k of playerKeys(name)) {
      const found = byKey.get(k)
      if (found !== undefined) return found
    }
    return undefined
  }
}
