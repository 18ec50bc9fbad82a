// Comparing two revisions of a roster: changed top-level fields, and units added, removed or
// changed (matched by unit id where both have one, else by position).
import type { FieldChange, RevisionDiff, RosterDocument } from './types'

export type { FieldChange, RevisionDiff } from './types'

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

function fieldChanges(a: Record<string, unknown>, b: Record<string, unknown>, skip: string[] = []): FieldChange[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !skip.includes(k)).sort()
  return keys.filter((k) => !same(a[k], b[k])).map((k) => ({ field: k, from: a[k], to: b[k] }))
}

export function diffDocuments(a: RosterDocument, b: RosterDocument): RevisionDiff {
  const unitsA = Array.isArray(a.units) ? a.units : []
  const unitsB = Array.isArray(b.units) ? b.units : []
  const byId = unitsA.every((u) => typeof u.id === 'string') && unitsB.every((u) => typeof u.id === 'string')
  const keyOf = (u: Record<string, unknown>, i: number) => (byId ? String(u.id) : String(i))
  const mapA = new Map(unitsA.map((u, i) => [keyOf(u, i), { u, i }]))
  const mapB = new Map(unitsB.map((u, i) => [keyOf(u, i), { u, i }]))
  const diff: RevisionDiff = { fields: fieldChanges(a, b, ['units']), added: [], removed: [], changed: [] }
  for (const [k, { u, i }] of mapB) {
    const before = mapA.get(k)
    if (!before) diff.added.push({ index: i, unit: u })
    else {
      const fields = fieldChanges(before.u, u)
      if (fields.length) diff.changed.push({ index: i, troop: u.troop, fields })
    }
  }
  for (const [k, { u, i }] of mapA) if (!mapB.has(k)) diff.removed.push({ index: i, unit: u })
  return diff
}
