// Turns a roster into analysed units: troop type, cost, and the army-list option each unit is
// counted against; the battle cards it takes; and the facts more than one rule check needs, worked
// out once, before any check runs. Tolerant of malformed units (they are skipped), so points can be
// shown even while the roster's structure is still wrong. The checks read an analysis; none writes it.
import { forSubFaction, inDates, type AnalysedUnit, type ArmyContext, type CardOffer, type ContextCard, type ResolvedOption } from './context'
import { asNumber } from './formula'
import type { AttributeConstraint, Issue, Roster, RosterCard, RosterUnit, TroopType } from './types'
import { readUnmarked } from './unmarked'
import { own } from './own'

export interface AnalysedCard {
  index: number
  raw: RosterCard
  /** Undefined for a code the ruleset does not define. */
  card?: ContextCard
  offer?: CardOffer
  count: number
  /** What this entry adds to the army: a card's whole cost sits on its first entry. */
  cost: number
}

/** A unit whose attribute an `attribute` constraint does not allow, and the value it has. */
export interface AttributeBreach {
  unit: AnalysedUnit
  actual: unknown
}

export interface Analysis {
  roster: Roster
  units: AnalysedUnit[]
  /** Analysed unit by roster index (undefined for skipped units). */
  byIndex: Array<AnalysedUnit | undefined>
  points: number
  limit: number | null
  year: number | undefined
  /** The roster's choice among the army's subFactions, if it made one. */
  subFaction: string | undefined
  /** The units counted against each option. */
  optionUse: OptionUse
  /** Stands (or figures) by troop type, by the type's place in the ruleset (ArmyContext.troopIds): 0 for a type the roster has none of. */
  stands: number[]
  /** The same by troop id, once a formula asks for them (countsByTroop); a type the roster has none of is unset. */
  countByTroop: Record<string, number | undefined> | undefined
  /** Battle cards the roster takes (rulesets that have them). */
  cards: AnalysedCard[]
  /**
   * What each of the army's `attribute` constraints finds, in unit order. The attribute keyword
   * reports these; the cost check reads `breachedUnits` so that a unit priced by a value it may not
   * have is not also called unpriced. Both read it here: neither depends on the other having run.
   */
  attributeBreaches: Map<AttributeConstraint, AttributeBreach[]>
  /** Roster indices of the units in any attribute breach. */
  breachedUnits: Set<number>
  /** How an older file was read (a role it marks on no unit): warnings for the verdict. */
  notices: Issue[]
}

/**
 * The units counted against each of the army's options, by the option's place (ResolvedOption.index):
 * an array, where a Map by key grew (and copied itself) as a check added options to it.
 */
