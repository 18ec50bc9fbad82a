// Everything about one (ruleset, army) pair that does not depend on a roster, built once and cached:
// resolved options (own and allied), compiled selectors, the constraints that apply to this army.
import type { LoadedRuleset } from './registry'
import { compileFormula, type Formula } from './formula'
import type { Ally, Army, ArmyOption, BattleCardDef, BattleCardEntry, Constraint, Contingent, DateRange, RosterUnit, Selector, TroopType } from './types'

export interface ResolvedOption {
  /** Option id for own options, `<ally>.<contingent>.<option>` for allied ones. */
  key: string
  option: ArmyOption
  ally?: Ally
  contingent?: Contingent
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

export type UnitPredicate = (u: AnalysedUnit) => boolean

/** Where the army list offers a battle card: the list as a whole (no option) or one troop option. */
export interface CardOffer {
  entry: BattleCardEntry
  option?: ResolvedOption
}

export interface ContextCard {
  def: BattleCardDef
  cost: Formula
  offers: CardOffer[]
  excludes?: UnitPredicate
}

export interface ArmyContext {
  key: string
  loaded: LoadedRuleset
  army: Army
  options: Map<string, ResolvedOption>
  /** Own (not allied) options by troop id, in list order. */
  ownOptionsByTroop: Map<string, ResolvedOption[]>
  /** Options with a minimum, maximum or one-type rule: the only ones whose use needs counting. */
  limitedOptions: ResolvedOption[]
  constraints: Constraint[]
  /** The ruleset's battle cards by code, with where this army offers each. */
  cards: Map<string, ContextCard>
  attributeValue: (unit: RosterUnit, troop: TroopType, attr: string) => unknown
}

export function inDates(year: number, dates: DateRange[] | undefined): boolean {
  return !dates || dates.some((d) => year >= d.from && year <= d.to)
}

export function appliesToArmy(c: Constraint, army: Army): boolean {
  const tags = new Set(army.tags)
  if (c.when?.tagsAny && !c.when.tagsAny.some((t) => tags.has(t))) return false
  if (c.when?.tagsNone && c.when.tagsNone.some((t) => tags.has(t))) return false
  return true
}

export function buildArmyContext(loaded: LoadedRuleset, army: Army): ArmyContext {
  const options = new Map<string, ResolvedOption>()
  const ownOptionsByTroop = new Map<string, ResolvedOption[]>()
  for (const option of army.options) {
    const resolved = { key: option.id, option }
    options.set(option.id, resolved)
    for (const troop of option.troops) {
      const list = ownOptionsByTroop.get(troop) ?? []
      list.push(resolved)
      ownOptionsByTroop.set(troop, list)
    }
  }
  for (const ally of army.allies ?? []) {
    for (const contingent of ally.contingents) {
      for (const option of contingent.options) {
        const key = `${ally.id}.${contingent.id}.${option.id}`
        options.set(key, { key, option, ally, contingent })
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
  const limitedOptions = [...options.values()].filter((o) => (o.option.min ?? 0) > 0 || o.option.max != null || o.option.sameType)
  const ctx: ArmyContext = { key: `${loaded.ruleset.id}/${army.id}`, loaded, army, options, ownOptionsByTroop, limitedOptions, constraints, cards: new Map(), attributeValue }
  for (const def of loaded.ruleset.battleCards ?? []) {
    ctx.cards.set(def.code, { def, cost: compileFormula(def.cost), offers: [], excludes: def.excludes ? compileSelector(ctx, def.excludes.select) : undefined })
  }
  for (const entry of army.battleCards ?? []) ctx.cards.get(entry.code)?.offers.push({ entry })
  for (const option of options.values()) {
    for (const entry of option.option.battleCards ?? []) ctx.cards.get(entry.code)?.offers.push({ entry, option })
  }
  return ctx
}

export function compileSelector(ctx: ArmyContext, s: Selector | undefined): UnitPredicate {
  if (!s) return () => true
  const tests: UnitPredicate[] = []
  if (s.troops) {
    const set = new Set(s.troops)
    tests.push((u) => set.has(u.troop.id))
  }
  if (s.categories) {
    const set = new Set(s.categories)
    tests.push((u) => set.has(u.troop.category))
  }
  if (s.troopTags) {
    const wanted = s.troopTags
    tests.push((u) => wanted.some((t) => u.troop.tags?.includes(t) ?? false))
  }
  for (const [attr, expected] of Object.entries(s.attributes ?? {})) {
    const set = new Set<unknown>(Array.isArray(expected) ? expected : [expected])
    tests.push((u) => set.has(ctx.attributeValue(u.raw, u.troop, attr)))
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
  if (tests.length === 0) return () => true
  if (tests.length === 1) return tests[0]
  if (tests.length === 2) {
    const [first, second] = tests
    return (u) => first(u) && second(u)
  }
  return (u) => {
    for (const t of tests) if (!t(u)) return false
    return true
  }
}
