// How much of one army a collection fields (coverage.ts: what it gives the army's ruleset, its supply).
// An army's minimum is what its list requires before anything else: each own option's minimum (in
// the year of the army where that is least owned-short), and the ruleset's count constraints with a
// minimum on named troop types (a general, a C-in-C). Its full army is the default points limit:
// the share of it the collection can field within the list's maxima, minimum first.
import { unitCostEach } from './analyse'
import { inDates, type ArmyContext } from './context'
import { whole, type Supply } from './coverage'
import type { LoadedRuleset } from './registry'
import { candidateYears } from './solver'
import type { ArmyOption, RosterUnit } from './types'
import { own } from './own'

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
    const result = coverageInYear(ctx, year, supply, limit)
    if (!best || result.minimum > best.minimum || (result.minimum === best.minimum && (result.full ?? 0) > (best.full ?? 0))) best = result
  }
  return best ?? { minimum: 0, required: 0, covered: 0, full: limit ? 0 : null, points: 0 }
}

/** The army's coverage with the options of one year: its minimum first, then what else the list takes up to the limit. */
function coverageInYear(ctx: ArmyContext, year: number, supply: Supply[], limit: number | null): ArmyCoverage {
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
  return {
    minimum: required === 0 ? 1 : got / required,
    required,
    covered: got,
    full: limit ? Math.min(1, points / limit) : null,
    points: limit === null ? points : Math.min(points, limit)
  }
}
