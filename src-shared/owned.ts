// "Only what I own": whether the collection's unused figures can field a unit, and if not why, in
// players' words. One rule for the editor's army list (the renderer) and for New roster's "start
// from what I own" (the main process), over what the collection still has (services/collection.ts
// ownedLeft, which this mirrors structurally: src-shared imports nothing of the main process).

import { countOf } from './words'

export interface OwnedCounts {
  counts: 'stands' | 'figures' | 'units'
  /**
   * By troop type and attribute values: owned and still unused, in figures where the ruleset counts
   * figures, else in stands (`per` of them make one unit where it counts units, else 1).
   */
  troops: Array<{ troop: string; attributes: Record<string, string | boolean>; owned: number; left: number; per: number }>
}

const WORD: Record<OwnedCounts['counts'], [string, string]> = { stands: ['stand', 'stands'], figures: ['figure', 'figures'], units: ['unit', 'units'] }

const counted = (n: number, counts: OwnedCounts['counts']) => `${n} ${WORD[counts][n === 1 ? 0 : 1]}`

/**
 * Whether figures counted with `attributes` can be a unit with `values`: no value differs. Marks of
 * a role (a general, an eagle: boolean attributes) are not the figures, and do not tell them apart.
 * A value either leaves out matches any: a unit that leaves one out has its troop type's default,
 * and "Armies I can field" counts figures for every value a list's option allows (coverage.ts).
 */
export function sameFigures(attributes: Record<string, unknown>, values: Record<string, unknown>): boolean {
  return Object.entries(attributes).every(([attr, value]) => typeof value === 'boolean' || !Object.hasOwn(values, attr) || values[attr] === value)
}

/** The entries a unit can be made of: its troop type, and the same figures. */
function linesFor(owned: OwnedCounts, unit: { troop: string }) {
  return owned.troops.filter((t) => t.troop === unit.troop && sameFigures(t.attributes, unit as Record<string, unknown>))
}

/**
 * How many of the unit's kind the collection has, and how many are unused, in the ruleset's count:
 * alike entries together first (3 stands with an eagle and 3 without make one unit of 6), and what
 * that is in stands.
 */
export function ownedFor(owned: OwnedCounts, unit: { troop: string }): { have: number; left: number; stands: number; per: number } {
  const lines = linesFor(owned, unit)
  const per = lines[0]?.per ?? 1
  const stands = lines.reduce((n, t) => n + t.owned, 0)
  return { have: Math.floor(stands / per), left: Math.floor(lines.reduce((n, t) => n + t.left, 0) / per), stands, per }
}

/** Why the collection cannot field this unit as offered, or null when it can. */
export function notOwnedReason(owned: OwnedCounts, unit: { troop: string; count: number }, troopName: string): string | null {
  const { have, left, stands, per } = ownedFor(owned, unit)
  if (left >= unit.count) return null
  if (stands > 0 && have === 0) return `You own ${countOf(stands, 'stand')} of ${troopName}; a unit takes ${per}.`
  if (have === 0) return `You own no ${troopName} (add it on the Collection tab).`
  if (left === 0) return `You own ${counted(have, owned.counts)} of ${troopName}; all are used.`
  return `You own ${counted(have, owned.counts)} of ${troopName}; ${counted(left, owned.counts)} unused, and this unit takes ${unit.count}.`
}

/** One line of a shopping list: figures where the ruleset counts them, else stands with the usual figures on each. */
export function toBuyLine(
  m: { counts: OwnedCounts['counts']; count: number; stands: number; figuresPerStand: number; troopName: string },
  attributes: string
): string {
  const name = `${m.troopName}${attributes}`
  // A ruleset that counts figures bases each on its own: figures are what to buy.
  if (m.counts === 'figures') return `${countOf(m.count, 'figure')} of ${name}`
  const units = m.counts === 'units' ? ` (${countOf(m.count, 'unit')})` : ''
  return `${countOf(m.stands, 'stand')} of ${name}${units}, ${countOf(m.figuresPerStand, 'figure')} each`
}
