// The roster PDF read back with pdftotext: for every unit of the sample rosters of all five
// rulesets, its row carries the right count, cost and game numbers; derived figures, verdict,
// issues and check code are printed; fonts are embedded Roboto; nothing runs past the margins;
// a 60-unit roster flows over pages with repeated headers and loses no unit; Triumph! battle cards
// are listed after the units and the totals add up.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Roster, Ruleset, Verdict } from '../../src-main/rules/types'
import { MARGINS } from '../../src-main/export/layout'
import { wrgRoster } from '../../bench/rosters'
import { repoRoot } from '../support/engine'
import { RULESETS, example, pdfFonts, pdfInfo, pdfPagesText, poppler, printPdf, unitRowLine, wordBoxes } from './pdf-support'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-pdf-roster-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const readData = <T>(rs: string, file: string): T => JSON.parse(readFileSync(join(repoRoot, 'data', 'rulesets', rs, file), 'utf8')) as T

interface RefData {
  unitColumns?: Array<{ id: string; attribute: string; values: Record<string, string> }>
}

/**
 * The numbers a unit's row must end with, worked out from the data files (not from the builder):
 * count, cost per count from the ruleset's cost table, total cost, then the troop type's stats
 * (those any unit of the roster has; text stats go under the name), the reference's unit columns
 * and the engine's per-unit figures.
 */
function expectedRow(rs: string, roster: Roster, verdict: Verdict, index: number): string[] {
  const ruleset = readData<Ruleset>(rs, 'ruleset.json')
  const ref = readData<RefData>(rs, 'reference.json')
  const troops = new Map(ruleset.troopTypes.map((t) => [t.id, t]))
  const unit = roster.units[index]
  const troop = troops.get(unit.troop)!
  const cost = troop.cost
  const each = typeof cost === 'number' ? cost : ((cost.table as Record<string, number>)[String(unit[cost.by[0]])] ?? 0)
  const used = roster.units.map((u) => troops.get(u.troop)!)
  const show = (v: unknown) => (v === undefined ? '-' : v === null ? '-*' : String(v))
  const stats = Object.keys(ruleset.stats).filter(
    (s) => used.some((t) => t.stats?.[s] !== undefined) && !used.some((t) => typeof t.stats?.[s] === 'string' && (t.stats[s] as string).length > 8)
  )
  const unitCols = (ref.unitColumns ?? []).filter((c) => roster.units.some((u) => c.values[String(u[c.attribute])] !== undefined))
  const figures = (ruleset.unitFigures ?? []).filter((f) => verdict.units!.some((u) => u.figures[f.id] !== undefined))
  return [
    String(unit.count),
    String(each),
    String(each * unit.count),
    ...stats.map((s) => show(troop.stats?.[s])),
    ...unitCols.map((c) => c.values[String(unit[c.attribute])] ?? '-'),
    ...figures.map((f) => show(verdict.units![index].figures[f.id]))
  ]
}

const samples = RULESETS.flatMap((rs) => [`${rs}-legal`, `${rs}-illegal`])

