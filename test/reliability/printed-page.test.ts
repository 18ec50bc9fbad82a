// Issue 26, review of finding 3 ("forged verification"): the page of a print-out is read as paper
// shows it. A forger who splits the printed code with a kerning pair, hides the legal code in
// invisible text and edits the entry is caught ("altered"); a PDF without its entry is judged on its
// pages (a stripped illegal print-out is a mismatch; an honest one re-saved by another program still
// matches, with a note); a page that cannot be read is its own error, not an accusation; a PDF that
// draws a form two million times is stopped by counting, not by the clock. The PDFs are made here,
// at run time, from the examples (the reviewer's scripts, /tmp/rev26, as tests).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { inflateSync } from 'node:zlib'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFString, rgb, StandardFonts } from 'pdf-lib'
import { buildExport } from '../../src-main/export'
import { checkCode } from '../../src-main/export/check-code'
import { renderPdf } from '../../src-main/export/write-pdf'
import { fitLine, fitWidth, textWidth } from '../../src-main/export/metrics'
import rosterSchema from '../../schemas/roster.schema.json'
import { codeData } from '../../src-main/rules/data-in-force'
import { codesShown, codeText, MAX_FILE_DRAWS, MAX_PAGE_OPERATORS, pagesText, PdfTextError } from '../../src-main/event/pdf-text'
import { judgePrintedCode, readPrintedCode } from '../../src-main/event/printed-codes'
import { toHtml } from '../../src-main/event/report'
import type { EventReport } from '../../src-main/event/types'
import { bundledEngine, repoRoot } from '../support/engine'
import { muster } from '../support/cli'
import { tempFolders } from '../support/tmp'

const tempDir = tempFolders('muster-page-')
const example = (name: string) => JSON.parse(readFileSync(join(repoRoot, 'examples', `${name}.muster.json`), 'utf8')) as Record<string, unknown>
const codeOf = (roster: Record<string, unknown>) => checkCode(roster, codeData(bundledEngine().ruleset(roster.ruleset as string)!, roster).version)

type Row = {
  valid: boolean
  printedCode?: { printed: string; computed: string; match: boolean; kind?: string }
  issues: Array<{ code: string; severity: string; message: string }>
}
const checkRow = (dir: string, file: string, args: string[] = []) => {
  const eventFile = join(dir, 'event.json')
  writeFileSync(eventFile, JSON.stringify({ format: 'muster-event', version: 1, name: 'Page test', ruleset: 'triumph' }))
  const r = muster([...args, 'check', '--event', eventFile, '--json', file])
  return { code: r.code, row: (JSON.parse(r.stdout) as { rows: Row[] }).rows[0] }
}

async function print(roster: unknown, kind: 'roster' | 'cards' | 'qrs' = 'roster', paper: 'a4' | 'letter' = 'a4') {
  const built = buildExport(bundledEngine(), roster, { kind, paper, fileName: 'legion.muster.json' })
  return { bytes: await renderPdf(built.doc), code: built.checkCode }
}

/** A player's legal file beside their illegal print-out, in a folder of its own. */
async function submission(printed: Uint8Array) {
  const dir = tempDir()
  const file = join(dir, 'legion.muster.json')
  writeFileSync(file, JSON.stringify(example('triumph-legal')))
  writeFileSync(join(dir, 'legion.pdf'), printed)
  return { dir, file, pdf: join(dir, 'legion.pdf') }
}

const setEntry = (doc: PDFDocument, code: string | undefined) => {
  const info = doc.context.lookup(doc.context.trailerInfo.Info) as PDFDict
  if (code === undefined) info.delete(PDFName.of('MusterCheckCode'))
  else info.set(PDFName.of('MusterCheckCode'), PDFString.of(code))
}

/** Every content stream of every page, rewritten. */
function rewritePages(doc: PDFDocument, edit: (text: string) => string) {
  for (const page of doc.getPages()) {
    const c = page.node.Contents()!
    const streams = c instanceof PDFArray ? c.asArray().map((r) => doc.context.lookup(r)) : [c]
    for (const s of streams) {
      if (!(s instanceof PDFRawStream)) continue
      const text = edit(inflateSync(s.contents).toString('latin1'))
      doc.context.assign(doc.context.getObjectRef(s)!, doc.context.flateStream(Buffer.from(text, 'latin1')))
    }
  }
}

