// Issue 26, review findings 5 and 6: a page that cannot be read is its own error, not an accusation;
// a PDF that draws a form two million times is stopped by counting, not by the clock.
import { describe, expect, it } from 'vitest'
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib'
import { MAX_FILE_DRAWS, MAX_PAGE_OPERATORS, PdfTextError } from '../../src-main/event/pdf-limits'
import { pagesText } from '../../src-main/event/pdf-text'
import { judgePrintedCode, readPrintedCode } from '../../src-main/event/printed-codes'
import { toHtml } from '../../src-main/event/report'
import type { EventReport } from '../../src-main/event/types'
import { muster } from '../support/cli'
import { checkRow, codeOf, example, expectVerify, print, setEntry, submission, type Row } from '../support/printed-page'

describe('a print-out whose pages cannot be read (review findings 5 and 6)', () => {
  /** /tmp/rev26/bomb.ts: an empty form drawn `n` times (18 KB of PDF for two million). */
  async function formBomb(n: number) {
    const doc = await PDFDocument.create()
    const page = doc.addPage()
    const ctx = doc.context
    const empty = ctx.register(ctx.flateStream(Buffer.alloc(0), { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 1, 1] }))
    page.node.set(PDFName.of('Contents'), ctx.register(ctx.flateStream(Buffer.from('/F Do\n'.repeat(n)))))
    const res = (page.node.Resources() ?? ctx.obj({})) as PDFDict
    res.set(PDFName.of('XObject'), ctx.obj({ F: empty }))
    page.node.set(PDFName.of('Resources'), res)
    return doc.save()
  }

  it('a form drawn two million times: stopped at the cap on drawings, counted, never read to the end', async () => {
    const doc = await PDFDocument.load(await formBomb(2_000_000))
    const stats = { operators: 0, draws: 0 }
    expect(() => pagesText(doc, stats)).toThrow(PdfTextError)
    expect(stats.draws).toBe(MAX_FILE_DRAWS + 1)
    expect(stats.operators).toBeLessThanOrEqual(MAX_FILE_DRAWS + 1)
  })

  it('two hundred thousand and one operators on a page: stopped at the cap', async () => {
    const doc = await PDFDocument.create()
    doc.addPage().node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(Buffer.from('q Q\n'.repeat(MAX_PAGE_OPERATORS)))))
    const stats = { operators: 0, draws: 0 }
    const read = await PDFDocument.load(await doc.save())
    expect(() => pagesText(read, stats)).toThrow('more drawing operations')
    expect(stats.operators).toBe(MAX_PAGE_OPERATORS + 1)
  })

  it('is its own error, "cannot read its pages", not an accusation: in check (kind unreadable) and verify (exit 2)', async () => {
    const legalCode = codeOf(example('triumph-legal'))
    const doc = await PDFDocument.load(await formBomb(20_000))
    setEntry(doc, legalCode)
    const { dir, file, pdf } = await submission(await doc.save())
    const { code, row } = checkRow(dir, file)
    const issue = row.issues.find((i) => i.code === 'event-printed-code-unreadable')
    expect(issue).toMatchObject({ severity: 'error' })
    expect(issue!.message).toContain('Submit the PDF Muster wrote')
    expect(issue!.message).not.toContain('altered')
    expect(row.printedCode).toMatchObject({ match: false, kind: 'unreadable' })
    expect(code).toBe(1)
    expectVerify(file, pdf, 'cannot read the pages', 2, 'stderr')
  })

  it('a page stream in a filter Muster does not read (ASCIIHex): unreadable, not altered', async () => {
    const legal = await print(example('triumph-legal'))
    const doc = await PDFDocument.load(legal.bytes, { updateMetadata: false })
    const page = doc.getPages()[0]
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(Buffer.from('48656c6c6f>').toString('latin1'), { Filter: 'ASCIIHexDecode' })))
    const { file, pdf } = await submission(await doc.save())
    const verdict = judgePrintedCode(pdf, await readPrintedCode(pdf), () => legal.code)
    expect(verdict.kind).toBe('unreadable')
    expect(muster(['verify', file, pdf]).code).toBe(2)
  })

  it('the report words each kind: no "X ≠ X" for an old code that matches, none for unreadable pages', () => {
    const row = (printedCode: NonNullable<Row['printedCode']>) => ({
      file: 'a.muster.json',
      player: 'Ann',
      name: null,
      ruleset: 'triumph',
      army: null,
      armyName: null,
      points: 1,
      limit: null,
      valid: false,
      readable: true,
      issues: [],
      printedCode
    })
    const report = {
      event: { name: 'E', ruleset: 'triumph', rulesetName: 'Triumph!', pointsLimit: null, dates: null, dataVersion: '1' },
      generatedAt: new Date(0).toISOString(),
      notes: [],
      summary: { submissions: 2, legal: 0, illegal: 2, unreadable: 0, players: 2 },
      rows: [
        row({ printed: 'AAAA-BBBB-CCCC', computed: 'AAAA-BBBB-CCCC', match: false, kind: 'old' }),
        row({ printed: '', computed: 'X', match: false, kind: 'unreadable' })
      ]
    } as unknown as EventReport
    const html = toHtml(report)
    expect(html).not.toContain('AAAA-BBBB-CCCC ≠')
    expect(html).toContain('old 12-character code, print again')
    expect(html).toContain('its pages cannot be read')
  })
})
