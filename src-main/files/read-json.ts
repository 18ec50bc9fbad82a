// Reading JSON files given by users (rosters, backups, event profiles, data folders): a regular
// file under a size cap, UTF-8 only, and JSON read strictly: a duplicate key (which JSON.parse
// would silently resolve to the last one) or nesting deeper than any Muster file needs is refused
// with the file, line and key. Errors say where, with line:column.
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseLenient, printParseErrorCode, visit, type ParseError } from 'jsonc-parser'
import { decodeUtf8, lineColumn, readTextFile, type TextRead } from './read-file'

export const MAX_ROSTER_BYTES = 5 * 1024 * 1024

/** Deeper than any roster, backup, profile or data file (they nest fewer than 12 levels). */
export const MAX_JSON_DEPTH = 64

export type ReadResult = { ok: true; data: unknown; text: string } | { ok: false; place: string; message: string }
type Problem = { offset: number; message: string }

/** One pass over the text, strings skipped: the offset where nesting first goes deeper than maxDepth (or -1). */
function scan(text: string, maxDepth: number): { tooDeepAt: number } {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 34 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i)
        if (d === 92 /* \ */) i++
        else if (d === 34) break
      }
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > maxDepth) return { tooDeepAt: i }
    } else if (c === 93 || c === 125) depth--
  }
  return { tooDeepAt: -1 }
}

/**
 * How many members a parsed value's objects have, and how deep it nests, in one walk. Recursive, but
 * never past MAX_JSON_DEPTH + 1 levels: a value that deep is refused, whatever its members.
 */
function shapeOf(value: unknown): { members: number; depth: number } {
  const count = { members: 0 }
  return { depth: value !== null && typeof value === 'object' ? depthOf(value, 1, count) : 0, members: count.members }
}

function depthOf(v: object, depth: number, count: { members: number }): number {
  if (depth > MAX_JSON_DEPTH) return depth
  let deepest = depth
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i]
      if (x !== null && typeof x === 'object') deepest = Math.max(deepest, depthOf(x, depth + 1, count))
    }
    return deepest
  }
  for (const k in v) {
    count.members++
    const x = (v as Record<string, unknown>)[k]
    if (x !== null && typeof x === 'object') deepest = Math.max(deepest, depthOf(x, depth + 1, count))
  }
  return deepest
}

/** The colons in a parsed value's keys and texts (a stack, not recursion). */
function colonsInTexts(value: unknown): number {
  let n = 0
  const pending: unknown[] = [value]
  while (pending.length) {
    const v = pending.pop()
    if (typeof v === 'string') n += countOf(v, ':')
    else if (Array.isArray(v)) for (const x of v) pending.push(x)
    else if (v !== null && typeof v === 'object') {
      for (const k in v) {
        n += countOf(k, ':')
        pending.push((v as Record<string, unknown>)[k])
      }
    }
  }
  return n
}

function countOf(text: string, part: string): number {
  let n = 0
  for (let i = text.indexOf(part); i !== -1; i = text.indexOf(part, i + part.length)) n++
  return n
}

/**
 * Whether every member written in the text is one JSON.parse kept (it keeps the last of two equal
 * keys). Each member has a colon, so a text with as many colons as members parsed dropped none.
 * With more, the colons in keys and texts are taken away (a colon escaped as \u003a counted on
 * both sides); any difference left means a member dropped, or so it may, and the caller walks the
 * text to find it.
 */
function noneDropped(text: string, data: unknown, members: number): boolean {
  const colons = countOf(text, ':')
  if (colons === members) return true
  return colons + countOf(text, '\\u003a') + countOf(text, '\\u003A') - colonsInTexts(data) === members
}

/** The first key that appears twice in one object (placed at its second appearance). */
function duplicateKey(text: string): Problem | null {
  const open: Array<Map<string, number>> = []
  let found: Problem | null = null
  visit(text, {
    onObjectBegin: () => void open.push(new Map()),
    onObjectEnd: () => void open.pop(),
    onObjectProperty: (key, offset, _length, startLine) => {
      const keys = open[open.length - 1]
      if (found || !keys) return
      const first = keys.get(key)
      if (first !== undefined)
        found = { offset, message: `the key "${key}" appears twice in one object (first on line ${first + 1}); JSON keys must be unique: which one was meant?` }
      keys.set(key, startLine)
    }
  })
  return found
}

function syntaxProblem(text: string, e: unknown): Problem | { message: string } {
  if (text.trim() === '') return { message: 'not valid JSON: the file is empty' }
  // JSON.parse does not always say where; jsonc-parser (strict settings) finds the first error's offset.
  const errors: ParseError[] = []
  parseLenient(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false })
  const first = errors[0]
  if (!first) return { message: `not valid JSON: ${(e as Error).message.split('\n')[0]}` }
  return {
    offset: first.offset,
    message: `not valid JSON: ${printParseErrorCode(first.error)
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()}`
  }
}

const tooDeep = (offset: number): Problem => ({ offset, message: `nested more than ${MAX_JSON_DEPTH} levels deep; no Muster file is` })

