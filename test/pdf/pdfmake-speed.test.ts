// The speed-ups of export/pdfmake-speed.ts change no byte: a roster sheet, unit cards, the list book
// with its judges' copy and a page of every style pdfmake resolves drawn with them and with
// pdfmake's and pdfkit's own code are the same files (the clock stopped: pdfkit dates each file and
// makes its identifier from the date). Those that change bytes (words drawn as runs, colours written
// to a millionth) draw the same words at the same places, in the same colours (poppler's word boxes
// and pages). And they go in only for the
// pdfmake and pdfkit they were written for, with the members they replace.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRequire } from 'node:module'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { noSpeedUpInForce, pdfmakeClasses, setSpeedUps, speedUpsInForce, whyNotPatched, WRITTEN_FOR } from '../../src-main/export/pdfmake-speed'
import { renderPdf } from '../../src-main/export/write-pdf'
import type { DocDefinition } from '../../src-main/export/pdf-types'
import { buildExport } from '../../src-main/export'
import { checkEvent, type EventProfile } from '../../src-main/event/check-event'
import { buildListBooks } from '../../src-main/event/list-book'
import { solveArmy } from '../../src-main/rules'
import { bundledEngine } from '../support/engine'
import { example, poppler, wordBoxes, type WordBox } from './pdf-support'

const engine = bundledEngine()
const req = createRequire(__filename)

/**
 * What `draw` makes with the patches and without (put back after): without `which` of them, every
 * one but those that change bytes in force on both sides; or without those only.
 */
async function bothWays(draw: () => Promise<Buffer[]>, which: 'every' | 'other-bytes' = 'every'): Promise<{ patched: Buffer[]; own: Buffer[] }> {
  await renderPdf({ pageSize: 'A4', pageOrientation: 'portrait', pageMargins: [40, 40, 40, 40], content: 'warm up' }) // pdfmake made ready, the patches in
  expect(speedUpsInForce()).toBe(true)
  try {
    if (which === 'every') setSpeedUps(false, 'other-bytes')
    const patched = await draw()
    setSpeedUps(false, which)
    if (which === 'every') expect(noSpeedUpInForce()).toBe(true)
    return { patched, own: await draw() }
  } finally {
    setSpeedUps(true)
  }
}

/** A page of what pdfmake's styles can say: named styles extending others (in a loop too), lists of them, defaults, nesting, a word's own. A new copy for each drawing: pdfmake writes into what it lays out (a canvas's lines are moved to their place). */
const STYLED = (): DocDefinition =>
  ({
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: [40, 40, 40, 40],
    styles: {
      base: { fontSize: 11, color: '#333333' },
      head: { extends: 'base', bold: true, fontSize: 14 },
      note: { extends: ['base', 'head'], italics: true, bold: false },
      loop: { extends: 'loop2', color: '#aa0000' },
      loop2: { extends: 'loop', decoration: 'underline' }
    },
    defaultStyle: { fontSize: 10, lineHeight: 1.1 },
    content: [
      { text: 'A heading that extends the base style', style: 'head' },
      {
        text: [
          'plain words then ',
          { text: 'bold red words ', bold: true, color: 'red' },
          'plain again ',
          { text: 'underlined', decoration: 'underline' },
          ' and ',
          { text: 'a link', link: 'https://example.org' },
          ' to the end.'
        ],
        style: ['base', 'note']
      },
      {
        text: 'Justified text that runs over more than one line, so that pdfmake spreads its words to the width of the column: word after word after word after word after word after word after word.',
        alignment: 'justify'
      },
      { text: 'Spaced letters in a run of words', characterSpacing: 1.5 },
      { text: ['E = mc', { text: '2', sup: true }, ' and H', { text: '2', sub: true }, 'O in a line'] },
      { text: '   leading spaces kept here', preserveLeadingSpaces: true },
      { text: 'words on a background colour', background: '#ffff00' },
      { text: 'a style in a loop of extends', style: 'loop' },
      { text: 'half seen words in a run', opacity: 0.5, leadingIndent: 12 },
      { text: 'right aligned words in a run', alignment: 'right', noWrap: true },
      { text: [{ text: 'on yellow', background: '#ffff00' }, ' tall and ', { text: 'taller words', lineHeight: 3 }, ' in one line'] },
      { text: [{ text: 'kept\nlines ', noWrap: true }, 'then more words'] },
      { text: 'a tab\tand  two  spaces  between  words' },
      // words that say less of their style than the words before them (a text's words share what it says)
      {
        text: [
          { text: 'bold red words ', bold: true, color: 'red' },
          { text: 'bold black words ', bold: true },
          { text: 'red again', color: 'red', style: 'head' }
        ]
      },
      { text: 'a link to nowhere in words', link: '' },
      // a style's name over different entries at one depth (a canvas's alignment is looked up on the stack)
      {
        stack: [{ style: 'note', stack: [{ canvas: [{ type: 'line', x1: 0, y1: 0, x2: 40, y2: 0 }] }, { text: 'red words here' }] }],
        color: 'red',
        alignment: 'right'
      },
      {
        stack: [{ style: 'note', stack: [{ canvas: [{ type: 'line', x1: 0, y1: 0, x2: 40, y2: 0 }] }, { text: 'blue words here' }] }],
        color: 'blue',
        alignment: 'center'
      },
      {
        columns: [
          { text: 'left column words', width: '*' },
          { stack: [{ text: 'a smaller line in a stack', fontSize: 8 }, 'inherits the colour'], color: 'blue', width: '*' }
        ]
      },
      { ul: ['one item', { text: 'two item', markerColor: 'green' }], color: 'gray' },
      { ol: ['first', 'second'], style: 'note' },
      {
        table: {
          body: [
            [{ text: 'cell a b', style: 'head' }, 'cell c d'],
            [{ text: 'e f g', fillColor: '#eeeeee' }, { text: ['h ', { text: 'i j', italics: true }] }]
          ]
        },
        fontSize: 9
      }
    ]
  }) as unknown as DocDefinition

