// The speed-ups of export/pdfmake-speed.ts change no byte: a roster sheet, unit cards and the list
// book with its judges' copy drawn with them and with pdfmake's and pdfkit's own code are the same
// files (the clock stopped: pdfkit dates each file and makes its identifier from the date). And they
// go in only for the pdfmake and pdfkit they were written for, with the members they replace.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRequire } from 'node:module'
import { setSpeedUps, speedUpsInForce, whyNotPatched, WRITTEN_FOR } from '../../src-main/export/pdfmake-speed'
import { renderPdf } from '../../src-main/export/write-pdf'
import { buildExport } from '../../src-main/export'
import { checkEvent, type EventProfile } from '../../src-main/event/check-event'
import { buildListBooks } from '../../src-main/event/list-book'
import { solveArmy } from '../../src-main/rules'
import { bundledEngine } from '../support/engine'
import { example } from './pdf-support'

const engine = bundledEngine()
const req = createRequire(__filename)

/** The same bytes drawn with the patches and without (the patches put back after). */
async function bothWays(draw: () => Promise<Buffer[]>): Promise<{ patched: Buffer[]; own: Buffer[] }> {
  await renderPdf({ pageSize: 'A4', pageOrientation: 'portrait', pageMargins: [40, 40, 40, 40], content: 'warm up' }) // pdfmake made ready, the patches in
  expect(speedUpsInForce()).toBe(true)
  const patched = await draw()
  setSpeedUps(false)
  try {
    expect(speedUpsInForce()).toBe(false)
    return { patched, own: await draw() }
  } finally {
    setSpeedUps(true)
  }
}

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

  it.each(['roster', 'cards'] as const)('a %s PDF', async (kind) => {
    const roster = example('wrg-1969-legal')
    const doc = buildExport(engine, roster, { kind, paper: 'a4', fileName: 'wrg-1969-legal.muster.json' }).doc
    same(await bothWays(async () => [await renderPdf(doc)]))
  })

  it("the list book and the judges' copy", async () => {
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
    const books = await bothWays(async () => {
      const { book, judges } = await buildListBooks(engine, report, submissions)
      return [Buffer.from(book.pdf), Buffer.from(judges.pdf)]
    })
    expect(books.patched[0].length).toBeLessThan(books.patched[1].length) // the judges' copy has Dana's too
    same(books)
  })
})

describe('the speed-ups go in only where they fit', () => {
  const StyleContextStack = (req('pdfmake/js/StyleContextStack') as { default: unknown }).default
  const PDFDocument = (req('pdfmake/js/PDFDocument') as { default: new (...a: unknown[]) => { _root: object } }).default
  const ref = () => new PDFDocument({}, {}, {}, {}, { autoFirstPage: false, font: null })._root

  it('the pdfmake and pdfkit installed are the ones written for, as they were', () => {
    const installed = {
      pdfmake: (req('pdfmake/package.json') as { version: string }).version,
      pdfkit: (req('pdfkit/package.json') as { version: string }).version
    }
    expect(installed).toEqual(WRITTEN_FOR)
    expect(whyNotPatched(installed, ref(), StyleContextStack)).toBeUndefined()
  })

  it('another version, or a member gone or changed, says why they are left out', () => {
    expect(whyNotPatched({ ...WRITTEN_FOR, pdfkit: '0.20.0' }, ref(), StyleContextStack)).toBe(
      'pdfmake 0.3.11 and pdfkit 0.20.0 are installed; its patches were written for pdfmake 0.3.11 and pdfkit 0.19.1'
    )
    expect(whyNotPatched({ pdfmake: undefined, pdfkit: '0.19.1' }, ref(), StyleContextStack)).toMatch(
      /^pdfmake \(version unknown\) and pdfkit 0\.19\.1 are installed/
    )
    const noFinalize = Object.create({ write(_chunk: unknown) {}, end(_chunk: unknown) {} }) as object
    Object.assign(noFinalize, { data: {}, buffer: [], compress: true, uncompressedLength: 0 })
    expect(whyNotPatched(WRITTEN_FOR, noFinalize, StyleContextStack)).toMatch(/PDFReference has no write\(chunk\), end\(chunk\) and finalize\(\)/)
    const noBuffer = ref() as Record<string, unknown>
    noBuffer.buffer = undefined
    expect(whyNotPatched(WRITTEN_FOR, noBuffer, StyleContextStack)).toMatch(/PDFReference has no data, buffer/)
    class OtherStack {
      styleDictionary = {}
      getProperty(_p: string) {}
      static getStyleProperty(_item: unknown, _stack: unknown) {}
    }
    expect(whyNotPatched(WRITTEN_FOR, ref(), OtherStack)).toMatch(/StyleContextStack has no getProperty\(property\) and static getStyleProperty/)
    expect(whyNotPatched(WRITTEN_FOR, ref(), undefined)).toMatch(/StyleContextStack has no/)
  })
})