/** Parses JSON text strictly (see the top of this file); `place` names the file in errors. */
export function parseJsonStrict(place: string, text: string): ReadResult {
  const fail = (p: Problem | { message: string }): ReadResult => ({
    ok: false,
    place: 'offset' in p ? `${place}:${lineColumn(text, p.offset)}` : place,
    message: p.message
  })
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (e) {
    const { tooDeepAt } = scan(text, MAX_JSON_DEPTH)
    return fail(tooDeepAt !== -1 ? tooDeep(tooDeepAt) : syntaxProblem(text, e))
  }
  // Measured on the parsed value (no pass over the text in JS); the text is walked only to say where.
  const { members, depth } = shapeOf(data)
  if (depth > MAX_JSON_DEPTH) return fail(tooDeep(scan(text, MAX_JSON_DEPTH).tooDeepAt))
  // Only when a member may have been dropped is the text walked again, to find a key written twice and say where.
  const duplicate = noneDropped(text, data, members) ? null : duplicateKey(text)
  if (duplicate) return fail(duplicate)
  return { ok: true, data, text }
}

/** A user's JSON file: regular, at most maxBytes, UTF-8, strict JSON. */
export function readJsonFile(file: string, maxBytes: number, what?: string): ReadResult {
  const read = readTextFile(file, maxBytes, what)
  return read.ok ? parseJsonStrict(file, read.text) : read
}

/** JSON bytes from elsewhere than a file (a share code's inflated text): the same checks as a file read from disk. */
export function parseJsonBytes(name: string, bytes: Uint8Array, maxBytes = MAX_ROSTER_BYTES): ReadResult {
  if (bytes.length > maxBytes)
    return { ok: false, place: name, message: `${(bytes.length / 1024 / 1024).toFixed(1)} MB is too large for a roster (limit ${maxBytes / 1024 / 1024} MB)` }
  const text = decodeUtf8(name, bytes)
  return text.ok ? parseJsonStrict(name, text.text) : text
}

/** A failed read in words, for reports that name the file apart: "not valid JSON: ... (line 3, column 13)". */
export function problemText(file: string, read: Extract<ReadResult, { ok: false }>): string {
  const at = read.place.startsWith(`${file}:`) ? read.place.slice(file.length + 1).split(':') : []
  return `${read.message}${at.length ? ` (line ${at[0]}${at[1] ? `, column ${at[1]}` : ''})` : ''}`
}

/** What a size error calls the file: "a roster" at the rosters' own limit. */
const rosterWhat = (maxBytes: number): string | undefined => (maxBytes === MAX_ROSTER_BYTES ? 'a roster' : undefined)

export function readRosterFile(file: string, maxBytes = MAX_ROSTER_BYTES): ReadResult {
  return readJsonFile(file, maxBytes, rosterWhat(maxBytes))
}

/**
 * Roster files from `files[from]` on, each read as readRosterFile reads it, as a batch: at most
 * `maxFiles`, and no more files once the texts read reach `maxChars` characters (so the last file
 * may pass it, by at most its own size; one file at least). Every text is read before any is
 * parsed: reading, parsing and checking (cli/validate.ts) each keep their code and data in the
 * processor's caches through a batch.
 */
export function readRosterBatch(files: string[], from: number, maxFiles: number, maxChars: number, maxBytes = MAX_ROSTER_BYTES): ReadResult[] {
  const reads: TextRead[] = []
  let chars = 0
  // One file at least, whatever the limits: the caller goes on from the last file read.
  for (let i = from; i < files.length && (reads.length === 0 || (reads.length < maxFiles && chars < maxChars)); i++) {
    const read = readTextFile(files[i], maxBytes, rosterWhat(maxBytes))
    if (read.ok) chars += read.text.length
    reads.push(read)
  }
  return reads.map((read, i) => (read.ok ? parseJsonStrict(files[from + i], read.text) : read))
}

// One collator for every sort: localeCompare sets one up on each call (a folder of 10,000 files paid
// for it 140,000 times). Made on first use: making one costs a command that sorts nothing at start-up.
let collator: Intl.Collator | undefined
const byName = (a: string, b: string): number => (collator ??= new Intl.Collator()).compare(a, b)

/**
 * Files named on the command line; a folder stands for the .json files inside it (recursively).
 * Anything in a folder that is not a folder is listed, so the reader names what it refuses.
 */
export function expandPaths(paths: string[]): string[] {
  const out: string[] = []
  for (const p of paths) {
    let isDir = false
    try {
      isDir = statSync(p).isDirectory()
    } catch {
      /* reported when read */
    }
    if (!isDir) {
      out.push(p)
      continue
    }
    // A stack, not recursion: the depth of a folder tree is the user's.
    const pending = [p]
    const found: string[] = []
    while (pending.length) {
      const dir = pending.pop()!
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = join(dir, entry.name)
        if (entry.isDirectory()) pending.push(full)
        else if (entry.name.endsWith('.json')) found.push(full)
      }
    }
    for (const file of found.sort(byName)) out.push(file)
  }
  return out
}
