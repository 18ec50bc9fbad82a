// Issue 38: a list book of rosters in hostile text took 2.6 times as long as one of plain words. The
// slow path: pdfmake lays out, measures and draws each piece between two line-break opportunities on
// its own, and Chinese, Japanese, Korean and emoji text may break between any two characters, so it
// was one piece per character. long-words.ts joinBreaks joins those breaks (a zero-width no-break
// space, measured as nothing and left out of the text drawn). No timing here: the pieces pdfmake
// measures are counted. And the text a player copies from the PDF is the text as written: only
// Chinese, Japanese, Korean and emoji are joined, and no joiner is drawn (issue 39 review, point 2).
import LineBreaker from 'linebreak'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { breakText, joinBreaks, WORD } from '../../src-main/export/long-words'
import { tempFolders } from '../support/tmp'
import { example, poppler, printPdf, wordBoxes } from './pdf-support'
import { countMeasuring } from './pdf-measuring'
import { execFileSync } from 'node:child_process'

const tmp = tempFolders('muster-wide-text-')
const legal = () => example('triumph-legal')

/** pdfmake's text pieces as it lays them out from now on, counted. */
const countPieces = () => countMeasuring(() => 1)

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
  it.skipIf(!poppler)('text copied from the PDF is the text as written (pdftotext), around Chinese too', async () => {
    const names = { name: 'Αθήνα—Σπάρτη', player: 'Zoë–Ärger' }
    const notes = 'Αθήνα—Σπάρτη, Athens—Sparta, Jean-Luc; Tokyo 東京都千代田区丸の内 Osaka'
    const printed = await printPdf(tmp(), 'copy', { ...legal(), ...names, notes }, 'roster')
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', printed.file, '-'], { encoding: 'utf8' })
    expect(text).toContain(names.name)
    expect(text).toContain(names.player)
    expect(text).toContain('Αθήνα—Σπάρτη, Athens—Sparta, Jean-Luc; Tokyo')
    expect(text).not.toMatch(/[\u2060\ufeff\u200b]/)
    // Roboto has no Chinese: each character is a missing-glyph box of almost half an em (none
    // copied). The word joiner, which Roboto lacks too, made them all measure nothing when it was
    // met first (so this test runs first: fonts are shared by the documents of a process).
    const words = wordBoxes(printed.file)
    const tokyo = words.find((w) => w.text === 'Tokyo')!
    const osaka = words.find((w) => w.text === 'Osaka' && w.page === tokyo.page && Math.abs(w.yMin - tokyo.yMin) < 1)!
    expect(osaka.xMin - tokyo.xMax).toBeGreaterThan(3 * (tokyo.yMax - tokyo.yMin))
  })

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
    expect(broken.replace(/[\ufeff\u200b]/g, '')).toBe(wide)
    for (const text of ['VRFQ-KGEX-7MPQ-W702-0P7S-WW5C-26BT-NB1D', 'Jean-Luc de la Tour', 'Ωμέγα Λεγεώνα', 'שלום עולם', 'Ann'])
      expect(joinBreaks(text)).toBe(text)
  })

  it('keeps every break of Greek, accented and Latin text with dashes: a line may still break after the dash', () => {
    for (const text of ['Αθήνα—Σπάρτη', 'Zoë–Ärger', 'Athens—Sparta', 'Ωμέγα—'.repeat(20), 'Müller/Ødegård']) expect(joinBreaks(text)).toBe(text)
    // Within Chinese, Japanese, Korean and emoji the breaks go, and between them and other text they stay.
    expect(joinBreaks('東京ー漢字 한국')).toBe('東\ufeff京ー\ufeff漢\ufeff字 한\ufeff국')
    expect(joinBreaks('漢字—Αθήνα—漢字')).toBe('漢\ufeff字—Αθήνα—漢\ufeff字')
    expect(joinBreaks('😀🎉👍🏽').split('\ufeff')).toEqual(['😀', '🎉', '👍🏽'])
  })
})