/** The reviewer's forgery (/tmp/rev26/forge.ts): the printed code split, the legal code hidden on every page, the entry edited. */
async function forge(
  illegal: Uint8Array,
  legalCode: string,
  hide: (doc: PDFDocument, page: ReturnType<PDFDocument['getPages']>[number], font: Awaited<ReturnType<PDFDocument['embedFont']>>) => void
) {
  const doc = await PDFDocument.load(illegal, { updateMetadata: false })
  const font = await doc.embedFont(StandardFonts.Helvetica)
  // a "-300 300" pair (no movement at all) after the first glyph of every shown array: nothing on paper, a space to a naive reader
  rewritePages(doc, (text) => text.replace(/\[<([0-9a-f]{4})([0-9a-f]+)>/g, '[<$1> -300 300 <$2>'))
  for (const page of doc.getPages()) hide(doc, page, font)
  setEntry(doc, legalCode)
  return doc.save()
}

describe('a forged print-out is read as paper shows it (review finding 1)', () => {
  const legalCode = codeOf(example('triumph-legal'))

  const hiders: Array<[string, Parameters<typeof forge>[2]]> = [
    ['at zero opacity (an ExtGState ca 0), 1 point high', (_doc, page, font) => page.drawText(legalCode, { x: 10, y: 10, size: 1, font, opacity: 0 })],
    ['at zero opacity, full size', (_doc, page, font) => page.drawText(legalCode, { x: 40, y: 40, size: 8, font, opacity: 0 })],
    ['too small to read (1 point)', (_doc, page, font) => page.drawText(legalCode, { x: 40, y: 40, size: 1, font })],
    ['off the page', (_doc, page, font) => page.drawText(legalCode, { x: -4000, y: 40, size: 8, font })],
    ['in white', (_doc, page, font) => page.drawText(legalCode, { x: 40, y: 40, size: 8, font, color: rgb(1, 1, 1) })],
    [
      'in text render mode 3 (invisible)',
      (doc, page, font) => {
        const name = page.node.newFontDictionary('Fh', font.ref)
        const stream = doc.context.flateStream(Buffer.from(`BT /${name.asString().slice(1)} 8 Tf 3 Tr 40 40 Td (${legalCode}) Tj ET`, 'latin1'))
        page.node.addContentStream(doc.context.register(stream))
      }
    ]
  ]

  it.each(hiders)('the legal code hidden %s: "altered", an error, exit 1, in check and verify', async (_how, hide) => {
    const illegal = await print(example('triumph-illegal'))
    const { dir, file, pdf } = await submission(await forge(illegal.bytes, legalCode, hide))
    // the naive reading the review found: before this fix, the page "showed" only the legal code
    const pages = pagesText(await PDFDocument.load(readFileSync(pdf)))
    const codes = codesShown(pages)
    expect(
      codes.every((p) => p.shown.includes(illegal.code)),
      'the split code is read whole'
    ).toBe(true)
    expect(
      codes.some((p) => p.hidden.includes(legalCode)),
      'the hidden code is seen as hidden'
    ).toBe(true)
    const { code, row } = checkRow(dir, file)
    expect(row.issues.find((i) => i.code === 'event-printed-code-altered')?.message).toContain('does not show on paper')
    expect(row.printedCode).toMatchObject({ match: false, kind: 'altered' })
    expect(row.valid).toBe(false)
    expect(code).toBe(1)
    const v = muster(['verify', file, pdf])
    expect(v.stdout).toContain('ALTERED')
    expect(v.code).toBe(1)
  })

  it('the split alone (no entry edit) still reads the illegal code: a mismatch, not a match', async () => {
    const illegal = await print(example('triumph-illegal'))
    const doc = await PDFDocument.load(illegal.bytes, { updateMetadata: false })
    rewritePages(doc, (text) => text.replace(/\[<([0-9a-f]{4})([0-9a-f]+)>/g, '[<$1> -300 300 <$2>'))
    setEntry(doc, undefined)
    const { file, pdf } = await submission(await doc.save())
    const v = muster(['verify', file, pdf])
    expect(v.stdout).toContain('MISMATCH')
    expect(v.code).toBe(1)
  })

  it('the legal code drawn visibly beside the illegal one, entry edited: two codes, "altered"', async () => {
    const illegal = await print(example('triumph-illegal'))
    const { file, pdf } = await submission(
      await forge(illegal.bytes, legalCode, (_doc, page, font) => page.drawText(legalCode, { x: 40, y: 40, size: 8, font }))
    )
    const v = muster(['verify', file, pdf])
    expect(v.stdout).toContain('ALTERED')
    expect(v.code).toBe(1)
  })

  it('a page added to an honest print-out (no code at its foot): "altered", naming the page', async () => {
    const legal = await print(example('triumph-legal'))
    const doc = await PDFDocument.load(legal.bytes, { updateMetadata: false })
    const font = await doc.embedFont(StandardFonts.Helvetica)
    doc.addPage().drawText('Extra units', { x: 50, y: 700, size: 12, font })
    const { file, pdf } = await submission(await doc.save())
    const v = muster(['verify', file, pdf])
    expect(v.stdout).toContain(`not on page ${doc.getPageCount()} of ${doc.getPageCount()}`)
    expect(v.code).toBe(1)
  })

  it("codes are read with white space, zero-width and format characters taken out, look-alike letters and dashes as the code's own", () => {
    expect(codeText('AB\u200bCD \u2013 EF\u00adGH')).toBe('ABCD-EFGH')
    // Cyrillic А, Е, К and Greek Ο and Τ; a minus sign and a full-width digit
    expect(codeText('\u0410\u0415\u041a\u039f\u2212\u03a4\uff17')).toBe('AEKO-T7')
    const code = '1234-5678-9ABC-DEFG-HJKM-NPQR-STVW-XYZ0'
    const split = code.replace(/-/g, ' \u2010 ').replace(/A/, '\u0410')
    expect(codesShown([{ visible: `Check code${split}Rules`, hidden: '', all: `Check code${split}Rules` }])[0].shown).toEqual([code])
  })

  it('an unknown escape in a literal string keeps its character (PDF 32000-1, 7.3.4.2): "\\Q" reads Q', async () => {
    const code = '1234-5678-9ABC-DEFG-HJKM-NPQR-STVW-XYZ0'
    const doc = await PDFDocument.create()
    const page = doc.addPage()
    const font = await doc.embedFont(StandardFonts.Helvetica)
    const name = page.node.newFontDictionary('Fh', font.ref)
    const escaped = [...code].map((c) => (/[A-Z]/.test(c) ? `\\${c}` : c)).join('')
    page.node.addContentStream(
      doc.context.register(doc.context.flateStream(Buffer.from(`BT /${name.asString().slice(1)} 8 Tf 40 40 Td (${escaped}) Tj ET`, 'latin1')))
    )
    const read = await PDFDocument.load(await doc.save())
    expect(codesShown(pagesText(read))[0].shown).toEqual([code])
  })
})

describe('a print-out without its entry is judged on its pages (review finding 2)', () => {
  const strip = async (bytes: Uint8Array) => {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false })
    setEntry(doc, undefined)
    return doc.save()
  }

  it('an illegal print-out with the entry taken out, beside the legal file: a mismatch, an error, exit 1', async () => {
    const { dir, file, pdf } = await submission(await strip((await print(example('triumph-illegal'))).bytes))
    const { code, row } = checkRow(dir, file)
    expect(row.issues.map((i) => [i.code, i.severity])).toContainEqual(['event-printed-code-mismatch', 'error'])
    expect(row.valid).toBe(false)
    expect(code).toBe(1)
    const v = muster(['verify', file, pdf])
    expect(v.stdout).toContain('MISMATCH')
    expect(v.code).toBe(1)
  })

  it('an honest print-out re-saved by another program (no entry): a match, with a note saying the entry is missing', async () => {
    const { dir, file, pdf } = await submission(await strip((await print(example('triumph-legal'))).bytes))
    const { code, row } = checkRow(dir, file)
    expect(row.printedCode).toMatchObject({ match: true, kind: 'match' })
    expect(row.issues.map((i) => [i.code, i.severity])).toEqual([['event-printed-code-entry-missing', 'warning']])
    expect(row.issues[0].message).toContain('re-saved by another program')
    expect(row.valid).toBe(true)
    expect(code).toBe(0)
    const v = muster(['verify', file, pdf])
    expect(v.stdout).toContain('match:')
    expect(v.stdout).toContain('entry is missing')
    expect(v.code).toBe(0)
  })

  it('verify tells a PDF by its contents, not its name', async () => {
    const { file, dir } = await submission(await strip((await print(example('triumph-legal'))).bytes))
    const named = join(dir, 'print-out')
    writeFileSync(named, readFileSync(join(dir, 'legion.pdf')))
    const v = muster(['verify', file, named])
    expect(v.stdout).toContain('match:')
    expect(v.code).toBe(0)
  })

  it('no entry and no code text at all (a PDF that is not a Muster print-out): a warning, as before', async () => {
    const doc = await PDFDocument.create()
    doc.addPage().drawText('A list typed in a word processor', { x: 50, y: 700, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) })
    const { dir, file } = await submission(await doc.save())
    const { row } = checkRow(dir, file)
    expect(row.issues.map((i) => [i.code, i.severity])).toEqual([['event-printed-code-missing', 'warning']])
  })

  it('no entry, and pages that speak of a check code none of which can be read (taken off, or an old print-out re-saved): an error, not a shrug', async () => {
    const doc = await PDFDocument.create()
    doc
      .addPage()
      .drawText('Legion · Check code 2H08-7B6T-RGRC · Triumph! data 1.1.0', { x: 50, y: 700, size: 8, font: await doc.embedFont(StandardFonts.Helvetica) })
    const { dir, file } = await submission(await doc.save())
    const { code, row } = checkRow(dir, file)
    expect(row.issues.map((i) => [i.code, i.severity])).toEqual([['event-printed-code-unreadable', 'error']])
    expect(row.issues[0].message).toContain('Print the roster again with this Muster')
    expect(code).toBe(1)
  })

  it("an organiser checking with other data: a stock print-out's mismatch names the data the check used", async () => {
    const { dir, file, pdf } = await submission((await print(example('triumph-legal'))).bytes)
    const data = join(dir, 'data')
    mkdirSync(join(data, 'triumph'), { recursive: true })
    writeFileSync(join(data, 'triumph', 'costs.json'), JSON.stringify({ ruleset: 'triumph', costs: { artillery: 2 } }))
    const v = muster(['--data', data, 'verify', file, pdf])
    expect(v.stdout).toContain('or was printed with other rules data (this check used: Triumph! data')
    expect(v.stdout).toContain('checked with local data changes')
    expect(v.code).toBe(1)
  })
})

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
    const v = muster(['verify', file, pdf])
    expect(v.stderr).toContain('cannot read the pages')
    expect(v.code).toBe(2)
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