describe.skipIf(!poppler)('roster PDF', () => {
  it.each(samples)('%s: every unit row has its count, cost and game numbers', async (name) => {
    const rs = name.replace(/-(il)?legal$/, '')
    const roster = example(name) as unknown as Roster
    const printed = await printPdf(dir, name, roster, 'roster')
    const pages = pdfPagesText(printed.file)
    const v = printed.verdict
    expect(v.units!.length).toBe(roster.units.length)
    for (let i = 0; i < roster.units.length; i++) {
      const row = unitRowLine(pages, i)
      expect(row, `unit ${i + 1} row`).toBeDefined()
      const want = expectedRow(rs, roster, v, i)
      const tokens = row!.line.trim().split(/\s+/)
      expect(tokens.slice(-want.length), `unit ${i + 1}: ${row!.line}`).toEqual(want)
      // The engine agrees with the hand-worked cost.
      expect(String(v.units![i].cost)).toBe(want[2])
    }
    const all = pages.join('\n')
    expect(all).toContain(printed.checkCode)
    expect(all).toContain(printed.loaded.ruleset.name)
    expect(all).toContain(printed.armyName)
    expect(all).toMatch(v.valid ? /\bLEGAL\b/ : /\bILLEGAL: \d+ errors?/)
    const total = roster.units.reduce((s, u) => s + u.count, 0)
    expect(all).toMatch(new RegExp(`Total: ${roster.units.length} units?\\s+${total}\\s+${v.points}\\b`))
  })

  it.each(samples)('%s: derived figures, verdict and every issue are printed', async (name) => {
    const roster = example(name)
    const printed = await printPdf(dir, `${name}-figures`, roster, 'roster')
    const text = pdfPagesText(printed.file).join('\n')
    const flat = text.replace(/\s+/g, ' ')
    const labels = new Map(printed.loaded.ruleset.figures.map((f) => [f.id, f.label]))
    for (const [id, value] of Object.entries(printed.verdict.figures)) {
      if (id === 'points') continue
      if (typeof value === 'number') expect(text, id).toMatch(new RegExp(`^\\s*${labels.get(id)!.replace(/[()]/g, '.')}\\s+${value}\\b`, 'm'))
      else {
        // per unit: the unit's name where it has one, else "unit N" (never its id)
        const units = Array.isArray(roster.units) ? (roster.units as Array<{ id?: string; name?: string }>) : []
        for (const [key, n] of Object.entries(value)) {
          const unit = units.find((u) => u.id === key)
          const shown = unit?.name ?? (unit ? `unit ${units.indexOf(unit) + 1}` : key)
          expect(flat, `${id} ${key}`).toMatch(new RegExp(`${shown.replace(/[()]/g, '.')}: ${n}\\b`))
        }
      }
    }
    const limit = printed.verdict.limit
    expect(flat).toContain(limit === null ? `${printed.verdict.points} points (no limit set)` : `${printed.verdict.points} / ${limit} points`)
    for (const issue of printed.verdict.issues) {
      const start = issue.message.split(' ').slice(0, 4).join(' ')
      expect(text, issue.message).toContain(start)
    }
    if (printed.verdict.issues.length === 0) expect(text).toContain('No issues')
  })

  it('still prints rosters the engine finds broken: no units, an unknown troop type, a bad count', async () => {
    const base = example('wrg-1969-legal')
    const broken = [
      { ...base, units: [] },
      { ...base, units: [{ troop: 'war-chicken', count: 3 }, ...(base.units as unknown[])] },
      { ...base, units: [{ troop: 'heavy-infantry', count: 'many', status: 'regular' }, ...(base.units as unknown[])] }
    ]
    for (const [i, roster] of broken.entries()) {
      for (const kind of ['roster', 'cards', 'qrs'] as const) {
        const printed = await printPdf(dir, `broken-${i}`, roster, kind)
        const text = pdfPagesText(printed.file).join('\n')
        expect(printed.pages).toBeGreaterThan(0)
        if (kind === 'roster') expect(text).toContain('ILLEGAL')
      }
    }
    const unknown = pdfPagesText((await printPdf(dir, 'broken-1b', broken[1], 'roster')).file).join('\n')
    expect(unknown).toContain("unknown troop type 'war-chicken'")
    expect(unknown).toMatch(/^\s*1\s+war-chicken/m)
  })

  it('prints the player and year, and names the file in the verify hint', async () => {
    const roster = { ...example('wrg-1969-legal'), player: 'Quintus Tester' }
    const printed = await printPdf(dir, 'player', roster, 'roster')
    const text = pdfPagesText(printed.file).join('\n')
    expect(text).toMatch(/Player\s+Quintus Tester/)
    expect(text).toMatch(/Year\s+100 AD/)
    expect(text).toContain(`muster verify player.muster.json ${printed.checkCode}`)
    const camp = pdfPagesText((await printPdf(dir, 'camp', example('triumph-legal'), 'roster')).file).join('\n')
    expect(camp).toMatch(/Camp\s+garrisoned by Light Foot \(numeri\)/)
    // No ids under the units (the check code binds the file): the garrison is said in words.
    expect(camp).toMatch(/camp garrison/)
    expect(camp).not.toMatch(/\bid numeri\b/)
    // the army facts the ruleset declares (set-up ratings, home ground), those in force in the roster's year
    expect(camp).toMatch(/Invasion rating\s+3\b/)
    expect(camp).toMatch(/Maneuver rating\s+2\b/)
    expect(camp).toMatch(/Home topography\s+Arable, Hilly\b/)
    const british = (year: number) => ({ format: 'muster-roster', version: 1, ruleset: 'triumph', army: 'ancient-british', year, units: [] })
    expect(pdfPagesText((await printPdf(dir, 'caratacus', british(45), 'roster')).file).join('\n')).toMatch(/Maneuver rating\s+2\b/)
    expect(pdfPagesText((await printPdf(dir, 'boudica', british(60), 'roster')).file).join('\n')).toMatch(/Maneuver rating\s+1\b/)
    expect(text).not.toMatch(/Invasion rating|Home topography/)
  })

  it('embeds its fonts (Roboto subsets), never the standard 14', async () => {
    const printed = await printPdf(dir, 'fonts', example('triumph-legal'), 'roster')
    const fonts = pdfFonts(printed.file)
    expect(fonts.length).toBeGreaterThan(0)
    for (const f of fonts) {
      expect(f.embedded, f.name).toBe(true)
      expect(f.name).toMatch(/\+Roboto-/)
      expect(f.name).not.toMatch(/Helvetica|Times|Courier|Symbol|ZapfDingbats/)
    }
  })

  it('renders the same documents when several print at once (fonts are shared between documents)', async () => {
    const names = ['wrg-1969-legal', 'triumph-legal', 'wrg-mk2-illegal', 'portable-ancients-legal']
    const one = async (name: string, tag: string, kind: 'roster' | 'qrs' | 'cards') => {
      const printed = await printPdf(dir, `${name}-${tag}`, example(name), kind)
      return {
        text: pdfPagesText(printed.file)
          .join('\f')
          .replace(/\S+\.muster\.json/g, 'FILE'),
        fonts: pdfFonts(printed.file)
      }
    }
    const kinds = ['roster', 'qrs', 'cards'] as const
    const sequential: Array<Awaited<ReturnType<typeof one>>> = []
    for (const name of names) for (const kind of kinds) sequential.push(await one(name, `seq-${kind}`, kind))
    const parallel = await Promise.all(names.flatMap((name) => kinds.map((kind) => one(name, `par-${kind}`, kind))))
    parallel.forEach((p, i) => {
      expect(p.text).toBe(sequential[i].text)
      for (const f of p.fonts) expect(f.embedded && /\+Roboto-/.test(f.name)).toBe(true)
    })
  })

  it('keeps text searchable in later documents (shared fonts map every glyph back to its characters)', () => {
    // A fresh process, so the first document is the one that makes the shared fonts.
    const scratch = join(repoRoot, 'test-output', 'pdf-scratch')
    mkdirSync(scratch, { recursive: true })
    const script = join(scratch, `glyphs-${process.pid}.ts`)
    writeFileSync(
      script,
      `import { renderPdf } from ${JSON.stringify(join(repoRoot, 'src-main', 'export', 'write-pdf'))}
const doc = (text: string) => ({ pageSize: 'A4', pageOrientation: 'portrait', pageMargins: [40, 40, 40, 40], content: [{ text, bold: true }, { text }], defaultStyle: { font: 'Roboto' } }) as never
;(async () => {
  await renderPdf(doc('first \\u2026 : ;'))
  process.stdout.write((await renderPdf(doc('No. one.two 1.5, (a) [b]; c: d!'))).toString('base64'))
})()
`
    )
    try {
      const out = execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: repoRoot, encoding: 'utf8' })
      const file = join(dir, 'glyphs.pdf')
      writeFileSync(file, Buffer.from(out, 'base64'))
      expect(pdfPagesText(file).join('').replace(/\s+/g, ' ').trim()).toBe('No. one.two 1.5, (a) [b]; c: d! No. one.two 1.5, (a) [b]; c: d!')
    } finally {
      rmSync(script, { force: true })
    }
  })

  it('prints on US Letter when asked, A4 by default', async () => {
    const a4 = await printPdf(dir, 'a4', example('wrg-1969-legal'), 'roster')
    const letter = await printPdf(dir, 'letter', example('wrg-1969-legal'), 'roster', { paper: 'letter' })
    expect(pdfInfo(a4.file)['Page size']).toMatch(/\(A4\)/)
    expect(pdfInfo(letter.file)['Page size']).toMatch(/612 x 792|792 x 612/)
  })

  it.each(RULESETS)('%s: no word runs past the side margins or off the page', async (rs) => {
    for (const paper of ['a4', 'letter'] as const) {
      const printed = await printPdf(dir, `${rs}-bbox-${paper}`, example(`${rs}-legal`), 'roster', { paper })
      for (const w of wordBoxes(printed.file)) {
        expect(w.xMin, `${w.text} on page ${w.page}`).toBeGreaterThanOrEqual(MARGINS[0] - 1)
        expect(w.xMax, `${w.text} on page ${w.page}`).toBeLessThanOrEqual(w.pageWidth - MARGINS[2] + 1)
        expect(w.yMin).toBeGreaterThanOrEqual(0)
        expect(w.yMax).toBeLessThanOrEqual(w.pageHeight)
      }
    }
  })
})

