// How much of an army a collection fields, and what it lacks. Pure functions of the counts-as table
// (data/collection/counts-as.json), the ruleset data and the collection's items, so the app, the
// CLI and the bench share them. The counting is the ruleset's own: stands, figures, or units of a
// number of stands (counts-as.json `rulesets`).
//
// An army's minimum is what its list requires before anything else: each own option's minimum (in
// the year of the army where that is least owned-short), and the ruleset's count constraints with a
// minimum on named troop types (a general, a C-in-C). Its full army is the default points limit:
// the share of it the collection can field within the list's maxima, minimum first.
import type { CountsAsTable, FigureKind, RulesetCounting } from '../generated-types/counts-as'
import type { CollectionItem } from '../generated-types/collection'
import { unitCostEach } from './analyse'
import { inDates, type ArmyContext } from './context'
import { candidateYears } from './solver'
import { sameFigures } from '../../src-shared/owned'
import type { LoadedRuleset } from './registry'
import type { ArmyOption, RosterUnit, TroopType } from './types'
import { own } from './own'

export type { CountsAsTable, FigureKind }

/**
 * What an item gives one ruleset: its troop type, attribute values and amount: figures in a
 * ruleset that counts figures, else stands (`per` of them make one unit of a ruleset that counts
 * units: whole units are made only once the stands of alike items are together).
 */
export interface Supply {
  item: CollectionItem
  troop: string
  attributes: Record<string, string | boolean>
  amount: number
  /** Of `amount`, what one counted thing takes: the stands of a unit, else 1. */
  per: number
}

/** A troop type with attribute values, as one key: what the collection holds alike. */
export const figureKey = (troop: string, attributes: Record<string, unknown>): string => JSON.stringify([troop, Object.entries(attributes).sort()])

/** Why an item gives a ruleset nothing (a troop type the data no longer has, an attribute value it no longer allows). */
export interface SupplyWarning {
  item: string
  ruleset: string
  message: string
}

const NO_COUNTING: RulesetCounting = { counts: 'stands' }

/** Stands on one unit of `troop` in a ruleset that counts units (1 for one that counts stands or figures). */
export function standsPerUnit(table: CountsAsTable, ruleset: string, troop: string): number {
  const counting = own(table.rulesets, ruleset) ?? NO_COUNTING
  return counting.counts === 'units' ? (own(counting.troops, troop) ?? counting.standsPerUnit ?? 1) : 1
}

/** Figures on each stand of an item: its own basing, else its kind's usual, else one. */
export function figuresPerStand(table: CountsAsTable, item: CollectionItem): number {
  return item.figuresPerStand ?? table.kinds.find((k) => k.id === item.kind)?.figuresPerStand ?? 1
}

/** An item's stands (whole ones, for an item counted in figures). */
export const itemStands = (table: CountsAsTable, item: CollectionItem): number =>
  item.counted === 'stands' ? item.count : Math.floor(item.count / figuresPerStand(table, item))

/** An item's amount in a ruleset: its figures where the ruleset counts figures, else its stands. */
export function amountIn(table: CountsAsTable, ruleset: string, item: CollectionItem): number {
  const counting = own(table.rulesets, ruleset) ?? NO_COUNTING
  if (counting.counts === 'figures') return item.counted === 'figures' ? item.count : item.count * figuresPerStand(table, item)
  return itemStands(table, item)
}

/** Whole counted things (units, stands or figures) in an amount. */
const whole = (amount: number, per: number): number => Math.floor(amount / per)

