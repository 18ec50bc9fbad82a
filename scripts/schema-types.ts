// The TypeScript types of the data formats, generated from their JSON Schemas (schemas/*.json), which
// stay the one source: `npx tsx scripts/schema-types.ts` rewrites src-main/generated-types/*.ts (and
// src-shared/play/rules-types.ts), and
// test/unit/schema-types.test.ts regenerates them in memory and fails when a checked-in file differs.
// See docs/adr/0011-types-from-schemas.md.
//
// Before json-schema-to-typescript sees a schema, `prepare` adjusts a copy of it, and only in ways that
// change the types' shape, never what the schema accepts:
// - names: the exported type names the code uses (Roster, RosterUnit, Ruleset, BattleCardDef...);
// - `$ref` with sibling keywords (a description): the siblings are dropped so the referenced type is
//   reused instead of copied as Selector1, Selector2...;
// - a `$ref` into another schema file (one of its `$defs`, or the whole file) becomes an `import type`
//   from the module generated for it;
// - `unionOf`: a subschema whose own keywords only repeat its `oneOf` becomes the union alone;
// - a constraint's `allOf: [{ if: { kind: K }, then: { required } }]` becomes one type per kind
//   (a discriminated union on `kind`), each with the fields its kind requires made required.
//   What TypeScript cannot say simply (count/ratio need `min` or `max`) stays a schema check;
// - a few widenings, each explained where it is made (`widen`).
//
// `npx tsx scripts/schema-types.ts event.schema.json ...` writes only the targets named (by schema or output file).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { compile, type Options } from 'json-schema-to-typescript'

type Schema = Record<string, unknown>

const root = join(__dirname, '..')

interface Target {
  /** File under schemas/. */
  schema: string
  /** File written, relative to the repository root. */
  out: string
  /** Type name by JSON Pointer of a subschema ("" = the root). */
  names: Record<string, string>
  /** `tsType` overrides by JSON Pointer: where the type is deliberately wider than the schema. */
  widen?: Record<string, string>
  /** `$defs` whose if/then on `kind` becomes a discriminated union: def name -> type name per kind. */
  unions?: Record<string, (kind: string) => string>
  /** Other schema files this one `$ref`s: their types are imported from the module generated for them. */
  imports?: Record<string, string>
  /** Subschemas whose own keywords only restate their `oneOf` branches: the type is the union alone. */
  unionOf?: string[]
  /** Also export the `$defs` the schema itself does not use (other schemas `$ref` them). */
  allDefs?: boolean
}

/** The target for schemas/`name`.schema.json, written to src-main/generated-types/`name`.ts. */
const generatedType = (name: string, rest: Omit<Target, 'schema' | 'out'>): Target => ({
  schema: `${name}.schema.json`,
  out: `src-main/generated-types/${name}.ts`,
  ...rest
})

/** The ruleset's ids and defs, `$ref`d by most data formats. */
const RULESET_TYPES = { 'ruleset.schema.json': './ruleset' }

