// What the army browser and the editor show of an army list and of a ruleset: the list's options,
// allies, battle cards and facts in the engine's own words; the ruleset's troop types, stats and
// rules as a roster's values have them. Plain functions of the engine, called by the IPC handlers.
import { defaultCount, type Engine } from '../rules'
import { leftOutReason } from '../rules/options'
import { cardCostText, offerLabel } from '../rules/battle-cards'
import { needsSubFaction, type CardOffer } from '../rules/context'
import { factWhen } from '../rules/army-facts'
import { formatRanges, listWords } from '../rules/messages'
import { loadReference } from '../export/load-reference'
import { cardRulesFor, shortLabel, type Reference } from '../export/reference'
import { armySummary, type ArmySummary } from '../rules/army-summary'
import type { ArmyOption, DateRange } from '../rules/types'
import { figureLabels } from './catalogue'

export interface OptionSummary {
  /** What a roster unit's `option` names: the option id, or `<ally>.<contingent>.<option>`. */
  key: string
  name: string
  troops: Array<{ id: string; name: string; cost: number | null }>
  min: number
  max: number | null
  /** "available 280-168 BC", or null when always available. */
  availability: string | null
  dates: Array<{ from: number; to: number }> | null
  restriction: string | null
  battleLine: string | null
  sameType: boolean
  /** The ally option it belongs to, for allied and optional contingents. */
  ally: { id: string; name: string; internal: boolean; availability: string | null; dates: Array<{ from: number; to: number }> | null } | null
}

export interface TroopSummary {
  id: string
  name: string
  category: string
  /** Cost per count when flat; null when it depends on attributes (see costTable). */
  cost: number | null
  costTable: { by: string[]; table: Record<string, unknown> } | null
  /** What a new unit of this type starts at. */
  defaultCount: number
  /** A unique role (a commander): each one is an entry of its own, count 1. */
  onePerEntry: boolean
  /** onePerEntry: a boolean that marks a unique role (the general): the entry it is set on has count 1. */
  attributes: Array<{
    id: string
    label: string
    type: 'enum' | 'boolean'
    values: string[]
    valueLabels: Record<string, string>
    required: boolean
    onePerEntry: boolean
  }>
  /** The troop's profile: its game numbers, labelled by the ruleset (short for one line, full on hover). */
  stats: Array<{ id: string; label: string; short: string; unit: string | null; value: string | number | boolean }>
  /** Its special rules: the troop type's notes and the reference sheet's card rules for it. */
  rules: string[]
}

export interface RulesetDetails {
  id: string
  name: string
  shortName: string
  costUnit: 'figure' | 'stand' | 'unit'
  defaultPointsLimit: number | null
  hasCamp: boolean
  troops: TroopSummary[]
  figures: Array<{ id: string; label: string }>
  unitFigures: Array<{ id: string; label: string }>
  /** Its data editions (another printing's values); a roster may name one. defaultPointsLimit: the army size under it (its own, else the ruleset's). */
  editions: Array<{ id: string; name: string; source: string | null; defaultPointsLimit: number | null }>
  /** Its optional amendments, as an event may set them on or off for every roster. */
  amendments: Array<{ id: string; label: string; description: string }>
}

/** A battle card this army list offers (Triumph!), and where. */
export interface BattleCardSummary {
  code: string
  name: string
  description: string | null
  /** What a roster's count of it means; null when it is taken once. */
  counts: 'cards' | 'stands' | null
  /** "1 point", "0.5 points a card", "1 card: free; 2: 1 point; 3: 2 points (at most 3)"... from the cost formula. */
  costText: string
  /** The list as a whole (option null) or the troop options that offer it. */
  offers: Array<{ option: string | null; optionName: string | null; max: number | null; note: string | null }>
}

/** An army-wide fact the ruleset declares (a rating, the home ground...): its values, some dated. */
export interface ArmyFactSummary {
  id: string
  label: string
  /** Between two values in force at once; null: the default (" or "). */
  join: string | null
  values: Array<{
    value: number | string
    dates: Array<{ from: number; to: number }> | null
    /** "55-54 BC, 43-51 AD" and the list's note, or null. */
    when: string | null
  }>
}

