// The check code printed on a roster: lets an organiser tell that a printed list is the roster file
// that was checked. SHA-256 over a version tag, the ruleset's dataVersion and the canonical JSON of
// the roster (keys sorted, no whitespace, `$schema` left out), shown as the first 60 bits in
// Crockford's base 32 (no I, L, O or U), grouped XXXX-XXXX-XXXX. See docs/adr/0005-printing.md.
import { createHash } from 'node:crypto'

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const CODE_CHARS = 12
const TAG = 'muster-check-code/1'

/**
 * Canonical JSON (the RFC 8785 scheme for the JSON Muster writes): object keys sorted by UTF-16
 * code units, no whitespace, numbers and strings as JSON.stringify writes them, undefined members
 * dropped. Two files that parse to the same roster give the same text.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean') return JSON.stringify(value)
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('canonical JSON has no representation for ' + String(value))
    return JSON.stringify(Object.is(value, -0) ? 0 : value)
  }
  if (typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`
  if (typeof value === 'object') {
    const obj = value as Record<string, unknown>
    const keys = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort()
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`
  }
  throw new Error(`canonical JSON has no representation for a ${typeof value}`)
}

/** The roster as hashed: the parsed file without its `$schema` pointer (an editor hint, not content). */
export function canonicalRoster(roster: unknown): string {
  if (roster && typeof roster === 'object' && !Array.isArray(roster)) {
    const { $schema: _schema, ...rest } = roster as Record<string, unknown>
    return canonicalJson(rest)
  }
  return canonicalJson(roster)
}

function base32(bytes: Uint8Array, chars: number): string {
  let out = ''
  let buffer = 0
  let bits = 0
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte
    bits += 8
    while (bits >= 5 && out.length < chars) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31]
      bits -= 5
    }
    buffer &= (1 << bits) - 1
    if (out.length >= chars) break
  }
  return out
}

const group = (code: string): string => code.match(/.{1,4}/g)!.join('-')

/** The check code of a roster under a ruleset data version, e.g. `7Q2M-K0ZD-93FE`. */
export function checkCode(roster: unknown, dataVersion: string): string {
  const digest = createHash('sha256').update(`${TAG}\n${dataVersion}\n${canonicalRoster(roster)}`, 'utf8').digest()
  return group(base32(digest, CODE_CHARS))
}

/**
 * A code as someone typed it, normalised (case, spaces and dashes ignored; O read as 0, I and L
 * as 1 as Crockford's alphabet intends), or null if it cannot be a check code.
 */
export function normaliseCode(input: string): string | null {
  const s = input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1')
  if (s.length !== CODE_CHARS || ![...s].every((c) => ALPHABET.includes(c))) return null
  return group(s)
}
