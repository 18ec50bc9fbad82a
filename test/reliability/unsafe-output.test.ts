// Issue 38: direction controls (bidi) and raw control bytes in a player's name, a roster's name and
// its notes passed as themselves into the CSV, the HTML report, the PDFs and the terminal. Every
// output now shows each as a visible code ("\u202e", src-shared/unsafe-chars.ts); the roster file
// keeps what the player wrote.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { showUnsafe } from '../../src-shared/unsafe-chars'
import { muster } from '../support/cli'
import { repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'

const tempDir = tempFolders('muster-unsafe-out-')
/** What no output may carry: C0 and C1 controls but tab and line breaks, DEL, and every direction control. */
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c']
const PLAYER = `Eve\u202eyrollaM\u202c \u2067x\u2069 \u200fR\u200e \u061cA bell\u0007 esc\u001b[2J\u009b31m`
const NAME = `Legion\u202eLAGEL\u202c\u2066iso\u2069\u0007`
const NOTES = `Note\u202edesrever\u202c and \u001b[31mred\u001b[0m`

function hostile(): { dir: string; file: string; subs: string; event: string; bytes: Buffer } {
  const dir = tempDir()
  const subs = join(dir, 'subs')
  mkdirSync(subs)
  const legal = JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as object
  const file = join(subs, 'eve.muster.json')
  writeFileSync(file, JSON.stringify({ ...legal, player: PLAYER, name: NAME, notes: NOTES }))
  const event = join(dir, 'event.json')
  writeFileSync(event, JSON.stringify({ format: 'muster-event', version: 1, name: 'Open', ruleset: 'triumph', pointsLimit: 48 }))
  return { dir, file, subs, event, bytes: readFileSync(file) }
}

/** The pages' text, less the form feed pdftotext puts between pages. */
const pdfText = (pdf: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' }).replace(/\f/g, '\n')

describe('controls and direction controls in what players wrote (issue 38)', () => {
  it('the shared helper shows every one as its code, and leaves tab, line breaks and other text alone', () => {
    for (const c of BIDI) expect(showUnsafe(`a${c}b`)).toBe(`a\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}b`)
    expect(showUnsafe('x\u001b\u0007\u0000\u007f\u0085y')).toBe('x\\u001b\\u0007\\u0000\\u007f\\u0085y')
    expect(showUnsafe('Ann\tB\r\nעברית ﻋ é')).toBe('Ann\tB\r\nעברית ﻋ é')
  })

  it('the terminal: validate, info and the event check show codes, never the characters', () => {
    const { file, subs, event } = hostile()
    for (const args of [
      ['validate', file],
      ['info', file],
      ['check', '--event', event, subs],
      ['export', file, '--text', '-o', '-']
    ]) {
      const r = muster(args)
      expect(r.stdout + r.stderr, args.join(' ')).not.toMatch(UNSAFE)
    }
    expect(muster(['check', '--event', event, subs]).stdout).toContain('Eve\\u202eyrollaM\\u202c')
  })

  it('the CSV, HTML and text reports, as files and on standard output, show codes', () => {
    const { dir, subs, event, file, bytes } = hostile()
    for (const [flag, ext] of [
      ['--csv', 'csv'],
      ['--html', 'html'],
      [undefined, 'txt']
    ] as const) {
      const out = join(dir, `report.${ext}`)
      const r = muster(['check', '--event', event, ...(flag ? [flag] : []), '-o', out, subs])
      expect(r.code, r.stderr).toBe(0)
      const text = readFileSync(out, 'utf8')
      // HTML keeps the direction marks of a text, in a first-strong isolate of Muster's (issue 39 review, point 9)
      expect(ext === 'html' ? text.replace(/\u2068[^\u2068\u2069]*\u2069/g, (t) => showUnsafe(t)) : text, ext).not.toMatch(UNSAFE)
      expect(text, ext).toContain('\\u202e')
    }
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain(
      '\u2068Eve\\u202eyrollaM\\u202c \\u2067x\\u2069 \u200fR\u200e \u061cA bell\\u0007 esc\\u001b[2J\\u009b31m\u2069'
    )
    const csv = muster(['check', '--event', event, '--csv', subs]).stdout
    expect(csv).not.toMatch(UNSAFE)
    expect(csv).toContain('Eve\\u202eyrollaM\\u202c \\u2067x\\u2069 \\u200fR\\u200e \\u061cA bell\\u0007 esc\\u001b[2J\\u009b31m')
    // the roster as text, written to a file
    const txt = join(dir, 'eve.txt')
    expect(muster(['export', file, '--text', '-o', txt]).code).toBe(0)
    expect(readFileSync(txt, 'utf8')).not.toMatch(UNSAFE)
    expect(readFileSync(txt, 'utf8')).toContain('Note\\u202edesrever\\u202c')
    // what the player wrote is kept
    expect(readFileSync(file).equals(bytes)).toBe(true)
  })

  it('the PDFs, the roster sheet and the list book, show codes where the player wrote such characters', () => {
    const { dir, file, subs, event, bytes } = hostile()
    const sheet = join(dir, 'eve.pdf')
    expect(muster(['export', file, '--pdf', 'roster', '-o', sheet]).code).toBe(0)
    const book = join(dir, 'book.pdf')
    const r = muster(['check', '--event', event, '--book', book, subs])
    expect(r.code, r.stderr).toBe(0)
    for (const pdf of [sheet, book, join(dir, 'book-judges.pdf')]) {
      const text = pdfText(pdf)
      expect(text, pdf).not.toMatch(UNSAFE)
      expect(text, pdf).toContain('Legion\\u202eLAGEL\\u202c')
    }
    expect(pdfText(sheet)).toContain('Note\\u202edesrever\\u202c')
    expect(readFileSync(file).equals(bytes)).toBe(true)
  })
})
