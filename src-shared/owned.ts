// "Only what I own": whether the collection's unused figures can field a unit, and if not why, in
// players' words. One rule for the editor's army list (the renderer) and for New roster's "start
// from what I own" (the main process), over what the collection still has (services/collection.ts
// ownedLeft, which this mirrors structurally: src-shared imports nothing of the main process).

import { countOf } from './words'

export interface OwnedCounts {
  counts: 'stands' | 'figures' | 'units'
  troops: Array<{ troop: string; attributes: Record<string, string | boolean>; owned: number; left: number }>
}

const WORD: Record<OwnedCounts['counts'], [string, string]> = { stands: ['stand', 'stands'], figures: ['figure', 'figures'], units: ['unit', 'units'] }

const counted = (n: number, counts: OwnedCounts['counts']) => `${n} ${WORD[counts][n === 1 ? 0 : 1]}`

/**
 * Whether figures counted with `attributes` can be a unit with `values`: no value differs. Marks of
 * a role (a general, an eagle: boolean attributes) are not the figures, and do not tell them apart.
 */
export function sameFigures(attributes: Record<string, unknown>, values: Record<string, unknown>): boolean {
  return Object.entries(attributes).every(([attr, value]) => typeof value === 'boolean' || values[attr] === undefined || values[attr] === value)
}

/** The entries a unit can be made of: its troop type, and the same figures. */
function linesFor(owned: OwnedCounts, unit: { troop: string }) {
  return owned.troops.filter((t) => t.troop === unit.troop && sameFigures(t.attributes, unit as Record<string, unknown>))
}

/** How many of the unit's figures the collection has, and how many of them are unused. */
export function ownedFor(owned: OwnedCounts, unit: { troop: string }): { have: number; left: number } {
  const lines = linesFor(owned, unit)
  return { have: lines.reduce((n, t) => n + t.owned, 0), left: lines.reduce((n, t) => n + t.left, 0) }
}

/** Why the collection cannot field this unit as offered, or null when it can. */
export function notOwnedReason(owned: OwnedCounts, unit: { troop: string; count: number }, troopName: string): string | null {
  const { have, left } = ownedFor(owned, unit)
  if (left >= unit.count) return null
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
