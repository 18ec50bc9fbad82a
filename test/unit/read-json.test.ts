// The strict JSON reader (files/read-json.ts) counts members on the parsed value and colons in the
// text: a key written twice is still found wherever colons hide (in keys, in texts, escaped), and
// no file without one is refused.
import { describe, expect, it } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { MAX_ROSTER_BYTES, parseJsonStrict, readRosterBatch, readRosterFile } from '../../src-main/files/read-json'
import { tempFolders } from '../support/tmp'

const problem = (text: string): string | null => {
  const read = parseJsonStrict('f.json', text)
  return read.ok ? null : `${read.place} ${read.message}`
}

describe('parseJsonStrict', () => {
  it.each([
    ['colons in keys and texts', '{"a:b": 1, "note": "12:30, at 1:2:3", "list": ["x:", {":": ":"}]}'],
    ['a colon written \\u003a in a key and a text', '{"a\\u003ab": 1, "c": "\\u003A\\u003a"}'],
    ['an escaped backslash before u003a (no colon at all)', '{"a": "\\\\u003a", "b": 2}'],
    ['a text that starts with a colon, and an escaped quote before a colon', '{"a": ":)", "b": "say \\":\\" now", "c": [":"]}'],
    ['white space before colons', '{"a" : 1, "b"\n\t: {"c"\r\n:2}}'],
    ['a __proto__ key once', '{"__proto__": {"a": 1}, "b": 2}'],
    ['deep but within the limit', `${'['.repeat(64)}${']'.repeat(64)}`]
  ])('reads %s', (_what, text) => {
    const read = parseJsonStrict('f.json', text)
    expect(read.ok).toBe(true)
    if (read.ok) expect(read.data).toEqual(JSON.parse(text))
  })

  it.each([
    ['a plain duplicate', '{"a": 1, "a": 2}', 'f.json:1:10 the key "a"'],
    ['a duplicate beside a colon in a text', '{"t": "1:2", "a": 1, "a": 2}', 'f.json:1:22 the key "a"'],
    // An escaped colon in a kept text must not make up for the member dropped.
    ['a duplicate beside an escaped colon', '{"t": "\\u003a", "a": 1, "a": 2}', 'f.json:1:25 the key "a"'],
    ['a duplicate whose dropped value holds members and colons', '{"k": {"d": "::", "e": 1}, "k": 2, "t": "\\u003a\\u003A"}', 'f.json:1:28 the key "k"'],
    ['a duplicate beside texts that look like key ends', '{"t": ":", "u": "\\":", "a": 1, "a": 2}', 'f.json:1:32 the key "a"'],
    ['a duplicate after white space', '{"a" : 1, "a"\n: 2}', 'f.json:1:11 the key "a"'],
    ['a duplicate __proto__', '{"__proto__": {"a": 1}, "__proto__": 2}', 'f.json:1:25 the key "__proto__"']
  ])('finds %s', (_what, text, where) => {
    expect(problem(text)).toContain(where)
    expect(problem(text)).toContain('appears twice in one object')
  })

  it('says where nesting goes too deep, valid or not', () => {
    expect(problem(`${'['.repeat(65)}${']'.repeat(65)}`)).toBe('f.json:1:65 nested more than 64 levels deep; no Muster file is')
    expect(problem(`${'['.repeat(65)}${']'.repeat(60)}`)).toBe('f.json:1:65 nested more than 64 levels deep; no Muster file is')
    expect(problem(`{"a": "[[[[", ${'{"b":'.repeat(70)}1${'}'.repeat(70)}}`)).toMatch(/^f\.json:1:\d+ nested more than 64 levels deep/)
  })

  it('refuses a value nested 100,000 levels deep, where JSON.parse takes it, without running out of stack', () => {
    expect(problem(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBe('f.json:1:65 nested more than 64 levels deep; no Muster file is')
  })

  it('refuses too deep a value that a duplicate key drops, as the duplicate (what JSON.parse kept is within the limit)', () => {
    expect(problem(`{"a": ${'['.repeat(65)}${']'.repeat(65)}, "a": 1}`)).toContain('the key "a" appears twice in one object')
  })

  it('words a syntax error with its place', () => {
    expect(problem('{"a": 1,}')).toMatch(/^f\.json:1:\d+ not valid JSON/)
    expect(problem('')).toBe('f.json not valid JSON: the file is empty')
  })
})

describe('readRosterBatch', () => {
  const folder = tempFolders('muster-batch-')()
  const file = (name: string, text?: string): string => {
    const path = join(folder, name)
    if (text === undefined) mkdirSync(path)
    else writeFileSync(path, text)
    return path
  }
  const files = [
    file('a.json', '{"a": 1}'),
    file('broken.json', '{"a": '),
    file('folder.json'),
    join(folder, 'missing.json'),
    file('twice.json', '{"a": 1, "a": 2}'),
    file('big.json', `[${'0,'.repeat(MAX_ROSTER_BYTES / 2)}0]`),
    file('b.json', '[1, 2]')
  ]
  const said = (read: ReturnType<typeof readRosterBatch>[number]) => (read.ok ? read.data : `${read.place.replace(folder, '')} ${read.message}`)

  it('reads each file from the one asked, in order, as readRosterFile reads it', () => {
    const batch = readRosterBatch(files, 0, 64, MAX_ROSTER_BYTES)
    expect(batch).toEqual(files.map((f) => readRosterFile(f)))
    expect(batch.map(said)).toEqual([
      { a: 1 },
      '/broken.json:1:7 not valid JSON: value expected',
      '/folder.json is a folder, not a file',
      '/missing.json no such file',
      '/twice.json:1:10 the key "a" appears twice in one object (first on line 1); JSON keys must be unique: which one was meant?',
      '/big.json 5.0 MB is too large for a roster (limit 5 MB)',
      [1, 2]
    ])
    expect(readRosterBatch(files, 4, 64, MAX_ROSTER_BYTES)).toEqual(files.slice(4).map((f) => readRosterFile(f)))
    expect(readRosterBatch(files, 7, 64, MAX_ROSTER_BYTES)).toEqual([])
    // Another cap than a roster's: the file is not called a roster.
    expect(said(readRosterBatch(files, 0, 1, 64, 4)[0])).toBe('/a.json 0.0 MB is too large for this file (limit 0 MB)')
  })

  it('stops at the files asked for, and once the texts read reach the characters asked for', () => {
    expect(readRosterBatch(files, 0, 3, MAX_ROSTER_BYTES)).toHaveLength(3)
    // The first text (8 characters) reaches 8: one file; with 9 the second (6 characters, not JSON) is read too, and that is enough.
    expect(readRosterBatch(files, 0, 64, 8)).toHaveLength(1)
    expect(readRosterBatch(files, 0, 64, 9)).toHaveLength(2)
    // One file at least, whatever the limits, so a caller that goes on from the last one read always moves.
    expect(readRosterBatch(files, 0, 64, 0)).toHaveLength(1)
    expect(readRosterBatch(files, 2, 0, 0)).toHaveLength(1)
  })
})
