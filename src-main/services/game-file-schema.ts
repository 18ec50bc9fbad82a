// A game file or a result slip checked against its schema (schemas/game.schema.json,
// result-slip.schema.json), the first problem said in players' words with where it is ("side 1,
// loss 2"). A file of a newer version says so by name.
import type { ErrorObject } from 'ajv'
import { schemaId } from '../rules/schemas'
import { ajvValidators, type ProjectValidators } from '../rules/precompiled'

/** A JSON Pointer into a game file or slip, in words: /sides/0/losses/1/unit -> "side 1, loss 2, unit". */
export function placeWords(pointer: string): string {
  const parts = pointer.split('/').slice(1)
  const words: string[] = []
  for (let i = 0; i < parts.length; i++) {
    const next = parts[i + 1]
    if (/^\d+$/.test(next ?? '') && (parts[i] === 'sides' || parts[i] === 'losses')) {
      words.push(`${parts[i] === 'sides' ? 'side' : 'loss'} ${Number(next) + 1}`)
      i++
    } else words.push(`"${parts[i].replace(/~1/g, '/').replace(/~0/g, '~')}"`)
  }
  return words.length ? words.join(', ') : 'the top level'
}

/** What a failed check of one value means, said once. */
function errorWords(e: ErrorObject): string {
  const where = placeWords(e.instancePath)
  const params = e.params as Record<string, unknown>
  if (e.keyword === 'oneOf' && /\/losses\/\d+$/.test(e.instancePath)) return `${where}: a loss is { "unit": N, "lost": N } or { "unit": N, "destroyed": true }`
  if (e.keyword === 'oneOf' && /\/roster$/.test(e.instancePath)) return `${where}: a roster is a file's path or a roster written whole`
  if (e.keyword === 'required') return `${where}: "${String(params.missingProperty)}" is missing`
  if (e.keyword === 'additionalProperties') return `${where}: "${String(params.additionalProperty)}" is not part of this format`
  if (e.keyword === 'const' || e.keyword === 'enum') return `${where}: must be ${JSON.stringify(params.allowedValue ?? params.allowedValues)}`
  return `${where}: ${e.message ?? 'not as the format has it'}`
}

/** The one error to say: a oneOf's own (its branches' errors only repeat it), else the first. */
function firstProblem(errors: ErrorObject[] | null | undefined): string {
  const all = errors ?? []
  const oneOf = all.find((e) => e.keyword === 'oneOf')
  const shown = oneOf ? oneOf : (all.find((e) => !all.some((o) => o.keyword === 'oneOf' && e.instancePath.startsWith(o.instancePath))) ?? all[0])
  return shown ? errorWords(shown) : 'not as the format has it'
}

function checked(
  file: 'game.schema.json' | 'result-slip.schema.json',
  format: string,
  what: string,
  doc: unknown,
  validators: ProjectValidators
): string | null {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return `not a ${what} (not a JSON object)`
  const { format: f, version } = doc as { format?: unknown; version?: unknown }
  if (f !== format) return `its "format" is ${JSON.stringify(f) ?? 'missing'}, not "${format}"`
  if (typeof version === 'number' && version > 1) return `a ${what} of version ${version}, written by a newer Muster: update Muster to read it`
  const validate = validators(schemaId(file))
  return validate(doc) ? null : firstProblem(validate.errors)
}

/**
 * Null when the document is a game file (schemas/game.schema.json), else its first problem, placed.
 * `validators`: the project Ajv's by default; the CLI's are made at build time (rules/precompiled.ts).
 */
export const gameSchemaProblem = (doc: unknown, validators: ProjectValidators = ajvValidators): string | null =>
  checked('game.schema.json', 'muster-game', 'game file', doc, validators)

/** Null when the document is a result slip (schemas/result-slip.schema.json), else its first problem, placed. */
export const slipSchemaProblem = (doc: unknown, validators: ProjectValidators = ajvValidators): string | null =>
  checked('result-slip.schema.json', 'muster-result', 'result slip', doc, validators)

/** A game file as schemas/game.schema.json has it (the schema is the source; checked before this type is trusted). */
export interface MusterGame {
  format: 'muster-game'
  version: 1
  date?: string
  sides: GameFileSide[]
  agreed?: { winner: 0 | 1 | null }
}

export interface GameFileSide {
  roster: string | Record<string, unknown>
  losses: Array<{ unit: number; lost: number } | { unit: number; destroyed: true }>
  flags?: Record<string, boolean>
  /** A flag written on the side by its id. */
  [flag: string]: unknown
}
