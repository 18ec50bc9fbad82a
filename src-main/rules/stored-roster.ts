// The roster format as the library keeps it (issue 26 regression): a roster saved by an earlier Muster
// may be past the format's length limits (docs/adr/0017-length-limits.md), which lowered the roster's
// notes from 20,000 characters to 5,000, a unit's from 5,000 to 1,000, units from 1,000 to 100 and
// battle-card entries from 100 to 30. A player never loses such a roster: a backup restores it and
// `library import` takes it, stored whole, and its check refuses it with the limit in words, so it
// can be cut down in the editor. The one roster schema stays the source: this is it with each length
// limit raised to what Musters before issue 26 allowed, every other check the same. What goes past
// those still is refused (a backup of 2,000,000 units, a 100,000-character name).
import type { AnySchemaObject } from 'ajv'

/** The longest text the roster format ever allowed (the roster's notes before issue 26): the bound kept for texts that had none. */
export const STORED_TEXT_MAX = 20_000

/**
 * Each length limit of schemas/roster.schema.json (its JSON Pointer) and what a stored roster may
 * hold there: the limit before issue 26, or STORED_TEXT_MAX where there was none. A limit the schema
 * gains must be added here (a test checks every one has its entry, at least the format's own).
 */
export const STORED_ROSTER_LIMITS: Readonly<Record<string, number>> = {
  '/properties/name': 200,
  '/properties/player': 200,
  '/properties/army': STORED_TEXT_MAX,
  '/properties/edition': STORED_TEXT_MAX,
  '/properties/dataVersion': 40,
  '/properties/subFaction': STORED_TEXT_MAX,
  '/properties/notes': 20_000,
  '/properties/amendments/propertyNames': 200,
  '/properties/camp/properties/garrison': STORED_TEXT_MAX,
  '/properties/battleCards': 100,
  '/properties/units': 1_000,
  '/$defs/battleCard/properties/option': STORED_TEXT_MAX,
  '/$defs/battleCard/properties/notes': 5_000,
  '/$defs/unit/properties/troop': STORED_TEXT_MAX,
  '/$defs/unit/properties/id': 64,
  '/$defs/unit/properties/option': STORED_TEXT_MAX,
  '/$defs/unit/properties/name': 200,
  '/$defs/unit/properties/notes': 5_000,
  '/$defs/unit/additionalProperties': STORED_TEXT_MAX
}

/** Every length limit (maxLength, maxItems) of a schema, by the JSON Pointer of the subschema holding it. */
export function lengthLimits(schema: unknown, at = ''): Array<{ pointer: string; keyword: 'maxLength' | 'maxItems'; limit: number }> {
  if (typeof schema !== 'object' || schema === null) return []
  if (Array.isArray(schema)) return schema.flatMap((s, i) => lengthLimits(s, `${at}/${i}`))
  const out: Array<{ pointer: string; keyword: 'maxLength' | 'maxItems'; limit: number }> = []
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if ((key === 'maxLength' || key === 'maxItems') && typeof value === 'number') out.push({ pointer: at, keyword: key, limit: value })
    else if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples')
      out.push(...lengthLimits(value, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`))
  }
  return out
}

/**
 * The roster schema with each length limit raised to STORED_ROSTER_LIMITS, under another $id (the
 * library-export schema registered beside it under the same base finds it by its relative $ref).
 * Throws for a limit the table lacks, so no new limit can refuse stored rosters unnoticed.
 */
export function storedRosterSchema(roster: AnySchemaObject, id: string): AnySchemaObject {
  const copy = structuredClone(roster) as AnySchemaObject
  for (const { pointer, keyword, limit } of lengthLimits(roster)) {
    const stored = STORED_ROSTER_LIMITS[pointer]
    if (stored === undefined)
      throw new Error(`schemas/roster.schema.json: ${keyword} ${limit} at ${pointer} has no stored bound (src-main/rules/stored-roster.ts)`)
    const node = pointer
      .split('/')
      .slice(1)
      .reduce<Record<string, unknown>>((n, k) => n[k.replace(/~1/g, '/').replace(/~0/g, '~')] as Record<string, unknown>, copy)
    node[keyword] = Math.max(stored, limit)
  }
  copy.$id = id
  return copy
}