/** What the collection gives one ruleset, and the items it cannot count there (kept, with a warning). */
export function supplyIn(table: CountsAsTable, loaded: LoadedRuleset, items: CollectionItem[]): { supply: Supply[]; warnings: SupplyWarning[] } {
  const supply: Supply[] = []
  const warnings: SupplyWarning[] = []
  const ruleset = loaded.ruleset.id
  for (const item of items) {
    // Keys of an item are the player's (a shared file's): read its own entries only.
    const as = own(item.countsAs, ruleset)
    if (!as) continue
    const troop = loaded.troops.get(as.troop)
    if (!troop) {
      warnings.push({
        item: item.id,
        ruleset,
        message: `${item.name}: ${loaded.ruleset.name} has no troop type '${as.troop}' any more; choose what it counts as there.`
      })
      continue
    }
    const wrong = Object.entries(as.attributes ?? {}).find(([attr, value]) => !attributeAllowed(loaded, troop, attr, value))
    if (wrong) {
      warnings.push({
        item: item.id,
        ruleset,
        message: `${item.name}: ${troop.name} in ${loaded.ruleset.name} cannot have ${wrong[0]} '${String(wrong[1])}' any more; choose what it counts as there.`
      })
      continue
    }
    supply.push({
      item,
      troop: troop.id,
      attributes: as.attributes ?? {},
      amount: amountIn(table, ruleset, item),
      per: standsPerUnit(table, ruleset, troop.id)
    })
  }
  return { supply, warnings }
}

/**
 * The supply with entries alike (troop type and attribute values) made one, their amounts summed:
 * what coverage needs (which item gave what does not matter there), a few dozen entries for a
 * collection of hundreds of items.
 */
export function pooled(supply: Supply[]): Supply[] {
  const byKind = new Map<string, Supply>()
  for (const s of supply) {
    const key = figureKey(s.troop, s.attributes)
    const seen = byKind.get(key)
    if (seen) seen.amount += s.amount
    else byKind.set(key, { ...s })
  }
  return [...byKind.values()]
}

/** Whether a troop type of the ruleset takes this attribute, with this value. */
export function attributeAllowed(loaded: LoadedRuleset, troop: TroopType, attr: string, value: unknown): boolean {
  const spec = own(troop.attributes, attr)
  const def = own(loaded.ruleset.attributes, attr)
  if (!spec || !def) return false
  if (def.type === 'boolean') return typeof value === 'boolean'
  return (spec.values ?? def.values ?? []).includes(value as string)
}

/** One thing an army needs: `count` of any of `troops` (with the option's attribute values, if it limits them). */
interface Need {
  count: number
  troops: string[]
  attributes?: ArmyOption['attributes']
  option?: ArmyOption
}

const fits = (s: Supply, need: Pick<Need, 'troops' | 'attributes'>): boolean =>
  need.troops.includes(s.troop) &&
  Object.entries(need.attributes ?? {}).every(([attr, allowed]) => own(s.attributes, attr) === undefined || allowed.includes(s.attributes[attr]))

/**
 * Takes what each need can from the supply (the needs with fewest choices first, so a need only one
 * troop type meets is not left short by one that could have used another). Returns what was covered
 * of each need, what is left of each supply entry, and each take (for its points).
 */
function allocate(needs: Need[], supply: Supply[]): { covered: number[]; left: number[]; takes: Array<{ need: number; supply: number; count: number }> } {
  const left = supply.map((s) => s.amount)
  const covered = needs.map(() => 0)
  const takes: Array<{ need: number; supply: number; count: number }> = []
  const order = needs.map((_, i) => i).sort((a, b) => needs[a].troops.length - needs[b].troops.length)
  for (const n of order) {
    for (let s = 0; s < supply.length && covered[n] < needs[n].count; s++) {
      if (!fits(supply[s], needs[n])) continue
      const take = Math.min(whole(left[s], supply[s].per), needs[n].count - covered[n])
      if (take <= 0) continue
      left[s] -= take * supply[s].per
      covered[n] += take
      takes.push({ need: n, supply: s, count: take })
    }
  }
  return { covered, left, takes }
}

export interface ArmyCoverage {
  /** Share (0 to 1) of the army's minimum the collection covers. */
  minimum: number
  /** Stands (or figures, or units) the minimum takes, and how many of them the collection covers. */
  required: number
  covered: number
  /** Share (0 to 1) of the default points limit the collection can field; null where the ruleset sets no limit. */
  full: number | null
  /** Points the collection can field within the list's maxima (minimum first), at most the limit. */
  points: number
}