export class OptionUse {
  private readonly lists: Array<AnalysedUnit[] | undefined>
  constructor(options: number) {
    this.lists = new Array<AnalysedUnit[] | undefined>(options)
  }
  add(option: ResolvedOption, unit: AnalysedUnit): void {
    const list = this.lists[option.index]
    if (list) list.push(unit)
    else this.lists[option.index] = [unit]
  }
  /** The option's units, in roster order (none: an empty list, never written to). */
  get(option: ResolvedOption): readonly AnalysedUnit[] {
    return this.lists[option.index] ?? NO_UNITS
  }
  /** The stands (or figures) the roster fields from the option. */
  stands(option: ResolvedOption): number {
    let stands = 0
    for (const u of this.get(option)) stands += u.count
    return stands
  }
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

function chooseOption(
  candidates: ResolvedOption[] | undefined,
  count: number,
  year: number | undefined,
  subFaction: string | undefined,
  optionUse: OptionUse
): ResolvedOption | undefined {
  if (!candidates || candidates.length === 0) return undefined
  if (candidates.length === 1) return candidates[0]
  const available = candidates.filter(
    (c) => (year === undefined ? !c.option.dates : inDates(year, c.option.dates)) && forSubFaction(c.option, subFaction) !== false
  )
  const withRoom = available.find((c) => c.option.max == null || optionUse.stands(c) + count <= c.option.max)
  return withRoom ?? available[0] ?? candidates[0]
}

/** The roster's stands (or figures) by troop id, made from the analysis's sums the first time a formula asks. */
export function countsByTroop(ctx: ArmyContext, a: Analysis): Record<string, number | undefined> {
  if (a.countByTroop) return a.countByTroop
  const counts = { ...ctx.noTroops }
  const { stands } = a
  for (let place = 0; place < stands.length; place++) if (stands[place] > 0) counts[ctx.troopIds[place]] = stands[place]
  return (a.countByTroop = counts)
}

/** What a unit that is not an object reads as (no troop, no count, nothing inherited): skipped. */
const NOT_A_UNIT = Object.freeze(Object.create(null) as object)

export function analyse(ctx: ArmyContext, given: Roster): Analysis {
  // An older file's unmarked roles, read as they were meant (unmarked.ts): the rules read this copy.
  const { roster, issues: notices } = readUnmarked(ctx.loaded.ruleset, given)
  const rawUnits: unknown[] = Array.isArray(roster.units) ? roster.units : []
  const year = Number.isInteger(roster.year) ? roster.year : undefined
  const subFaction = typeof roster.subFaction === 'string' ? roster.subFaction : undefined
  const units: AnalysedUnit[] = []
  const byIndex: Array<AnalysedUnit | undefined> = []
  const optionUse = new OptionUse(ctx.options.size)
  // Summed here, where each unit is read anyway: the count constraints read a type's stands from it.
  const stands = ctx.noStands.slice()
  let points = 0
  for (let index = 0; index < rawUnits.length; index++) {
    const raw = rawUnits[index]
    // Each of the unit's fields read once: the units of different rosters and rulesets have many
    // shapes, and V8 reads a field of an object of any shape by a lookup it cannot reuse for the next.
    const unitRaw = (typeof raw === 'object' && raw !== null ? raw : NOT_A_UNIT) as RosterUnit
    const troopId = unitRaw.troop
    const count = unitRaw.count
    // Well formed: a troop id and a whole count of at least one (else skipped, as the structure check says).
    const known = typeof troopId === 'string' && Number.isInteger(count) && count > 0 ? ctx.troopsById.get(troopId) : undefined
    if (!known) {
      byIndex.push(undefined)
      continue
    }
    const { troop } = known
    stands[known.place] += count
    const optionId = unitRaw.option
    const option = typeof optionId === 'string' ? ctx.options.get(optionId) : chooseOption(known.ownOptions, count, year, subFaction, optionUse)
    const costEach = unitCostEach(ctx, unitRaw, troop)
    const cost = (costEach ?? 0) * count
    const unit: AnalysedUnit = {
      index,
      raw: unitRaw,
      troop,
      count,
      costEach,
      cost,
      option,
      allied: option?.ally !== undefined && option.ally.internal !== true
    }
    points += cost
    units.push(unit)
    byIndex.push(unit)
    if (option) optionUse.add(option, unit)
  }
  const { cards, points: cardPoints } = analyseCards(ctx, roster.battleCards, optionUse, year, subFaction)
  points += cardPoints
  const { attributeBreaches, breachedUnits } = findAttributeBreaches(ctx, units)
  const rosterLimit = typeof roster.pointsLimit === 'number' && roster.pointsLimit > 0 ? roster.pointsLimit : undefined
  return {
    roster,
    notices,
    units,
    byIndex,
    points: Math.round(points * 1e6) / 1e6,
    limit: rosterLimit ?? ctx.loaded.ruleset.defaultPointsLimit,
    year,
    subFaction,
    optionUse,
    stands,
    countByTroop: undefined,
    cards,
    attributeBreaches,
    breachedUnits
  }
}

/** An army with no attribute constraints finds no breaches: one answer for all its checks (never written to). */
const NO_BREACHES: Pick<Analysis, 'attributeBreaches' | 'breachedUnits'> = { attributeBreaches: new Map(), breachedUnits: new Set() }

function findAttributeBreaches(ctx: ArmyContext, units: AnalysedUnit[]): Pick<Analysis, 'attributeBreaches' | 'breachedUnits'> {
  if (ctx.attributeRules.length === 0) return NO_BREACHES
  const attributeBreaches = new Map<AttributeConstraint, AttributeBreach[]>()
  const breachedUnits = new Set<number>()
  for (const rule of ctx.attributeRules) {
    const found: AttributeBreach[] = []
    for (const unit of units) {
      if (!rule.select(unit)) continue
      const actual = ctx.attributeValue(unit.raw, unit.troop, rule.attribute)
      if (actual === undefined || rule.allowed.has(actual)) continue
      found.push({ unit, actual })
      breachedUnits.add(unit.index)
    }
    attributeBreaches.set(rule.constraint, found)
  }
  return { attributeBreaches, breachedUnits }
}

const isCard = (c: unknown): c is RosterCard => typeof c === 'object' && c !== null && typeof (c as RosterCard).card === 'string'

const NO_UNITS: readonly AnalysedUnit[] = Object.freeze([])

/** Whether the roster's part and year are ones an offer's entry is for (or the roster has not said). */
const offerFits = (o: CardOffer, year: number | undefined, subFaction: string | undefined): boolean =>
  forSubFaction(o.entry, subFaction) !== false && (year === undefined || inDates(year, o.entry.dates))

function chooseOffer(card: ContextCard, raw: RosterCard, optionUse: OptionUse, year?: number, subFaction?: string): CardOffer | undefined {
  if (typeof raw.option === 'string') return card.offers.find((o) => o.option?.key === raw.option)
  // Of the list's own entries for the card, one for the roster's part and year, where they differ.
  const armyWide = card.offers.find((o) => !o.option && offerFits(o, year, subFaction)) ?? card.offers.find((o) => !o.option)
  if (armyWide) return armyWide
  return card.offers.find((o) => optionUse.stands(o.option!) > 0) ?? card.offers[0]
}

/** No battle cards, for a ruleset that has none (one answer, never written to). */
const NO_CARDS: { cards: AnalysedCard[]; points: number } = Object.freeze({ cards: Object.freeze([]) as unknown as AnalysedCard[], points: 0 })

/** The roster's battle cards, each resolved to an offer, and their points. Malformed entries are skipped. */
function analyseCards(ctx: ArmyContext, raw: unknown, optionUse: OptionUse, year?: number, subFaction?: string): { cards: AnalysedCard[]; points: number } {
  // A ruleset without battle cards has none to count: the roster's field is reported as unknown instead.
  if (ctx.cards.size === 0) return NO_CARDS
  const cards: AnalysedCard[] = []
  const totals = new Map<string, { first: AnalysedCard; count: number }>()
  ;(Array.isArray(raw) ? raw : []).forEach((entry, index) => {
    if (!isCard(entry)) return
    const card = ctx.cards.get(entry.card)
    const count = card?.def.counts && Number.isInteger(entry.count) && entry.count! > 0 ? entry.count! : 1
    const analysed: AnalysedCard = { index, raw: entry, card, offer: card ? chooseOffer(card, entry, optionUse, year, subFaction) : undefined, count, cost: 0 }
    cards.push(analysed)
    if (!card) return
    const total = totals.get(entry.card)
    if (total) total.count += count
    else totals.set(entry.card, { first: analysed, count })
  })
  let points = 0
  for (const [code, { first, count }] of totals) {
    const card = ctx.cards.get(code)!
    // A marker is not a card of its own (checkBattleCards says what to take instead): it costs nothing.
    if (card.def.marks) continue
    first.cost = asNumber(card.cost({ count, asExtra: asExtra(ctx, card, optionUse) }))
    points += first.cost
  }
  return { cards, points }
}

/**
 * For a card whose offers name an `as` troop (stands that may become that type): over every option
 * offering it, what the stands fielded would cost more as that type; 0 where it costs less. The card
 * covers every entry that offers it, whichever one the roster names.
 */
function asExtra(ctx: ArmyContext, card: ContextCard, optionUse: OptionUse): number {
  let extra = 0
  for (const offer of card.offers) {
    const asTroop = offer.entry.as ? ctx.loaded.troops.get(offer.entry.as) : undefined
    if (!asTroop || !offer.option) continue
    for (const unit of optionUse.get(offer.option)) {
      const asCost = unitCostEach(ctx, { ...unit.raw, troop: asTroop.id }, asTroop)
      if (asCost !== null && unit.costEach !== null && asCost > unit.costEach) extra += (asCost - unit.costEach) * unit.count
    }
  }
  return extra
}
