// What a list of armies shows of each (the army browser, New roster, `muster rulesets`): names,
// dates and browsing facts, the list number and categories of the source, historical enemies and
// related lists, and where the list came from. One answer for the app and the CLI.
import type { Army } from './types'
import { listNumberOf } from '../../src-shared/army-title'

export interface ArmySummary {
  id: string
  name: string
  dates: Array<{ from: number; to: number }>
  tags: string[]
  region?: string
  era?: string
  /** The source's list number ("66a"), where it has one. */
  listNumber?: string
  /** The source's thematic categories. */
  categories?: string[]
  /** Army ids of historical enemies (loaded armies only). */
  enemies?: string[]
  /** Army ids of related lists (loaded armies only). */
  related?: string[]
  /** 'bundled' with Muster, 'user' (the player's own data folder), or the online source it was fetched from, lower case ('meshwesh'; its name as written in `origin`). */
  source: string
  origin?: string
  /** When a fetched list was last fetched changed (YYYY-MM-DD). */
  fetched?: string
  /** When the source stopped serving the list (YYYY-MM-DD): it still checks, from the last copy. */
  removed?: string
}

const text = (v: string | number | undefined) => (v === undefined ? undefined : String(v))

export function armySummary(a: Army, fromUserData: boolean, known: (id: string) => boolean): ArmySummary {
  const s = a.source ?? {}
  const origin = text(s.origin)
  const listNumber = listNumberOf(s)
  const enemies = a.enemies?.filter(known)
  const related = a.related?.filter(known)
  return {
    id: a.id,
    name: a.name,
    dates: a.dates,
    tags: a.tags,
    ...(a.region ? { region: a.region } : {}),
    ...(a.era ? { era: a.era } : {}),
    ...(listNumber ? { listNumber } : {}),
    ...(a.categories?.length ? { categories: a.categories } : {}),
    ...(enemies?.length ? { enemies } : {}),
    ...(related?.length ? { related } : {}),
    source: origin ? origin.toLowerCase() : fromUserData ? 'user' : 'bundled',
    ...(origin ? { origin } : {}),
    ...(s.fetched ? { fetched: text(s.fetched) } : {}),
    ...(s.removed ? { removed: text(s.removed) } : {})
  }
}
