// Quick-reference sheets read back: the big tables of each ruleset are there with their numbers,
// and they are tailored: rows for troop types not on the table are left out, and an opponent
// roster brings in the rows and columns of the match-up.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MARGINS } from '../../src-main/export/layout'
import { RULESETS, example, pdfFonts, pdfPagesText, poppler, printPdf, renderPngs, wordBoxes } from './pdf-support'
import { buildQrsDoc } from '../../src-main/export/qrs'
import type { Reference } from '../../src-main/export/reference'
import { writePdfFile } from '../../src-main/export/write-pdf'
import type { Roster } from '../../src-main/rules/types'
import { bundledEngine } from '../support/engine'
import { rosterOf } from '../support/roster-of'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-pdf-qrs-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function qrs(name: string, roster: unknown, opponent?: unknown): Promise<string> {
  const printed = await printPdf(dir, name, roster, 'qrs', { opponent })
  return pdfPagesText(printed.file).join('\n')
}

/** A line with these cells in order, separated by layout spaces. */
const row = (...cells: Array<string | number>) =>
  new RegExp(`^\\s*${cells.map((c) => String(c).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+')}\\s*$`, 'm')

describe.skipIf(!poppler)('quick-reference sheets', () => {
  it("WRG 1969: reaction charts for the roster's classes, the casualty table, weapon factors for its troops", async () => {
    const t = await qrs('w69', example('wrg-1969-legal'))
    // The legal example has classes B and C only.
    expect(t).toMatch(/Result\s+B\s+C\s*$/m)
    expect(t).toMatch(row('Halt, 2 periods', '3 to 4', '4 to 5'))
    expect(t).toMatch(row('Move towards the nearest enemy, 2 periods', '9 to 12', '10 to 13'))
    expect(t).toMatch(row('Uncontrolled advance to contact, 2 periods', '16+', '16+'))
    // Casualty table: every row, e.g. factor 0 and 12 (the two corrected cells: 9 and 202).
    expect(t).toMatch(row(0, 1, 1, 2, 3, 3, 4, 4, 5, 6, 6, 7, 7, 8, 9, 9, 10, 10, 11, 12, 12))
    expect(t).toMatch(row(12, 13, 25, 38, 50, 63, 76, 88, 101, 114, 126, 139, 151, 164, 176, 189, 202, 214, 227, 240, 252))
    expect(t).toMatch(row(-5, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3))
    // Hand-to-hand: infantry and cavalry rows, all columns; no elephant or chariot rows (none in the army).
    expect(t).toMatch(row(6, 'Infantry with sword, pilum and javelins', 0, 1, 2, 3, 4, 5, 3, 2, 3))
    expect(t).toMatch(/^\s*1\s+Cavalry, Roman or Sarmatian, with 12' kontos\s+2\s+4\s+5\s+3\s+3\s+4\s+3\s+0\s+2\s*$/m)
    expect(t).not.toContain('Elephant and crew')
    expect(t).not.toContain('Chariot and crew')
    expect(t).toMatch(row('Darts, javelins, slings, staff-slings, bows', 0, 3, 4, 1, 2, 3, 1, 1, 1))
    // Troop table: only the roster's troop types.
    expect(t).toMatch(row('Heavy infantry', 'regular 8, barbarian 9', 4, 6, '-', 0.5, '-'))
    expect(t).not.toMatch(/^\s*Elephant\s+barbarian 25/m)
    expect(t).toMatch(row('Sling', 120, 12))
  })

  it('WRG 1969 against an opponent: their weapons against your troop types, yours against theirs', async () => {
    const t = await qrs('w69-vs', example('wrg-1969-legal'), example('wrg-1969-illegal'))
    expect(t).toContain('against Legion with borrowed elephants')
    expect(t).toContain('Their hand-to-hand weapons against you')
    // The opponent's elephant: its row appears in the mirror table, over this army's columns.
    expect(t).toMatch(row(12, 'Elephant and crew', 3, 2, 5, 5, 5))
    // Our rows only over the opponent's troop types (HC, HI, LI, El).
    expect(t).toMatch(/Weapons\s+HC\s+HI\s+LI\s+El\s*$/m)
    expect(t).toMatch(/^\s*Elephant\s+enemy\s+barbarian 25/m)
  })

  it('Mark 2: commanders and classes of the roster, action costs, control and rally, movement', async () => {
    const t = await qrs('mk2', example('wrg-mk2-legal'))
    expect(t).toMatch(row('Above average', 3, 8))
    expect(t).toMatch(row('Average', 2, 6))
    expect(t).not.toMatch(/^\s*Genius\s/m)
    expect(t).toMatch(row('B', 2, 5, '3+'))
    expect(t).toMatch(row('E', 0, 2, '6'))
    expect(t).not.toMatch(row('A', 2, 6, '2+'))
    expect(t).toMatch(row('Charge', 2, 1))
    expect(t).toMatch(row('Break off from melee', 2, 3))
    expect(t).toMatch(row('Countercharge', 2, 1))
    expect(t).toMatch(row('Light cavalry', '16"', '20"'))
    expect(t).toMatch(row('Engines', '18"', '48"'))
    expect(t).toMatch(/Initial action-point pool: 21/)
    expect(t).toContain('Rally test')
    expect(t).not.toContain('Routing elephants') // no elephants in either army
  })

  it('Triumph!: combat factors and movement for the troops on the table, combat results and exceptions of the match-up', async () => {
    const alone = await qrs('triumph', example('triumph-legal'))
    expect(alone).toMatch(row('Elite Foot', 'EFT', 4, 'close', 5, 3, '-', 3, 3, '-'))
    expect(alone).toMatch(row('Artillery', 'ART', 3, 'close', 2, 2, 4, 3, 2, 8))
    expect(alone).toMatch(row('Doubled', 'Destroyed (exceptions: evade, panic)'))
    // Moves are the troop table's Move column (no second movement table).
    expect(alone).toMatch(row('Javelin Cavalry', 'JCV', 4, 'open', 3, 2, '-', 2, 8, '-'))
    expect(alone).not.toContain('Movement distances')
    // Troop table and exceptions: nothing about types neither fielded nor met (no Horse Bow, Knights, Skirmishers rows).
    expect(alone).not.toMatch(/^\s*Skirmishers\s+SKM/m)
    expect(alone).not.toMatch(/Horse Bow, Elite Cavalry\s+in open terrain/)
    // ... but what this army's stands do to others is kept: its mounted make Skirmishers evade.
    expect(alone).toMatch(/Skirmishers\s+in difficult terrain\s+any mounted/)
    const vs = await qrs('triumph-vs', example('triumph-legal'), example('triumph-illegal'))
    expect(vs).toMatch(row('Elephants', 'enemy', 'ELE', 4, 'close', 5, 4, '-', 3, 4, '-'))
    // Their elephants shatter against our light foot, raiders and javelin cavalry; our foot shatter against their warriors.
    // (The match-up's short shattered table prints beside the close-combat outcome: its cells wrap,
    // each line of it after the other column's text on the same line.)
    expect(vs).toMatch(/Elephants\s+against Skirmishers, Light Foot,\n.*Javelin Cavalry, Rabble or\n.*Raiders/)
    expect(vs).toMatch(/Elite Foot, Horde, Pikes, Heavy\s+in open terrain against Knights\n.*Foot, Pavisiers, Spear\s+or Chariots, or against Warriors\n/)
    expect(vs).toContain('Stands: 13')
    expect(vs).toContain('Enemy points to destroy: 16')
  })

  it('C&C: the unit table, card hand, morale dice and the 25mm options in the roster', async () => {
    const t = await qrs('cca', example('cca-miniatures-legal'))
    expect(t).toMatch(row('Praetorian Guard', '-', 9, 6, 1, 6, '-', '-', '-'))
    expect(t).toMatch(row('Light infantry', 'LI', 1.5, 4, 2, 2, 2, 2, 1))
    expect(t).toMatch(/Ballistae\s+-\s+4\s+2\s+1\s+-\*\s+-\*\s+-\*\s+-\*/)
    // The card-hand table shares its row with the set-up list (two narrow blocks side by side).
    expect(t).toMatch(/^\s*CinC\s+\+2\s/m)
    expect(t).toMatch(/^\s*Each sub-general\s+\+1\s/m)
    // The roster's eagle brings in the eagle's morale line; no druid, so no druid line.
    expect(t).toMatch(/-4\s+Own eagle in enemy hands/)
    expect(t).not.toContain('Druid eliminated')
    expect(t).toMatch(/Praetorian Guard\s+9\s+6 dice/)
    expect(t).not.toContain('Fanatic warband')
    expect(t).toContain('Card hand size: 4')
  })

  // Issue 39, point 14: the seed gives the Druid no move. The sheet printed "?" (Muster not knowing?);
  // it prints a dash marked for one footnote that says the rules give none.
  it('C&C: a number the rules do not give (the Druid\'s move) is a marked dash with one footnote, never "?"', async () => {
    const celts = rosterOf('cca-miniatures', 'celtic', {
      units: [
        { troop: 'cinc', count: 1 },
        { troop: 'druid', count: 1 },
        { troop: 'warriors', count: 4 }
      ]
    })
    const printed = await printPdf(dir, 'cca-druid', celts, 'qrs')
    const t = pdfPagesText(printed.file).join('\n')
    expect(t).toMatch(row('Druid', '-', 8, 4, '-*', 1))
    expect(t.match(/\* The rules give no number for this\./g)).toHaveLength(1)
    // Only the header's ? are questions; no table cell is one.
    expect(t.split('\n').filter((l) => /(^|\s)\?(\s|$)/.test(l))).toEqual([])
    renderPngs(printed.file, 'qrs-cca-druid-no-number', 100)
  })

  it('Portable Wargame: units, hit and quality tables, exhaustion point', async () => {
    const t = await qrs('pw', example('portable-ancients-legal'))
    expect(t).toMatch(row('Unarmoured melee infantry', 3, 2, 4, '-', '-'))
    expect(t).toMatch(row('Missile-armed infantry', 3, 2, 5, 3, 5))
    expect(t).toMatch(row('Elite', '1-2', '3-6'))
    expect(t).toMatch(row('Average', '1-3', '4-6'))
    expect(t).toMatch(row('Poor', '1-4', '5-6'))
    expect(t).toMatch(/Exhaustion point: 10/)
    expect(t).not.toMatch(/^\s*Heavy cavalry\s/m)
  })

  it('a reference table longer than a page runs over pages with its header, losing no row', async () => {
    const engine = bundledEngine()
    const roster = example('triumph-legal')
    const verdict = engine.check(roster)
    const loaded = engine.ruleset('triumph')!
    const rows = Array.from({ length: 130 }, (_, i) => ({ cells: { n: i + 1, what: `row number ${i + 1} of a long house-rules table` } }))
    const reference: Reference = {
      ruleset: 'triumph',
      source: { seed: 'test' },
      notes: ['synthetic'],
      sections: [
        { id: 'filler', title: 'Filler', blocks: [{ kind: 'text', id: 'intro', text: 'Some text before the long table. '.repeat(40) }] },
        {
          id: 'long',
          title: 'Long section',
          blocks: [
            {
              kind: 'table',
              id: 'long-table',
              title: 'A long table',
              columns: [
                { key: 'n', label: 'No.', align: 'right', width: 30 },
                { key: 'what', label: 'What', width: '*' }
              ],
              rows
            }
          ]
        }
      ]
    }
    const doc = buildQrsDoc({
      roster: roster as unknown as Roster,
      verdict,
      ruleset: loaded.ruleset,
      armyName: 'Early Imperial Roman',
      reference,
      checkCode: 'TEST-TEST-TEST',
      paper: 'a4'
    })
    const file = join(dir, 'long.pdf')
    const { pages } = await writePdfFile(doc, file)
    expect(pages).toBeGreaterThan(2)
    const texts = pdfPagesText(file)
    for (let i = 1; i <= 130; i++) expect(texts.join('\n'), `row ${i}`).toMatch(new RegExp(`^\\s*${i}\\s+row number ${i} of a long`, 'm'))
    texts.forEach((t, p) => {
      if (/row number/.test(t)) expect(t, `page ${p + 1}`).toMatch(/No\.\s+What/)
    })
    // The heading is never the last thing on a page.
    texts.forEach((t) => expect(t.trimEnd().split('\n').slice(-3).join('\n')).not.toMatch(/A long table\s*$/))
  })

  it.each(RULESETS)('%s: fonts embedded, nothing past the side margins', async (rs) => {
    const printed = await printPdf(dir, `${rs}-check`, example(`${rs}-legal`), 'qrs', { opponent: example(`${rs}-illegal`), paper: 'letter' })
    for (const f of pdfFonts(printed.file)) expect(f.embedded && /Roboto/.test(f.name), f.name).toBe(true)
    for (const w of wordBoxes(printed.file)) {
      expect(w.xMin, w.text).toBeGreaterThanOrEqual(MARGINS[0] - 1)
      expect(w.xMax, w.text).toBeLessThanOrEqual(w.pageWidth - MARGINS[2] + 1)
    }
  })
})
