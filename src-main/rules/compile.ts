// Builds the JSON Schema of one (ruleset, army): the structural part derived from
// schemas/roster.schema.json (troop ids, per-troop attributes, no unknown fields) and a rules part
// made of Muster's custom ajv keywords, one per constraint family. Compiled once and cached.
import type Ajv2020 from 'ajv/dist/2020'
import type { AnySchemaObject } from 'ajv'
import { analyse, type Analysis } from './analyse'
import { checkBattleCards } from './battle-cards'
import { checkCamp, checkDates, checkGeneral, checkOptions } from './army-checks'
import { compileConstraint } from './constraints'
import type { ArmyContext } from './context'
import { checkPoints } from './points'
import type { LoadedRuleset } from './registry'
import { schemaId } from './schemas'
import type { Constraint, Roster } from './types'

export const COMPILED_BASE = 'https://muster.local/compiled/'

type ContextLookup = (key: string) => ArmyContext

/** Analyses are shared by the keywords of one validation run; check() clears them around each run. */
export const analyses = new WeakMap<object, Analysis>()

export function analysisFor(ctx: ArmyContext, data: object): Analysis {
  let a = analyses.get(data)
  if (!a) {
    a = analyse(ctx, data as Roster)
    analyses.set(data, a)
  }
  return a
}

const CONSTRAINT_KEYWORDS: Record<string, Constraint['kind']> = {
  musterAttribute: 'attribute',
  musterCount: 'count',
  musterRatio: 'ratio',
  musterPer: 'per',
  musterRequires: 'requires',
  musterExcludes: 'excludes'
}

const ARMY_KEYWORDS: Record<string, (ctx: ArmyContext, a: Analysis) => void> = {
  musterArmyList: (ctx, a) => {
    checkOptions(ctx, a)
    checkGeneral(ctx, a)
    checkCamp(ctx, a)
    checkBattleCards(ctx, a)
  },
  musterDates: checkDates,
  musterPoints: checkPoints
}

const hasError = (a: Analysis): boolean => a.issues.some((i) => i.severity === 'error')

export function addMusterKeywords(ajv: Ajv2020, lookup: ContextLookup): void {
  for (const [keyword, run] of Object.entries(ARMY_KEYWORDS)) {
    ajv.addKeyword({
      keyword,
      schemaType: 'string',
      metaSchema: { type: 'string', minLength: 1 },
      compile(armyKey: string) {
        const ctx = lookup(armyKey)
        return (data: unknown) => {
          if (typeof data !== 'object' || data === null) return true
          const a = analysisFor(ctx, data)
          run(ctx, a)
          return !hasError(a)
        }
      }
    })
  }
  for (const [keyword, kind] of Object.entries(CONSTRAINT_KEYWORDS)) {
    ajv.addKeyword({
      keyword,
      schemaType: 'object',
      metaSchema: {
        type: 'object',
        required: ['army', 'rules'],
        additionalProperties: false,
        properties: { army: { type: 'string' }, rules: { type: 'array', items: { type: 'string' } } }
      },
      compile(value: { army: string; rules: string[] }) {
        const ctx = lookup(value.army)
        const checks = value.rules.map((id) => {
          const c = ctx.constraints.find((x) => x.id === id && x.kind === kind)
          if (!c) throw new Error(`${keyword}: no ${kind} constraint '${id}' for ${value.army}`)
          return compileConstraint(ctx, c)
        })
        return (data: unknown) => {
          if (typeof data !== 'object' || data === null) return true
          const a = analysisFor(ctx, data)
          for (const check of checks) check(a)
          return !hasError(a)
        }
      }
    })
  }
}

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
        attrProps[attr] =
          def.type === 'boolean'
            ? { type: 'boolean', description: def.label }
            : { enum: spec.values ?? def.values, description: def.label }
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

/** One structural schema per ruleset, shared by all its armies (troop ids, attributes, fields). */
export function rulesetStructureSchema(rosterSchema: AnySchemaObject, loaded: LoadedRuleset): AnySchemaObject {
  const { structure, unit } = structuralParts(rosterSchema, loaded)
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: structureSchemaId(loaded.ruleset.id), ...structure, $defs: { unit } }
}

/** What `muster schema` prints: the ruleset's structure with the army fixed, standalone. */
export function standaloneStructuralSchema(rosterSchema: AnySchemaObject, ctx: ArmyContext): AnySchemaObject {
  const schema = rulesetStructureSchema(rosterSchema, ctx.loaded)
  return {
    ...schema,
    $id: `${COMPILED_BASE}${ctx.key}/structure.json`,
    title: `${ctx.loaded.ruleset.name}: ${ctx.army.name} roster`,
    properties: { ...(schema.properties as Record<string, AnySchemaObject>), army: { const: ctx.army.id } }
  }
}

/**
 * One schema document per (ruleset, army): the ruleset's structure (by $ref) and $defs.rules, the
 * army's constraints as Muster keywords.
 */
export function armySchema(ctx: ArmyContext): AnySchemaObject {
  const rulesOf = (kind: Constraint['kind']) => ctx.constraints.filter((c) => c.kind === kind).map((c) => c.id)
  const rules: AnySchemaObject[] = [{ musterArmyList: ctx.key }, { musterDates: ctx.key }]
  for (const [keyword, kind] of Object.entries(CONSTRAINT_KEYWORDS)) {
    const ids = rulesOf(kind)
    if (ids.length) rules.push({ [keyword]: { army: ctx.key, rules: ids } })
  }
  rules.push({ musterPoints: ctx.key })
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${COMPILED_BASE}${ctx.key}.json`,
    $defs: { rules: { allOf: rules } },
    allOf: [{ $ref: structureSchemaId(ctx.loaded.ruleset.id) }, { $ref: '#/$defs/rules' }]
  }
}

export const rosterSchemaId = schemaId('roster.schema.json')
