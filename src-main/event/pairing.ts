// First-round pairing of an event's players (issue 23, "Event pairing"): a pure function of the
// submitted entries (no files, no engine, no electron, no SQLite), so the CLI and the app present
// one answer.
//
// What it does, in order:
// - One entry per player. Players are told apart as the event check tells them (its normalised
//   player name; a roster without a player name is a player of its own, by its file). A player who
//   submitted several rosters is paired once, with one of them: the first by file name among those
//   the event check found legal, else the first by file name; the others are left out, and a note
//   says which was kept. So no player meets themselves, and no two rosters of one player meet.
// - Each possible pair's historical links: historical enemies (either army list names the other
//   among its `enemies`), dates (both rosters' years, when both set one: each army was fielded over
//   the years between them; one year: the other army was fielded then too; no year: the lists'
//   date ranges overlap), and shared categories (the lists' `categories`, else their `tags`).
// - A pairing of everyone (one bye when the count is odd) with, first, as many pairs of historical
//   enemies as can be had, then as many pairs with overlapping dates, then with a shared category
//   (lexicographic; a pair counts under every link it has). The bye goes, among equally good
//   pairings, to the player with the fewest possible links (fewest other players they have any
//   historical link with; then the least linked; then the first by file name): the one whom a bye
//   costs the least. See `pairEntries` for the algorithm (exact, not a greedy guess).
// Deterministic: the same entries, in any order, give the same pairing.
import { formatRange, formatRanges, formatYear, withinDates, type DateRange } from '../../src-shared/years'
import { listWords } from '../rules/messages'
import { playerName } from '../../src-shared/players'
import { groupByPlayer } from '../../src-shared/player-keys'
import { maxWeightPerfectMatching } from './perfect-matching'

/** One submitted roster as pairing sees it. */
export interface PairingEntry {
  /** The submission: its file path. Unique among the entries. */
  key: string
  /** The player's name as the roster gives it; null when it names none (then the roster is a player of its own). */
  player: string | null
  ruleset: string
  army: string
  armyName: string
  /** The army's list number (Meshwesh's "52a"), when it has one. */
  list?: string
  /** The roster's year (negative: BC), when it sets one. */
  year?: number | null
  /** The army list's dates. */
  dates: DateRange[]
  /** Army ids of the list's historical enemies (same ruleset). */
  enemies?: string[]
  /** The list's thematic categories. */
  categories?: string[]
  /** The list's tags (nationality, and categories in imported lists). */
  tags?: string[]
  /** Whether the event check found the roster legal: chooses which of one player's rosters is paired. */
  legal?: boolean
}

/** What links two entries, and its words. */
export interface PairLinks {
  enemies: boolean
  /** "both fielded in 216 BC", "both fielded 250-146 BC", or null. */
  dates: string | null
  /** Shared categories (or tags), as the first entry writes them. */
  categories: string[]
  /** In players' words, strongest first; ["no historical link"] when there is none. */
  reasons: string[]
  /** 4 for historical enemies + 2 for dates + 1 for a shared category: 0 to 7. */
  score: number
}

export interface Pair extends PairLinks {
  a: PairingEntry
  b: PairingEntry
}

export interface Pairing {
  /** Every paired player once, in table order (by the first player's name). */
  pairs: Pair[]
  /** The player without an opponent when the count is odd. */
  bye?: PairingEntry
  /** Rosters not paired because another roster of the same player is. */
  leftOut: Array<{ entry: PairingEntry; reason: string }>
  notes: string[]
}

export const NO_LINK = 'no historical link'
const DATES_WORDS = 'both fielded'

const yearOf = (e: PairingEntry): number | undefined => (typeof e.year === 'number' && Number.isFinite(e.year) ? e.year : undefined)
const covers = (dates: DateRange[], span: DateRange) => dates.some((d) => d.from <= span.from && span.to <= d.to)
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [])

