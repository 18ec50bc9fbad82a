// The "What to buy" sheet of the collection: fit reports worked out by the real services on a real
// library file, printed on A4 and US Letter and read back with pdftotext; page 1 rendered to PNG in
// test-output/pdf/ to be looked at.
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openLibrary, getCollection, type Library } from '../../src-main/store'
import { addItems, fitRosters, shoppingList } from '../../src-main/services/collection'
import { buildShoppingListDoc, type Paper } from '../../src-main/export'
import { renderPdfWithPages } from '../../src-main/export/write-pdf'
import type { Roster } from '../../src-main/rules/types'
import { bundledEngine, repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { pdfInfo, pdfText, poppler } from './pdf-support'

const engine = bundledEngine()
const tempDir = tempFolders('muster-shopping-')
let lib: Library
let dir: string

beforeEach(async () => {
  dir = tempDir()
  lib = await openLibrary(join(dir, 'library.sqlite'))
})
afterEach(() => lib.close())

const rulesetNames = Object.fromEntries([...engine.registry.rulesets.values()].map((l) => [l.ruleset.id, l.ruleset.name]))

const britons = {
  ruleset: 'triumph',
  army: 'ancient-british',
  units: [
    { troop: 'warband', count: 10, general: true },
    { troop: 'bad-horse', count: 2 }
  ]
} as unknown as Roster

const warband = (count: number) => ({ name: 'Gallic warband', count, ruleset: 'triumph', troop: 'warband' })

/** The items (8 Triumph! Warband stands unless told), the Britons fitted against them, the sheet rendered to a file. */
async function printed(paper: Paper, items = [warband(8)], rosters = [{ name: 'Britons', roster: britons }]) {
  addItems(lib.db, engine, items)
  const reports = fitRosters(engine, getCollection(lib.db).collection.items, rosters)
  const toBuy = shoppingList(reports)
  const doc = buildShoppingListDoc({ reports, toBuy, rulesetNames, paper, made: '2026-11-26' })
  const { pdf, pages } = await renderPdfWithPages(doc)
  const file = join(dir, `shopping-${paper}.pdf`)
  writeFileSync(file, pdf)
  return { file, pages, reports, toBuy }
}

const squash = (text: string) => text.replace(/\s+/g, ' ')

describe.skipIf(!poppler)('the "What to buy" sheet', () => {
  it.each(['a4', 'letter'] as const)('%s: the roster, what it lacks in stands and figures, the footnote', async (paper) => {
    const { file, pages, toBuy } = await printed(paper)
    expect(toBuy.map((m) => [m.troop, m.stands, m.figuresPerStand])).toEqual([
      ['warband', 2, 3],
      ['bad-horse', 2, 3]
    ])
    expect(pages).toBe(1)
    const info = pdfInfo(file)
    expect(info['Page size']).toContain(paper === 'a4' ? '595.28 x 841.89' : '612 x 792')
    const text = pdfText(file)
    const flat = squash(text)
    expect(flat).toContain('What to buy')
    expect(flat).toContain('To field any one of:')
    expect(flat).toContain('Britons (Triumph!, Ancient British): 8 of 12 stands covered')
    expect(flat).toMatch(/Troop type\s+Stands\s+Figures each\s+Figures\s+Count in the rules/)
    // Troop type, stands, figures each, figures, count in the rules: one row each.
    expect(text).toMatch(/^\s*Warband\s+2\s+3\s+6\s+2\s*$/m)
    expect(text).toMatch(/^\s*Bad Horse\s+2\s+3\s+6\s+2\s*$/m)
    expect(flat).toContain('Stands: the usual basing of each troop type. Each roster is fitted against the whole collection')
    expect(flat).toContain('the list holds the most any one roster needs.')
    expect(flat).toContain('Made 2026-11-26')
    expect(flat).toContain('page 1 of 1')
    expect(flat).not.toContain('Nothing to buy')

    // Page 1 as PNG, to be looked at.
    const out = join(repoRoot, 'test-output', 'pdf')
    mkdirSync(out, { recursive: true })
    execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '1', '-singlefile', file, join(out, `shopping-list-${paper}`)])
  })

  it('says there is nothing to buy when the collection fields every roster', async () => {
    const { file, toBuy } = await printed('a4', [warband(10), { name: 'Chariots', count: 2, ruleset: 'triumph', troop: 'bad-horse' }])
    expect(toBuy).toEqual([])
    const flat = squash(pdfText(file))
    expect(flat).toContain('What to buy')
    expect(flat).toContain('Britons (Triumph!, Ancient British): 12 of 12 stands covered')
    expect(flat).toContain('Nothing to buy: the collection fields every roster.')
    expect(flat).not.toContain('Troop type')
  })

  it('a heading and a table per ruleset, troop types with their attribute values', async () => {
    const gauls = {
      ruleset: 'wrg-1969',
      army: 'gallic',
      units: [{ troop: 'medium-infantry', count: 30, status: 'barbarian', class: 'D' }]
    } as unknown as Roster
    const { file, toBuy } = await printed(
      'a4',
      [warband(8)],
      [
        { name: 'Britons', roster: britons },
        { name: 'Gauls', roster: gauls }
      ]
    )
    const wrg = toBuy.find((m) => m.ruleset === 'wrg-1969')!
    // 8 stands of 3 figures are 24 of the 30 figures: 6 to buy, on stands of the usual basing.
    expect(wrg.count).toBe(6)
    const text = pdfText(file)
    const flat = squash(text)
    expect(flat).toContain(`Gauls (${rulesetNames['wrg-1969']}, Gallic): 24 of 30 figures covered`)
    // Each ruleset's name heads its own table, in the order of the list.
    const triumph = flat.indexOf('Triumph! Troop type')
    expect(triumph).toBeGreaterThan(0)
    expect(flat.indexOf(`${rulesetNames['wrg-1969']} Troop type`)).toBeGreaterThan(triumph)
    expect(text).toMatch(
      new RegExp(
        `^\\s*Medium infantry \\(status barbarian, class D\\)\\s+${wrg.stands}\\s+${wrg.figuresPerStand}\\s+${wrg.stands * wrg.figuresPerStand}\\s+6\\s*$`,
        'm'
      )
    )
    const out = join(repoRoot, 'test-output', 'pdf')
    execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '1', '-singlefile', file, join(out, 'shopping-list-two-rulesets')])
  })
})
