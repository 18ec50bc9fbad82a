// The check code printed on a roster: lets an organiser tell that a printed list is the roster file
// that was checked. SHA-256 over a version tag, the ruleset's dataVersion and the canonical JSON of
// the roster (keys sorted, no whitespace, `$schema` and the recorded `dataVersion` left out), written in Crockford's base 32 (no I,
// L, O or U) in groups of four. Version 2 (printed now) keeps 160 bits, so finding two rosters with
// one code costs about 2^80 hashes; version 1 (60 bits, XXXX-XXXX-XXXX) was found to be forgeable
// in minutes and is only read, never printed. The length tells the versions apart.
// See docs/adr/0005-printing.md.
import { createHash } from '../files/node-crypto'

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

export type CodeVersion = 1 | 2

/** Characters of each version's code (5 bits each) and the tag hashed before the roster. */
const VERSIONS: Record<CodeVersion, { chars: number; tag: string }> = {
  1: { chars: 12, tag: 'muster-check-code/1' },
  2: { chars: 32, tag: 'muster-check-code/2' }
}

/** The version Muster prints. */
export const CHECK_CODE_VERSION: CodeVersion = 2

/** Deeper than any roster needs; a deeper value is refused rather than walked. */
const MAX_DEPTH = 64

/**
 * Canonical JSON (the RFC 8785 scheme for the JSON Muster writes): object keys sorted by UTF-16
 * code units, no whitespace, numbers and strings as JSON.stringify writes them, undefined members
 * dropped. Two files that parse to the same roster give the same text.
 */
export function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_DEPTH) throw new Error(`canonical JSON: nested more than ${MAX_DEPTH} levels deep`)
  if (value === null || typeof value === 'boolean') return JSON.stringify(value)
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('canonical JSON has no representation for ' + String(value))
    return JSON.stringify(Object.is(value, -0) ? 0 : value)
  }
  if (typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v, depth + 1))).join(',')}]`
  if (typeof value === 'object') {
    const obj = value as Record<string, unknown>
    const keys = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort()
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k], depth + 1)}`).join(',')}}`
  }
  throw new Error(`canonical JSON has no representation for a ${typeof value}`)
}

/**
 * The roster as hashed: the parsed file without its `$schema` pointer (an editor hint) and the
 * `dataVersion` it records (a note of when it was saved: the data version the code covers is the one
 * it is checked against, hashed apart), so a file saved from the library verifies with the code its
 * print-out carries.
 */
export function canonicalRoster(roster: unknown): string {
  if (roster && typeof roster === 'object' && !Array.isArray(roster)) {
    const { $schema: _schema, dataVersion: _recorded, ...rest } = roster as Record<string, unknown>
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

/** The text a code of this version hashes (the collision search in test/reliability uses it too). */
export function checkCodeInput(roster: unknown, dataVersion: string, version: CodeVersion = CHECK_CODE_VERSION): string {
  return `${VERSIONS[version].tag}\n${dataVersion}\n${canonicalRoster(roster)}`
}

/** The check code of a roster under a ruleset data version, e.g. `7Q2M-K0ZD-93FE-…` (8 groups). */
export function checkCode(roster: unknown, dataVersion: string, version: CodeVersion = CHECK_CODE_VERSION): string {
  const digest = createHash('sha256')
    .update(checkCodeInput(roster, dataVersion, version), 'utf8')
    .digest()
  return group(base32(digest, VERSIONS[version].chars))
}

export interface ParsedCode {
  code: string
  version: CodeVersion
}

/**
 * A code as someone typed it, normalised (case, spaces and dashes ignored; O read as 0, I and L
 * as 1 as Crockford's alphabet intends), with its version told by its length; null if it cannot
 * be a check code.
 */
export function parseCode(input: string): ParsedCode | null {
  const s = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
  const version = (Object.keys(VERSIONS).map(Number) as CodeVersion[]).find((v) => VERSIONS[v].chars === s.length)
  if (!version || ![...s].every((c) => ALPHABET.includes(c))) return null
  return { code: group(s), version }
}

/** The first three groups of a code and an ellipsis: enough to tell a card's roster at the table. */
export const codeStart = (code: string): string => (code.length > 14 ? `${code.slice(0, 14)}…` : code)