// Review finding 9: honest print-outs of every ruleset, legal and illegal, of every kind, match.
describe('honest print-outs match (review finding 9)', () => {
  const rulesets = ['wrg-1969', 'wrg-mk2', 'triumph', 'cca-miniatures', 'portable-ancients']
  const cases: Array<[string, string, 'roster' | 'cards' | 'qrs', 'a4' | 'letter', (r: Record<string, unknown>) => Record<string, unknown>]> = []
  for (const rs of rulesets)
    for (const legal of ['legal', 'illegal'])
      for (const kind of ['roster', 'cards', 'qrs'] as const)
        cases.push([`${rs}-${legal}`, 'plain', kind, rs === 'triumph' && legal === 'legal' ? 'letter' : 'a4', (r) => r])
  cases.push(['triumph-legal', 'Greek and Arabic names', 'roster', 'a4', (r) => ({ ...r, name: 'Λεγεὼν τῶν Ῥωμαίων جيش', player: 'Σωκράτης' })])
  cases.push([
    'wrg-mk2-legal',
    'many units (several pages)',
    'roster',
    'a4',
    (r) => ({ ...r, units: Array.from({ length: 60 }, (_, i) => (r.units as unknown[])[i % (r.units as unknown[]).length]) })
  ])
  cases.push([
    'portable-ancients-legal',
    'many units (several pages)',
    'cards',
    'letter',
    (r) => ({ ...r, units: Array.from({ length: 30 }, (_, i) => (r.units as unknown[])[i % (r.units as unknown[]).length]) })
  ])

  it.each(cases)('%s (%s), %s on %s: every page shows the code, nothing hides one, the verdict is a match', async (name, _what, kind, paper, change) => {
    const roster = change(example(name))
    const printed = await print(roster, kind, paper)
    const dir = tempDir()
    const pdf = join(dir, 'legion.pdf')
    writeFileSync(pdf, printed.bytes)
    const read = await readPrintedCode(pdf)
    const verdict = judgePrintedCode(pdf, read, (version) =>
      checkCode(roster, codeData(bundledEngine().ruleset(roster.ruleset as string)!, roster).version, version)
    )
    expect(verdict, JSON.stringify(read)).toMatchObject({ kind: 'match', printed: printed.code })
    if (_what.startsWith('many')) expect(read.ok && read.shown.ok && read.shown.pages.length).toBeGreaterThan(1)
  })

  it('the stock code of a bundled example is pinned: stock data and the code scheme unchanged', () => {
    // examples/triumph-legal.muster.json under the stock Triumph! data 1.4.0: with the stock data the
    // code hashes the data version alone, as codes printed before issue 26 did
    expect(codeOf(example('triumph-legal'))).toBe('TD89-SDH7-5FDB-547R-JMXY-BHDY-N3YA-F0MJ')
    expect(codeData(bundledEngine().ruleset('triumph')!, example('triumph-legal'))).toEqual({ version: '1.4.0' })
  })
})

