// Share codes: a whole roster as one line of text to paste into chat, mail or a forum,
// `MU1.<payload>.<check>`. The payload is the roster's JSON (no whitespace, its keys in their order,
// `$schema` left out: an editor's pointer, which the check code leaves out too, so the decoded roster
// has the same check code) compressed with raw deflate and written in base64url; the check is the
// first 48 bits of SHA-256 over `MU1.<payload>`, in 8 base64url characters, so a code that lost or
// changed a character is refused whole, never read as half a roster. `MU` and the version come
// first: a code from a newer Muster says so. Reading tolerates what mail and chat do to a line:
// breaks and spaces inside it, `>` quote marks, quotes or a link around it; a text with two
// different whole codes (their checks right) is refused, naming both, never read as the first,
// while a "MU1." in a sentence or a link beside the code is no second code. A decoded roster is
// capped at the roster file limit (5 MB, however small the code) and checked as an imported roster
// file is. Pure but for Node's zlib and crypto: the CLI and the main process use it; the renderer
// asks the main process.
import { createHash } from '../files/node-crypto'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { MAX_ROSTER_BYTES, parseJsonBytes } from '../files/read-json'
import { MAX_SHARE_CODE_LENGTH } from './limits'
import { shorten } from '../../src-shared/text'

export const SHARE_CODE_VERSION = 1
const PREFIX = 'MU'
const CHECK_BYTES = 6
const CHECK_CHARS = 8

export { MAX_SHARE_CODE_LENGTH }

export type ShareCodeProblem = 'empty' | 'not-a-code' | 'newer' | 'damaged' | 'too-large' | 'not-a-roster' | 'two-codes'

/** A share code that cannot be made or read, said in players' words. */
export class ShareCodeError extends Error {
  readonly code = 'bad-share-code'
  constructor(
    readonly problem: ShareCodeProblem,
    message: string
  ) {
    super(message)
    this.name = 'ShareCodeError'
  }
}

const DAMAGED = 'This share code is damaged or incomplete: it may have been cut off when copied. Copy the whole code again.'
const mb = (bytes: number) => `${bytes / 1024 / 1024} MB`

function checkOf(head: string): string {
  return createHash('sha256').update(head, 'ascii').digest().subarray(0, CHECK_BYTES).toString('base64url')
}

/** A roster's JSON as shared: no whitespace, no `$schema`. */
function sharedJson(roster: unknown): string {
  if (roster === null || typeof roster !== 'object' || Array.isArray(roster)) return JSON.stringify(roster)
  const { $schema: _schema, ...content } = roster as Record<string, unknown>
  return JSON.stringify(content)
}

/** The share code of a roster document (any JSON value; callers share rosters). */
export function encodeShareCode(roster: unknown): string {
  const payload = deflateRawSync(Buffer.from(sharedJson(roster), 'utf8'), { level: 9 }).toString('base64url')
  const head = `${PREFIX}${SHARE_CODE_VERSION}.${payload}`
  const code = `${head}.${checkOf(head)}`
  if (code.length > MAX_SHARE_CODE_LENGTH) {
    throw new ShareCodeError(
      'too-large',
      `This roster is too large for a share code (${code.length.toLocaleString('en')} characters; at most ${MAX_SHARE_CODE_LENGTH.toLocaleString('en')}): share the roster file instead.`
    )
  }
  return code
}

/** Characters of a code's payload and check, and the white space mail and chat put among them. */
const CODE_RUN = /[A-Za-z0-9_\-\s]*/y

/** Where a share code starts: its prefix and version, not inside a longer word. */
const CODE_START = new RegExp(`(?<![A-Za-z0-9])${PREFIX}(\\d+)\\.`, 'gi')

/**
 * The code found in pasted text, its breaks and spaces taken out; throws ShareCodeError when
 * there is none whose check matches (saying what is wrong with the first: another version, or
 * damaged), or when there are two different ones.
 */
