// Reads a ruleset's reference.json (the quick-reference tables), from the last of the ruleset's
// data folders that has one (so a user's --data folder can replace the bundled sheet), checked
// against schemas/reference.schema.json. Kept apart from the pure builders: this one reads files.
import { existsSync } from 'node:fs'
import { readJsonFile } from '../files/read-json'
import { join } from 'node:path'
import { DataError, type LoadedRuleset } from '../rules'
import { describeAjvErrors, schemaId } from '../rules/schemas'
import { ajvValidators, type ProjectValidators } from '../rules/precompiled'
import type { Reference } from './reference'

const MAX_REFERENCE_BYTES = 50 * 1024 * 1024

const cache = new Map<string, Reference>()

/** Each loaded ruleset's reference file, looked for once: a list book asks for every sheet. */
const fileOf = new WeakMap<LoadedRuleset, { file: string | undefined }>()

export function referenceFile(loaded: LoadedRuleset): string | undefined {
  let found = fileOf.get(loaded)
  if (!found) {
    const file = [...loaded.sources]
      .reverse()
      .map((dir) => join(dir, 'reference.json'))
      .find((f) => existsSync(f))
    fileOf.set(loaded, (found = { file }))
  }
  return found.file
}

/**
 * The reference data of a ruleset, or undefined when it has none. Throws DataError for a bad file.
 * `validators`: the project Ajv's by default; the CLI's engine carries the build's (Engine.validators),
 * so a command that prints does not compile the schema at run time.
 */
export function loadReference(loaded: LoadedRuleset, validators: ProjectValidators = ajvValidators): Reference | undefined {
  const file = referenceFile(loaded)
  if (!file) return undefined
  const cached = cache.get(file)
  if (cached) return cached
  const read = readJsonFile(file, MAX_REFERENCE_BYTES)
  if (!read.ok) throw new DataError(read.place, [read.message])
  const data = read.data
  const validate = validators(schemaId('reference.schema.json'))
  if (!validate(data)) throw new DataError(file, describeAjvErrors(validate.errors))
  const ref = data as Reference
  if (ref.ruleset !== loaded.ruleset.id) throw new DataError(file, [`is for ruleset '${ref.ruleset}', not '${loaded.ruleset.id}'`])
  cache.set(file, ref)
  return ref
}
