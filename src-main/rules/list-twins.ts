// One list per list number (issue 39, docs/adr/0023-one-list-per-list-number.md): when a published
// Meshwesh catalogue holds a list of the same number as a list Muster ships under another id (the
// lists bundled in Muster's own words, such as `early-imperial-roman` for 115a), the catalogue's list
// is the one in force, and the bundled id becomes an alias of it. The registry hands each ruleset's
// army lists a finder once the data folders are laid over each other (load-registry.ts loadRegistry), which
// they ask when first needed (army-loader.ts): every listing (the picker, the Armies screen, the QRS
// opponents, "Armies I can field", `muster rulesets`) then shows the list once, and a roster saved on
// the old id is read as the new list (roster-on-list.ts).
// Lists of the same id need nothing: the catalogue's file already lies over the bundled one.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Army } from './types'

/** A bundled list that a catalogue list of the same number supersedes. */
export interface ListAlias {
  /** The bundled list's id, which rosters saved before the sync name. */
  from: string
  /** The id of the catalogue's list now in force. */
  to: string
  /** The list number both have ("115a"). */
  list: string
  /** The bundled list itself: its options and allies, to read a roster saved on it (roster-on-list.ts). */
  superseded: Army
}

/** What of a loaded ruleset this needs (registry.ts LoadedRuleset is one). */
export interface TwinTarget {
  armies: {
    keys(): Iterable<string>
    has(id: string): boolean
    get(id: string): Army | undefined
    isUnread(id: string): boolean
    supersede(alias: ListAlias): void
  }
  overrides: { armies: ReadonlyMap<string, { file: string; catalogue?: string }> }
}

/** Finds the superseded lists: every one (before a listing), or whether one id is (before a look-up of it). */
export interface TwinFinder {
  all(): void
  one(id: string): void
}

/**
 * What each list of a published catalogue folder is, as the sync wrote it beside the lists
 * (services/meshwesh/catalogue.ts: `<folder>/lists.json`, CatalogueEntry by Meshwesh id), by army id.
 */
const CATALOGUE_LISTS = 'lists.json'

function catalogueNumbers(dataDir: string): Map<string, string> {
  const numbers = new Map<string, string>()
  let data: unknown
  try {
    // Muster's own file, written whole by the sync: read at JSON.parse's speed, as trusted data is
    data = JSON.parse(readFileSync(join(dataDir, CATALOGUE_LISTS), 'utf8'))
  } catch {
    return numbers // none, or unreadable: only the lists read already say their numbers
  }
  if (!data || typeof data !== 'object') return numbers
  for (const entry of Object.values(data as Record<string, unknown>)) {
    const e = entry as { army?: unknown; list?: unknown } | null
    if (typeof e?.army === 'string' && typeof e.list === 'string' && e.list) numbers.set(e.army, e.list)
  }
  return numbers
}

const listOf = (army: Army | undefined): string | undefined => (typeof army?.source?.list === 'string' && army.source.list ? army.source.list : undefined)

/**
 * The finder of the bundled lists that a catalogue list of the same number supersedes, each made an
 * alias (ArmyLoader.supersede); undefined when no catalogue is laid over the ruleset. Only a published
 * Meshwesh catalogue supersedes: a list the player imported into their own data folder stands beside
 * the bundled one (issue 26), and a number two catalogue lists hold is left as it is (both shown).
 * Cheap where it can be: a catalogue list's id ends in its number as first published
 * (import/meshwesh.ts armyId), so those are tried first, each confirmed by the list itself (which the
 * check then needs anyway); only a number no id ends in is looked up in the catalogue's record of
 * its lists (lists.json).
 */
export function twinFinder(loaded: TwinTarget): TwinFinder | undefined {
  const { armies, overrides } = loaded
  const fromCatalogue = [...overrides.armies].filter(([, origin]) => origin.catalogue !== undefined)
  if (fromCatalogue.length === 0) return undefined
  const done = new Set<string>()
  let recorded: Map<string, string> | undefined
  /** A catalogue list's number: its own once read, else the catalogue's record of it. */
  const numberOf = (id: string): string | undefined => {
    if (!armies.isUnread(id)) return listOf(armies.get(id))
    // <catalogue folder>/<ruleset>/armies/<id>.json: the record is <catalogue folder>/lists.json
    recorded ??= new Map([...new Set(fromCatalogue.map(([, o]) => dirname(dirname(dirname(o.file)))))].flatMap((folder) => [...catalogueNumbers(folder)]))
    return recorded.get(id)
  }
  const twinOf = (list: string): string | undefined => {
    const ending = fromCatalogue.filter(([id]) => id.endsWith(`-${list}`) && listOf(armies.get(id)) === list)
    if (ending.length) return ending.length === 1 ? ending[0][0] : undefined
    const recordedAs = fromCatalogue.filter(([id]) => numberOf(id) === list)
    return recordedAs.length === 1 ? recordedAs[0][0] : undefined
  }
  const one = (id: string): void => {
    if (done.has(id)) return
    done.add(id)
    // only a bundled list in force is superseded: not a catalogue's, nor the player's own
    if (overrides.armies.has(id) || !armies.has(id)) return
    const superseded = armies.get(id)
    const list = listOf(superseded)
    const to = list ? twinOf(list) : undefined
    if (superseded && list && to && to !== id) armies.supersede({ from: id, to, list, superseded })
  }
  return {
    one,
    all: () => {
      for (const id of [...armies.keys()]) one(id)
    }
  }
}