export function readShareCode(input: string): { version: number; payload: string } {
  if (input.length > MAX_SHARE_CODE_LENGTH) {
    throw new ShareCodeError(
      'not-a-code',
      `This is too long to be a share code (${input.length.toLocaleString('en')} characters; a share code has at most ${MAX_SHARE_CODE_LENGTH.toLocaleString('en')}).`
    )
  }
  // `>` marks that start quoted lines in mail replies.
  const text = input.replace(/^[ \t]*(?:>[ \t]*)+/gm, '')
  if (text.trim() === '') throw new ShareCodeError('empty', `There is no share code here: paste the whole code, starting with ${PREFIX}${SHARE_CODE_VERSION}.`)
  const candidates = codesIn(text)
  if (candidates.length === 0)
    throw new ShareCodeError(
      'not-a-code',
      `This is not a Muster share code: a share code starts with ${PREFIX}${SHARE_CODE_VERSION}. followed by letters and digits. Copy the whole code again.`
    )
  // Only codes whose check is right count: a "MU1." in a sentence or a link (mu1.example.org) is no second code.
  const whole = candidates.filter((c) => c.version === SHARE_CODE_VERSION && c.payload !== '' && c.check === checkOf(`${PREFIX}${c.version}.${c.payload}`))
  // Two different codes in one text: which roster was meant? (The same code twice, as a reply quotes it, is one.)
  const different = [...new Map(whole.map((c) => [`${c.payload}.${c.check}`, c])).values()]
  if (different.length > 1) {
    const named = different.map((c) => shorten(`${PREFIX}${c.version}.${c.payload}.${c.check}`, 21))
    const listed =
      named.length === 2
        ? `two share codes, ${named[0]} and ${named[1]}`
        : named.length === 3
          ? `3 share codes, ${named[0]}, ${named[1]} and ${named[2]}`
          : `${named.length} share codes, ${named.slice(0, 3).join(', ')} and ${named.length - 3} more`
    throw new ShareCodeError('two-codes', `This text holds ${listed}: paste one at a time.`)
  }
  if (different.length === 1) return { version: SHARE_CODE_VERSION, payload: different[0].payload }
  // None is whole: what is wrong with the first is what is said.
  const { version } = candidates[0]
  if (version > SHARE_CODE_VERSION)
    throw new ShareCodeError('newer', `This share code was made by a newer version of Muster (${PREFIX}${version}): update Muster to open it.`)
  if (version !== SHARE_CODE_VERSION)
    throw new ShareCodeError('not-a-code', `This is not a Muster share code (${PREFIX}${version} is no version of one). Copy the whole code again.`)
  throw new ShareCodeError('damaged', DAMAGED)
}

/** Every code (or what starts like one) in the text, in order; each looked for after the end of the one before. */
function codesIn(text: string): Array<{ version: number; payload: string; check: string }> {
  const found: Array<{ version: number; payload: string; check: string }> = []
  const starts = CODE_START
  starts.lastIndex = 0
  for (let start = starts.exec(text); start; start = starts.exec(text)) {
    const { payload, check, end } = codeAt(text, start.index + start[0].length)
    found.push({ version: Number(start[1]), payload, check })
    starts.lastIndex = end
  }
  return found
}

/** The run of code characters (and white space) starting at `at`. */
function runAt(text: string, at: number): string {
  CODE_RUN.lastIndex = at
  return CODE_RUN.exec(text)![0]
}

/** The payload and check of a code whose head (`MU1.`) ends at `from`, and where the code ends. */
function codeAt(text: string, from: number): { payload: string; check: string; end: number } {
  const body = runAt(text, from)
  const dot = from + body.length
  // A code cut off before its check has no dot after the payload, or too few check characters.
  if (text[dot] !== '.') return { payload: body.replace(/\s+/g, ''), check: '', end: dot }
  // The check is its first CHECK_CHARS letters and digits (white space among them skipped): the code ends there.
  const run = runAt(text, dot + 1)
  let check = ''
  let used = 0
  while (used < run.length && check.length < CHECK_CHARS) {
    if (!/\s/.test(run[used])) check += run[used]
    used++
  }
  return { payload: body.replace(/\s+/g, ''), check, end: dot + 1 + used }
}

/**
 * The roster a share code holds. `validate` is the check a roster file gets on import (null when
 * the document is a roster, else what is wrong); throws ShareCodeError with the reason, in words.
 */
export function decodeShareCode(input: string, validate: (doc: unknown) => string | null): unknown {
  const { payload } = readShareCode(input)
  let bytes: Buffer
  try {
    bytes = inflateRawSync(Buffer.from(payload, 'base64url'), { maxOutputLength: MAX_ROSTER_BYTES })
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new ShareCodeError('too-large', `This share code unpacks to more than ${mb(MAX_ROSTER_BYTES)}, more than any roster: it was not opened.`)
    }
    throw new ShareCodeError('damaged', DAMAGED)
  }
  const read = parseJsonBytes('share code', bytes)
  const problem = read.ok ? validate(read.data) : read.message
  // "not a roster: …" is a shape problem; anything else (a ruleset this Muster lacks) names what the code holds.
  if (problem || !read.ok)
    throw new ShareCodeError(
      'not-a-roster',
      read.ok && problem && !problem.startsWith('not a roster')
        ? `This share code holds ${problem}.`
        : `This share code does not hold a Muster roster (${problem}).`
    )
  return read.data
}