/** The years both armies were fielded, in words, or null. */
function datesLink(a: PairingEntry, b: PairingEntry): string | null {
  const [ya, yb] = [yearOf(a), yearOf(b)]
  if (ya !== undefined && yb !== undefined) {
    // Two rosters' years: each army was fielded over the years between them.
    const span = { from: Math.min(ya, yb), to: Math.max(ya, yb) }
    if (!covers(a.dates, span) || !covers(b.dates, span)) return null
    return span.from === span.to ? `${DATES_WORDS} in ${formatYear(span.from)}` : `${DATES_WORDS} ${formatRange(span)}`
  }
  const year = ya ?? yb
  if (year !== undefined) return withinDates(year, a.dates) && withinDates(year, b.dates) ? `${DATES_WORDS} in ${formatYear(year)}` : null
  // No year: the lists' date ranges overlap.
  const common: DateRange[] = []
  for (const ra of a.dates) {
    for (const rb of b.dates) {
      const from = Math.max(ra.from, rb.from)
      const to = Math.min(ra.to, rb.to)
      if (from <= to) common.push({ from, to })
    }
  }
  if (!common.length) return null
  common.sort((x, y) => x.from - y.from || x.to - y.to)
  const merged: DateRange[] = []
  for (const r of common) {
    const last = merged[merged.length - 1]
    if (last && r.from <= last.to + 1) last.to = Math.max(last.to, r.to)
    else merged.push({ ...r })
  }
  return merged.length === 1 && merged[0].from === merged[0].to ? `${DATES_WORDS} in ${formatYear(merged[0].from)}` : `${DATES_WORDS} ${formatRanges(merged)}`
}

/** Shared categories, else shared tags, as `a` writes them. */
function sharedCategories(a: PairingEntry, b: PairingEntry): string[] {
  for (const field of ['categories', 'tags'] as const) {
    const theirs = new Set(strings(b[field]).map((c) => c.toLowerCase()))
    const shared = [...new Set(strings(a[field]).filter((c) => theirs.has(c.toLowerCase())))]
    if (shared.length) return shared
  }
  return []
}

/** What links two entries (historical enemies, dates, categories), with the reasons in players' words. */
export function pairLinks(a: PairingEntry, b: PairingEntry): PairLinks {
  const enemies = a.ruleset === b.ruleset && (strings(a.enemies).includes(b.army) || strings(b.enemies).includes(a.army))
  const dates = datesLink(a, b)
  const categories = sharedCategories(a, b)
  const reasons = [
    ...(enemies ? ['historical enemies'] : []),
    ...(dates ? [dates] : []),
    ...(categories.length
      ? [
          `both in ${listWords(
            categories.map((c) => `'${c}'`),
            'and'
          )}`
        ]
      : [])
  ]
  return { enemies, dates, categories, reasons: reasons.length ? reasons : [NO_LINK], score: (enemies ? 4 : 0) + (dates ? 2 : 0) + (categories.length ? 1 : 0) }
}

const byKey = (x: PairingEntry, y: PairingEntry) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0)
/** The player's name, or the file's name for a roster that names no player. */
export const displayName = (e: Pick<PairingEntry, 'key' | 'player'>): string => playerName({ file: e.key, player: e.player })

/** One entry per player (see the header); the others with the reason. */
function onePerPlayer(entries: PairingEntry[]): { kept: PairingEntry[]; leftOut: Pairing['leftOut']; notes: string[] } {
  // By player as the event check groups them (src-shared/player-keys.ts: look-alike letters and invisible
  // characters make no other player); an entry that names no player is its own.
  const sorted = [...entries].sort(byKey)
  const named = (e: PairingEntry) => (e.player && e.player.trim() ? e.player : null)
  const groups = [...groupByPlayer(sorted, named), ...sorted.filter((e) => !named(e)).map((e) => [e])].sort((a, b) => byKey(a[0], b[0]))
  const kept: PairingEntry[] = []
  const leftOut: Pairing['leftOut'] = []
  const notes: string[] = []
  for (const group of groups) {
    const chosen = group.find((e) => e.legal === true) ?? group[0]
    kept.push(chosen)
    if (group.length < 2) continue
    const others = group.filter((e) => e !== chosen)
    const why = group.some((e) => e.legal === true) && group.some((e) => e.legal !== true) ? 'the first legal one by file name' : 'the first by file name'
    for (const e of others) leftOut.push({ entry: e, reason: `${displayName(chosen)} submitted ${group.length} rosters: ${chosen.key} is paired (${why})` })
    notes.push(`${displayName(chosen)} submitted ${group.length} rosters; ${chosen.key} is paired (${why}), not ${others.map((e) => e.key).join(', ')}.`)
  }
  return { kept: kept.sort(byKey), leftOut, notes }
}

