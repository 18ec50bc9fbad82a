// Everything about one (ruleset, army) pair that does not depend on a roster, built once and cached:
// resolved options (own and allied), compiled selectors, the constraints that apply to this army.
import type { LoadedRuleset } from './registry'
import { withinDates } from '../../src-shared/years'
import { compileFormula, type Formula } from './formula'
import type {
  Ally,
  Army,
  ArmyOption,
  AttributeConstraint,
  BattleCardDef,
  BattleCardEntry,
  Constraint,
  Contingent,
  DateRange,
  RosterUnit,
  Selector,
  TroopType
} from './types'

export interface ResolvedOption {
  /** Option id for own options, `<ally>.<contingent>.<option>` for allied ones. */
  key: string
  /** Its place among the army's options (own, then allied): where an analysis keeps its units (OptionUse). */
  index: number
  /** Its name, told apart from any other of the same name in its list or contingent. */
  name: string
  /** The name, with the contingent's for allied ones: how players and messages call it. */
  label: string
  option: ArmyOption
  ally?: Ally
  contingent?: Contingent
  /**
   * A constraint of the ruleset that bars every troop of this option from this army outright (a
   * count of at most 0, whatever the unit's attributes): such an option is listed by a shared army
   * list for another ruleset, so this ruleset neither shows nor offers it. A roster that has it is
   * still checked, and told the constraint's message.
   */
  barredBy?: Constraint
}

export interface AnalysedUnit {
  index: number
  raw: RosterUnit
  troop: TroopType
  count: number
  costEach: number | null
  cost: number
  option?: ResolvedOption
  allied: boolean
}

export type UnitPredicate = ((u: AnalysedUnit) => boolean) & {
  /** Set when the predicate asks only what a unit's troop type is: the types it takes, by their place (ArmyContext.troopIds). */
  troopPlaces?: readonly number[]
}

/** Where the army list offers a battle card: the list as a whole (no option) or one troop option. */
export interface CardOffer {
  entry: BattleCardEntry
  option?: ResolvedOption
  /** Set when the list offers another card here and this one may be taken instead (takenFor). */
  for?: string
}

export interface ContextCard {
  def: BattleCardDef
  cost: Formula
  offers: CardOffer[]
  excludes?: UnitPredicate
}

/** An `attribute` constraint, compiled: the units it selects may have only the allowed values. */
export interface AttributeRule {
  constraint: AttributeConstraint
  select: UnitPredicate
  attribute: string
  allowed: ReadonlySet<unknown>
}

export interface ArmyContext {
  key: string
  loaded: LoadedRuleset
  army: Army
  options: Map<string, ResolvedOption>
  /** Own (not allied) options by troop id, in list order. */
  ownOptionsByTroop: Map<string, ResolvedOption[]>
  /**
   * Each troop type of the ruleset by id, with its place in `troopIds` and this list's own options
   * for it: what the analysis looks up once per unit.
   */
  troopsById: Map<string, { troop: TroopType; place: number; ownOptions: ResolvedOption[] | undefined }>
  /** The ruleset's troop ids in order: an analysis sums stands by a type's place here (Analysis.stands). */
  troopIds: readonly string[]
  /** A 0 for each troop type: what those sums start from, copied (a packed array's copy is one step; `new Array(n).fill(0)` cost more). */
  noStands: readonly number[]
  /** Options with a minimum, maximum or one-type rule: the only ones whose use needs counting. */
  limitedOptions: ResolvedOption[]
  constraints: Constraint[]
  /** The `attribute` constraints among them, compiled: the analysis applies them (analyse.ts). */
  attributeRules: AttributeRule[]
  /** The ruleset's battle cards by code, with where this army offers each. */
  cards: Map<string, ContextCard>
  attributeValue: (unit: RosterUnit, troop: TroopType, attr: string) => unknown
  /**
   * Every troop id of the ruleset, unset: what a formula's sums by troop type start from (analyse.ts).
   * Copied with a spread (one step in V8), the sums then update keys the object has; adding each key
   * to a fresh object cost more than the checks that read the sums.
   */
  noTroops: Record<string, number | undefined>
}

