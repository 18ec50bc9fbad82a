// How a roster's parts are named to a player, where a report says what changed in it (the
// resubmission diff): its army, part of the list, values, troop types, options, attributes and their
// values, battle cards, as its ruleset and army list name them, never by their ids; years in BC/AD.
import type { Engine } from '../rules'
import { formatYear } from '../../src-shared/years'
import { formatNumber } from '../../src-shared/words'

/** Names by id, each undefined where the data has none (the caller then says the id as the file has it). */
export interface RosterWords {
  troop(id: string): string | undefined
  army?(id: string): string | undefined
  subFaction?(id: string): string | undefined
  edition?(id: string): string | undefined
  option?(key: string): string | undefined
  /** An attribute's label ("General", "Class"). */
  attribute?(id: string): string | undefined
  /** An attribute's value as its label says it ("Irregular"). */
  value?(attribute: string, value: string): string | undefined
  card?(code: string): string | undefined
}

/** The roster's fields as players call them (the editor's labels). */
export const FIELD_WORDS: Record<string, string> = {
  army: 'army',
  year: 'year',
  subFaction: 'part of the list',
  edition: 'values',
  pointsLimit: 'points limit'
}

/** A value a report shows: a year as 55 BC, a number as Muster writes numbers, yes or no, none. */
export function valueWords(v: unknown, name?: (s: string) => string | undefined): string {
  if (v === undefined || v === null) return 'none'
  if (typeof v === 'boolean') return v ? 'yes' : 'no'
  if (typeof v === 'number') return formatNumber(v)
  if (typeof v === 'string') return name?.(v) ?? v
  return JSON.stringify(v)
}

/** A roster field's value in words: a year in BC/AD, the army, part of the list or values by name. */
export function fieldValue(field: string, v: unknown, words: RosterWords): string {
  if (field === 'year' && typeof v === 'number' && Number.isInteger(v)) return formatYear(v)
  const name = field === 'army' ? words.army : field === 'subFaction' ? words.subFaction : field === 'edition' ? words.edition : undefined
  return valueWords(v, name?.bind(words))
}

/**
 * The words for a roster of this engine's data (the later version's ruleset and army: what the
 * organiser checks now). Anything the data does not know is left to the caller (undefined).
 */
export function engineWords(engine: Pick<Engine, 'ruleset' | 'armyContext'> | undefined, doc: unknown): RosterWords {
  const { ruleset: rulesetId, army: armyId } = (doc ?? {}) as { ruleset?: unknown; army?: unknown }
  const loaded = typeof rulesetId === 'string' ? engine?.ruleset(rulesetId) : undefined
  // An army list that cannot be read names nothing: the report still says what changed, by id.
  const contextOf = (id: unknown) => {
    try {
      return loaded && typeof id === 'string' && loaded.armies.has(id) ? engine!.armyContext(loaded.ruleset.id, id) : undefined
    } catch {
      return undefined
    }
  }
  const context = contextOf(armyId)
  const attributes = loaded?.ruleset.attributes
  const own = <T>(map: Record<string, T> | undefined, key: string): T | undefined => (map && Object.hasOwn(map, key) ? map[key] : undefined)
  return {
    troop: (id) => loaded?.troops.get(id)?.name,
    army: (id) => contextOf(id)?.army.name,
    subFaction: (id) => context?.army.subFactions?.find((s) => s.id === id)?.name,
    edition: (id) => loaded?.editions.get(id)?.name,
    option: (key) => context?.options.get(key)?.label,
    attribute: (id) => own(attributes, id)?.label,
    value: (attribute, value) => own(own(attributes, attribute)?.valueLabels, value),
    card: (code) => {
      const def = context?.cards.get(code)?.def ?? loaded?.ruleset.battleCards?.find((c) => c.code === code)
      return def ? `${def.name} (${def.code})` : undefined
    }
  }
}
