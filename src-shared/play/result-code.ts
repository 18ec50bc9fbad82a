// Result codes: a game's result slip (schemas/result-slip.schema.json) as one line of text to read out,
// paste or show as a QR, `MR1.<payload>.<check>`. As a share code (src-main/share/code.ts) has it: the
// payload is the slip's JSON compressed with raw deflate, in base64url; the check is the first 48 bits
// of SHA-256 over `MR1.<payload>`, in 8 base64url characters. So a code with one character changed,
// lost or added is refused whole, never read as another result. White space anywhere in a code is
// taken away first, as a share code's is: a code wrapped to fit a message or a page still reads, and
// white space carries nothing, so it changes no result. `MR` and the version
// come first, so a code from a newer Muster says so by name.
// It runs in the browser too (the phone page makes codes): fflate and @noble/hashes, no node: imports.
// Decoding checks the code and reads its JSON; what the JSON must be is checked by the caller (the
// main side validates it against the schema with ajv).
import { deflateSync, inflateSync } from 'fflate'
import { sha256 } from '@noble/hashes/sha2.js'
import { fromBase64url, toBase64url } from '../base64url'
import type { ResultSlip } from './result-slip-types'

export const RESULT_CODE_VERSION = 1
const PREFIX = 'MR'
const CHECK_BYTES = 6
/** A result code is a few hundred characters; a longer text is no code (and cannot unpack to much). */
export const MAX_RESULT_CODE_LENGTH = 8 * 1024
/** The slip's JSON, unpacked: far more than two sides of losses need. */
const MAX_SLIP_BYTES = 256 * 1024

// The slip's types are generated from schemas/result-slip.schema.json (scripts/schema-types.ts).
export type { ResultSide, ResultSlip } from './result-slip-types'

export type ResultCodeProblem = 'empty' | 'not-a-code' | 'newer' | 'damaged' | 'too-large' | 'not-a-result'

/** A result code that cannot be made or read, said in players' words. */
export class ResultCodeError extends Error {
  readonly code = 'bad-result-code'
  constructor(
    readonly problem: ResultCodeProblem,
    message: string
  ) {
    super(message)
    this.name = 'ResultCodeError'
  }
}

const DAMAGED = 'This result code is damaged or incomplete: a character was changed, lost or added. Copy or scan the whole code again.'

function checkOf(head: string): string {
  return toBase64url(sha256(new TextEncoder().encode(head)).subarray(0, CHECK_BYTES))
}

/** The result code of a slip: its JSON as written (no whitespace), packed and checked. */
export function encodeResult(slip: ResultSlip): string {
  const payload = toBase64url(deflateSync(new TextEncoder().encode(JSON.stringify(slip)), { level: 9 }))
  const head = `${PREFIX}${RESULT_CODE_VERSION}.${payload}`
  const code = `${head}.${checkOf(head)}`
  if (code.length > MAX_RESULT_CODE_LENGTH)
    throw new ResultCodeError('too-large', `This result is too large for a result code (${code.length} characters; at most ${MAX_RESULT_CODE_LENGTH}).`)
  return code
}

/** The whole code: `MR<version>.<payload>.<check>`, nothing inside it but those. */
const CODE = /^([A-Za-z]+)(\d+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/

/**
 * The slip a result code holds: its check right, its JSON read. Throws ResultCodeError in players'
 * words; `validate` (null when the document is a result slip, else what is wrong) is the caller's
 * check of the JSON (the schema, on the main side).
 */
export function decodeResult(input: string, validate?: (doc: unknown) => string | null): ResultSlip {
  if (input.length > MAX_RESULT_CODE_LENGTH)
    throw new ResultCodeError(
      'not-a-code',
      `This is too long to be a result code (${input.length} characters; a result code has at most ${MAX_RESULT_CODE_LENGTH}).`
    )
  const text = input.replace(/\s+/g, '')
  if (text === '') throw new ResultCodeError('empty', `There is no result code here: give the whole code, starting with ${PREFIX}${RESULT_CODE_VERSION}.`)
  const version = /^MR(\d+)\./.exec(text)?.[1]
  if (version === undefined)
    throw new ResultCodeError(
      'not-a-code',
      `This is not a Muster result code: a result code starts with ${PREFIX}${RESULT_CODE_VERSION}. followed by letters and digits.`
    )
  // A newer code's payload and check may be written otherwise: its version alone is read.
  if (Number(version) > RESULT_CODE_VERSION)
    throw new ResultCodeError('newer', `This result code was made by a newer version of Muster (${PREFIX}${version}): update Muster to read it.`)
  const parts = CODE.exec(text)
  if (version !== String(RESULT_CODE_VERSION) || !parts || parts[1] !== PREFIX || parts[4] !== checkOf(`${PREFIX}${version}.${parts[3]}`))
    throw new ResultCodeError('damaged', DAMAGED)
  const packed = fromBase64url(parts[3])
  let bytes: Uint8Array
  try {
    if (!packed) throw new Error('not base64url')
    // Written into a buffer one byte past the cap: a slip that fills it is too large (fflate truncates, never overruns).
    bytes = inflateSync(packed, { out: new Uint8Array(MAX_SLIP_BYTES + 1) })
  } catch {
    throw new ResultCodeError('damaged', DAMAGED)
  }
  if (bytes.length > MAX_SLIP_BYTES)
    throw new ResultCodeError('too-large', `This result code unpacks to more than ${MAX_SLIP_BYTES / 1024} KB, more than any result: it was not read.`)
  let doc: unknown
  try {
    doc = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    throw new ResultCodeError('not-a-result', 'This result code does not hold a Muster result (its text is not JSON).')
  }
  const problem = shapeProblem(doc) ?? validate?.(doc) ?? null
  if (problem) throw new ResultCodeError('not-a-result', `This result code does not hold a Muster result (${problem}).`)
  return doc as ResultSlip
}

/** What every reader checks, with or without the schema: the format and a version it reads, named. */
function shapeProblem(doc: unknown): string | null {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return 'not an object'
  const { format, version } = doc as { format?: unknown; version?: unknown }
  if (format !== 'muster-result') return `its format is ${JSON.stringify(format)}, not "muster-result"`
  if (typeof version === 'number' && version > RESULT_CODE_VERSION) return `a result slip of version ${version}, from a newer Muster: update Muster to read it`
  if (version !== RESULT_CODE_VERSION) return `a result slip of version ${JSON.stringify(version)}, which Muster never wrote`
  return null
}