/** What a pair's score needs of an entry, read once: the score is asked of every pair, n²/2 of them. */
interface Scored {
  ruleset: string
  army: string
  year: number | undefined
  dates: DateRange[]
  enemies: Set<string>
  categories: Set<string>
  tags: Set<string>
}

const lowered = (v: unknown) => new Set(strings(v).map((c) => c.toLowerCase()))
const scored = (e: PairingEntry): Scored => ({
  ruleset: e.ruleset,
  army: e.army,
  year: yearOf(e),
  dates: e.dates,
  enemies: new Set(strings(e.enemies)),
  categories: lowered(e.categories),
  tags: lowered(e.tags)
})
const meets = (x: Set<string>, y: Set<string>) => {
  for (const c of x) if (y.has(c)) return true
  return false
}

/** Whether datesLink finds a date link, without its words. */
function datesLinked(a: Scored, b: Scored): boolean {
  if (a.year !== undefined && b.year !== undefined) {
    const span = { from: Math.min(a.year, b.year), to: Math.max(a.year, b.year) }
    return covers(a.dates, span) && covers(b.dates, span)
  }
  const year = a.year ?? b.year
  if (year !== undefined) return withinDates(year, a.dates) && withinDates(year, b.dates)
  return a.dates.some((ra) => b.dates.some((rb) => Math.max(ra.from, rb.from) <= Math.min(ra.to, rb.to)))
}

/** pairLinks(a, b).score, without the words. */
function linkScore(a: Scored, b: Scored): number {
  const enemies = a.ruleset === b.ruleset && (a.enemies.has(b.army) || b.enemies.has(a.army))
  return (enemies ? 4 : 0) + (datesLinked(a, b) ? 2 : 0) + (meets(a.categories, b.categories) || meets(a.tags, b.tags) ? 1 : 0)
}

/**
 * The score of every pair of entries (pairLinks' score), as `score(i, j)`. Entries alike in all that
 * links them (many players bring one army, of one year) share one profile, scored once against each
 * other profile.
 */
export function pairScores(entries: PairingEntry[]): (i: number, j: number) => number {
  const ids = new Map<string, number>()
  const profiles: Scored[] = []
  const profileOf = Int32Array.from(entries, (e) => {
    const s = scored(e)
    const id = JSON.stringify([s.ruleset, s.army, s.year ?? null, s.dates, ...[s.enemies, s.categories, s.tags].map((x) => [...x].sort())])
    let p = ids.get(id)
    if (p === undefined) ids.set(id, (p = profiles.push(s) - 1))
    return p
  })
  const np = profiles.length
  // Each pair of profiles scored once, up to 8,192 profiles (64 MB); past that, scored when asked.
  const known = np <= 8192 ? new Int8Array(np * np).fill(-1) : undefined
  return (i, j) => {
    const x = profileOf[i]
    const y = profileOf[j]
    if (!known) return linkScore(profiles[x], profiles[y])
    let s = known[x * np + y]
    if (s < 0) known[x * np + y] = known[y * np + x] = s = linkScore(profiles[x], profiles[y])
    return s
  }
}

/**
 * A pair's weight from its link score, lexicographic: (enemies × K + dates) × K + category, times R,
 * with K above the number of tables of `n` players and R above any bye preference (see pairEntries).
 */
