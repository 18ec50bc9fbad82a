// A game file or a result slip checked against its schema (schemas/game.schema.json,
// result-slip.schema.json), the first problem said in players' words with where it is ("side 1,
// losses[1]"). Numbering, the same in every game message: sides are "side 1" and "side 2"; a list is
// named as written in the file, by its index from 0 ("losses[1]" is the second loss written). A file
// of a newer version says so by name.
import type { ErrorObject } from 'ajv'
import { schemaId } from '../rules/schemas'
import { ajvValidators, type ProjectValidators } from '../rules/precompiled'

/** A JSON Pointer into a game file or slip, in words: /sides/0/losses/1/unit -> "side 1, losses[1], unit". */
export function placeWords(pointer: string): string {
  const parts = pointer.split('/').slice(1)
  const words: string[] = []
  for (let i = 0; i < parts.length; i++) {
    const next = parts[i + 1]
    if (/^\d+$/.test(next ?? '') && (parts[i] === 'sides' || parts[i] === 'losses')) {
      words.push(parts[i] === 'sides' ? `side ${Number(next) + 1}` : `${parts[i]}[${next}]`)
      i++
    } else words.push(`"${parts[i].replace(/~1/g, '/').replace(/~0/g, '~')}"`)
  }
  return words.length ? words.join(', ') : 'the top level'
}

/** The value at a JSON Pointer of the document (undefined where there is none). */
function valueAt(doc: unknown, pointer: string): unknown {
  let at = doc
  for (const key of pointer.split('/').slice(1))
    at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined
  return at
}

/** A loss's `lost` that is no loss, said for what it is (rather than "not one of the loss forms"). */
function lostWords(where: string, loss: unknown): string | null {
  const lost = loss !== null && typeof loss === 'object' ? (loss as { lost?: unknown }).lost : undefined
  if (typeof lost !== 'number') return null
  const unit = (loss as { unit?: unknown }).unit
  const at = `${where}${unit !== undefined ? ` (unit ${JSON.stringify(unit)})` : ''}: "lost": ${JSON.stringify(lost)}`
  if (lost < 0) return `${at} is less than nothing: a loss is 0 or more`
  if (!Number.isInteger(lost)) return `${at} is not a whole number: losses are counted whole, in the ruleset's measure`
  if (lost > 1000000) return `${at} is more than any unit holds`
  return null
}

/** What a failed check of one value means, said once. */
function errorWords(e: ErrorObject, doc: unknown): string {
  const where = placeWords(e.instancePath)
  const params = e.params as Record<string, unknown>
  if (e.keyword === 'oneOf' && /\/losses\/\d+$/.test(e.instancePath)) {
    const words = lostWords(where, valueAt(doc, e.instancePath))
    if (words) return words
  }
  if (e.keyword === 'pattern' && e.instancePath === '/date')
    return `"date": ${JSON.stringify(valueAt(doc, '/date'))} is not a date: write the day as YYYY-MM-DD (2025-06-14)`
  if (e.keyword === 'oneOf' && /\/losses\/\d+$/.test(e.instancePath))
    return `${where}: a loss is { "unit": N, "lost": N } or { "unit": N, "destroyed": true }, where "unit" is the line's index (from 0) or its "id"`
  if (e.keyword === 'oneOf' && /\/roster$/.test(e.instancePath)) return `${where}: a roster is a file's path or a roster written whole`
  if (e.keyword === 'required') return `${where}: "${String(params.missingProperty)}" is missing`
  if (e.keyword === 'additionalProperties') return `${where}: "${String(params.additionalProperty)}" is not part of this format`
  if (e.keyword === 'const' || e.keyword === 'enum') return `${where}: must be ${JSON.stringify(params.allowedValue ?? params.allowedValues)}`
  return `${where}: ${e.message ?? 'not as the format has it'}`
}

/** The one error to say: a oneOf's own (its branches' errors only repeat it), else the first. */
function firstProblem(errors: ErrorObject[] | null | undefined, doc: unknown): string {
  const all = errors ?? []
  const oneOf = all.find((e) => e.keyword === 'oneOf')
  const shown = oneOf ? oneOf : (all.find((e) => !all.some((o) => o.keyword === 'oneOf' && e.instancePath.startsWith(o.instancePath))) ?? all[0])
  return shown ? errorWords(shown, doc) : 'not as the format has it'
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
  return validate(doc) ? null : firstProblem(validate.errors, doc)
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

// A game file's types are generated from schemas/game.schema.json (scripts/schema-types.ts).
export type { GameFileLoss, GameFileSide, MusterGame } from '../generated-types/game'
