// What an event check takes in, read the same way by `muster check`/`muster pair` (files) and the
// app's Event screen (bytes sent over IPC): the profile checked against its schema, each submission
// the roster read or why it could not be. Light (no event code), so the CLI loads it at start-up.
import type Ajv2020 from 'ajv/dist/2020'
import { describeAjvErrors, schemaId } from '../rules/schemas'
import type { EventProfile, Submission } from '../event/types'
import { problemText, type ReadResult } from '../files/read-json'

/** Null when `data` is an event profile; else what is wrong with it, in one line (its first three problems). */
export function eventProfileProblem(ajv: Ajv2020, data: unknown): string | null {
  const validate = ajv.getSchema(schemaId('event.schema.json'))!
  return validate(data) ? null : `not a Muster event profile: ${describeAjvErrors(validate.errors).slice(0, 3).join('; ')}`
}

/** `data` as an event profile, or an error made by `refuse` from what is wrong with it. */
export function asEventProfile(ajv: Ajv2020, data: unknown, refuse: (problem: string) => Error): EventProfile {
  const problem = eventProfileProblem(ajv, data)
  if (problem) throw refuse(problem)
  return data as EventProfile
}

/** One submitted file as the event check takes it: its roster, or why it could not be read. */
export function submission(file: string, read: ReadResult): Submission {
  return read.ok ? { file, data: read.data } : { file, error: problemText(file, read) }
}
