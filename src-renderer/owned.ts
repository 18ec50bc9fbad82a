// The editor's "only what I own": how much of a unit the collection still has unused (the main
// process's ownedLeft answer), and the reason an offer is held back, in players' words.
import type { OwnedLeft } from '../src-main/ipc/contract'
import type { RosterUnit } from '../src-main/rules/types'

const WORD: Record<OwnedLeft['counts'], [string, string]> = { stands: ['stand', 'stands'], figures: ['figure', 'figures'], units: ['unit', 'units'] }

const counted = (n: number, counts: OwnedLeft['counts']) => `${n} ${WORD[counts][n === 1 ? 0 : 1]}`

/** The lines of the answer that a unit can be made of: its troop type, and no attribute value that differs. */
function linesFor(owned: OwnedLeft, unit: RosterUnit) {
  return owned.troops.filter(
    (t) =>
      t.troop === unit.troop &&
      Object.entries(t.attributes).every(
        ([attr, value]) => (unit as Record<string, unknown>)[attr] === undefined || (unit as Record<string, unknown>)[attr] === value
      )
  )
}

/** Why the collection cannot field this unit as offered, or null when it can. */
export function notOwnedReason(owned: OwnedLeft, unit: RosterUnit, troopName: string): string | null {
  const lines = linesFor(owned, unit)
  const have = lines.reduce((n, t) => n + t.owned, 0)
  const left = lines.reduce((n, t) => n + t.left, 0)
  if (left >= unit.count) return null
  if (have === 0) return `You own no ${troopName} (add it on the Collection tab).`
  if (left === 0) return `You own ${counted(have, owned.counts)} of ${troopName}; all are used.`
  return `You own ${counted(have, owned.counts)} of ${troopName}; ${counted(left, owned.counts)} unused, and this unit takes ${unit.count}.`
}
