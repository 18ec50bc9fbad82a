// Issue 26: honest print-outs match, whatever the ruleset, kind, paper and name.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PDFDocument } from 'pdf-lib'
import { buildExport } from '../../src-main/export'
import { checkCode } from '../../src-main/export/check-code'
import { renderPdf } from '../../src-main/export/write-pdf'
import { fitLine, fitWidth, textWidth } from '../../src-main/export/metrics'
import rosterSchema from '../../schemas/roster.schema.json'
import { codeData } from '../../src-main/rules/data-in-force'
import { codesShown } from '../../src-main/event/pdf-codes'
import { pagesText } from '../../src-main/event/pdf-text'
import { judgePrintedCode, readPrintedCode } from '../../src-main/event/printed-codes'
import { bundledEngine } from '../support/engine'
import { codeOf, example, print, tempDir } from '../support/printed-page'

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
