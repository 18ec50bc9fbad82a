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
import type { LoadedRuleset } from './registry'
import type { ArmyOption, RosterUnit, TroopType } from './types'

export type { CountsAsTable, FigureKind }

/** What an item gives one ruleset: its troop type, attribute values and amount in the ruleset's count. */
export interface Supply {
  item: CollectionItem
  troop: string
  attributes: Record<string, string | boolean>
  amount: number
}

/** Why an item gives a ruleset nothing (a troop type the data no longer has, an attribute value it no longer allows). */
export interface SupplyWarning {
  item: string
  ruleset: string
  message: string
}

const NO_COUNTING: RulesetCounting = { counts: 'stands' }

/** Stands on one unit of `troop` in a ruleset that counts units (1 for one that counts stands or figures). */
export function standsPerUnit(table: CountsAsTable, ruleset: string, troop: string): number {
  const counting = table.rulesets[ruleset] ?? NO_COUNTING
  return counting.counts === 'units' ? (counting.troops?.[troop] ?? counting.standsPerUnit ?? 1) : 1
}

/** Figures on each stand of an item: its own basing, else its kind's usual, else one. */
export function figuresPerStand(table: CountsAsTable, item: CollectionItem): number {
  return item.figuresPerStand ?? table.kinds.find((k) => k.id === item.kind)?.figuresPerStand ?? 1
}

/** An item's stands (whole ones, for an item counted in figures). */
export const itemStands = (table: CountsAsTable, item: CollectionItem): number =>
  item.counted === 'stands' ? item.count : Math.floor(item.count / figuresPerStand(table, item))

/** An item's amount in a ruleset's count: stands, figures, or whole units. */
export function amountIn(table: CountsAsTable, ruleset: string, troop: string, item: CollectionItem): number {
  const counting = table.rulesets[ruleset] ?? NO_COUNTING
  if (counting.counts === 'figures') return item.counted === 'figures' ? item.count : item.count * figuresPerStand(table, item)
  const stands = itemStands(table, item)
  return counting.counts === 'units' ? Math.floor(stands / standsPerUnit(table, ruleset, troop)) : stands
}

/** What the collection gives one ruleset, and the items it cannot count there (kept, with a warning). */
export function supplyIn(table: CountsAsTable, loaded: LoadedRuleset, items: CollectionItem[]): { supply: Supply[]; warnings: SupplyWarning[] } {
  const supply: Supply[] = []
  const warnings: SupplyWarning[] = []
  const ruleset = loaded.ruleset.id
  for (const item of items) {
    const as = item.countsAs[ruleset]
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
    supply.push({ item, troop: troop.id, attributes: as.attributes ?? {}, amount: amountIn(table, ruleset, troop.id, item) })
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
    const key = JSON.stringify([s.troop, Object.entries(s.attributes).sort()])
    const seen = byKind.get(key)
    if (seen) seen.amount += s.amount
    else byKind.set(key, { ...s })
  }
  return [...byKind.values()]
}