export function inDates(year: number, dates: DateRange[] | undefined): boolean {
  return !dates || withinDates(year, dates)
}

export function appliesToArmy(c: Constraint, army: Army): boolean {
  const tags = new Set(army.tags)
  if (c.when?.tagsAny && !c.when.tagsAny.some((t) => tags.has(t))) return false
  if (c.when?.tagsNone && c.when.tagsNone.some((t) => tags.has(t))) return false
  return true
}

/** Whether a constraint allows none of a troop type, whatever a unit's attributes or side. */
function barsTroop(c: Constraint, troop: TroopType | undefined): boolean {
  if (c.kind !== 'count' || c.max !== 0 || c.severity === 'warning' || !troop) return false
  const s = c.select
  if (s.attributes || s.allied !== undefined || s.not) return false
  if (!s.troops && !s.categories && !s.troopTags) return false
  return (
    (!s.troops || s.troops.includes(troop.id)) &&
    (!s.categories || s.categories.includes(troop.category)) &&
    (!s.troopTags || s.troopTags.some((t) => troop.tags?.includes(t) ?? false))
  )
}

const limitWords = (o: ArmyOption): string => (o.max == null ? `${o.min ?? 0}+` : (o.min ?? 0) === o.max ? String(o.max) : `${o.min ?? 0}-${o.max}`)

/**
 * Names no two alike within one list (or contingent): an option named like another gains what tells
 * them apart: its troop types, its limits, its dates, else its place ("Light Foot (0-2)", "Light Foot (0-1)").
 */
export function distinctNames(options: ArmyOption[], troopName: (id: string) => string): string[] {
  const base = options.map((o) => o.name ?? o.troops.map(troopName).join(' or '))
  const tellers: Array<(o: ArmyOption, i: number) => string> = [
    (o) => o.troops.map(troopName).join(', '),
    limitWords,
    (o) => (o.dates ? o.dates.map((d) => `${d.from}-${d.to}`).join(', ') : 'any date'),
    (_o, i) => `entry ${i + 1}`
  ]
  return base.map((name, i) => {
    const same = base.flatMap((n, j) => (n === name ? [j] : []))
    if (same.length === 1) return name
    const teller = tellers.find((t) => new Set(same.map((j, k) => t(options[j], k))).size === same.length && same.every((j, k) => t(options[j], k) !== name))!
    return `${name} (${teller(options[i], same.indexOf(i))})`
  })
}

/** A card's cost formula, compiled once for every army of its ruleset (json-logic-engine builds a function each time). */
const cardCosts = new WeakMap<BattleCardDef, Formula>()
const cardCost = (def: BattleCardDef): Formula => {
  let cost = cardCosts.get(def)
  if (!cost) cardCosts.set(def, (cost = compileFormula(def.cost)))
  return cost
}