function minimumNeeds(ctx: ArmyContext, year: number): Need[] {
  const needs: Need[] = []
  for (const o of ctx.options.values()) {
    if (o.ally || o.barredBy || !(o.option.min ?? 0) || !inDates(year, o.option.dates)) continue
    needs.push({ count: o.option.min!, troops: o.option.troops, attributes: o.option.attributes, option: o.option })
  }
  // A minimum the ruleset sets on named troop types (one general, one C-in-C), where the list's own minimums do not already meet it.
  for (const c of ctx.constraints) {
    if (c.kind !== 'count' || !c.min || !c.select.troops || Object.keys(c.select).length !== 1 || c.severity === 'warning') continue
    const troops = c.select.troops
    const already = needs.filter((n) => n.troops.every((t) => troops.includes(t))).reduce((sum, n) => sum + n.count, 0)
    if (already < c.min) needs.push({ count: c.min - already, troops })
  }
  return needs
}

/** Costs by supply entry: a troop type's cost is its ruleset's (as the army's edition has it), the same in every army. */
const costs = new WeakMap<Supply, Map<LoadedRuleset, number>>()

/** Cost of one of `s` (per stand, figure or unit) in this army, or 0 when its cost depends on something unknown. */
function costEach(ctx: ArmyContext, s: Supply): number {
  let byRuleset = costs.get(s)
  if (!byRuleset) costs.set(s, (byRuleset = new Map()))
  let cost = byRuleset.get(ctx.loaded)
  if (cost === undefined) {
    const troop = ctx.loaded.troops.get(s.troop)!
    cost = unitCostEach(ctx, { troop: s.troop, count: 1, ...s.attributes } as RosterUnit, troop) ?? 0
    byRuleset.set(ctx.loaded, cost)
  }
  return cost
}

/**
 * The most of each troop type the ruleset allows an army (a count constraint on named troop types:
 * one General), as caps the filling shares.
 */
function rulesetCaps(ctx: ArmyContext): Array<{ troops: string[]; left: number }> {
  return ctx.constraints.flatMap((c) =>
    c.kind === 'count' && typeof c.max === 'number' && c.select.troops && Object.keys(c.select).length === 1 && c.severity !== 'warning'
      ? [{ troops: c.select.troops, left: c.max }]
      : []
  )
}

/** How much of one army the supply (supplyIn, for the army's ruleset) fields: the best over the years of the army. */
export function armyCoverage(ctx: ArmyContext, given: Supply[]): ArmyCoverage {
  const limit = ctx.loaded.ruleset.defaultPointsLimit ?? null
  // Only what some option of the army could take (a collection's other troop types are nothing to it).
  const troops = new Set<string>()
  for (const o of ctx.options.values()) if (!o.ally) for (const t of o.option.troops) troops.add(t)
  for (const c of ctx.constraints) if (c.kind === 'count' && c.select.troops) for (const t of c.select.troops) troops.add(t)
  const supply = given.filter((s) => troops.has(s.troop))
  let best: ArmyCoverage | undefined
  // Years whose options are the same give the same answer: each set of options is worked out once.
  const seen = new Set<string>()
  for (const year of candidateYears(ctx.army)) {
    const inForce = [...ctx.options.values()].filter((o) => !o.ally && inDates(year, o.option.dates)).map((o) => o.key)
    const key = inForce.join('\n')
    if (seen.has(key)) continue
    seen.add(key)
    const needs = minimumNeeds(ctx, year)
    const { covered, left, takes } = allocate(needs, supply)
    const caps = rulesetCaps(ctx)
    const capsOf = (troop: string) => caps.filter((c) => c.troops.includes(troop))
    const required = needs.reduce((sum, n) => sum + n.count, 0)
    const got = covered.reduce((sum, c) => sum + c, 0)
    // Points of what met the minimum, at the cost of what was taken.
    let points = 0
    for (const t of takes) {
      points += t.count * costEach(ctx, supply[t.supply])
      for (const cap of capsOf(supply[t.supply].troop)) cap.left -= t.count
    }
    // Then what else the list takes, up to each option's maximum and the ruleset's, until the limit
    // (no default size: everything the maxima allow).
    const ceiling = limit ?? Infinity
    for (const o of ctx.options.values()) {
      if (o.ally || o.barredBy || !inDates(year, o.option.dates)) continue
      // What the minimum took for this option, and for a ruleset's requirement (a General) its troops meet.
      let used = 0
      for (const t of takes) {
        const need = needs[t.need]
        if (need.option === o.option || (!need.option && o.option.troops.includes(supply[t.supply].troop))) used += t.count
      }
      let room = (o.option.max ?? Infinity) - used
      for (let s = 0; s < supply.length && room > 0 && points < ceiling; s++) {
        if (!fits(supply[s], { troops: o.option.troops, attributes: o.option.attributes })) continue
        const each = costEach(ctx, supply[s])
        const capped = Math.min(...capsOf(supply[s].troop).map((c) => c.left), Infinity)
        const take = Math.min(whole(left[s], supply[s].per), room, capped, each > 0 ? Math.floor((ceiling - points) / each) : Infinity)
        if (take <= 0) continue
        left[s] -= take * supply[s].per
        room -= take
        points += take * each
        for (const cap of capsOf(supply[s].troop)) cap.left -= take
      }
    }
    const result: ArmyCoverage = {
      minimum: required === 0 ? 1 : got / required,
      required,
      covered: got,
      full: limit ? Math.min(1, points / limit) : null,
      points: limit === null ? points : Math.min(points, limit)
    }
    if (!best || result.minimum > best.minimum || (result.minimum === best.minimum && (result.full ?? 0) > (best.full ?? 0))) best = result
  }
  return best ?? { minimum: 0, required: 0, covered: 0, full: limit ? 0 : null, points: 0 }
}