function same({ patched, own }: { patched: Buffer[]; own: Buffer[] }): void {
  expect(own).toHaveLength(patched.length)
  patched.forEach((pdf, i) => {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(pdf.equals(own[i]), `file ${i + 1}: ${pdf.length} bytes patched, ${own[i].length} bytes without`).toBe(true)
  })
}

describe('pdfmake and pdfkit sped up, the same files', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-06-06T09:30:00Z'))
  })
  afterEach(() => vi.useRealTimers())

  it('a page of every style', async () => {
    same(await bothWays(async () => [await renderPdf(STYLED())]))
  })

  it.each(['roster', 'cards'] as const)('a %s PDF', async (kind) => {
    const roster = example('wrg-1969-legal')
    const doc = buildExport(engine, roster, { kind, paper: 'a4', fileName: 'wrg-1969-legal.muster.json' }).doc
    same(await bothWays(async () => [await renderPdf(doc)]))
  })

  it('words whose style is the same but for a section given (pdfmake then pushes none of their styles)', async () => {
    const doc = (): DocDefinition =>
      ({
        pageSize: 'A4',
        pageMargins: [40, 40, 40, 40],
        styles: { head: { bold: true, fontSize: 14 } },
        content: [
          {
            text: [
              { text: 'cut off ', style: 'head', section: null },
              { text: 'head again ', style: 'head' },
              { text: 'cut off again', style: 'head', section: null }
            ]
          }
        ]
      }) as unknown as DocDefinition
    same(await bothWays(async () => [await renderPdf(doc())]))
  })

  it("the list book and the judges' copy", async () => {
    const books = await bothWays(drawBooks)
    expect(books.patched[0].length).toBeLessThan(books.patched[1].length) // the judges' copy has Dana's too
    same(books)
  })
})

/** The list book and judges' copy of three Triumph! rosters, one with a battle card the event bans. */
async function drawBooks(): Promise<Buffer[]> {
  const triumph = engine.ruleset('triumph')!
  const roster = (armyId: string, player: string, extra: object = {}) => {
    const r = solveArmy(triumph, armyId)
    if (!r.ok) throw new Error(`${armyId}: ${r.reason}`)
    return { ...r.roster, player, ...extra }
  }
  const submissions = [
    { file: 'zoe.muster.json', data: roster('marian-roman-111a', 'Zoe Adams') },
    { file: 'alan.muster.json', data: roster('late-judaean', 'alan brown') },
    { file: 'dana.muster.json', data: roster('later-carthaginian', 'Dana Evans', { battleCards: [{ card: 'SC' }] }) }
  ]
  const event: EventProfile = { format: 'muster-event', version: 1, name: 'Same Open', ruleset: 'triumph', pointsLimit: 48, battleCards: { banned: ['SC'] } }
  const report = checkEvent(engine, event, submissions)
  const { book, judges } = await buildListBooks(engine, report, submissions)
  return [Buffer.from(book.pdf), Buffer.from(judges.pdf)]
}

describe.runIf(poppler)('words drawn as runs, colours to a millionth: the same words at the same places, in the same colours', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'muster-runs-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  /** Each file's words with their boxes (to a thousandth of a point) and its pages drawn at 100 dpi, in colour. */
  function seen(pdf: Buffer, name: string): { words: WordBox[]; pages: Buffer } {
    const file = join(dir, `${name}.pdf`)
    writeFileSync(file, pdf)
    const words = wordBoxes(file).map((w) => ({ ...w, xMin: +w.xMin.toFixed(3), xMax: +w.xMax.toFixed(3), yMin: +w.yMin.toFixed(3), yMax: +w.yMax.toFixed(3) }))
    return { words, pages: execFileSync('pdftoppm', ['-r', '100', file], { maxBuffer: 256 * 1024 * 1024 }) }
  }

  it.each([
    ['the list book and the judges\u2019 copy', drawBooks],
    ['a page of every style', async () => [await renderPdf(STYLED())]]
  ] as const)('%s', async (_what, draw) => {
    const { patched, own } = await bothWays(draw, 'other-bytes')
    patched.forEach((pdf, i) => {
      expect(pdf.equals(own[i])).toBe(false) // the runs are drawn: fewer, longer texts
      expect(pdf.length).toBeLessThan(own[i].length)
      const runs = seen(pdf, `runs-${i}`)
      const words = seen(own[i], `words-${i}`)
      expect(runs.words.length).toBeGreaterThan(50)
      expect(runs.words).toEqual(words.words)
      expect(runs.pages.equals(words.pages)).toBe(true)
    })
  })
})

