// What a collection gives a ruleset, and what a roster lacks of it. Pure functions of the counts-as
// table (data/collection/counts-as.json), the ruleset data and the collection's items, so the app,
// the CLI and the bench share them. The counting is the ruleset's own: stands, figures, or units of a
// number of stands (counts-as.json `rulesets`). How much of an army a collection fields: army-coverage.ts.
import type { CountsAsTable, FigureKind, RulesetCounting } from '../generated-types/counts-as'
import type { CollectionItem } from '../generated-types/collection'
import { sameFigures } from '../../src-shared/owned'
import type { LoadedRuleset } from './registry'
import type { RosterUnit, TroopType } from './types'
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
export const whole = (amount: number, per: number): number => Math.floor(amount / per)

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
