// Build time only (scripts/build-cli.mjs): the validators of the project schemas `muster game` checks
// files against (a game file, a result slip, a roster checked as an imported one is, the ruleset's
// reference data its play sheet reads), as ajv
// standalone code, which precompiled.ts hands out at run time while their schema files are unchanged.
// Not part of the CLI bundle. Compiled by an Ajv set up as the process's own (createAjv: the
// project's schemas and the stored roster formats registered), so the errors are the ones it gives.
import type Ajv2020 from 'ajv/dist/2020'
import standaloneCode from 'ajv/dist/standalone'
import { AJV_OPTIONS, createAjv, readSchemas, readSchemaText, SCHEMA_BASE, schemaId, storedSchemaId } from './schemas'

/** Each schema compiled, by $id, and the schema files it is made from (checked complete below). */
export const PRECOMPILED_SCHEMAS: ReadonlyArray<{ id: string; files: string[] }> = [
  { id: schemaId('game.schema.json'), files: ['game.schema.json'] },
  { id: schemaId('result-slip.schema.json'), files: ['result-slip.schema.json'] },
  // made from roster.schema.json by stored-roster.ts (code, bundled with the validator)
  { id: storedSchemaId('roster.schema.json'), files: ['roster.schema.json'] },
  // a ruleset's reference data, whose army facts a play sheet compares (export/load-reference.ts)
  { id: schemaId('reference.schema.json'), files: ['reference.schema.json', 'ruleset.schema.json', 'play.schema.json'] }
]

/** The schema files a schema names by $ref (another file's, relative to SCHEMA_BASE or absolute under it). */
export function referencedFiles(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return []
  if (Array.isArray(schema)) return schema.flatMap(referencedFiles)
  return Object.entries(schema as Record<string, unknown>).flatMap(([key, value]) => {
    if (key !== '$ref' || typeof value !== 'string') return referencedFiles(value)
    const file = value.split('#')[0].replace(SCHEMA_BASE, '')
    return file ? [file] : []
  })
}

/**
 * The source of one CommonJS module per schema of PRECOMPILED_SCHEMAS, with `sources`: the text of
 * each file it was made from. Throws when a schema names a file not listed as its source (its
 * validator could then be used after that file changed).
 */
export function schemaModules(): Array<{ id: string; code: string }> {
  const schemas = readSchemas()
  return PRECOMPILED_SCHEMAS.map(({ id, files }) => {
    for (const file of files)
      for (const named of referencedFiles(schemas[file]))
        if (!files.includes(named)) throw new Error(`schema-codegen: ${file} names ${named}, which is not listed among the files of ${id}`)
    // A fresh Ajv per schema, emitting source, so each module holds its own validator and nothing else.
    const ajv: Ajv2020 = createAjv({ ...AJV_OPTIONS, code: { ...AJV_OPTIONS.code, source: true } })
    const validate = ajv.getSchema(id)
    if (!validate) throw new Error(`schema-codegen: no schema ${id}`)
    const sources = Object.fromEntries(files.map((file) => [file, readSchemaText(file)]))
    return { id, code: `${standaloneCode(ajv, validate)}\nmodule.exports.sources = ${JSON.stringify(sources)};\n` }
  })
}
