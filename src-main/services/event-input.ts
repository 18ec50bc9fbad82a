// What an event check takes in, read the same way by `muster check`/`muster pair` and the app's Event
// screen (files main reads where the organiser chose them): the profile checked against its schema,
// each submission the roster read or why it could not be. Light (no event code), so the CLI loads it
// at start-up.
import type Ajv2020 from 'ajv/dist/2020'
import { describeAjvErrors, projectAjv, schemaId } from '../rules/schemas'
import type { EventProfile, Submission } from '../event/types'
import { problemText, readRosterFile, type ReadResult } from '../files/read-json'

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

/** asEventProfile against the project's own schemas (the CLI's; the app passes its Ajv). */
export const eventProfileOf = (data: unknown, refuse: (problem: string) => Error): EventProfile => asEventProfile(projectAjv(), data, refuse)

/** One submitted file as the event check takes it: its roster, or why it could not be read. */
export function submission(file: string, read: ReadResult): Submission {
  return read.ok ? { file, data: read.data } : { file, error: problemText(file, read) }
}

/** A submitted file: where it is, and the name the report gives it (the CLI: its path; the app: its name, or its path under the folder chosen). */
export interface NamedFile {
  path: string
  name: string
}

/** A file read with the one file reader (regular, capped, UTF-8, strict JSON), a problem placed under its report name. */
export function readNamed(file: NamedFile, maxBytes?: number): ReadResult {
  const read = readRosterFile(file.path, maxBytes)
  return read.ok || !read.place.startsWith(file.path) ? read : { ...read, place: file.name + read.place.slice(file.path.length) }
}

/** Each submitted file read, under its report name. */
export const readSubmissions = (files: NamedFile[]): Submission[] => files.map((f) => submission(f.name, readNamed(f)))
