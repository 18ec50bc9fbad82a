// The units table's total row never sits alone at the top of a page: for rosters of many lengths
// around the page boundaries, on A4 and US Letter, the page with "Total: N units" (or "Subtotal",
// with Triumph! battle cards) also holds the last unit's row, above it; and every unit is printed
// exactly once, its number and name on one line (no row split over two pages).
// Before the fix (the total row was the table's own last row) these failed: WRG 1969 rosters of
// 17, 39 and 61 units on Letter and 37 and 58 on A4, the 60-unit Letter roster of png.test.ts, and
// Triumph! rosters with battle cards of 17 units on Letter and 16 on A4.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Roster, RosterUnit } from '../../src-main/rules/types'
import { wrgRoster } from '../../bench/rosters'
import { repoRoot } from '../support/engine'
import { pdfPagesText, poppler, printPdf } from './pdf-support'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-pdf-total-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const PAPERS = ['letter', 'a4'] as const
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A Triumph! roster with battle cards (its units' row is a subtotal) of n named units. */
function triumphRoster(n: number): Roster {
  const base = (JSON.parse(readFileSync(join(repoRoot, 'test', 'rules', 'triumph', 'battle-cards-legal-48.json'), 'utf8')) as { roster: Roster }).roster
  const extra = ['elite-foot', 'raiders', 'light-foot', 'javelin-cavalry']
  const units: RosterUnit[] = Array.from({ length: n }, (_, i) => ({
    ...(base.units[i] ?? { troop: extra[i % extra.length], count: 1 + (i % 4) }),
    name: `Unit ${i + 1}`
  }))
  return { ...base, units }
}

interface Checked {
  /** What is wrong, for the failure message; empty when all is well. */
  problems: string[]
  /** The last unit's row is the first unit row of its page (after page 1): the table breaks right there. */
  lastOpensPage: boolean
}

/**
 * Prints the roster and checks its units table: each unit's row once, with its name; the total (or
 * subtotal) row once, on the page of the last unit's row and below it.
 */
async function check(name: string, roster: Roster, paper: (typeof PAPERS)[number], totalWord: 'Total' | 'Subtotal'): Promise<Checked> {
  const printed = await printPdf(dir, name, roster, 'roster', { paper })
  const pages = pdfPagesText(printed.file).map((p) => p.split('\n'))
  const n = roster.units.length
  const problems: string[] = []
  const rowRe = (i: number) => new RegExp(`^\\s*${i + 1}\\s+${escape(roster.units[i].name!)}(\\s|$)`)
  const where = (re: RegExp) => pages.flatMap((lines, p) => lines.flatMap((line, l) => (re.test(line) ? [{ page: p + 1, line: l }] : [])))
  const rows = roster.units.map((_, i) => where(rowRe(i)))
  rows.forEach((found, i) => {
    if (found.length !== 1) problems.push(`unit ${i + 1} (${roster.units[i].name}) printed ${found.length} times`)
  })
  const numbered = where(/^\s*\d+\s+(Legate|Cohort \d+|Unit \d+)(\s|$)/)
  if (numbered.length !== n) problems.push(`${numbered.length} unit rows for ${n} units`)
  const bare = where(/^\s*\d+\s*$/)
  if (bare.length) problems.push(`a unit number alone on its line (a row split over pages) on page ${bare[0].page}`)
  const totals = where(new RegExp(`^\\s*${totalWord}: ${n} units?\\s`))
  if (totals.length !== 1) problems.push(`"${totalWord}: ${n} units" printed ${totals.length} times`)
  const last = rows[n - 1][0]
  const total = totals[0]
  if (last && total && (last.page !== total.page || last.line > total.line)) {
    problems.push(`"${totalWord}: ${n} units" on page ${total.page}, the last unit's row on page ${last.page}`)
  }
  const lastOpensPage = !!last && last.page > 1 && (rows[n - 2]?.[0]?.page ?? 0) < last.page
  return { problems: problems.map((p) => `${name} (${paper}): ${p}`), lastOpensPage }
}

describe.skipIf(!poppler)('the total row of the units table stays with the last units', () => {
  it.each(PAPERS)('%s: WRG 1969 rosters of 14 to 62 units (the table ends on pages 1 to 4)', async (paper) => {
    const problems: string[] = []
    const breaksAtLast: number[] = []
    for (let n = 14; n <= 62; n++) {
      const c = await check(`wrg-${n}`, wrgRoster(n, 2), paper, 'Total')
      problems.push(...c.problems)
      if (c.lastOpensPage) breaksAtLast.push(n)
    }
    expect(problems).toEqual([])
    // The range does cross page boundaries right at the last unit (there the total had been alone).
    expect(breaksAtLast.length, 'rosters whose last unit opens a page').toBeGreaterThanOrEqual(2)
  })

  it.each(PAPERS)('%s: the 60-unit roster with player and name (png.test.ts)', async (paper) => {
    const roster = wrgRoster(60, 2)
    roster.name = 'Sixty units on Letter'
    roster.player = 'A. Tester'
    const c = await check('sixty', roster, paper, 'Total')
    expect(c.problems).toEqual([])
  })

  it.each(PAPERS)('%s: Triumph! rosters with battle cards end in a subtotal row, kept with the last units too', async (paper) => {
    const problems: string[] = []
    const breaksAtLast: number[] = []
    for (let n = 12; n <= 21; n++) {
      const c = await check(`triumph-${n}`, triumphRoster(n), paper, 'Subtotal')
      problems.push(...c.problems)
      if (c.lastOpensPage) breaksAtLast.push(n)
    }
    expect(problems).toEqual([])
    expect(breaksAtLast.length).toBeGreaterThanOrEqual(1)
  })
})