export const targets: Target[] = [
  generatedType('roster', {
    names: { '': 'Roster', '/$defs/unit': 'RosterUnit', '/$defs/battleCard': 'RosterCard', '/properties/camp': 'RosterCamp' },
    // The schema lists the bundled ruleset ids; a user's --data folder may add more, checked by the engine.
    widen: { '/properties/ruleset': 'string' }
  }),
  generatedType('ruleset', {
    names: {
      '': 'Ruleset',
      '/properties/stats/additionalProperties': 'StatDef',
      '/$defs/battleCard': 'BattleCardDef',
      '/$defs/unitFigure': 'UnitFigureDef',
      '/$defs/figure': 'FigureDef',
      '/$defs/jsonLogic': 'JsonLogic',
      '/$defs/id': 'Id',
      '/$defs/attrId': 'AttrId',
      '/properties/armyFacts/items': 'ArmyFactDef'
    },
    // A json-logic expression is any JSON value; the evaluator takes it as it is.
    widen: { '/$defs/jsonLogic': 'unknown' },
    unions: { constraint: (kind) => `${kind[0].toUpperCase()}${kind.slice(1)}Constraint` },
    imports: { 'play.schema.json': '../../src-shared/play/rules-types' },
    allDefs: true
  }),
  {
    // Shared with the renderer and the phone page (src-shared), so it imports nothing from src-main.
    schema: 'play.schema.json',
    out: 'src-shared/play/rules-types.ts',
    names: {
      '': 'PlayRules',
      '/$defs/formula': 'PlayFormula',
      '/$defs/id': 'PlayId',
      '/$defs/valueId': 'PlayValueId',
      '/$defs/text': 'PlayText',
      '/$defs/aid': 'PlayAid',
      '/$defs/aidInput': 'PlayAidInput',
      '/properties/side/items': 'PlaySideValueDef',
      '/properties/end/items': 'PlayEndRule',
      '/properties/flags/items': 'PlayFlagDef',
      '/properties/preBattle/items': 'PlayPreBattleDef'
    },
    // A json-logic expression is any JSON value; the evaluator takes it as it is.
    widen: { '/$defs/formula': 'unknown' }
  },
  generatedType('game', {
    names: {
      '': 'MusterGame',
      '/$defs/side': 'GameFileSide',
      '/$defs/loss': 'GameFileLoss',
      '/$defs/flags': 'GameFileFlags',
      '/$defs/unitRef': 'GameFileUnitRef'
    },
    // A side's other members are flags by id (booleans), beside `player` (a text): TypeScript cannot
    // say "every other key", so the index is wider than the schema.
    widen: { '/$defs/side/additionalProperties': 'unknown' },
    unionOf: ['/$defs/unitRef', '/$defs/side/properties/roster']
  }),
  {
    // Shared with the phone page (src-shared), which makes slips too: it imports nothing from src-main.
    schema: 'result-slip.schema.json',
    out: 'src-shared/play/result-slip-types.ts',
    names: { '': 'ResultSlip', '/$defs/side': 'ResultSide' }
  },
  generatedType('army', {
    names: {
      '': 'Army',
      '/properties/facts': 'ArmyFacts',
      '/$defs/factValue': 'FactValue',
      '/$defs/forSubFactions': 'ForSubFactions',
      '/$defs/option': 'ArmyOption',
      '/$defs/battleCard': 'BattleCardEntry',
      '/$defs/contingent': 'Contingent',
      '/$defs/ally': 'Ally'
    },
    imports: RULESET_TYPES
  }),
  generatedType('costs', { names: { '': 'CostTable' }, imports: RULESET_TYPES }),
  generatedType('eras', { names: { '': 'Eras', '/properties/eras/items': 'Era' }, imports: RULESET_TYPES }),
  generatedType('event', {
    names: {
      '': 'EventProfile',
      '/properties/scoring': 'EventScoring',
      '/properties/tiebreaks/items': 'TiebreakId',
      '/properties/constraints': 'EventConstraints',
      '/properties/constraints/properties/fixedTables/items': 'FixedTable',
      '/properties/players/items': 'EventProfilePlayer'
    }
  }),
  generatedType('reference', {
    names: {
      '': 'Reference',
      '/properties/unitColumns/items': 'UnitColumn',
      '/properties/cardRules/items': 'CardRule',
      '/$defs/cell': 'Cell',
      '/$defs/section': 'Section',
      '/$defs/block': 'Block',
      '/$defs/tableBlock': 'TableBlock',
      '/$defs/tableBlock/properties/columns/items': 'RefColumn',
      '/$defs/tableBlock/properties/rows/items': 'RefRow',
      '/$defs/troopsBlock': 'TroopsBlock',
      '/$defs/modifiersBlock': 'ModifiersBlock',
      '/$defs/listBlock': 'ListBlock',
      '/$defs/textBlock': 'TextBlock'
    },
    // A block's own `kind` enum and `required` repeat its oneOf (for a shorter error message); read
    // together, they would make the union an intersection with an open `{ kind; [k: string]: unknown }`.
    unionOf: ['/$defs/block'],
    imports: RULESET_TYPES
  }),
  generatedType('library-export', {
    names: { '': 'LibraryBackup' },
    imports: { 'roster.schema.json': './roster', 'collection.schema.json': './collection', 'event-export.schema.json': './event-export' }
  }),
  generatedType('event-export', {
    names: { '': 'EventExportFile', '/$defs/event': 'ExportedEventFile' },
    imports: { 'event.schema.json': './event' },
    allDefs: true
  }),
  generatedType('edition', { names: { '': 'Edition' }, imports: RULESET_TYPES }),
  generatedType('collection', { names: { '': 'CollectionFile', '/$defs/item': 'CollectionItem' }, imports: RULESET_TYPES }),
  generatedType('counts-as', {
    names: { '': 'CountsAsTable', '/$defs/counting': 'RulesetCounting', '/$defs/kind': 'FigureKind', '/$defs/countsAs': 'CountsAs' },
    imports: RULESET_TYPES
  }),
  generatedType('rule-case', {
    names: { '': 'RuleCase' },
    // The case's roster has no `type` (any JSON: cases test malformed rosters too), which the generator
    // would read as an object.
    widen: { '/properties/roster': 'unknown' }
  })
]

