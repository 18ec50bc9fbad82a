// Builds the structural JSON Schema of a ruleset's rosters, derived from schemas/roster.schema.json
// (troop ids, per-troop attributes, no unknown fields): compiled once per ruleset and cached. The
// rules of each army are a schema of their own, made of Muster's rule keywords (keywords.ts).
import type { AnySchemaObject } from 'ajv'
import type { ArmyContext } from './context'
import type { LoadedRuleset } from './registry'

export const COMPILED_BASE = 'https://muster.local/compiled/'

function unitSchema(rosterSchema: AnySchemaObject, loaded: LoadedRuleset): AnySchemaObject {
  const base = rosterSchema.$defs.unit as AnySchemaObject
  const common = base.properties as Record<string, AnySchemaObject>
  const { attributes } = loaded.ruleset
  return {
    type: 'object',
    required: ['troop'],
    properties: { troop: { type: 'string' } },
    discriminator: { propertyName: 'troop' },
    oneOf: loaded.ruleset.troopTypes.map((t) => {
      const attrProps: Record<string, AnySchemaObject> = {}
      const required = ['troop', 'count']
      for (const [attr, spec] of Object.entries(t.attributes ?? {})) {
        const def = attributes[attr]
        attrProps[attr] = def.type === 'boolean' ? { type: 'boolean', description: def.label } : { enum: spec.values ?? def.values, description: def.label }
        if (spec.required) required.push(attr)
      }
      return {
        type: 'object',
        title: t.name,
        properties: { ...common, troop: { const: t.id }, ...attrProps },
        required,
        additionalProperties: false
      }
    })
  }
}

/** The structural part of a roster of this ruleset: the published roster schema, narrowed. */
export function structuralParts(rosterSchema: AnySchemaObject, loaded: LoadedRuleset): { structure: AnySchemaObject; unit: AnySchemaObject } {
  const props = { ...(rosterSchema.properties as Record<string, AnySchemaObject>) }
  props.ruleset = { const: loaded.ruleset.id }
  props.units = { ...props.units, items: { $ref: '#/$defs/unit' } }
  if (!loaded.ruleset.camp) delete props.camp
  if (!loaded.ruleset.battleCards?.length) delete props.battleCards
  else props.battleCards = { ...props.battleCards, items: rosterSchema.$defs.battleCard as AnySchemaObject }
  const { $id: _id, $schema: _schema, $defs: _defs, ...rest } = rosterSchema as Record<string, unknown>
  const structure: AnySchemaObject = { ...rest, properties: props }
  return { structure, unit: unitSchema(rosterSchema, loaded) }
}

export const structureSchemaId = (rulesetId: string): string => `${COMPILED_BASE}${rulesetId}/structure.json`

/**
 * One structural schema per ruleset, shared by all its armies (troop ids, attributes, fields), as it
 * is compiled: each troop type's branch is a $def of its own, so that (with `inlineRefs: false`,
 * schemas.ts) each is its own small function. Inline, a ruleset of many troop types made one function
 * too big for V8 to optimise, and a short roster spent most of its check in it.
 */
export function rulesetStructureSchema(rosterSchema: AnySchemaObject, loaded: LoadedRuleset): AnySchemaObject {
  const { structure, unit } = structuralParts(rosterSchema, loaded)
  const branches = unit.oneOf as AnySchemaObject[]
  const defs: Record<string, AnySchemaObject> = { unit: { ...unit, oneOf: branches.map((b) => ({ $ref: `#/$defs/${troopDef(b)}` })) } }
  for (const b of branches) defs[troopDef(b)] = b
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: structureSchemaId(loaded.ruleset.id), ...structure, $defs: defs }
}

/** The $def name of a troop type's branch (troop ids are kebab-case: safe in a JSON Pointer). */
const troopDef = (branch: AnySchemaObject): string => `troop-${(branch.properties as { troop: { const: string } }).troop.const}`

/** What `muster schema` prints: the ruleset's structure with the army fixed, standalone, each troop type inline (for reading). */
export function standaloneStructuralSchema(rosterSchema: AnySchemaObject, ctx: ArmyContext): AnySchemaObject {
  const { structure, unit } = structuralParts(rosterSchema, ctx.loaded)
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${COMPILED_BASE}${ctx.key}/structure.json`,
    ...structure,
    title: `${ctx.loaded.ruleset.name}: ${ctx.army.name} roster`,
    properties: { ...(structure.properties as Record<string, AnySchemaObject>), army: { const: ctx.army.id } },
    $defs: { unit }
  }
}