function attributeAllowed(loaded: LoadedRuleset, troop: TroopType, attr: string, value: unknown): boolean {
  const spec = troop.attributes?.[attr]
  const def = loaded.ruleset.attributes[attr]
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
  Object.entries(need.attributes ?? {}).every(([attr, allowed]) => s.attributes[attr] === undefined || allowed.includes(s.attributes[attr]))

/**
 * Takes what each need can from the supply (the needs with fewest choices first, so a need only one
 * troop type meets is not left short by one that could have used another). Returns what was covered
 * and what is left of each supply entry.
 */
function allocate(needs: Need[], supply: Supply[], left = supply.map((s) => s.amount)): { covered: number[]; left: number[] } {
  const covered = needs.map(() => 0)
  const order = needs.map((_, i) => i).sort((a, b) => needs[a].troops.length - needs[b].troops.length)
  for (const n of order) {
    for (let s = 0; s < supply.length && covered[n] < needs[n].count; s++) {
      if (left[s] === 0 || !fits(supply[s], needs[n])) continue
      const take = Math.min(left[s], needs[n].count - covered[n])
      left[s] -= take
      covered[n] += take
    }
  }
  return { covered, left }
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

/** How much of one army the supply (supplyIn, for the army's ruleset) fields: the best over the years of the army. */
export function armyCoverage(ctx: ArmyContext, supply: Supply[]): ArmyCoverage {
  const limit = ctx.loaded.ruleset.defaultPointsLimit ?? null
  let best: ArmyCoverage | undefined
  for (const year of candidateYears(ctx.army)) {
    const needs = minimumNeeds(ctx, year)
    const { covered, left } = allocate(needs, supply)
    const required = needs.reduce((sum, n) => sum + n.count, 0)
    const got = covered.reduce((sum, c) => sum + c, 0)
    let points = 0
    needs.forEach((n, i) => {
      // Points of what covered the need: priced as the troop types that met it.
      if (covered[i] > 0) points += covered[i] * cheapestIn(ctx, supply, n)
    })
    // Then what else the list takes, up to each option's maximum, until the limit.
    if (limit !== null) {
      for (const o of ctx.options.values()) {
        if (o.ally || o.barredBy || !inDates(year, o.option.dates)) continue
        const used = needs.reduce((sum, n, i) => sum + (n.option === o.option ? covered[i] : 0), 0)
        let room = (o.option.max ?? Infinity) - used
        for (let s = 0; s < supply.length && room > 0 && points < limit; s++) {
          if (left[s] === 0 || !fits(supply[s], { troops: o.option.troops, attributes: o.option.attributes })) continue
          const each = costEach(ctx, supply[s])
          const take = Math.min(left[s], room, each > 0 ? Math.floor((limit - points) / each) : left[s])
          if (take <= 0) continue
          left[s] -= take
          room -= take
          points += take * each
        }
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

function cheapestIn(ctx: ArmyContext, supply: Supply[], need: Need): number {
  let cheapest = Infinity
  for (const s of supply) if (fits(s, need)) cheapest = Math.min(cheapest, costEach(ctx, s))
  return Number.isFinite(cheapest) ? cheapest : 0
}

/** One line of what a roster needs that the collection lacks: by troop type and attribute values. */
export interface Missing {
  troop: string
  troopName: string
  attributes: Record<string, string | boolean>
  /** In the ruleset's count (stands, figures or units). */
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

/** The attribute values of a unit the collection must match: those the unit sets, of the attributes that tell figures apart (enums). */
function unitAttributes(loaded: LoadedRuleset, unit: RosterUnit): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {}
  for (const [attr, def] of Object.entries(loaded.ruleset.attributes)) {
    const value = (unit as Record<string, unknown>)[attr]
    if (def.type === 'enum' && typeof value === 'string') out[attr] = value
  }
  return out
}

/** What of a roster's units the collection covers, and what is missing, unit by unit then summed by troop type and attributes. */
export function fitRoster(table: CountsAsTable, loaded: LoadedRuleset, units: RosterUnit[], supply: Supply[]): RosterFit {
  return fitAndLeft(table, loaded, units, supply).fit
}

/** fitRoster, and what is left of each supply entry once the roster's units have taken theirs. */
export function fitAndLeft(table: CountsAsTable, loaded: LoadedRuleset, units: RosterUnit[], supply: Supply[]): { fit: RosterFit; left: number[] } {
  const left = supply.map((s) => s.amount)
  const covered: RosterFit['covered'] = []
  const missing = new Map<string, Missing>()
  units.forEach((unit, index) => {
    const attributes = unitAttributes(loaded, unit)
    const troop = loaded.troops.get(unit.troop)
    let got = 0
    const items: string[] = []
    for (let s = 0; s < supply.length && got < unit.count; s++) {
      const sup = supply[s]
      if (
        left[s] === 0 ||
        sup.troop !== unit.troop ||
        !Object.entries(attributes).every(([a, v]) => sup.attributes[a] === undefined || sup.attributes[a] === v)
      )
        continue
      const take = Math.min(left[s], unit.count - got)
      left[s] -= take
      got += take
      items.push(sup.item.id)
    }
    covered.push({ unit: index, troop: unit.troop, count: unit.count, covered: got, items })
    if (got < unit.count) {
      const key = JSON.stringify([unit.troop, Object.entries(attributes).sort()])
      const line = missing.get(key) ?? {
        troop: unit.troop,
        troopName: troop?.name ?? unit.troop,
        attributes,
        count: 0,
        stands: 0,
        figuresPerStand: usualFigures(table, loaded.ruleset.id, unit.troop, attributes)
      }
      line.count += unit.count - got
      missing.set(key, line)
    }
  })
  for (const line of missing.values()) line.stands = standsFor(table, loaded.ruleset.id, line)
  return { fit: { ruleset: loaded.ruleset.id, army: '', covered, missing: [...missing.values()] }, left }
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
  const counting = table.rulesets[ruleset] ?? NO_COUNTING
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
    const as = kind.troops[ruleset]
    if (as?.troop !== troop) continue
    const score = Object.entries(as.attributes ?? {}).filter(([a, v]) => attributes[a] === v).length
    if (!best || score > best.score) best = { kind, score }
  }
  return best?.kind
}
