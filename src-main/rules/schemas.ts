// One Ajv (draft 2020-12, strict) per engine, with the project's published schemas registered (when
// first needed) so data files and rosters are checked against exactly the files in schemas/.
import Ajv2020 from 'ajv/dist/2020'
import type { AnySchemaObject, ErrorObject, Options, ValidateFunction } from 'ajv'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { schemasDir } from './paths'
import { storedRosterSchema } from './stored-roster'

export const SCHEMA_BASE = 'https://muster.local/schemas/'
export const schemaId = (file: string): string => SCHEMA_BASE + file
/**
 * The schemas as the library checks what it keeps (stored-roster.ts): the roster format with the
 * length limits Musters before issue 26 had, and the backup format holding such rosters.
 */
export const storedSchemaId = (file: 'roster.schema.json' | 'library-export.schema.json'): string => `${SCHEMA_BASE}stored/${file}`

let schemaFiles: Record<string, object> | undefined
/** Each schema file read so far, so readSchema() and readSchemas() hand out the very same objects. */
const readFiles = new Map<string, object>()

/** A schema file's text as it is now (precompiled.ts compares it with the text a build-time validator was made from). */
export const readSchemaText = (file: string): string => readFileSync(join(schemasDir(), file), 'utf8')

/** One of the project's schemas by file name (e.g. roster.schema.json), read once a process. */
export function readSchema(file: string): object {
  let schema = readFiles.get(file)
  if (!schema) {
    schema = JSON.parse(readSchemaText(file)) as object
    readFiles.set(file, schema)
  }
  return schema
}

/** The project's schemas by file name, read once a process (they ship with the app and never change under it). */
export function readSchemas(): Record<string, object> {
  if (schemaFiles) return schemaFiles
  const out: Record<string, object> = {}
  for (const file of readdirSync(schemasDir())
    .filter((f) => f.endsWith('.schema.json'))
    .sort())
    out[file] = readSchema(file)
  return (schemaFiles = out)
}

/**
 * The options of the project's Ajv (also those the build compiles the structure validators with,
 * precompiled.ts). `passContext` hands a check's analysis to the rule keywords (keywords.ts). `inlineRefs: false` keeps each $ref its own function: inlined, a roster's unit
 * schema (one branch per troop type) made one function too big for V8 to optimise, and a check spent
 * 4x as long in it (issue 27).
 */
export const AJV_OPTIONS = {
  strict: true,
  allErrors: true,
  discriminator: true,
  allowUnionTypes: true,
  validateSchema: false,
  // Nor is JSON Schema's own meta-schema added to each Ajv: only checking a schema uses it (the tests
  // do, with an Ajv of their own), and adding it cost every start about 2 ms.
  meta: false,
  inlineRefs: false,
  passContext: true,
  code: { optimize: false }
} as const satisfies Options

/**
 * A new Ajv with the project's schemas registered: for an engine, which compiles its own per-ruleset
 * schemas into it. The schemas themselves are checked against the JSON Schema meta-schema by the
 * tests (test/unit/schemas-and-data.test.ts), not on every start.
 *
 * They are registered when first needed: the first `getSchema`, `validate` or `compile` of a schema
 * that may name one of them. `muster validate` of one roster compiles only its army's own schemas
 * (compileOwnSchema), and reading and registering the thirteen files cost it about 8 ms of ~110.
 * `options`: AJV_OPTIONS, or those with more (the build's, schema-codegen.ts, emitting source).
 */
export function createAjv(options: Options = AJV_OPTIONS): Ajv2020 {
  const ajv = new Ajv2020(options)
  // Done, or the error that stopped it (said again to every later caller, never a schema missing quietly).
  let registered: true | Error | undefined
  const register = (): void => {
    if (registered === true) return
    if (registered) throw registered
    try {
      const schemas = readSchemas()
      for (const schema of Object.values(schemas)) ajv.addSchema(schema)
      // Stored rosters: the one roster schema with its length limits raised, and the backup format under
      // the same base, so its $ref "roster.schema.json" names that one. Compiled only when used.
      ajv.addSchema(storedRosterSchema(schemas['roster.schema.json'] as AnySchemaObject, storedSchemaId('roster.schema.json')))
      ajv.addSchema({ ...schemas['library-export.schema.json'], $id: storedSchemaId('library-export.schema.json') })
      registered = true
    } catch (e) {
      registered = e instanceof Error ? e : new Error(String(e))
      throw registered
    }
  }
  const { getSchema, validate, compile } = ajv
  ajv.getSchema = function (this: Ajv2020, ...args: Parameters<typeof getSchema>) {
    register()
    return getSchema.apply(this, args)
  } as typeof getSchema
  ajv.validate = function (this: Ajv2020, ...args: Parameters<typeof validate>) {
    register()
    return validate.apply(this, args)
  } as typeof validate
  // A keyword's metaSchema (`meta` true) names none of the project's schemas.
  ajv.compile = function (this: Ajv2020, schema: AnySchemaObject, meta?: boolean) {
    if (!meta) register()
    return compile.call(this, schema, meta)
  } as typeof compile
  return ajv
}

/**
 * Compiles a schema that names no other (a ruleset's roster structure, an army's rules: made whole by
 * the engine), without registering the project's schemas first (createAjv).
 */
export function compileOwnSchema(ajv: Ajv2020, schema: AnySchemaObject): ValidateFunction {
  return Ajv2020.prototype.compile.call(ajv, schema) as ValidateFunction
}

let shared: Ajv2020 | undefined

/** The Ajv of a process for checking files against the project's schemas (rosters, events, reference sheets, army files). */
export function projectAjv(): Ajv2020 {
  return (shared ??= createAjv())
}

/** "path: message" lines for data-file errors (authors of data, not players, read these). */
export function describeAjvErrors(errors: ErrorObject[] | null | undefined): string[] {
  const all = errors ?? []
  // A refused key name comes as the inner keyword's error (a pattern, a `not`; through a $ref it
  // does not carry the name), then propertyNames' own, which names it: say it once, with the name.
  const named = new Set(all.filter((e) => e.keyword === 'propertyNames').map((e) => e.instancePath))
  return all.flatMap((e) => {
    const where = e.instancePath || '(top level)'
    if (e.propertyName !== undefined || (named.has(e.instancePath) && (e.keyword === 'not' || e.keyword === 'pattern'))) return []
    if (e.keyword === 'propertyNames') {
      const name = (e.params as { propertyName: string }).propertyName
      return name in Object.prototype
        ? `${where}: '${name}' cannot be a name here: it is reserved (every object already has it)`
        : `${where}: '${name}' is not a name allowed here`
    }
    const extra =
      e.keyword === 'additionalProperties'
        ? ` '${(e.params as { additionalProperty: string }).additionalProperty}'`
        : e.keyword === 'enum'
          ? ` (${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')})`
          : ''
    return `${where}: ${e.message ?? e.keyword}${extra}`
  })
}
