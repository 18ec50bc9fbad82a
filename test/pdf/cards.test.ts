// Unit cards read back: one card per unit, nine to a page, each card's own area (cropped with
// pdftotext) holding the unit's name, count, cost, numbers and special rules; every word inside a
// card, on A4 and US Letter; a unit with too much to say continues on a second card; a battle card
// taken on an option is named on its units' cards.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Roster } from '../../src-main/rules/types'
import { CARD, cardData, fitCards } from '../../src-main/export/cards'
import { PAPER, type Paper } from '../../src-main/export/layout'
import { loadReference } from '../../src-main/export/load-reference'
import { wrgRoster } from '../../bench/rosters'
import { repoRoot } from '../support/engine'
import { muster } from '../support/cli'
import { RULESETS, example, pdfText, poppler, printPdf, wordBoxes } from './pdf-support'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-pdf-cards-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function slot(paper: Paper, i: number) {
  const p = PAPER[paper]
  const x0 = (p.width - CARD.columns * CARD.width) / 2
  const y0 = (p.height - CARD.rows * CARD.height) / 2
  const perPage = CARD.columns * CARD.rows
  const n = i % perPage
  return {
    page: Math.floor(i / perPage) + 1,
    x: x0 + (n % CARD.columns) * CARD.width,
    y: y0 + Math.floor(n / CARD.columns) * CARD.height,
    w: CARD.width,
    h: CARD.height,
    x0,
    y0
  }
}

