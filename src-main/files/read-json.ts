// Reading JSON files given by users (rosters, backups): size cap, readable errors with line:column.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseLenient, printParseErrorCode, type ParseError } from 'jsonc-parser'

export const MAX_ROSTER_BYTES = 5 * 1024 * 1024

export type ReadResult = { ok: true; data: unknown; text: string } | { ok: false; place: string; message: string }

function lineColumn(text: string, position: number): string {
  let line = 1
  let col = 1
  for (let i = 0; i < position && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++
      col = 1
    } else col++
  }
  return `${line}:${col}`
}

export function readRosterFile(file: string, maxBytes = MAX_ROSTER_BYTES): ReadResult {
  let size: number
  try {
    const st = statSync(file)
    if (st.isDirectory()) return { ok: false, place: file, message: 'is a folder, not a roster file' }
    size = st.size
  } catch (e) {
    const err = e as NodeJS.ErrnoException
    return { ok: false, place: file, message: err.code === 'ENOENT' ? 'no such file' : `cannot read (${err.code ?? err.message})` }
  }
  if (size > maxBytes) {
    const what = maxBytes === MAX_ROSTER_BYTES ? 'a roster' : 'this file'
    return { ok: false, place: file, message: `${(size / 1024 / 1024).toFixed(1)} MB is too large for ${what} (limit ${maxBytes / 1024 / 1024} MB)` }
  }
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    return { ok: false, place: file, message: `cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  try {
    return { ok: true, data: JSON.parse(text), text }
  } catch (e) {
    if (text.trim() === '') return { ok: false, place: file, message: 'not valid JSON: the file is empty' }
    // JSON.parse does not always say where; jsonc-parser (strict settings) finds the first error's offset.
    const errors: ParseError[] = []
    parseLenient(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false })
    const first = errors[0]
    if (!first) return { ok: false, place: file, message: `not valid JSON: ${(e as Error).message.split('\n')[0]}` }
    const reason = printParseErrorCode(first.error).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
    return { ok: false, place: `${file}:${lineColumn(text, first.offset)}`, message: `not valid JSON: ${reason}` }
  }
}

/** Files named on the command line; a folder stands for the .json files inside it (recursively). */
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
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        const full = join(dir, entry.name)
        if (entry.isDirectory()) walk(full)
        else if (entry.name.endsWith('.json')) out.push(full)
      }
    }
    walk(p)
  }
  return out
}