export function linkWeight(n: number): (s: number) => number {
  const K = Math.floor(n / 2) + 2
  const R = n + 2
  return (s) => ((((s >> 2) & 1) * K + ((s >> 1) & 1)) * K + (s & 1)) * R
}

/**
 * Who a bye costs the least, by their links (see the header): `order` the players from the first
 * choice; `preference[i]` n for the first choice down to 1; `linked[i]` how many players i has a link with.
 */
export function byePreferences(n: number, score: (i: number, j: number) => number): { linked: number[]; order: number[]; preference: number[] } {
  const linked = new Array<number>(n).fill(0)
  const strength = new Array<number>(n).fill(0)
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const s = score(i, j)
      if (!s) continue
      linked[i]++
      linked[j]++
      strength[i] += s
      strength[j] += s
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => linked[x] - linked[y] || strength[x] - strength[y] || x - y)
  const preference = new Array<number>(n)
  order.forEach((i, rank) => (preference[i] = n - rank))
  return { linked, order, preference }
}

/**
 * Pairs the entries for the first round: everyone once, a bye when the count is odd, historical
 * enemies first, then overlapping dates, then shared categories (see the header).
 *
 * Exact: a maximum-weight perfect matching (Edmonds' blossom algorithm, ./matching.ts) of the
 * players, plus a virtual "bye" player when the count is odd. The weight of a pair orders pairings
 * lexicographically: (enemies × K + dates) × K + category, times R, with K above the number of
 * tables (no number of weaker links outweighs one stronger link) and R above the bye's preference,
 * which is the weight of the pair with the virtual player: so the bye is chosen only among pairings
 * equally good for everyone else. Among equally good pairings the algorithm's own order decides,
 * the same every time. Exact at every size, and quick: 2,000 players in a second or two
 * (./perfect-matching.ts; `npm run bench -- pairing`).
 */
export function pairEntries(entries: PairingEntry[]): Pairing {
  const { kept, leftOut, notes } = onePerPlayer(entries)
  const n = kept.length
  const score = pairScores(kept)
  const weight = linkWeight(n)
  const { linked, order: byeOrder, preference: byePreference } = byePreferences(n, score)
  const odd = n % 2 === 1
  const size = odd ? n + 1 : n
  // Every pair is an edge (players with no link at weight 0): a perfect matching is everyone paired.
  const mate = maxWeightPerfectMatching(size, (i, j) => (j === n ? byePreference[i] : weight(score(i, j))))
  const matched: Array<readonly [number, number]> = []
  mate.forEach((j, i) => i < j && matched.push([i, j]))
  let bye: PairingEntry | undefined = n === 1 ? kept[0] : undefined
  const pairs: Pair[] = []
  for (const [i, j] of matched) {
    if (j === n) {
      bye = kept[i]
      continue
    }
    // The first player by name (then file) is `a`.
    const [x, y] = displayName(kept[i]).localeCompare(displayName(kept[j])) > 0 ? [j, i] : [i, j]
    const l = pairLinks(kept[x], kept[y])
    pairs.push({ a: kept[x], b: kept[y], ...l })
  }
  pairs.sort((p, q) => displayName(p.a).localeCompare(displayName(q.a)) || byKey(p.a, q.a))
  if (bye) {
    const i = kept.indexOf(bye)
    const howLinked =
      linked[i] === 0
        ? 'no historical link with any other army'
        : `a historical link with ${linked[i]} of the ${n - 1} other armies${linked[i] === linked[byeOrder[0]] ? ', the fewest' : ''}`
    notes.push(n === 1 ? `Only one player: ${displayName(bye)} has the bye.` : `${n} players, an odd number: ${displayName(bye)} has the bye (${howLinked}).`)
  }
  if (n > 1 && !kept.some((e) => strings(e.enemies).length))
    notes.push('None of these army lists names its historical enemies: pairs are by dates and categories only.')
  return { pairs, ...(bye ? { bye } : {}), leftOut, notes }
}
