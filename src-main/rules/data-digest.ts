// The digests a check code covers of the data in force (rules/data-in-force.ts): of the data as
// parsed, stably written, so white space, key order and line endings change nothing.
import { createHash } from '../files/node-crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { armyRules } from './army-rules'

/** JSON with object keys sorted and no white space: two files that parse to the same data give the same text. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/**
 * A data file's content as a check code covers it (rules/data-in-force.ts): the parsed JSON, stably
 * written, so white space, key order and line endings change nothing; the bytes as they are when
 * the file does not parse; a note of it when it cannot be read.
 */
export function dataText(file: string): string {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return `unreadable ${file}`
  }
  try {
    return stableJson(JSON.parse(text))
  } catch {
    return text
  }
}

/** The digest a check code covers of parsed data (DataOrigin.digest). */
export const dataDigest = (data: unknown): string => createHash('sha256').update(stableJson(data)).digest('hex')

/**
 * The digest a check code covers of an army list: its rules only (army-rules.ts NOT_RULES leaves out
 * its bookkeeping and its authors' words), so two copies of one list fetched on other days, or one
 * with and one without the authors' notes, give one code.
 */
export const armyDigest = (army: unknown): string => dataDigest(armyRules(army))

/**
 * The data each file of the data in force was parsed as (stably written: of an army list, its rules
 * only), until a check code asks for its digest (digestOf). Taken as the file is read, so a code covers
 * the data in force, not what the file or the object holds later; hashed only when asked, since most
 * starts make no code and the hash would load node:crypto (files/node-crypto.ts). Each text is let go
 * once hashed.
 */
const parsed = new WeakMap<object, { text?: string; digest?: string }>()

/** Records what `origin`'s file was parsed as (`army`: an army list, of which only its rules count). The first record of a file stands. */
export function parsedAs(origin: object, data: unknown, kind: 'army' | 'data'): void {
  if (!parsed.has(origin)) parsed.set(origin, { text: stableJson(kind === 'army' ? armyRules(data) : data) })
}

/** Whether `origin`'s file was parsed (parsedAs), so has a digest of its data. */
export const wasParsed = (origin: object): boolean => parsed.has(origin)

/** SHA-256 (hex) of the data `origin`'s file was parsed as (parsedAs); undefined for a file never parsed. */
export function digestOf(origin: object): string | undefined {
  const p = parsed.get(origin)
  if (p?.text !== undefined) {
    p.digest = createHash('sha256').update(p.text).digest('hex')
    p.text = undefined
  }
  return p?.digest
}

/** The same digest of a file read now (dataText): for a file the registry did not parse. An army file's, of its rules when it parses. */
export function fileDigest(file: string, army = false): string {
  if (army) {
    try {
      return armyDigest(JSON.parse(readFileSync(file, 'utf8')))
    } catch {
      // unreadable or not JSON: by its text, as any other file
    }
  }
  return createHash('sha256').update(dataText(file)).digest('hex')
}

/** Whether a file holds the same data as another (a copy of a bundled file, even reformatted, changes nothing). */
export function sameBytes(file: string, other: string | undefined): boolean {
  if (!other || !existsSync(other)) return false
  try {
    if (statSync(file).size === statSync(other).size && readFileSync(file).equals(readFileSync(other))) return true
    return dataText(file) === dataText(other)
  } catch {
    return false
  }
}
