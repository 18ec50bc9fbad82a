// Issue 26, finding 4: a word longer than its line. pdfmake fits such a word by measuring ever
// shorter beginnings of it, once per line: a roster whose notes were 19,999 characters without a
// space took 8 s and 600 MB to print. Every PDF now goes through one helper (export/long-words.ts,
// from renderPdf) that gives long runs break opportunities. No timing here (`npm run bench --
// runaway` times it): the characters pdfmake measures are counted.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPdf } from '../../src-main/export/write-pdf'
import { breakText, MAX_TEXT, WORD } from '../../src-main/export/long-words'
import type { DocDefinition } from '../../src-main/export/pdf-types'
import { muster } from '../support/cli'
import { tempFolders } from '../support/tmp'
import { example, pdfPagesText, poppler, printPdf } from './pdf-support'
import { countMeasuring } from './pdf-measuring'

const tmp = tempFolders('muster-long-words-')
const legal = () => example('triumph-legal')

/** Characters pdfmake measures from now on. */
const countCharsMeasured = () => countMeasuring((text) => text.length)

afterEach(() => void vi.restoreAllMocks())

/** Characters of runs of `c` (two or more) on the pages: the long word, not the c of other words. */
const runOf = (text: string, c: string) => (text.replace(/\u200b/g, '').match(new RegExp(`${c}{2,}`, 'g')) ?? []).join('').length

describe('long words in PDFs (finding 4)', () => {
  it('a 19,999-character word is laid out measuring a few times its length, and printed up to MAX_TEXT, saying what was left out', async () => {
    const word = 'x'.repeat(19_999)
    const measured = countCharsMeasured()
    const pdf = await renderPdf({ content: [{ text: word }], defaultStyle: { font: 'Roboto' } } as DocDefinition)
    // Before: every line measured the rest of the word many times over (about 4,800,000 characters).
    expect(measured()).toBeLessThan(10 * word.length)
    if (!poppler) return
    const dir = tmp()
    const file = join(dir, 'word.pdf')
    writeFileSync(file, pdf)
    const text = pdfPagesText(file).join('')
    expect(runOf(text, 'x')).toBe(MAX_TEXT)
    expect(text.replace(/\s+/g, ' ')).toContain('x… (9,999 more characters not printed)')
  })

  it('a roster whose notes are 19,999 characters without a space prints (cut to the format\u2019s 5,000), measuring a bounded amount', async () => {
    const measured = countCharsMeasured()
    const printed = await printPdf(tmp(), 'notes', { ...legal(), notes: 'x'.repeat(19_999) }, 'roster')
    expect(measured()).toBeLessThan(200_000)
    expect(printed.verdict.issues.map((i) => i.message)).toContain(
      "The roster's notes are 19,999 characters; the most a roster may hold is 5,000: shorten them."
    )
    if (!poppler) return
    const text = pdfPagesText(printed.file).join('')
    expect(runOf(text, 'x')).toBe(5000)
    expect(text).toContain('x\u2026')
  })

  it('muster export of a legal roster with 5,000 characters of notes without a space', () => {
    const dir = tmp()
    const file = join(dir, 'notes.muster.json')
    writeFileSync(file, JSON.stringify({ ...legal(), notes: 'y'.repeat(5000) }))
    const out = muster(['export', file, '--pdf', 'roster', '-o', join(dir, 'notes.pdf')])
    expect(out.stderr).toBe('')
    expect(out.code).toBe(0)
    if (poppler) expect(runOf(pdfPagesText(join(dir, 'notes.pdf')).join(''), 'y')).toBe(5000)
  })

  it.each(['roster', 'cards', 'qrs'] as const)(
    '%s: a refused roster\u2019s 100,000-character name and unit name print cut, measuring a bounded amount (the opponent\u2019s on the quick reference too)',
    async (kind) => {
      const huge = 'z'.repeat(100_000)
      const roster = {
        ...legal(),
        name: huge,
        player: huge,
        units: (legal().units as Array<Record<string, unknown>>).map((u) => ({ ...u, name: huge, notes: huge }))
      }
      const measured = countCharsMeasured()
      const printed = await printPdf(tmp(), `huge-${kind}`, roster, kind, kind === 'qrs' ? { opponent: roster } : {})
      expect(printed.verdict.valid).toBe(false)
      // Before printable() and breakLongWords, each text was laid out whole: millions of characters measured.
      expect(measured()).toBeLessThan(kind === 'cards' ? 1_500_000 : 500_000)
      if (!poppler) return
      const text = pdfPagesText(printed.file).join('')
      expect(runOf(text, 'z')).toBeLessThan(60_000)
      expect(text).toContain('z\u2026')
    }
  )

  it('breakText: short words, spaces and check codes untouched; long runs broken after a hyphen where they have one, never before a combining mark; past MAX_TEXT cut', () => {
    const code = 'Q0QX-547D-A2MM-S4SR-4AZR-G8HQ-4X8C-PMPT'
    for (const s of ['', 'Legio X', code, `muster verify ${'a'.repeat(WORD - 5)}.json`, 'a '.repeat(5000)]) expect(breakText(s)).toBe(s)
    const long = 'a'.repeat(WORD * 3 + 5)
    const broken = breakText(long)
    expect(broken.replace(/\u200b/g, '')).toBe(long)
    expect(broken.split('\u200b').map((p) => p.length)).toEqual([WORD, WORD, WORD, 5])
    const hyphens = `${'b'.repeat(40)}-${'c'.repeat(40)}-${'d'.repeat(40)}`
    expect(breakText(hyphens).split('\u200b')).toEqual([`${'b'.repeat(40)}-`, `${'c'.repeat(40)}-`, 'd'.repeat(40)])
    const marks = 'e\u0301'.repeat(WORD)
    for (const part of breakText(marks).split('\u200b')) expect(part).toMatch(/^e/)
    const huge = 'f '.repeat(MAX_TEXT)
    expect(breakText(huge).length).toBeLessThan(MAX_TEXT + 100)
    expect(breakText(huge)).toMatch(/\u2026 \(10,000 more characters not printed\)$/)
  })
})
