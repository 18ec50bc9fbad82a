// Issue 26, findings 4, 7 and 8a, reviewed: what the first fix left. The confusables skeleton made
// real players one (Amie and Arnie, Mamie and Marnie, Ian and Lan: "m" is drawn like "rn", "I" like
// "l"), and a Greek or Cyrillic name typed in capitals another player; pairing, the event check and
// a resubmission must tell players apart alike, and show each name as typed. `share --decode` named
// the stock data's code where the sheet prints the code of the data in force, and the event report
// named the data version without "checked with local data changes". The HTML escape was written
// twice (the recheck report's copy untested); the printed codes were matched to their submissions by
// a search per row; counts said "1 rosters".
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkEvent, type EventProfile, type EventReport } from '../../src-main/event/check-event'
import { compareWithPrevious } from '../../src-main/event/resubmission'
import { toHtml, toText } from '../../src-main/event/report'
import { attachPrintedCodes } from '../../src-main/event/printed-codes'
import { pairSubmissions } from '../../src-main/services/event-pairing'
import { groupByPlayer, playerKeys, samePlayer } from '../../src-shared/player-keys'
import { escapeHtml } from '../../src-shared/html'
import { checkCode } from '../../src-main/export/check-code'
import { muster } from '../support/cli'
import { bundledEngine, repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { counted } from '../support/counted'
import { LOOKALIKE_NAMES } from '../support/lookalike-names'

const engine = bundledEngine()
const tmp = tempFolders('muster-review26-')
const event: EventProfile = { format: 'muster-event', version: 1, name: 'Open', ruleset: 'triumph', pointsLimit: 48 }
const legal = () => JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as Record<string, unknown>
const submissionsOf = (players: string[]) => players.map((player, i) => ({ file: `p${i}.muster.json`, data: { ...legal(), player } }))

describe('players told apart (finding 7, reviewed)', () => {
  it('real names that differ by letters drawn alike in Latin stay two players: Amie and Arnie, Mamie and Marnie, Ian and Lan', () => {
    // and an accent is not dropped: José is not Jose
    for (const [a, b] of [...LOOKALIKE_NAMES, ['José', 'Jose']]) expect(samePlayer(a, b), `${a} / ${b}`).toBe(false)
    const report = checkEvent(engine, event, submissionsOf(['Amie', 'Arnie', 'Ian', 'Lan']))
    expect(report.summary.players).toBe(4)
    for (const row of report.rows) expect(row.issues.map((i) => i.code)).not.toContain('event-duplicate-player')
    expect(report.summary.legal).toBe(4)
  })

  it('a Greek or Cyrillic name is its player in capitals too, and the look-alike spoofs of Latin names are still caught', () => {
    for (const [a, b] of [
      ['ΝΙΚΟΣ', 'Νικος'],
      ['ΝΙΚΟΣ', 'νικος'],
      ['МАРИЯ', 'Мария'],
      ['Νίκος', 'Νίκος'],
      ['Straße', 'STRASSE'],
      ['Ivan', '\u0406van'],
      ['Nikos', '\u039dikos'],
      ['Mallory', '\u041call\u043ery']
    ])
      expect(samePlayer(a, b), `${a} / ${b}`).toBe(true)
    for (const [a, b] of [
      ['Νίκος', 'Νίκας'],
      ['Мария', 'Марина'],
      ['Иван', 'Ivan']
    ])
      expect(samePlayer(a, b), `${a} / ${b}`).toBe(false)
    expect(playerKeys('  ')).toEqual([])
    // One group however the keys chain: a Latin name, its Cyrillic look-alike, the look-alike in capitals.
    expect(groupByPlayer(['Mallory', 'Ann', '\u041call\u043ery', 'МАLLОRY', null, 'ann'], (x) => x)).toEqual([
      ['Mallory', '\u041call\u043ery', 'МАLLОRY'],
      ['Ann', 'ann']
    ])
  })

  it('the report shows each name as typed; a Greek player who resubmits in capitals is compared with their last roster', () => {
    const first = checkEvent(engine, event, submissionsOf(['Νίκος Παπαδόπουλος', 'Мария']))
    const previous = JSON.parse(JSON.stringify(first)) as EventReport
    const again = [{ file: 'nikos.muster.json', data: { ...legal(), player: 'ΝΊΚΟΣ ΠΑΠΑΔΌΠΟΥΛΟΣ', year: 61 } }]
    const report = checkEvent(engine, event, again)
    compareWithPrevious(report, previous, again, engine)
    expect(report.rows[0].resubmission?.changes).toEqual(['year: 60 AD → 61 AD'])
    const shown = checkEvent(engine, event, submissionsOf(['Νίκος Παπαδόπουλος', 'Мария']))
    expect(toText(shown)).toContain('Νίκος Παπαδόπουλος')
    expect(toText(shown)).toContain('Мария')
    expect(toHtml(shown)).toContain('<div class="player">Νίκος Παπαδόπουλος</div>')
    expect(shown.summary.players).toBe(2)
  })

  it('pairing tells players apart as the event check does: a look-alike is the same player, Amie and Arnie are two', () => {
    const { report } = pairSubmissions(engine, event, submissionsOf(['Mallory', '\u041call\u043ery', 'Amie', 'Arnie']))
    expect(report.players).toBe(3)
    expect(report.leftOut.map((l) => l.player)).toEqual(['\u041call\u043ery'])
    const check = checkEvent(engine, event, submissionsOf(['Mallory', '\u041call\u043ery', 'Amie', 'Arnie']))
    expect(check.summary.players).toBe(3)
  })
})

describe('the rules data named alike everywhere (issue 26, finding 3, reviewed)', () => {
  const overlay = (dir: string) => {
    const data = join(dir, 'costs-data')
    mkdirSync(join(data, 'triumph'), { recursive: true })
    writeFileSync(join(data, 'triumph', 'costs.json'), JSON.stringify({ ruleset: 'triumph', costs: { artillery: 2 } }))
    return data
  }
  const version = () => engine.ruleset('triumph')!.ruleset.dataVersion

  it('share --decode names the code the printed sheet carries, under a --data overlay too', () => {
    const dir = tmp()
    const file = join(dir, 'legion.muster.json')
    writeFileSync(file, JSON.stringify(legal()))
    const data = overlay(dir)
    for (const extra of [[], ['--data', data]]) {
      const printed = muster([...extra, 'export', file, '--pdf', 'roster', '-o', join(dir, 'legion.pdf')])
      expect(printed.code, printed.stderr).toBe(0)
      const sheet = /check code ([0-9A-Z-]{39})/.exec(printed.stdout)![1]
      const code = muster(['share', file]).stdout.trim()
      const decoded = muster([...extra, 'share', '--decode', code, '-o', join(dir, 'back.muster.json')])
      expect(decoded.code, decoded.stderr).toBe(0)
      expect(/check code ([0-9A-Z-]{39})/.exec(decoded.stdout)?.[1]).toBe(sheet)
      if (extra.length) expect(sheet).not.toBe(checkCode(legal(), version()))
    }
  })

  it('the event report says "checked with local data changes" as the sheets do (text and HTML); with the stock data, the version alone', () => {
    const dir = tmp()
    const subs = join(dir, 'subs')
    mkdirSync(subs)
    writeFileSync(join(subs, 'ann.muster.json'), JSON.stringify({ ...legal(), player: 'Ann' }))
    writeFileSync(join(dir, 'event.json'), JSON.stringify(event))
    const data = overlay(dir)
    const label = `Triumph! data ${version()}`
    const stock = muster(['check', '--event', join(dir, 'event.json'), subs])
    expect(stock.stdout).toContain(`Checked with ${label}\n`)
    const changed = muster(['--data', data, 'check', '--event', join(dir, 'event.json'), subs])
    expect(changed.stdout).toContain(`Checked with ${label}, checked with local data changes`)
    const html = muster(['--data', data, 'check', '--event', join(dir, 'event.json'), subs, '--html', '-o', join(dir, 'report.html')])
    // one submission: one, not "1 submissions"
    expect(html.stdout).toMatch(/^1 submission: /)
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain(`UTC with ${label}, checked with local data changes</p>`)
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('<span>1 submission</span>')
    // A report written before (no label) still reads: the version.
    const old = checkEvent(engine, event, [])
    delete old.event.dataLabel
    expect(toHtml(old)).toContain(`with data version ${version()}</p>`)
  })
})

describe('smaller things, reviewed', () => {
  it('printed codes are matched to their submissions by file in one pass, not a search per row', async () => {
    const n = 3000
    const subs = Array.from({ length: n }, (_, i) => ({ file: join(tmp(), `none-${i}.muster.json`), data: { ...legal(), player: `P${i}` } }))
    const report = checkEvent(engine, event, subs.slice(0, 5))
    report.rows = Array.from({ length: n }, (_, i) => ({ ...report.rows[0], file: subs[n - 1 - i].file }))
    const watched = counted(subs)
    await attachPrintedCodes(engine, report, watched.items)
    // a search per row read ~n²/2 = 4,500,000
    expect(watched.reads()).toBeLessThan(3 * n)
  })

  it('one HTML escape: markup, controls and direction overrides, in the event report and the recheck report alike', () => {
    expect(escapeHtml(`<a href="x">&'</a>\u0000\u0007\u001b\u202e\u2066\t\n`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;\\u0000\\u0007\\u001b\\u202e\\u2066\t\n'
    )
    const dir = tmp()
    const name = 'Legio\u0007\u001b[2J\u202eLAGEL\u202c <b>'
    // 64 points: legal under the ruleset's values, with a change under the qrs-2018 edition
    writeFileSync(join(dir, 'legion\u001b.muster.json'), JSON.stringify({ ...legal(), name }))
    const r = muster(['recheck', dir, '--edition', 'qrs-2018', '--html'])
    expect(r.code, r.stderr).toBeLessThan(2)
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/)
    expect(r.stdout).toContain('legion\\u001b.muster.json')
  })
})
