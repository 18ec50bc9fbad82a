// Build time only (scripts/build-cli.mjs): each bundled ruleset's roster structure validator as
// ajv standalone code, which precompiled.ts hands to the engine at run time. Not part of the CLI bundle.
import type { AnySchemaObject } from 'ajv'
import Ajv2020 from 'ajv/dist/2020'
import standaloneCode from 'ajv/dist/standalone'
import { rulesetStructureSchema } from './compile'
import { loadRegistry } from './load-registry'
import type { LoadedRuleset } from './registry'
import { AJV_OPTIONS, createAjv, readSchemas } from './schemas'

const SAFE_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/

/**
 * The source of one CommonJS module per ruleset given: its structure schema compiled by an Ajv set
 * up as the engine's (AJV_OPTIONS, the project's schemas registered), as standalone
 * code, with the schema's JSON text as `schemaText`. The code `require`s ajv's small runtime
 * helpers; the build bundles them in.
 */
export function structureModules(rulesets: Iterable<LoadedRuleset> = loadRegistry(createAjv()).rulesets.values()): Array<{ rulesetId: string; code: string }> {
  const schemas = readSchemas()
  const rosterSchema = schemas['roster.schema.json'] as AnySchemaObject
  const out: Array<{ rulesetId: string; code: string }> = []
  for (const loaded of rulesets) {
    if (!SAFE_ID.test(loaded.ruleset.id)) continue
    // A fresh Ajv per ruleset, so each module holds its own validator and nothing of another's.
    const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { ...AJV_OPTIONS.code, source: true } })
    for (const schema of Object.values(schemas)) ajv.addSchema(schema)
    const schema = rulesetStructureSchema(rosterSchema, loaded)
    const validate = ajv.compile(schema)
    const code = `${standaloneCode(ajv, validate)}\nmodule.exports.schemaText = ${JSON.stringify(JSON.stringify(schema))};\n`
    out.push({ rulesetId: loaded.ruleset.id, code })
  }
  return out
}