/** One line of what a roster needs that the collection lacks: by troop type and attribute values. */
export interface Missing {
  troop: string
  troopName: string
  attributes: Record<string, string | boolean>
  /** What the ruleset counts, and how many of them are missing. */
  counts: RulesetCounting['counts']
  count: number
  /** The same in stands, with the usual figures on each (for buying and basing). */
  stands: number
  figuresPerStand: number
}

export interface RosterFit {
  ruleset: string
  army: string
  /** Per roster unit: how much of it the collection covers. */
  covered: Array<{ unit: number; troop: string; count: number; covered: number; items: string[] }>
  missing: Missing[]
}

/**
 * The attribute values of a unit the collection must match: those the unit sets, of the attributes
 * that tell figures apart (enums). One the unit leaves out (its troop type's default applies) is
 * matched by figures of any value, as "Armies I can field" counts figures for any value a list's
 * option allows: the offered units leave defaults out, and the views must agree (issue 27 review).
 */
export function unitAttributes(loaded: LoadedRuleset, unit: RosterUnit): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [attr, def] of Object.entries(loaded.ruleset.attributes)) {
    const value = (unit as Record<string, unknown>)[attr]
    if (def.type === 'enum' && typeof value === 'string') out[attr] = value
  }
  return out
}

/** What of a roster's units the collection covers, and what is missing, unit by unit then summed by troop type and attributes. */
export function fitRoster(table: CountsAsTable, loaded: LoadedRuleset, units: unknown, supply: Supply[]): RosterFit {
  return fitAndLeft(table, loaded, units, supply).fit
}

/**
 * fitRoster, and what is left of each supply entry once the roster's units have taken theirs. A
 * unit takes from every alike item together (in a ruleset that counts units, its stands from
 * several items make it whole).
 */