describe.skipIf(!poppler)('a 60-unit roster', () => {
  it('flows over several pages, repeating the headers, without losing or splitting a unit', async () => {
    const roster = wrgRoster(60, 3)
    roster.name = 'Sixty units'
    roster.units[7].name = 'A unit with a rather long name that has to wrap inside its column on the printed roster sheet'
    roster.units[9].notes = 'Notes travel with the unit: ' + 'long '.repeat(40)
    const printed = await printPdf(dir, 'sixty', roster, 'roster')
    const pages = pdfPagesText(printed.file)
    expect(printed.pages).toBeGreaterThan(1)
    expect(pages.length).toBe(printed.pages)
    const rowsPerPage = pages.map(() => 0)
    for (let i = 0; i < 60; i++) {
      const row = unitRowLine(pages, i)
      expect(row, `unit ${i + 1}`).toBeDefined()
      rowsPerPage[row!.page - 1]++
      const want = expectedRow('wrg-1969', roster, printed.verdict, i)
      expect(row!.line.trim().split(/\s+/).slice(-want.length), `unit ${i + 1}`).toEqual(want)
      // exactly once
      const again = pages.flatMap((p) => p.split('\n')).filter((l) => new RegExp(`^\\s*${i + 1}\\s+[A-Z]`).test(l))
      expect(again.length, `unit ${i + 1} printed once`).toBe(1)
    }
    // Every page with units repeats the column header; pages after the first carry the running header.
    pages.forEach((text, p) => {
      if (rowsPerPage[p] > 0) expect(text, `page ${p + 1}`).toMatch(/#\s+Unit\s+Attributes\s+Figures\s+Each\s+Points/)
      if (p > 0) expect(text).toContain(`Sixty units · Early Imperial Roman`)
      expect(text).toContain(`page ${p + 1} of ${pages.length}`)
    })
    expect(rowsPerPage.filter((n) => n > 0).length).toBeGreaterThan(1)
    expect(pages.join('\n')).toContain('Total: 60 units')
    for (const w of wordBoxes(printed.file)) expect(w.xMax, w.text).toBeLessThanOrEqual(w.pageWidth - MARGINS[2] + 1)
  })
})

/** A rule case's roster (test/rules/<ruleset>/<name>.json), hand-computed there. */
const ruleCase = (rs: string, name: string): Roster =>
  (JSON.parse(readFileSync(join(repoRoot, 'test', 'rules', rs, `${name}.json`), 'utf8')) as { roster: Roster }).roster

describe.skipIf(!poppler)('battle cards on the roster sheet (Triumph!)', () => {
  it('lists every card after the units with what it is taken on, its count and points; the totals add up', async () => {
    // 45 points of stands + FC 1 + PT 1 + HL (2 cards, first free) 1 + SP 0 = 48 (the rule case's computation).
    const roster = ruleCase('triumph', 'battle-cards-legal-48')
    roster.battleCards![2].notes = 'The First and the Twentieth'
    const printed = await printPdf(dir, 'cards-48', roster, 'roster')
    const v = printed.verdict
    expect(v.valid).toBe(true)
    expect(v.points).toBe(48)
    expect(v.cards!.map((c) => c.cost)).toEqual([1, 1, 1, 0])
    const pages = pdfPagesText(printed.file)
    const text = pages.join('\n')
    const lines = text.split('\n')
    const line = (re: RegExp) => lines.find((l) => re.test(l))
    // After the units, before the derived figures.
    expect(text.indexOf('Battle cards')).toBeGreaterThan(text.indexOf('Subtotal: 6 units'))
    expect(text.indexOf('Battle cards')).toBeLessThan(text.indexOf('Derived figures'))
    expect(text).toMatch(/Battle card\s+Taken on\s+Count\s+Points/)
    expect(line(/Fortified Camp\s+FC/)).toMatch(/The camp is fortified\.\s+Army\s+1$/)
    expect(line(/Pack Train and Herds\s+PT/)).toMatch(/\s+Army\s+1$/)
    expect(line(/Hold the Line\s+HL/)).toMatch(/\s+Legionary cohorts\s+2 cards\s+1$/)
    expect(line(/Supportable\s+SP/)).toMatch(/\s+Auxiliary foot\s+0$/)
    expect(text).toContain('The First and the Twentieth')
    // The units' row is a subtotal of the stands' points; the army total under the cards is the verdict's.
    const unitPoints = v.units!.reduce((s, u) => s + u.cost, 0)
    expect(unitPoints).toBe(45)
    expect(text).toMatch(/Subtotal: 6 units\s+12\s+45\b/)
    expect(text).not.toMatch(/Total: 6 units/)
    expect(text).toMatch(/Total\s+45 for the units \+ 3 for 4 battle cards\s+48$/m)
    expect(text).toMatch(/Points\s+48 \/ 48 points\s+45 for units \(cost per stand\) \+ 3 for battle cards/)
    for (const w of wordBoxes(printed.file)) expect(w.xMax, w.text).toBeLessThanOrEqual(w.pageWidth - MARGINS[2] + 1)
  })

  it('counts stands where the card counts stands, and shows a card taken twice costs once', async () => {
    const mi = pdfPagesText((await printPdf(dir, 'cards-mi', ruleCase('triumph', 'battle-card-mobile-infantry-legal'), 'roster')).file).join('\n')
    expect(mi).toMatch(/Mobile Infantry\s+MI.*\s2 stands\s+1$/m)
    expect(mi).toMatch(/Total\s+47 for the units \+ 1 for 1 battle card\s+48$/m)
    // Deployment Dismounting on two options: one point for the army, on the first entry.
    const dd = pdfPagesText((await printPdf(dir, 'cards-dd', ruleCase('triumph', 'battle-card-once-per-army-legal'), 'roster')).file).join('\n')
    const rows = dd.split('\n').filter((l) => /Deployment Dismounting\s+DD/.test(l))
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatch(/\s1$/)
    expect(rows[1]).toMatch(/points counted with the first Deployment Dismounting above.*\s0$/)
    expect(dd).not.toMatch(/Taken on\s+Count/) // no card here counts: no Count column
    expect(dd).toMatch(/Total\s+47 for the units \+ 1 for 2 battle cards\s+48$/m)
  })

  it('names the battle card an issue is about', async () => {
    const roster = ruleCase('triumph', 'battle-cards-legal-48')
    roster.battleCards!.push({ card: 'HL', option: 'legionaries' })
    const printed = await printPdf(dir, 'cards-issue', roster, 'roster')
    const text = pdfPagesText(printed.file).join('\n')
    expect(printed.verdict.issues.some((i) => i.path === '/battleCards/4/card')).toBe(true)
    expect(text).toMatch(/ERROR\s+battle card Hold the Line \(HL\)\s+Hold the Line \(HL\) is taken twice/)
  })

  it('prints no battle-card table for a roster without cards', async () => {
    const text = pdfPagesText((await printPdf(dir, 'no-cards', example('triumph-legal'), 'roster')).file).join('\n')
    expect(text).not.toContain('Battle card')
    expect(text).toMatch(/Total: 7 units\s+13\s+48\b/)
  })
})
