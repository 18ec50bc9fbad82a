// The one army search, wherever a player looks for an army (New roster's picker, the Armies browser):
// which armies a query finds, and in what order. An army is found by every word of the query in its
// name, a nation tag or a category, or by its list number ("66a" that list, "115" every sublist of
// 115, as an event's pool takes them). The best match comes first: the exact name, then a name that
// starts with the query, then the list number, then the words of the name, and armies found only by
// a tag or a category last. Within a rank, the armies keep the order they were given in.
import { isListNumber, listMatches } from './lists'
import { withinDates, type DateRange } from './years'

/** What the army search reads of an army. */
export interface Searchable {
  name: string
  tags: string[]
  dates: DateRange[]
  listNumber?: string
  categories?: string[]
}

/** Lower case, accents aside ("Provençal" is found by "provencal"), spaces as one. */
export const searchFold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()

interface Folded {
  name: string
  nameWords: string[]
  /** The name, tags and categories: everything a word may be found in. */
  all: string
}

// An army's folded texts, worked out once (700 armies are searched at every keystroke).
const folded = new WeakMap<Searchable, Folded>()
function foldedOf(army: Searchable): Folded {
  let f = folded.get(army)
  if (!f) {
    const name = searchFold(army.name)
    f = {
      name,
      nameWords: name.split(/[^\p{L}\p{N}]+/u).filter(Boolean),
      all: `${name} ${searchFold([...army.tags, ...(army.categories ?? [])].join(' '))}`
    }
    folded.set(army, f)
  }
  return f
}

/** How well an army answers a query: 0 best (its exact name) to 5 (a tag or category only); null when it does not. */
export function searchRank(army: Searchable, query: string): number | null {
  return rankOf(army, searchFold(query))
}

/** searchRank of a query already folded (searchArmies folds it once for all the armies). */
function rankOf(army: Searchable, q: string): number | null {
  if (!q) return 0
  const f = foldedOf(army)
  const words = q.split(' ')
  const byNumber = (w: string) => isListNumber(w) && listMatches(w, army.listNumber)
  if (!words.every((w) => byNumber(w) || f.all.includes(w))) return null
  if (f.name === q) return 0
  if (f.name.startsWith(q)) return 1
  if (words.every(byNumber)) return 2
  if (words.every((w) => byNumber(w) || f.nameWords.some((n) => n.startsWith(w)))) return 3
  if (words.every((w) => byNumber(w) || f.name.includes(w))) return 4
  return 5
}

/** Whether an army answers the query and, given a year, is fielded then. */
export function armyMatches(army: Searchable, query: string, year: number | null): boolean {
  return searchRank(army, query) !== null && (year === null || withinDates(year, army.dates))
}

/** The armies a query finds (fielded in `year`, given one, and kept by `keep`), the best matches first. */
export function searchArmies<T extends Searchable>(armies: readonly T[], query: string, year: number | null, keep: (army: T) => boolean = () => true): T[] {
  const q = searchFold(query)
  const found: Array<{ army: T; rank: number; at: number }> = []
  armies.forEach((army, at) => {
    if (!keep(army) || (year !== null && !withinDates(year, army.dates))) return
    const rank = rankOf(army, q)
    if (rank !== null) found.push({ army, rank, at })
  })
  return found.sort((a, b) => a.rank - b.rank || a.at - b.at).map((x) => x.army)
}
