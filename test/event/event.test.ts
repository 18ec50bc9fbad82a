// Tournament checking: an event folder of 31 submissions across rulesets (legal ones, broken files,
// a wrong ruleset, armies and years outside the period, a banned army, allies where none are
// allowed, over the limit, a missing player, a player who sent two) with the expected report, in
// every output format; the HTML page opened in Chromium and screenshotted.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solveArmy } from '../../src-main/rules'
import { checkEvent, type EventProfile } from '../../src-main/event/check-event'
import { toCsv, toHtml, toText } from '../../src-main/event/report'
import { submittedFiles } from '../../src-main/cli/check'
import { readSubmissions } from '../../src-main/services/event-input'
import { muster } from '../support/cli'
import { bundledEngine, repoRoot } from '../support/engine'
import { chromiumPath, launchChromium } from '../support/browser'
import { screens, screenshot } from '../support/screens'

const engine = bundledEngine()
const triumph = engine.ruleset('triumph')!
const dir = mkdtempSync(join(tmpdir(), 'muster-event-'))
const folder = join(dir, 'submissions')
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const event: EventProfile = {
  format: 'muster-event',
  version: 1,
  name: 'Salute Triumph! 2026',
  date: '2026-04-18',
  ruleset: 'triumph',
  pointsLimit: 48,
  dates: { from: -500, to: 100 },
  armies: { banned: ['later-sarmatian'] },
  allies: false,
  requiredFields: ['player']
}

/** expected error/warning codes per file, worked out from how each file was made */
const expected: Record<string, string[]> = {}

function legalRoster(armyId: string, player: string) {
  const army = triumph.armies.get(armyId)!
  const year = Math.max(army.dates[0].from, -500)
  const r = solveArmy(triumph, armyId, { year })
  if (!r.ok) throw new Error(`${armyId}: ${r.reason}`)
  return { ...r.roster, player, name: `${army.name} of ${player}` }
}

function submit(file: string, content: unknown, codes: string[]) {
  writeFileSync(join(folder, file), typeof content === 'string' ? content : JSON.stringify(content, null, 2))
  expected[join(folder, file)] = codes
}

beforeAll(() => {
  mkdirSync(folder)
  const inPeriod = [...triumph.armies.values()].filter((a) => a.id !== 'later-sarmatian' && a.dates.some((d) => d.to >= -500 && d.from <= 100)).map((a) => a.id)
  expect(inPeriod.length).toBeGreaterThanOrEqual(18)
  inPeriod.slice(0, 18).forEach((id, i) => submit(`legal-${String(i + 1).padStart(2, '0')}.muster.json`, legalRoster(id, `Player ${i + 1}`), []))
  // 48 points plus one more stand from an option that still has room: over 48, nothing else wrong
  const over = legalRoster('early-imperial-roman', 'Over Limit')
  const used = (key: string) => over.units.filter((u) => u.option === key).reduce((n, u) => n + u.count, 0)
  const room = triumph.armies.get('early-imperial-roman')!.options.find((o) => o.max != null && used(o.id) < o.max && !o.dates)!
  over.units.push({ troop: room.troops[0], count: 1, option: room.id })
  submit('over-limit.muster.json', over, ['points-over-limit'])
  submit(
    'wrong-ruleset.muster.json',
    { ...JSON.parse(readFileSync(join(repoRoot, 'examples', 'wrg-1969-legal.muster.json'), 'utf8')), player: 'Wrong Ruleset' },
    ['event-wrong-ruleset']
  )
  const swiss = solveArmy(triumph, 'later-swiss-213b')
  if (!swiss.ok) throw new Error(swiss.reason)
  submit('late-army.muster.json', { ...swiss.roster, player: 'Too Late' }, ['event-army-out-of-period', 'event-year-out-of-period'])
  const eir = solveArmy(triumph, 'early-imperial-roman', { year: 150 })
  if (!eir.ok) throw new Error(eir.reason)
  submit('late-year.muster.json', { ...eir.roster, player: 'Late Year' }, ['event-year-out-of-period'])
  submit('banned.muster.json', legalRoster('later-sarmatian', 'Banned Army'), ['event-army-banned'])
  // Early Imperial Roman with its German allies (16 BC - 16 AD): 3 EFT 12 + JCV 4 + 3 RDR 12 + 2 WRR 6 + RBL 2 = 36
  submit(
    'allies.muster.json',
    {
      format: 'muster-roster',
      version: 1,
      ruleset: 'triumph',
      army: 'early-imperial-roman',
      year: 0,
      player: 'With Allies',
      units: [
        { troop: 'elite-foot', count: 1, general: true },
        { troop: 'elite-foot', count: 2 },
        { troop: 'javelin-cavalry', count: 1, option: 'ala-horse' },
        { troop: 'raiders', count: 3 },
        { troop: 'warriors', count: 2, option: 'german.german.warriors' },
        { troop: 'rabble', count: 1, option: 'german.german.javelinmen' }
      ]
    },
    ['event-allies-not-allowed', 'points-under-limit']
  )
  const { player: _dropped, ...anonymous } = legalRoster('early-imperial-roman', 'x')
  submit('no-player.muster.json', anonymous, ['event-missing-field'])
  submit('hannibal-1.muster.json', legalRoster('later-carthaginian', 'Hannibal Barca'), ['event-duplicate-player'])
  submit('hannibal-2.muster.json', legalRoster('later-carthaginian', '  hannibal   barca '), ['event-duplicate-player'])
  submit('broken.muster.json', '{"format": "muster-roster", "units": [', ['unreadable'])
  submit('empty.muster.json', '', ['unreadable'])
  submit('not-a-roster.json', [1, 2, 3], ['invalid-roster'])
  submit('limit-50.muster.json', { ...legalRoster('seleucid', 'Own Limit'), pointsLimit: 50 }, ['event-points-limit'])
})