describe('the speed-ups go in only where they fit', () => {
  const roboto = readFileSync(join(dirname(req.resolve('pdfmake/package.json')), 'fonts', 'Roboto', 'Roboto-Regular.ttf'))
  const PDFDocument = (req('pdfmake/js/PDFDocument') as { default: new (...a: unknown[]) => { _root: object; font(src: Buffer): { _font: unknown } } }).default
  const classes = pdfmakeClasses(req, () => new PDFDocument({}, {}, {}, {}, { autoFirstPage: false, font: null }).font(roboto)._font)
  const ref = () => new PDFDocument({}, {}, {}, {}, { autoFirstPage: false, font: null })._root

  it('the pdfmake and pdfkit installed are the ones written for, as they were', () => {
    const installed = {
      pdfmake: (req('pdfmake/package.json') as { version: string }).version,
      pdfkit: (req('pdfkit/package.json') as { version: string }).version
    }
    expect(installed).toEqual(WRITTEN_FOR)
    expect(whyNotPatched(installed, ref(), classes)).toBeUndefined()
  })

  it('another version, or a member gone or changed, says why they are left out', () => {
    expect(whyNotPatched({ ...WRITTEN_FOR, pdfkit: '0.20.0' }, ref(), classes)).toBe(
      'pdfmake 0.3.11 and pdfkit 0.20.0 are installed; its patches were written for pdfmake 0.3.11 and pdfkit 0.19.1'
    )
    expect(whyNotPatched({ pdfmake: undefined, pdfkit: '0.19.1' }, ref(), classes)).toMatch(/^pdfmake \(version unknown\) and pdfkit 0\.19\.1 are installed/)
    const noFinalize = Object.create({ write(_chunk: unknown) {}, end(_chunk: unknown) {} }) as object
    Object.assign(noFinalize, { data: {}, buffer: [], compress: true, uncompressedLength: 0 })
    expect(whyNotPatched(WRITTEN_FOR, noFinalize, classes)).toMatch(/PDFReference has no write\(chunk\), end\(chunk\) and finalize\(\)/)
    const noBuffer = ref() as Record<string, unknown>
    noBuffer.buffer = undefined
    expect(whyNotPatched(WRITTEN_FOR, noBuffer, classes)).toMatch(/PDFReference has no data, buffer/)
    class OtherStack {
      styleDictionary = {}
      getProperty(_p: string) {}
      clone() {}
      static getStyleProperty(_item: unknown, _stack: unknown) {}
    }
    expect(whyNotPatched(WRITTEN_FOR, ref(), { ...classes, StyleContextStack: OtherStack })).toMatch(
      /StyleContextStack has no clone\(\), getProperty\(property\) and static getStyleProperty/
    )
    expect(whyNotPatched(WRITTEN_FOR, ref(), { ...classes, StyleContextStack: undefined })).toMatch(/StyleContextStack has no/)
    class OtherInlines {
      measure(_array: unknown) {}
      widthOfText(_text: string, _inline: unknown) {}
    }
    expect(whyNotPatched(WRITTEN_FOR, ref(), { ...classes, TextInlines: OtherInlines })).toMatch(/TextInlines has no measure\(array, styleContextStack\)/)
    expect(whyNotPatched(WRITTEN_FOR, ref(), { ...classes, Renderer: class {} })).toMatch(/Renderer has no renderLine\(line, x, y\)/)
    expect(whyNotPatched(WRITTEN_FOR, ref(), { ...classes, Font: undefined })).toMatch(/EmbeddedFont has no layout\(text, features, onlyWidth\)/)
    class OtherFont {
      layout(text: string) {
        return text
      }
    }
    expect(whyNotPatched(WRITTEN_FOR, ref(), { ...classes, Font: OtherFont })).toMatch(/EmbeddedFont has no layout/)
    expect(whyNotPatched(WRITTEN_FOR, ref(), { ...classes, Document: class {} })).toMatch(/PDFDocument has no _setColorCore\(color, stroke\)/)
    class OwnColours extends (classes.Document as new () => object) {
      _normalizeColor(color: unknown) {
        return color
      }
    }
    expect(whyNotPatched(WRITTEN_FOR, ref(), { ...classes, Document: OwnColours })).toMatch(/has its own _setColorCore or _normalizeColor/)
  })
})
