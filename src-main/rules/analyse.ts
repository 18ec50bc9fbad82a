// Turns a roster into analysed units: troop type, cost, and the army-list option each unit is
// counted against. Tolerant of malformed units (they are skipped), so points can be shown even
// while the roster's structure is still wrong.
import { analyseCards, type AnalysedCard } from './battle-cards'
import { inDates, type AnalysedUnit, type ArmyContext, type ResolvedOption } from './context'
import type { Issue, Roster, RosterUnit, TroopType } from './types'
import { own } from './own'

export interface Analysis {
  roster: Roster
  units: AnalysedUnit[]
  /** Analysed unit by roster index (undefined for skipped units). */
  byIndex: Array<AnalysedUnit | undefined>
  points: number
  limit: number | null
  year: number | undefined
  optionUse: Map<string, AnalysedUnit[]>
  /** Battle cards the roster takes (rulesets that have them). */
  cards: AnalysedCard[]
  issues: Issue[]
  /** Roster indices already reported for an attribute, so no-cost is not said twice. */
  attributeFlagged: Set<number>
}

export function unitCostEach(ctx: ArmyContext, unit: RosterUnit, troop: TroopType): number | null {
  const cost = troop.cost
  if (typeof cost === 'number') return cost
  let node: unknown = cost.table
  for (const attr of cost.by) {
    const value = ctx.attributeValue(unit, troop, attr)
    if (node === null || typeof node !== 'object') return null
    node = own(node as Record<string, unknown>, String(value))
  }
  return typeof node === 'number' ? node : null
}

const isWellFormed = (u: unknown): u is RosterUnit =>
  typeof u === 'object' &&
  u !== null &&
  typeof (u as RosterUnit).troop === 'string' &&
  Number.isInteger((u as RosterUnit).count) &&
  (u as RosterUnit).count > 0

function chooseOption(ctx: ArmyContext, troop: string, count: number, year: number | undefined, used: Map<string, number>): ResolvedOption | undefined {
  const candidates = ctx.ownOptionsByTroop.get(troop)
  if (!candidates || candidates.length === 0) return undefined
  if (candidates.length === 1) return candidates[0]
  const available = candidates.filter((c) => year === undefined ? !c.option.dates : inDates(year, c.option.dates))
  const withRoom = available.find((c) => c.option.max == null || (used.get(c.key) ?? 0) + count <= c.option.max)
  return withRoom ?? available[0] ?? candidates[0]
}

export function analyse(ctx: ArmyContext, roster: Roster): Analysis {
  const rawUnits: unknown[] = Array.isArray(roster.units) ? roster.units : []
  const year = Number.isInteger(roster.year) ? roster.year : undefined
  const units: AnalysedUnit[] = []
  const byIndex: Array<AnalysedUnit | undefined> = []
  const optionUse = new Map<string, AnalysedUnit[]>()
  const usedCount = new Map<string, number>()
  let points = 0
  rawUnits.forEach((raw, index) => {
    if (!isWellFormed(raw)) return void byIndex.push(undefined)
    const troop = ctx.loaded.troops.get(raw.troop)
    if (!troop) return void byIndex.push(undefined)
    const option = typeof raw.option === 'string' ? ctx.options.get(raw.option) : chooseOption(ctx, troop.id, raw.count, year, usedCount)
    const costEach = unitCostEach(ctx, raw, troop)
    const cost = (costEach ?? 0) * raw.count
    const unit: AnalysedUnit = { index, raw, troop, count: raw.count, costEach, cost, option, allied: option?.ally !== undefined && option.ally.internal !== true }
    points += cost
    units.push(unit)
    byIndex.push(unit)
    if (option) {
      usedCount.set(option.key, (usedCount.get(option.key) ?? 0) + raw.count)
      const list = optionUse.get(option.key) ?? []
      list.push(unit)
      optionUse.set(option.key, list)
    }
  })
  const { cards, points: cardPoints } = analyseCards(ctx, roster.battleCards, optionUse)
  points += cardPoints
  const rosterLimit = typeof roster.pointsLimit === 'number' && roster.pointsLimit > 0 ? roster.pointsLimit : undefined
  return {
    roster,
    units,
    byIndex,
    points: Math.round(points * 1e6) / 1e6,
    limit: rosterLimit ?? ctx.loaded.ruleset.defaultPointsLimit,
    year,
    optionUse,
    cards,
    issues: [],
    attributeFlagged: new Set()
  }
}