export function buildArmyContext(loaded: LoadedRuleset, army: Army): ArmyContext {
  const options = new Map<string, ResolvedOption>()
  // Each option's place, counted (not the map's size: a key set twice would give two options one place).
  let nextIndex = 0
  const ownOptionsByTroop = new Map<string, ResolvedOption[]>()
  const troopName = (id: string) => loaded.troops.get(id)?.name ?? id
  const ownNames = distinctNames(army.options, troopName)
  for (const [i, option] of army.options.entries()) {
    const resolved = { key: option.id, index: nextIndex++, option, name: ownNames[i], label: ownNames[i] }
    options.set(option.id, resolved)
    for (const troop of option.troops) {
      const list = ownOptionsByTroop.get(troop) ?? []
      list.push(resolved)
      ownOptionsByTroop.set(troop, list)
    }
  }
  for (const ally of army.allies ?? []) {
    for (const contingent of ally.contingents) {
      const names = distinctNames(contingent.options, troopName)
      for (const [i, option] of contingent.options.entries()) {
        const key = `${ally.id}.${contingent.id}.${option.id}`
        options.set(key, { key, index: nextIndex++, option, ally, contingent, name: names[i], label: `${names[i]} (${contingent.name})` })
      }
    }
  }
  const attrs = loaded.ruleset.attributes
  const attributeValue = (unit: RosterUnit, troop: TroopType, attr: string): unknown => {
    const v = unit[attr]
    if (v !== undefined) return v
    const d = troop.attributes?.[attr]?.default
    if (d !== undefined) return d
    return attrs[attr]?.type === 'boolean' ? false : undefined
  }
  const constraints = [...loaded.ruleset.constraints, ...(army.constraints ?? [])].filter((c) => appliesToArmy(c, army))
  for (const o of options.values()) {
    const barredBy = constraints.find((c) => o.option.troops.every((t) => barsTroop(c, loaded.troops.get(t))))
    if (barredBy) o.barredBy = barredBy
  }
  const limitedOptions = [...options.values()].filter((o) => (o.option.min ?? 0) > 0 || o.option.max != null || o.option.sameType)
  const troopIds = [...loaded.troops.keys()]
  const ctx: ArmyContext = {
    key: contextKey(loaded, army.id),
    loaded,
    army,
    options,
    ownOptionsByTroop,
    troopsById: new Map([...loaded.troops].map(([id, troop], place) => [id, { troop, place, ownOptions: ownOptionsByTroop.get(id) }])),
    troopIds,
    noStands: troopIds.map(() => 0),
    limitedOptions,
    constraints,
    attributeRules: [],
    cards: new Map(),
    attributeValue,
    noTroops: Object.fromEntries(troopIds.map((id) => [id, undefined]))
  }
  for (const c of constraints) {
    if (c.kind === 'attribute')
      ctx.attributeRules.push({ constraint: c, select: compileSelector(ctx, c.select), attribute: c.attribute, allowed: new Set<unknown>(c.allowed) })
  }
  for (const def of loaded.ruleset.battleCards ?? []) {
    ctx.cards.set(def.code, { def, cost: cardCost(def), offers: [], excludes: def.excludes ? compileSelector(ctx, def.excludes.select) : undefined })
  }
  for (const entry of army.battleCards ?? []) ctx.cards.get(entry.code)?.offers.push({ entry })
  for (const option of options.values()) {
    for (const entry of option.option.battleCards ?? []) ctx.cards.get(entry.code)?.offers.push({ entry, option })
  }
  // A card taken instead of another (takenFor) is offered wherever that one is, for the same troops:
  // the entry's own min and max stay with the card the list names.
  for (const card of ctx.cards.values()) {
    for (const code of card.def.takenFor ?? []) {
      for (const offer of ctx.cards.get(code)?.offers ?? []) {
        if (card.offers.some((o) => o.option === offer.option)) continue
        const { min: _min, max: _max, ...entry } = offer.entry
        card.offers.push({ entry: { ...entry, code: card.def.code }, option: offer.option, for: code })
      }
    }
  }
  return ctx
}

/**
 * Whether the roster's sub-faction may take an option: true (unrestricted, or the choice is one it
 * names), false (the choice is not), undefined (restricted, and the roster has not chosen yet).
 */
export function forSubFaction(option: Pick<ArmyOption, 'subFactions'>, subFaction: string | undefined): boolean | undefined {
  const only = option.subFactions?.only
  const except = option.subFactions?.except
  if (!only && !except) return true
  if (subFaction === undefined) return undefined
  return only ? only.includes(subFaction) : !except!.includes(subFaction)
}

/** One army of one ruleset as one edition has it (or its own values): the key its context is kept by. */
export const contextKey = (loaded: LoadedRuleset, armyId: string): string => `${loaded.ruleset.id}${loaded.edition ? `@${loaded.edition.id}` : ''}/${armyId}`

