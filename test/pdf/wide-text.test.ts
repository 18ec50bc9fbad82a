// Issue 38: a list book of rosters in hostile text took 2.6 times as long as one of plain words. The
// slow path: pdfmake lays out, measures and draws each piece between two line-break opportunities on
// its own, and Chinese, Japanese, Korean and emoji text may break between any two characters, so it
// was one piece per character. long-words.ts joinBreaks joins those breaks (a word joiner, drawn as
// nothing). No timing here: the pieces pdfmake measures are counted.
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import LineBreaker from 'linebreak'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { breakText, joinBreaks, WORD } from '../../src-main/export/long-words'
import { repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { printPdf } from './pdf-support'

const tmp = tempFolders('muster-wide-text-')
const legal = () => JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as Record<string, unknown>

/** pdfmake's text pieces as it lays them out (TextInlines.widthOfText calls), counted. */
function countPieces(): () => number {
  const req = createRequire(join(repoRoot, 'src-main', 'export', 'write-pdf.ts'))
  const TextInlines = (req('pdfmake/js/TextInlines') as { default: { prototype: { widthOfText(text: string, inline: unknown): number } } }).default
  let pieces = 0
  const original = TextInlines.prototype.widthOfText
  vi.spyOn(TextInlines.prototype, 'widthOfText').mockImplementation(function (this: unknown, text: string, inline: unknown) {
    pieces++
    return original.call(this, text, inline)
  })
  return () => pieces
}

afterEach(() => void vi.restoreAllMocks())

/** Line-break opportunities in `text` as pdfmake finds them (it uses linebreak too). */
function breaks(text: string): number {
  const breaker = new LineBreaker(text)
  let n = 0
  while (breaker.nextBreak()) n++
  return n
}

/** `n` characters of words of `pieces`, a space after each. */
const words = (pieces: string[], n: number) => {
  let s = ''
  for (let i = 0; s.length < n; i++) s += `${pieces[i % pieces.length]} `
  return s.slice(0, n)
}
const WIDE = ['漢字かなカナ한국어中文字符', '😀🎉👍🏽👨‍👩‍👧‍👦🏳️‍🌈', '東京都千代田区丸の内']
const PLAIN = ['lorem', 'ipsum', 'dolor', 'sit', 'amet', 'consectetur']

describe('text that may break between any two characters (issue 38)', () => {
  it('is laid out in as few pieces as plain words of the same length', async () => {
    const count = async (text: string) => {
      const pieces = countPieces()
      await printPdf(tmp(), 'r', { ...legal(), notes: words(text === 'wide' ? WIDE : PLAIN, 5000) }, 'roster')
      const n = pieces()
      vi.restoreAllMocks()
      return n
    }
    const plain = await count('plain')
    const wide = await count('wide')
    // Before: 3,860 pieces for the wide text, against 2,359 for the words.
    expect(wide).toBeLessThanOrEqual(plain)
  })

  it('joins only breaks between two characters outside ASCII: words, check codes and hyphenated names keep theirs, and nothing else changes', () => {
    const wide = words(WIDE, 2000)
    const broken = breakText(wide)
    // at most one break every WORD characters, and one after each space
    expect(breaks(broken)).toBeLessThanOrEqual(wide.split(' ').length + broken.length / WORD + 1)
    expect(breaks(wide)).toBeGreaterThan(wide.length / 2)
    expect(broken.replace(/[\u2060\u200b]/g, '')).toBe(wide)
    for (const text of ['VRFQ-KGEX-7MPQ-W702-0P7S-WW5C-26BT-NB1D', 'Jean-Luc de la Tour', 'Ωμέγα Λεγεώνα', 'שלום עולם', 'Ann'])
      expect(joinBreaks(text)).toBe(text)
  })
})