export function fitAndLeft(table: CountsAsTable, loaded: LoadedRuleset, units: unknown, supply: Supply[]): { fit: RosterFit; left: number[] } {
  const left = supply.map((s) => s.amount)
  const counts = (own(table.rulesets, loaded.ruleset.id) ?? NO_COUNTING).counts
  const per = (troop: string) => standsPerUnit(table, loaded.ruleset.id, troop)
  const covered: RosterFit['covered'] = []
  const missing = new Map<string, Missing>()
  // A unit Muster cannot read (not an object, a troop type the ruleset lacks, a count that is not a
  // whole number of at least 1) takes nothing and lacks nothing: the roster's check says what is wrong.
  ;(Array.isArray(units) ? (units as unknown[]) : []).forEach((given, index) => {
    if (!isCountedUnit(given) || !loaded.troops.has(given.troop)) return
    const unit = given
    const attributes = unitAttributes(loaded, unit)
    const troop = loaded.troops.get(unit.troop)
    // The items that say most of what the unit is first, then those that say least beyond it:
    // figures of one kind are kept for the units of that kind, and those that fit any for the rest.
    const alike = supply
      .flatMap((s, i) => (s.troop === unit.troop && sameFigures(s.attributes, attributes) ? [i] : []))
      .sort((a, b) => fitOrder(supply[a].attributes, attributes) - fitOrder(supply[b].attributes, attributes))
    const got = Math.min(
      unit.count,
      whole(
        alike.reduce((sum, i) => sum + left[i], 0),
        per(unit.troop)
      )
    )
    let owed = got * per(unit.troop)
    const items: string[] = []
    for (const i of alike) {
      if (owed === 0) break
      const take = Math.min(left[i], owed)
      if (take === 0) continue
      left[i] -= take
      owed -= take
      items.push(supply[i].item.id)
    }
    covered.push({ unit: index, troop: unit.troop, count: unit.count, covered: got, items })
    if (got < unit.count) {
      const key = figureKey(unit.troop, attributes)
      const line = missing.get(key) ?? {
        troop: unit.troop,
        troopName: troop?.name ?? unit.troop,
        attributes,
        counts,
        count: 0,
        stands: 0,
        // A ruleset that counts figures bases each on its own.
        figuresPerStand: counts === 'figures' ? 1 : usualFigures(table, loaded.ruleset.id, unit.troop, attributes)
      }
      line.count += unit.count - got
      missing.set(key, line)
    }
  })
  for (const line of missing.values()) line.stands = standsFor(table, loaded.ruleset.id, line)
  return { fit: { ruleset: loaded.ruleset.id, army: '', covered, missing: [...missing.values()] }, left }
}

const isCountedUnit = (u: unknown): u is RosterUnit =>
  typeof u === 'object' && u !== null && typeof (u as RosterUnit).troop === 'string' && Number.isInteger((u as RosterUnit).count) && (u as RosterUnit).count > 0

/**
 * Where an item comes in a unit's choice (lower first): by how many of the unit's values it names
 * (more first; they are the same, as sameFigures holds), then by how many it names that the unit
 * leaves open (fewer first). Roles (booleans) do not tell figures apart, so they do not count.
 */
function fitOrder(item: Record<string, string | boolean>, unit: Record<string, string>): number {
  let named = 0
  let beyond = 0
  for (const [attr, value] of Object.entries(item)) {
    if (typeof value === 'boolean') continue
    if (own(unit, attr) !== undefined) named++
    else beyond++
  }
  return beyond - named * 100
}

/** The usual figures on a stand of a troop type: those of the kind it is (proposeKind: agreeing on most attribute values). */
function usualFigures(table: CountsAsTable, ruleset: string, troop: string, attributes: Record<string, string | boolean>): number {
  return proposeKind(table, ruleset, troop, attributes)?.figuresPerStand ?? 1
}

/** A troop's attribute values in words, after its name: " (status barbarian, class D)", or nothing. */
export function attributeWords(attributes: Record<string, string | boolean>): string {
  const parts = Object.entries(attributes).map(([k, v]) => `${k} ${String(v)}`)
  return parts.length ? ` (${parts.join(', ')})` : ''
}

function standsFor(table: CountsAsTable, ruleset: string, line: Missing): number {
  const counting = own(table.rulesets, ruleset) ?? NO_COUNTING
  if (counting.counts === 'figures') return Math.ceil(line.count / line.figuresPerStand)
  return counting.counts === 'units' ? line.count * standsPerUnit(table, ruleset, line.troop) : line.count
}

/**
 * What an item counted as `troop` (with `attributes`) in `ruleset` proposes for the other rulesets:
 * the kind that maps to it, the one agreeing on most attribute values first (the table's order on a tie).
 */
export function proposeKind(table: CountsAsTable, ruleset: string, troop: string, attributes: Record<string, unknown> = {}): FigureKind | undefined {
  let best: { kind: FigureKind; score: number } | undefined
  for (const kind of table.kinds) {
    const as = own(kind.troops, ruleset)
    if (as?.troop !== troop) continue
    const score = Object.entries(as.attributes ?? {}).filter(([a, v]) => own(attributes, a) === v).length
    if (!best || score > best.score) best = { kind, score }
  }
  return best?.kind
}