// A roster name at the format's longest (200 characters) on US Letter unit cards left the page
// footer with no check code: pdfmake drops a footer's lines that do not fit under the page, and the
// footer put the name first. Now the code comes first and every header and footer that shows a
// name is one line, the name cut (with "…") to the room the rest leaves.
describe("a name at the format's longest: every page of every print-out carries the code", () => {
  const longest = rosterSchema.properties.name.maxLength
  const fill = (word: string) =>
    word
      .repeat(Math.ceil(longest / word.length))
      .slice(0, longest)
      .trim()
  const names: Array<[string, string]> = [
    ['words', fill('Legio ')],
    ['one long word', 'W'.repeat(longest)],
    ['Greek', fill('Λεγεών Ρωμαίων ')]
  ]
  const cases = names.flatMap(([what, name]) =>
    (['roster', 'cards', 'qrs'] as const).flatMap((kind) => (['letter', 'a4'] as const).map((paper) => [what, kind, paper, name] as const))
  )

  it('the names are the longest the format takes', () => {
    for (const [, name] of names) expect(Array.from(name).length).toBeGreaterThanOrEqual(longest - 1)
  })

  it.each(cases)('%s: %s on %s', async (_what, kind, paper, name) => {
    const r = example('triumph-legal')
    const units = r.units as unknown[]
    // cards on two pages (ten units and more)
    const roster = { ...r, name, player: fill('Σωκράτης '), units: kind === 'cards' ? [...units, ...units] : units }
    const opponent = kind === 'qrs' ? { ...r, name: [...name].reverse().join('') } : undefined
    const built = buildExport(bundledEngine(), roster, { kind, paper, fileName: `${'x'.repeat(120)}.muster.json`, ...(opponent ? { opponent } : {}) })
    const pages = codesShown(pagesText(await PDFDocument.load(await renderPdf(built.doc))))
    if (kind !== 'roster') expect(pages.length).toBeGreaterThan(1)
    pages.forEach((p, i) => expect(p, `page ${i + 1}`).toEqual({ shown: [built.checkCode], hidden: [] }))
  })

  it('fitLine: the names cut by measure to the room the rest leaves, on whole characters, with "…"', () => {
    const line = fitLine(['Check code ABCD · ', { cut: 'W'.repeat(200) }, ' against ', { cut: 'Ῥω'.repeat(100) }, ' · page 1 of 2'], 300, 6.5)
    expect(textWidth(line, 6.5)).toBeLessThanOrEqual(300)
    expect(line).toMatch(/^Check code ABCD · W+… against (Ῥω)+Ῥ?… · page 1 of 2$/u)
    expect(fitLine(['a ', { cut: 'short' }], 300, 6.5)).toBe('a short')
    // a letter and its combining mark stay together
    expect(fitWidth('e\u0301'.repeat(50), textWidth('e\u0301'.repeat(10), 7), 7)).toMatch(/^(e\u0301)+…$/u)
  })
})
