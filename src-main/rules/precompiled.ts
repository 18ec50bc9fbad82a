// Structure validators made at build time, so a short run (`muster validate FILE`) does not compile
// the roster structure schema of its ruleset at start. scripts/build-cli.mjs compiles each bundled
// ruleset's with ajv's standalone code (structure-codegen.ts) into the CLI bundle: the validator, and
// the schema it was compiled from as JSON text. The engine builds the schema as always and takes the
// ready-made validator only when that text is the same, so a ruleset changed since the build (an
// edited ruleset.json, a user's --data folder with its own troop types) is compiled as before.
// The same for the project schemas a short run checks a file against (`muster game`: its game file,
// the rosters in it, a result slip): made by schema-codegen.ts, used while their files are unchanged.
import type { AnySchemaObject, ValidateFunction } from 'ajv'
import { projectAjv, readSchemaText } from './schemas'

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

/**
 * One generated module of a project schema (game files, result slips, rosters checked as imported,
 * schema-codegen.ts): ajv's standalone validator, with the text of each schema file it was made from,
 * by file name (the file as it was, byte for byte: comparing it costs no parse).
 */
export interface SchemaModule {
  (data: unknown): boolean
  sources?: Record<string, string>
}

/** The generated modules by schema $id, each evaluated when first asked for. */
export type SchemaModules = Record<string, () => SchemaModule>

/** A project schema's validator by its $id. */
export type ProjectValidators = (id: string) => ValidateFunction

/** The validators of the process's Ajv (projectAjv), each compiled when first asked for. */
export const ajvValidators: ProjectValidators = (id) => {
  const validate = projectAjv().getSchema(id)
  if (!validate) throw new Error(`no project schema ${id}`)
  return validate as ValidateFunction
}

/**
 * The build's validator of a project schema while every schema file it was made from reads as it did
 * then (the schemas/ folder is read at run time, and may have been edited since the build); else
 * `fallback`'s, as before. Each answer is kept: a process asks once.
 */
export function precompiledValidators(modules: SchemaModules, fallback: ProjectValidators = ajvValidators): ProjectValidators {
  const made = new Map<string, ValidateFunction>()
  const ready = (id: string): ValidateFunction | undefined => {
    const validate = Object.hasOwn(modules, id) ? modules[id]() : undefined
    const sources = typeof validate === 'function' ? validate.sources : undefined
    if (!sources || Object.keys(sources).length === 0) return undefined
    // A file unreadable now: the fallback says so as it always has.
    const same = (file: string, text: string): boolean => {
      try {
        return readSchemaText(file) === text
      } catch {
        return false
      }
    }
    return Object.entries(sources).every(([file, text]) => same(file, text)) ? (validate as unknown as ValidateFunction) : undefined
  }
  return (id) => {
    let validate = made.get(id)
    if (!validate) made.set(id, (validate = ready(id) ?? fallback(id)))
    return validate
  }
}