describe('muster check --event', () => {
  it('reports every submission with the expected issues, and the summary', () => {
    const report = checkEvent(engine, event, readSubmissions(submittedFiles([folder])))
    expect(report.rows).toHaveLength(31)
    for (const row of report.rows) {
      const codes = row.issues.map((i) => i.code).sort()
      expect(codes, row.file).toEqual([...expected[row.file]].sort())
    }
    const legal = Object.values(expected).filter((c) => c.every((code) => ['points-under-limit', 'event-points-limit'].includes(code))).length
    expect(report.summary).toEqual({ submissions: 31, legal, illegal: 31 - legal - 2, unreadable: 2, players: 26 })
    expect(legal).toBe(19)
    const hannibal = report.rows.find((r) => r.file.endsWith('hannibal-1.muster.json'))!
    expect(hannibal.issues[0].message).toBe(`Hannibal Barca submitted 2 rosters; also ${join(folder, 'hannibal-2.muster.json')}.`)
    const late = report.rows.find((r) => r.file.endsWith('late-army.muster.json'))!
    expect(late.issues.map((i) => i.message)).toContain("Later Swiss (1425-1477 AD) is outside the event's period, 500 BC - 100 AD.")
  })

  it('prints a table, JSON, CSV and HTML with the right exit codes; unreadable files make it 2', () => {
    const eventFile = join(dir, 'event.json')
    writeFileSync(eventFile, JSON.stringify(event))
    const table = muster(['check', '--event', eventFile, folder])
    expect(table.code).toBe(2)
    expect(table.stdout).toContain('Salute Triumph! 2026 (2026-04-18): Triumph!, 48 points, armies of 500 BC - 100 AD')
    expect(table.stdout).toContain('31 submissions: 19 legal, 10 illegal, 2 unreadable')
    const json = JSON.parse(muster(['check', '--event', eventFile, '--json', folder]).stdout)
    expect(json.summary.legal).toBe(19)
    const csv = muster(['check', '--event', eventFile, '--csv', folder]).stdout.split('\r\n')
    expect(csv[0]).toBe('file,player,roster,ruleset,army,points,limit,status,errors,warnings,issues')
    expect(csv).toHaveLength(33)
    const htmlFile = join(dir, 'report.html')
    const written = muster(['check', '--event', eventFile, '--html', '-o', htmlFile, folder])
    expect(written.stdout.trim()).toBe(`31 submissions: 19 legal, 10 illegal, 2 unreadable; report written to ${htmlFile}`)
    expect(readFileSync(htmlFile, 'utf8')).toContain('<h1>Salute Triumph! 2026</h1>')
    // only legal rosters: exit 0
    const good = join(dir, 'good')
    mkdirSync(good)
    writeFileSync(join(good, 'a.json'), readFileSync(join(folder, 'legal-01.muster.json')))
    expect(muster(['check', '--event', eventFile, good]).code).toBe(0)
    writeFileSync(join(good, 'b.json'), readFileSync(join(folder, 'over-limit.muster.json')))
    expect(muster(['check', '--event', eventFile, good]).code).toBe(1)
  })

  it('compares the check code printed on a submitted PDF with the roster file beside it', () => {
    const printed = join(dir, 'printed')
    mkdirSync(printed)
    const ok = join(printed, 'ann.muster.json')
    const edited = join(printed, 'bob.muster.json')
    writeFileSync(ok, JSON.stringify(legalRoster('early-imperial-roman', 'Ann')))
    writeFileSync(edited, JSON.stringify(legalRoster('seleucid', 'Bob')))
    expect(muster(['export', ok, '--pdf', 'roster']).code).toBe(0) // writes ann-roster.pdf
    expect(muster(['export', edited, '--pdf', 'roster']).code).toBe(0)
    // Bob changes his list after printing it: a unit renamed is enough to change the code
    const bob = JSON.parse(readFileSync(edited, 'utf8')) as { units: Array<Record<string, unknown>> }
    bob.units[0].name = 'Argyraspides'
    writeFileSync(edited, JSON.stringify(bob))
    const eventFile = join(dir, 'event.json')
    writeFileSync(eventFile, JSON.stringify(event))
    const json = JSON.parse(muster(['check', '--event', eventFile, '--json', printed]).stdout) as {
      rows: Array<{ file: string; valid: boolean; printedCode?: { match: boolean; printed: string; computed: string }; issues: Array<{ code: string }> }>
    }
    const [ann, bobRow] = [json.rows.find((r) => r.file === ok)!, json.rows.find((r) => r.file === edited)!]
    expect(ann.printedCode?.match).toBe(true)
    expect(ann.valid).toBe(true)
    expect(bobRow.printedCode?.match).toBe(false)
    expect(bobRow.printedCode!.printed).not.toBe(bobRow.printedCode!.computed)
    expect(bobRow.issues.map((i) => i.code)).toEqual(['event-printed-code-mismatch'])
    expect(bobRow.valid).toBe(false)
    expect(muster(['verify', edited, bobRow.printedCode!.printed]).code).toBe(1)
  })

  it('refuses a bad event profile with one line', () => {
    const bad = join(dir, 'bad-event.json')
    writeFileSync(bad, JSON.stringify({ format: 'muster-event', version: 1, name: 'X' }))
    const r = muster(['check', '--event', bad, folder])
    expect(r.code).toBe(2)
    expect(r.stderr.trim()).toBe(`muster: ${bad}: not a Muster event profile: (top level): must have required property 'ruleset'`)
  })

  it('escapes what players wrote in the HTML and CSV', () => {
    const report = checkEvent(engine, event, [
      { file: 'x.json', data: { ...legalRoster('early-imperial-roman', '<script>alert(1)</script>, "Bob"'), name: 'a,b' } }
    ])
    const html = toHtml(report)
    expect(html).not.toContain('<script>alert')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;, &quot;Bob&quot;')
    expect(toCsv(report).split('\r\n')[1]).toContain('"<script>alert(1)</script>, ""Bob"""')
    expect(toText(report)).toContain('1 submission: 1 legal, 0 illegal, 0 unreadable')
  })

  it.skipIf(!chromiumPath)('the HTML report in Chromium (screenshot in test-output/screens)', async () => {
    const report = checkEvent(engine, event, readSubmissions(submittedFiles([folder])))
    const file = join(dir, 'report.html')
    writeFileSync(file, toHtml(report))
    const browser = await launchChromium()
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } })
      await page.goto(`file://${file}`)
      expect(await page.locator('tbody tr').count()).toBe(31)
      expect(await page.locator('tr.legal').count()).toBe(19)
      mkdirSync(screens, { recursive: true })
      await screenshot(page, { path: join(screens, 'event-report.png'), fullPage: true })
    } finally {
      await browser.close()
    }
  })
})