export interface ArmyDetails extends ArmySummary {
  ruleset: string
  notes: string[]
  generals: string[]
  /** In the ruleset's order; only the facts this army gives. */
  facts: ArmyFactSummary[]
  /** The parts of the list a roster chooses between (a state, a faction, a theatre); empty: none. */
  subFactions: Array<{ id: string; name: string }>
  /** Whether a roster must choose one (some part's option has a minimum). */
  subFactionRequired: boolean
  options: OptionSummary[]
  /** Options of a shared army list this ruleset bars outright, by name, with the rule that bars them. */
  leftOut: Array<{ name: string; reason: string }>
  battleCards: BattleCardSummary[]
}
const availability = (dates: DateRange[] | undefined): string | null => (dates ? `available ${formatRanges(dates)}` : null)

export function armyDetails(engine: Engine, rulesetId: string, armyId: string): ArmyDetails {
  const loaded = engine.ruleset(rulesetId)
  if (!loaded) throw new Error(`unknown ruleset '${rulesetId}'`)
  const army = loaded.armies.get(armyId)
  if (!army) throw new Error(`unknown army '${armyId}' for ${loaded.ruleset.name}`)
  const troopName = (id: string) => loaded.troops.get(id)?.name ?? id
  // Names as the engine's messages give them: told apart within their list or contingent.
  const resolved = engine.armyContext(rulesetId, armyId).options
  const summarise = (o: ArmyOption, key: string, ally: OptionSummary['ally']): OptionSummary => ({
    key,
    name: resolved.get(key)?.name ?? o.name ?? key,
    troops: o.troops.map((id) => {
      const cost = loaded.troops.get(id)?.cost
      return { id, name: troopName(id), cost: typeof cost === 'number' ? cost : null }
    }),
    min: o.min ?? 0,
    max: o.max ?? null,
    availability: availability(o.dates),
    dates: o.dates ?? null,
    restriction: [partsText(o, army.subFactions), o.restriction].filter(Boolean).join('; ') || null,
    battleLine: o.battleLine || null,
    sameType: o.sameType ?? false,
    ally
  })
  // An option this ruleset bars outright (a shared list's, for another ruleset) is left out, with why.
  const barred = (key: string) => resolved.get(key)?.barredBy
  const options = army.options.filter((o) => !barred(o.id)).map((o) => summarise(o, o.id, null))
  for (const a of army.allies ?? []) {
    const ally = {
      id: a.id,
      name: a.name ?? a.id,
      internal: a.internal ?? false,
      availability: [availability(a.dates), partsText(a, army.subFactions)].filter(Boolean).join('; ') || null,
      dates: a.dates ?? null
    }
    for (const c of a.contingents)
      for (const o of c.options) if (!barred(`${a.id}.${c.id}.${o.id}`)) options.push(summarise(o, `${a.id}.${c.id}.${o.id}`, ally))
  }
  const leftOut = [...resolved.values()].flatMap((o) => (o.barredBy ? [{ name: o.label, reason: leftOutReason(o) }] : []))
  // The engine's own view of where the list offers each card, so the app names offers as its messages do.
  const context = engine.armyContext(rulesetId, armyId)
  // A marker (ET) is no card to take: its offers are named on the card it marks, as what that covers.
  const cards = [...context.cards.values()].filter((c) => c.offers.length > 0)
  const covers = (code: string): string[] =>
    cards.filter((c) => c.def.marks === code).flatMap((c) => c.offers.map((o) => (o.option ? offerLabel(o) : 'the army')))
  const battleCards: BattleCardSummary[] = cards
    .filter((c) => !c.def.marks)
    .map(({ def, offers }) => ({
      code: def.code,
      name: def.name,
      description: def.description ?? null,
      counts: def.counts ?? null,
      costText: cardCostText(def),
      offers: offers.map((o) => ({
        option: o.option?.key ?? null,
        optionName: o.option ? offerLabel(o) : null,
        max: o.entry.max ?? null,
        note: offerNote(o, covers(def.code), troopName, army.subFactions)
      }))
    }))
  return {
    ruleset: loaded.ruleset.id,
    ...armySummary(army, loaded.fromUserData.has(army.id), (id) => loaded.armies.has(id)),
    notes: army.notes ?? [],
    generals: (army.generals ?? []).map(troopName),
    subFactions: army.subFactions ?? [],
    leftOut,
    subFactionRequired: needsSubFaction(army),
    facts: (loaded.ruleset.armyFacts ?? []).flatMap((def) => {
      const values = army.facts?.[def.id] ?? []
      if (!values.length) return []
      return [
        {
          id: def.id,
          label: def.label,
          join: def.join ?? null,
          values: values.map((v) => ({
            value: v.value,
            dates: v.dates ?? null,
            when: factWhen(v)
          }))
        }
      ]
    }),
    options,
    battleCards
  }
}

