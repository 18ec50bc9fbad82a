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
 * Gives `origin` the digest of `data` (dataDigest; of an army list, armyDigest) as `digest`, of the
 * data as it is now, hashed only when first read: most starts print no check code, and the hash
 * would load node:crypto (files/node-crypto.ts).
 */
export function digestWhenAsked(origin: { digest?: string }, data: unknown, army = false): void {
  const text = stableJson(army ? armyRules(data) : data)
  let digest: string | undefined
  Object.defineProperty(origin, 'digest', {
    get: () => (digest ??= createHash('sha256').update(text).digest('hex')),
    enumerable: true,
    configurable: true
  })
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
