// Issue 26, finding 4: runaway work in event checking. `check --book` with a refused roster whose
// player name is 100,000 characters ran past 300 s and 4 GB (the judges' copy laid the name out
// whole); `check --previous` with two 100,000-unit rosters matched units in quadratic time and listed
// changes in quadratic time. No timing here (the bench times them: `npm run bench -- runaway`):
// the work is counted, or bounded by what the output can hold.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkEvent, type EventProfile, type EventReport } from '../../src-main/event/check-event'
import { rosterChanges } from '../../src-main/event/resubmission'
import { toHtml, toText } from '../../src-main/event/report'
import { buildListBook } from '../../src-main/event/list-book'
import { muster } from '../support/cli'
import { bundledEngine, repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { counted } from '../support/counted'
import { pdfPagesText } from '../pdf/pdf-support'

const engine = bundledEngine()
const tmp = tempFolders('muster-runaway-')
const event: EventProfile = { format: 'muster-event', version: 1, name: 'Open', ruleset: 'triumph', pointsLimit: 48 }
const legal = () => JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as Record<string, unknown>

describe('runaway work in event checking (finding 4)', () => {
  it('a resubmission is matched unit by unit in linear time: each earlier unit read a bounded number of times', () => {
    const n = 3000
    // Every unit keeps its id, in the opposite order, with a new count: n changes.
    const was = counted(Array.from({ length: n }, (_, i) => ({ id: `u${i}`, troop: 'raiders', count: 1 })))
    const now = Array.from({ length: n }, (_, i) => ({ id: `u${n - 1 - i}`, troop: 'raiders', count: 2 }))
    const changes = rosterChanges({ ...legal(), units: was.items }, { ...legal(), units: now })
    expect(changes).toHaveLength(n)
    expect(changes[0].text).toBe(`unit 1 (raiders) count: 1 → 2`)
    // Quadratic matching read ~n²/2 = 4,500,000; linear reads each unit a few times.
    expect(was.reads()).toBeLessThan(10 * n)
  })

  it('a resubmission without ids (rebuilt, re-exported) is matched by content in linear time too', () => {
    const n = 3000
    // No ids, in the opposite order, every unit a content of its own: no changes.
    const was = counted(Array.from({ length: n }, (_, i) => ({ troop: 'raiders', count: i + 1 })))
    const now = Array.from({ length: n }, (_, i) => ({ count: n - i, troop: 'raiders' }))
    expect(rosterChanges({ ...legal(), units: was.items }, { ...legal(), units: now })).toEqual([])
    // And each count changed: matched by troop, in order, n changes.
    const edited = Array.from({ length: n }, (_, i) => ({ troop: 'raiders', count: n + 1 + i }))
    expect(rosterChanges({ ...legal(), units: was.items }, { ...legal(), units: edited })).toHaveLength(n)
    expect(was.reads()).toBeLessThan(20 * n)
  })

  it('the report lists a resubmission\u2019s changes reading the list of unflagged ones once, not once per change', () => {
    const n = 3000
    const changes = Array.from({ length: n }, (_, i) => `unit ${i + 1} (Raiders) count: 1 → 2`)
    const report = checkEvent(engine, event, [{ file: 'ann.muster.json', data: { ...legal(), player: 'Ann' } }])
    const unflagged = counted([...changes])
    report.rows[0].resubmission = { previousFile: 'ann.muster.json', previousValid: true, changes, unflagged: unflagged.items }
    const text = toText(report)
    const html = toHtml(report)
    expect(text.split('\n').filter((l) => l.startsWith('  ! unit '))).toHaveLength(n)
    expect(html.match(/<li class="beyond">/g)).toHaveLength(n)
    expect(unflagged.reads()).toBeLessThan(10 * n)
  })

  it('the judges\u2019 copy lists a refused roster as REFUSED with its player\u2019s name cut, never laid out whole', async () => {
    const player = 'M'.repeat(3000)
    const submissions = [
      { file: 'long.muster.json', data: { ...legal(), player } },
      { file: 'bob.muster.json', data: { ...legal(), player: 'Bob' } }
    ]
    const report: EventReport = checkEvent(engine, event, submissions)
    expect(report.rows[0].issues.map((i) => i.rule)).toContain('roster-schema')
    const book = await buildListBook(engine, report, submissions, true)
    const dir = tmp()
    writeFileSync(join(dir, 'judges.pdf'), book.pdf)
    const pages = pdfPagesText(join(dir, 'judges.pdf'))
    const text = pages.join('\n')
    // The index: REFUSED with why, and the name cut; the sheet: the name cut to the format's 200.
    expect(pages[0]).toMatch(/REFUSED: The player's name/)
    // (pdftotext reads the why's lines between the name's and the army's, which wrap beside it)
    expect(pages[0].replace(/\s+/g, ' ')).toMatch(/is .*3,000 characters; the most .*it .*may be is 200: shorten it/)
    expect(pages[0]).toContain('\u2026')
    expect(text.replace(/[^M]/g, '').length).toBeLessThan(400)
    expect(book.entries.map((e) => [e.file, e.valid])).toEqual([
      ['bob.muster.json', true],
      ['long.muster.json', false]
    ])
  })

  it('muster check --book with a 100,000-character player name writes both books (the run that never finished)', () => {
    const dir = tmp()
    const subs = join(dir, 'subs')
    mkdirSync(subs)
    writeFileSync(join(subs, 'long.muster.json'), JSON.stringify({ ...legal(), player: 'M'.repeat(100_000) }))
    writeFileSync(join(dir, 'event.json'), JSON.stringify(event))
    // A guard against a hang, not a timing: the run took over 300 s before the fix, and under 2 s after.
    const r = muster(['check', '--event', join(dir, 'event.json'), subs, '--book', join(dir, 'book.pdf')], { timeoutMs: 120_000 })
    expect(r.timedOut).toBe(false)
    expect(r.code).toBe(1)
    expect(r.stderr).toContain("Judges' copy: 1 roster,")
    const judges = pdfPagesText(join(dir, 'book-judges.pdf')).join('\n')
    expect(judges).toContain('REFUSED')
    expect(judges.replace(/[^M]/g, '').length).toBeLessThan(400)
  })
})
