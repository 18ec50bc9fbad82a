// Structure validators made at build time, so a short run (`muster validate FILE`) does not compile
// the roster structure schema of its ruleset at start. scripts/build-cli.mjs compiles each bundled
// ruleset's with ajv's standalone code (structure-codegen.ts) into the CLI bundle: the validator, and
// the schema it was compiled from as JSON text. The engine builds the schema as always and takes the
// ready-made validator only when that text is the same, so a ruleset changed since the build (an
// edited ruleset.json, a user's --data folder with its own troop types) is compiled as before.
import type { AnySchemaObject, ValidateFunction } from 'ajv'

/** The build-time validator of a ruleset's structure schema, if one was made from exactly this schema. */
export type PrecompiledStructures = (rulesetId: string, schema: AnySchemaObject) => ValidateFunction | undefined

/** One generated module: ajv's standalone validator, with the JSON text of the schema it was made from. */
export interface StructureModule {
  (data: unknown): boolean
  schemaText?: string
}

/** The generated modules by ruleset id, each evaluated when first asked for. */
export type StructureModules = Record<string, () => StructureModule>

export function precompiledStructures(modules: StructureModules): PrecompiledStructures {
  return (rulesetId, schema) => {
    const load = Object.hasOwn(modules, rulesetId) ? modules[rulesetId] : undefined
    const validate = load?.()
    if (typeof validate !== 'function' || validate.schemaText !== JSON.stringify(schema)) return undefined
    return validate as unknown as ValidateFunction
  }
}