/** The text of each card (cropped to its own area), whitespace flattened. */
function cardTexts(file: string, n: number, paper: Paper = 'a4'): string[] {
  return Array.from({ length: n }, (_, i) => {
    const s = slot(paper, i)
    return flat(pdfText(file, { ...s, page: s.page }))
  })
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const flat = (s: string) => s.replace(/\s+/g, ' ').trim()

/** The cards of a printed roster as the A4 PDF drew them, from what the print found. */
const printedCards = (roster: Roster, printed: Awaited<ReturnType<typeof printPdf>>) =>
  cardData({
    roster,
    verdict: printed.verdict,
    ruleset: printed.loaded.ruleset,
    armyName: printed.armyName,
    checkCode: printed.checkCode,
    paper: 'a4',
    reference: loadReference(printed.loaded)
  })

describe.skipIf(!poppler)('unit cards', () => {
  const cases = RULESETS.flatMap((rs) => [`${rs}-legal`, `${rs}-illegal`])

  it.each(cases)('%s: each unit has a card with its numbers and rules', async (name) => {
    const roster = example(name) as unknown as Roster
    const printed = await printPdf(dir, name, roster, 'cards')
    const cards = printedCards(roster, printed)
    const fitted = fitCards(cards)
    expect(printed.pages).toBe(Math.ceil(fitted.length / 9))
    expect(cards.length).toBe(roster.units.length)
    fitted.forEach(({ card }, i) => {
      const s = slot('a4', i)
      const text = pdfText(printed.file, { ...s, page: s.page })
      const t = flat(text)
      expect(t, `card ${i + 1}`).toContain(flat(card.title).split(' ').slice(0, 2).join(' '))
      if (card.continued) return
      const unit = roster.units[card.index]
      const report = printed.verdict.units![card.index]
      expect(t).toMatch(new RegExp(`\\b${unit.count} (figure|stand|unit)s?\\b`))
      expect(t).toContain(`${report.cost} point${report.cost === 1 ? '' : 's'}`)
      for (const [label, value] of card.stats) expect(t, `${card.title}: ${label}`).toMatch(new RegExp(`${esc(label)} ${esc(value)}(?![\\d.])`))
      for (const rule of card.rules) expect(t, rule).toContain(flat(rule).split(' ').slice(0, 3).join(' '))
    })
  })

  it('prints the special rules that apply: general, status, troop notes, matching exception rows', async () => {
    const w69 = cardTexts((await printPdf(dir, 'rules-1969', example('wrg-1969-legal'), 'cards')).file, 8)
    expect(w69[0]).toContain('With a unit: reaction +/-3')
    expect(w69[1]).toContain('Regular: reaction tests with 2,3,3,4,4,5 dice')
    expect(w69[6]).toContain('Moves 4" man-handled, 6" mule-drawn.')
    const tr = cardTexts((await printPdf(dir, 'rules-triumph', example('triumph-legal'), 'cards')).file, 7)
    expect(tr[0]).toContain("General's stand: +1 in close combat")
    expect(tr[1]).not.toContain("General's stand")
    expect(tr[4]).toContain('Beaten, not doubled: destroyed in open terrain against Knights or Chariots')
    expect(tr[2]).toContain('Doubled in open terrain by Heavy Foot, Horde, Light Spear, Pikes or Spear: evades instead')
  })

  it.each(['a4', 'letter'] as const)('%s: every word sits inside a card or in the page footer', async (paper) => {
    const roster = wrgRoster(20, 1)
    // Within the format's 1,000 characters of a unit's notes: 38 short lines, more than a card holds.
    roster.units[2].notes = 'A long note for the card.\n'.repeat(38)
    const printed = await printPdf(dir, `bbox-${paper}`, roster, 'cards', { paper })
    const words = wordBoxes(printed.file)
    expect(words.length).toBeGreaterThan(100)
    const s0 = slot(paper, 0)
    const gridBottom = s0.y0 + CARD.rows * CARD.height
    for (const w of words) {
      if (w.yMin >= gridBottom) continue // page footer
      const inside = [...Array(9).keys()].some((i) => {
        const s = slot(paper, i)
        return w.xMin >= s.x - 0.5 && w.xMax <= s.x + s.w + 0.5 && w.yMin >= s.y - 0.5 && w.yMax <= s.y + s.h + 0.5
      })
      expect(inside, `'${w.text}' page ${w.page} at ${w.xMin.toFixed(1)},${w.yMin.toFixed(1)}-${w.xMax.toFixed(1)},${w.yMax.toFixed(1)}`).toBe(true)
    }
    // The long note does not fit on one card: it continues on the next.
    expect(flat(pdfText(printed.file))).toContain('(continued)')
  })

  it('60 units make 60 cards on 7 pages, none lost', async () => {
    const roster = wrgRoster(60, 5)
    const printed = await printPdf(dir, 'sixty-cards', roster, 'cards')
    expect(printed.pages).toBe(7)
    for (let i = 0; i < 60; i++) {
      const s = slot('a4', i)
      const t = flat(pdfText(printed.file, { ...s, page: s.page }))
      expect(t, `card ${i + 1}`).toContain(roster.units[i].name!)
    }
  })
})

describe.skipIf(!poppler)('unit cards with battle cards (Triumph!)', () => {
  it("names a card taken on an option on the cards of that option's units", async () => {
    const roster = JSON.parse(readFileSync(join(repoRoot, 'test', 'rules', 'triumph', 'battle-cards-legal-48.json'), 'utf8')).roster as Roster
    const printed = await printPdf(dir, 'battle-cards', roster, 'cards')
    const texts = cardTexts(printed.file, roster.units.length)
    // Units 1-2 are legionaries (Hold the Line, 2 cards), 4 auxilia (Supportable); FC and PT are the army's.
    expect(texts[0]).toContain('Battle card: Hold the Line (HL), 2 cards')
    expect(texts[1]).toContain('Battle card: Hold the Line (HL), 2 cards')
    expect(texts[3]).toContain('Battle card: Supportable (SP)')
    for (const i of [2, 4, 5]) expect(texts[i]).not.toContain('Battle card')
    for (const t of texts) expect(t).not.toMatch(/Fortified Camp|Pack Train/)
  })
})

describe('a note no card can hold (issue 26 review)', () => {
  it('a legal roster whose unit has a long name and 1,000 characters of notes without a space: cut over continuation cards, every character kept, the export finishes', async () => {
    // Cutting the note at spaces took one word, "... ", on every card for ever: `export --pdf cards` never finished.
    const legal = JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as Roster
    const note = 'z'.repeat(1000)
    const roster = { ...legal, units: legal.units.map((u, i) => (i === 0 ? { ...u, name: 'Legio '.repeat(33).trim(), notes: note } : u)) }
    const dir2 = mkdtempSync(join(tmpdir(), 'muster-pdf-cards-note-'))
    try {
      const file = join(dir2, 'legion.muster.json')
      writeFileSync(file, JSON.stringify(roster))
      const r = muster(['export', file, '--pdf', 'cards', '-o', join(dir2, 'cards.pdf')], { timeoutMs: 60_000 })
      expect(r.timedOut).toBe(false)
      expect(r.code, r.stderr).toBe(0)
    } finally {
      rmSync(dir2, { recursive: true, force: true })
    }
    const printed = await printPdf(dir, 'long-note', roster, 'cards')
    expect(printed.verdict.valid).toBe(true)
    const first = fitCards(printedCards(roster, printed)).filter(({ card }) => card.index === 0)
    expect(first.length).toBeGreaterThan(1)
    expect(first.length).toBeLessThan(6)
    const rules = first.flatMap(({ card }) => card.rules).join('|')
    expect(rules.match(/z/g)).toHaveLength(1000)
  })
})