const banner = (t: Target, imports: Map<string, Set<string>>): string =>
  `// Generated from schemas/${t.schema} by scripts/schema-types.ts: do not edit by hand.\n` +
  `// Change the schema, then run \`npx tsx scripts/schema-types.ts\`; npm test fails while this file is out of date.\n` +
  [...imports].map(([from, names]) => `\nimport type { ${[...names].sort().join(', ')} } from '${from}'\n`).join('')

const options: Partial<Options> = {
  bannerComment: '',
  ignoreMinAndMaxItems: true,
  unreachableDefinitions: false,
  style: { semi: false, singleQuote: true, printWidth: 140, trailingComma: 'none' }
}

function at(schema: Schema, pointer: string): Schema {
  let node: unknown = schema
  for (const part of pointer.split('/').slice(1)) {
    node = (node as Schema | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')]
    if (!node || typeof node !== 'object') throw new Error(`schema-types: no subschema at ${pointer}`)
  }
  return node as Schema
}

/** Drops the annotations beside every `$ref`, so the referenced type is reused rather than copied. */
function bareRefs(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(bareRefs)
  if (!node || typeof node !== 'object') return
  const o = node as Schema
  if (typeof o.$ref === 'string') for (const k of Object.keys(o)) if (k !== '$ref') delete o[k]
  Object.values(o).forEach(bareRefs)
}

/** The type name json-schema-to-typescript gives `$defs/<def>` of a target. */
function defName(t: Target, def: string): string {
  return t.names[`/$defs/${def}`] ?? def[0].toUpperCase() + def.slice(1)
}

/** Replaces each `$ref` into another schema file by that file's generated type; returns what to import. */
function importRefs(t: Target, schema: Schema): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>()
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (!node || typeof node !== 'object') return
    const o = node as Schema
    // Key names have no TypeScript type: what a propertyNames refers to is never imported.
    delete o.propertyNames
    // another file's `$defs/<def>`, or the whole file (its root type)
    // (a ref by the schema's full id, as the backup's to the collection, is by its file name too)
    const m = typeof o.$ref === 'string' ? /^([^#]+?)(?:#\/\$defs\/([^/]+))?$/.exec(o.$ref.replace('https://muster.local/schemas/', '')) : null
    if (m) {
      const from = t.imports?.[m[1]]
      const other = targets.find((x) => x.schema === m[1])
      if (!from || !other) throw new Error(`schema-types: ${t.schema}: no generated module for ${o.$ref}`)
      const name = m[2] ? defName(other, m[2]) : other.names['']
      used.set(from, (used.get(from) ?? new Set()).add(name))
      delete o.$ref
      o.tsType = name
      return
    }
    Object.values(o).forEach(visit)
  }
  visit(schema)
  return used
}

/** The kinds an `if: { properties: { kind: { const | enum } } }` matches; throws on any other shape. */
function kindsOf(cond: unknown, where: string): string[] {
  const c = cond as { properties?: { kind?: { const?: unknown; enum?: unknown } } } | undefined
  const keys = Object.keys((cond ?? {}) as Schema)
  const kind = c?.properties?.kind
  if (keys.length !== 1 || !kind || Object.keys(c.properties ?? {}).length !== 1)
    throw new Error(`schema-types: ${where}: expected if: { properties: { kind: ... } }`)
  if (typeof kind.const === 'string') return [kind.const]
  if (Array.isArray(kind.enum) && kind.enum.every((k) => typeof k === 'string')) return kind.enum as string[]
  throw new Error(`schema-types: ${where}: expected kind to be a const or an enum of strings`)
}

/** Rewrites $defs[def] (an object with `kind` and if/then per kind) as a oneOf, one branch per kind. */
function discriminate(schema: Schema, def: string, name: (kind: string) => string): void {
  const defs = schema.$defs as Record<string, Schema>
  const base = defs[def]
  const where = `$defs/${def}`
  const props = base.properties as Record<string, Schema>
  const kinds = props?.kind?.enum
  if (!Array.isArray(kinds)) throw new Error(`schema-types: ${where}: expected properties.kind.enum`)
  const required = new Map<string, string[]>(kinds.map((k: string) => [k, []]))
  for (const [i, rule] of ((base.allOf ?? []) as Schema[]).entries()) {
    const keys = Object.keys(rule).filter((k) => k !== 'if' && k !== 'then')
    if (keys.length) throw new Error(`schema-types: ${where}/allOf/${i}: only if/then is understood, found ${keys.join(', ')}`)
    const then = rule.then as Schema
    for (const k of kindsOf(rule.if, `${where}/allOf/${i}`)) {
      if (!required.has(k)) throw new Error(`schema-types: ${where}/allOf/${i}: kind '${k}' is not in the enum`)
      required.get(k)!.push(...((then.required ?? []) as string[]))
    }
  }
  // The fields every kind shares, once (`<Def>Fields`); each kind adds its `kind` and makes the fields
  // it needs required: `CountConstraint = ConstraintFields & { kind: 'count'; select: Selector }`.
  const { allOf: _allOf, description, ...common } = base
  const fields = `${def}Fields`
  defs[fields] = { ...common, title: `${def[0].toUpperCase()}${def.slice(1)}Fields` }
  defs[def] = {
    ...(description ? { description } : {}),
    title: def[0].toUpperCase() + def.slice(1),
    oneOf: kinds.map((k: string) => {
      const own = required.get(k)!.filter((f) => !((base.required ?? []) as string[]).includes(f))
      return {
        title: name(k),
        allOf: [
          { $ref: `#/$defs/${fields}` },
          {
            type: 'object',
            additionalProperties: false,
            properties: { kind: { const: k }, ...Object.fromEntries(own.map((f) => [f, props[f]])) },
            required: ['kind', ...own]
          }
        ]
      }
    })
  }
}

/** The schema as json-schema-to-typescript should see it (a copy; the file is not changed). */
export function prepare(t: Target, original: Schema): { schema: Schema; imports: Map<string, Set<string>> } {
  const schema = structuredClone(original)
  delete schema.$id
  bareRefs(schema)
  // A widened subschema is its tsType alone: a `$ref` there is not followed (nor imported).
  for (const [pointer, tsType] of Object.entries(t.widen ?? {})) {
    const node = at(schema, pointer)
    delete node.$ref
    node.tsType = tsType
  }
  for (const pointer of t.unionOf ?? []) {
    const node = at(schema, pointer)
    if (!Array.isArray(node.oneOf)) throw new Error(`schema-types: ${t.schema}: no oneOf at ${pointer}`)
    for (const k of Object.keys(node)) if (!['oneOf', 'description', 'title'].includes(k)) delete node[k]
  }
  const imports = importRefs(t, schema)
  for (const [def, name] of Object.entries(t.unions ?? {})) discriminate(schema, def, name)
  for (const [pointer, name] of Object.entries(t.names)) at(schema, pointer).title = name
  return { schema: JSON.parse(JSON.stringify(schema)) as Schema, imports }
}

/** The TypeScript source for one target, as it should be checked in. */
export async function generate(t: Target): Promise<string> {
  const schema = JSON.parse(readFileSync(join(root, 'schemas', t.schema), 'utf8')) as Schema
  const prepared = prepare(t, schema)
  const ts = await compile(prepared.schema, t.names[''], { ...options, unreachableDefinitions: t.allDefs ?? false, cwd: join(root, 'schemas') })
  return banner(t, prepared.imports) + '\n' + ts
}

/** Writes every target, or only those named on the command line (by schema or output file). */
async function main(only: string[]): Promise<void> {
  const { writeFileSync, mkdirSync } = await import('node:fs')
  const { basename, dirname } = await import('node:path')
  const chosen = only.length ? targets.filter((t) => only.some((o) => basename(o) === t.schema || o === t.out)) : targets
  if (chosen.length < only.length) throw new Error(`schema-types: no target for some of ${only.join(', ')}`)
  for (const t of chosen) {
    const file = join(root, t.out)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, await generate(t))
    process.stdout.write(`wrote ${t.out}\n`)
  }
}

if (process.argv[1] && /schema-types\.ts$/.test(process.argv[1])) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`)
    process.exit(1)
  })
}