/** Which parts of a list in parts an option is for, in words: "only Chu or Yue", "all except Israel". */
function partsText(o: Pick<ArmyOption, 'subFactions'>, parts: Array<{ id: string; name: string }> = []): string | null {
  const name = (id: string) => parts.find((p) => p.id === id)?.name ?? id
  if (o.subFactions?.only) return `only ${listWords(o.subFactions.only.map(name))}`
  if (o.subFactions?.except) return `all except ${listWords(o.subFactions.except.map(name))}`
  return null
}

/**
 * What an offer's line says besides its option: "as Elite Foot", "instead of MD", what it covers, the
 * parts, years and troops the entry is for ("only Agathokles in Africa", "available 371-225 BC",
 * "needs Horde"), the list's note (marked when it states a condition Muster cannot check).
 */
function offerNote(offer: CardOffer, covers: string[], troopName: (id: string) => string, subFactions?: Array<{ id: string; name: string }>): string | null {
  const { entry } = offer
  const parts = [
    entry.as ? `as ${troopName(entry.as)}` : null,
    offer.for ? `instead of ${offer.for}` : null,
    covers.length ? `covers ${covers.join(', ')}` : null,
    partsText(entry, subFactions),
    availability(entry.dates),
    entry.needsTroops ? `needs ${listWords(entry.needsTroops.map(troopName))}` : null,
    entry.unreadCondition ? (entry.note ? `condition not checked: ${entry.note}` : 'a condition in the source list, not checked') : (entry.note ?? null)
  ]
  return parts.filter(Boolean).join(' · ') || null
}

/** `edition`: the troop types' stats and costs as that edition has them (every face shows the roster's values). */
export function rulesetDetails(engine: Engine, rulesetId: string, edition?: string): RulesetDetails {
  const loaded = engine.ruleset(rulesetId, edition)
  if (!loaded)
    throw new Error(edition ? `${engine.ruleset(rulesetId)?.ruleset.name ?? rulesetId} has no values '${edition}'` : `unknown ruleset '${rulesetId}'`)
  const { ruleset } = loaded
  let reference: Reference | undefined
  try {
    reference = loadReference(loaded, engine.validators)
  } catch {
    // A damaged reference sheet is reported when printing; the editor still works without its rules.
    reference = undefined
  }
  return {
    id: ruleset.id,
    name: ruleset.name,
    shortName: ruleset.shortName ?? ruleset.name,
    costUnit: ruleset.costUnit,
    defaultPointsLimit: ruleset.defaultPointsLimit,
    hasCamp: ruleset.camp !== undefined,
    troops: ruleset.troopTypes.map((t) => ({
      id: t.id,
      name: t.name,
      category: t.category,
      cost: typeof t.cost === 'number' ? t.cost : null,
      costTable: typeof t.cost === 'number' ? null : t.cost,
      defaultCount: defaultCount(ruleset, t),
      onePerEntry: t.onePerEntry ?? false,
      attributes: Object.entries(t.attributes ?? {}).map(([id, spec]) => {
        const def = ruleset.attributes[id]
        return {
          id,
          label: def.label,
          type: def.type,
          values: spec.values ?? def.values ?? [],
          valueLabels: def.valueLabels ?? {},
          required: spec.required ?? false,
          onePerEntry: def.onePerEntry ?? false
        }
      }),
      stats: Object.entries(t.stats ?? {})
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([id, value]) => ({
          id,
          label: ruleset.stats[id]?.label ?? id,
          short: shortLabel(reference, id, ruleset.stats[id]?.label ?? id),
          unit: ruleset.stats[id]?.unit ?? null,
          value: value as string | number | boolean
        })),
      rules: [...new Set([...(t.notes ?? []), ...cardRulesFor(reference, { troop: t.id, count: 1 }, t, ruleset)])]
    })),
    figures: figureLabels(ruleset),
    unitFigures: (ruleset.unitFigures ?? []).map((f) => ({ id: f.id, label: f.label })),
    // An edition may change the army size (null: none); a new roster's limit follows the one chosen.
    editions: [...loaded.editions.values()].map((e) => ({
      id: e.id,
      name: e.name,
      source: e.source ?? null,
      defaultPointsLimit: e.defaultPointsLimit !== undefined ? e.defaultPointsLimit : ruleset.defaultPointsLimit
    })),
    amendments: (ruleset.amendments ?? []).map((m) => ({ id: m.id, label: m.label, description: m.description }))
  }
}