/**
 * A list in parts must be told which part a roster is when a part's option, or a part's battle card,
 * has a minimum: it binds only that part.
 */
export function needsSubFaction(army: Army): boolean {
  const bound = (e: { subFactions?: unknown; min?: number | null }) => Boolean(e.subFactions) && (e.min ?? 0) > 0
  return Boolean(army.subFactions?.length) && (army.options.some(bound) || cardEntries(army).some(bound))
}

const entriesByArmy = new WeakMap<Army, BattleCardEntry[]>()
/** Every battle-card entry of a list: its own and its options' (gathered once per list: checks ask on every run). */
export function cardEntries(army: Army): BattleCardEntry[] {
  let entries = entriesByArmy.get(army)
  if (!entries) entriesByArmy.set(army, (entries = [...(army.battleCards ?? []), ...army.options.flatMap((o) => o.battleCards ?? [])]))
  return entries
}

/** The selector that takes every unit (none given, or one that asks nothing). */
export const EVERY_UNIT: UnitPredicate = () => true

export function compileSelector(ctx: ArmyContext, s: Selector | undefined): UnitPredicate {
  if (!s) return EVERY_UNIT
  const tests: UnitPredicate[] = []
  let troopPlaces: number[] | undefined
  if (s.troops || s.categories || s.troopTags) {
    // What a troop type is never changes: the types that pass the selector's troop, category and
    // tag tests are worked out once, and a unit's test is one look-up.
    const { troops, categories, troopTags } = s
    const ids = new Set<string>()
    for (const t of ctx.loaded.troops.values()) {
      if (troops && !troops.includes(t.id)) continue
      if (categories && !categories.includes(t.category)) continue
      if (troopTags && !troopTags.some((tag) => t.tags?.includes(tag) ?? false)) continue
      ids.add(t.id)
    }
    // One type is one comparison of two ids from the same data (the common case), cheaper than a hash look-up.
    const [only] = ids
    tests.push(ids.size === 1 ? (u) => u.troop.id === only : (u) => ids.has(u.troop.id))
    troopPlaces = [...ids].map((id) => ctx.troopsById.get(id)!.place)
  }
  for (const [attr, expected] of Object.entries(s.attributes ?? {})) {
    const values: unknown[] = Array.isArray(expected) ? expected : [expected]
    const set = new Set<unknown>(values)
    const [only] = values
    // A unit that does not say the attribute has its troop type's default (attributeValue): the
    // types whose default is wanted are worked out once, so a unit's test reads one field.
    const byDefault = new Set<string>()
    for (const t of ctx.loaded.troops.values()) {
      if (set.has(ctx.attributeValue({ troop: t.id, count: 1 }, t, attr))) byDefault.add(t.id)
    }
    tests.push(
      set.size === 1
        ? (u) => {
            const v = u.raw[attr]
            return v !== undefined ? v === only : byDefault.size > 0 && byDefault.has(u.troop.id)
          }
        : (u) => {
            const v = u.raw[attr]
            return v !== undefined ? set.has(v) : byDefault.size > 0 && byDefault.has(u.troop.id)
          }
    )
  }
  if (s.allied !== undefined) {
    const allied = s.allied
    tests.push((u) => u.allied === allied)
  }
  if (s.not) {
    const inner = compileSelector(ctx, s.not)
    tests.push((u) => !inner(u))
  }
  // Specialised so the common one- and two-test selectors cost a direct call.
  if (tests.length === 0) return EVERY_UNIT
  if (tests.length === 1) {
    const [only] = tests
    if (troopPlaces) only.troopPlaces = troopPlaces
    return only
  }
  if (tests.length === 2) {
    const [first, second] = tests
    return (u) => first(u) && second(u)
  }
  return (u) => {
    for (const t of tests) if (!t(u)) return false
    return true
  }
}
