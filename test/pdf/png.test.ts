// Pages rendered to PNG with pdftoppm, one roster per ruleset (roster sheet, unit cards, quick
// reference against the ruleset's other example), plus a 60-unit roster on US Letter, into
// test-output/pdf/ to be looked at. The test checks each page rendered at the paper's size.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { wrgRoster } from '../../bench/rosters'
import { RULESETS, example, poppler, printPdf, renderPngs } from './pdf-support'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-pdf-png-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const DPI = 80

function pngSize(file: string): { width: number; height: number } {
  const b = readFileSync(file)
  expect(b.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) }
}

function expectPages(pngs: string[], pages: number, paper: 'a4' | 'letter', orientations: Array<'portrait' | 'landscape'>) {
  expect(pngs).toHaveLength(pages)
  const [w, h] = paper === 'a4' ? [595.28, 841.89] : [612, 792]
  for (const png of pngs) {
    expect(statSync(png).size).toBeGreaterThan(4000)
    const size = pngSize(png)
    const portrait = [Math.round((w * DPI) / 72), Math.round((h * DPI) / 72)]
    const ok = orientations.some((o) => {
      const [ew, eh] = o === 'portrait' ? portrait : [portrait[1], portrait[0]]
      return Math.abs(size.width - ew) <= 1 && Math.abs(size.height - eh) <= 1
    })
    expect(ok, `${png}: ${size.width}x${size.height}`).toBe(true)
  }
}

describe.skipIf(!poppler)('PNG pages for looking at (test-output/pdf/)', () => {
  it.each(RULESETS)('%s: roster, cards and quick reference', async (rs) => {
    const roster = example(`${rs}-legal`)
    for (const kind of ['roster', 'cards', 'qrs'] as const) {
      const printed = await printPdf(dir, rs, roster, kind, { opponent: kind === 'qrs' ? example(`${rs}-illegal`) : undefined })
      expectPages(renderPngs(printed.file, `${rs}-${kind}`, DPI), printed.pages, 'a4', kind === 'roster' ? ['portrait', 'landscape'] : ['portrait'])
    }
  })

  it('a 60-unit roster and its cards on US Letter', async () => {
    const roster = wrgRoster(60, 2)
    roster.name = 'Sixty units on Letter'
    roster.player = 'A. Tester'
    for (const kind of ['roster', 'cards'] as const) {
      const printed = await printPdf(dir, 'sixty-letter', roster, kind, { paper: 'letter' })
      expectPages(renderPngs(printed.file, `sixty-letter-${kind}`, DPI), printed.pages, 'letter', ['portrait', 'landscape'])
    }
  })
})
