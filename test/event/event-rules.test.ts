// Issue 26, findings 7 and 8a: event rules that could be slipped past, and what the HTML report
// shows of what players wrote. A file-level warning in the last report (a PDF without a check code)
// flagged every later change; a new camp garrison was no change at all; "Маllory" (Cyrillic М) and
// "Mal\u200blory" (a zero-width space) were players other than Mallory; NUL, ESC, BEL and direction
// overrides went into the HTML page as themselves.
import { describe, expect, it } from 'vitest'
import { checkEvent, type EventProfile, type EventReport } from '../../src-main/event/check-event'
import { samePlayer } from '../../src-shared/player-keys'
import { compareWithPrevious, rosterChanges } from '../../src-main/event/resubmission'
import { toHtml } from '../../src-main/event/report'
import { bundledEngine } from '../support/engine'
import { roman48 } from '../support/fixtures-roman'

const engine = bundledEngine()
const event: EventProfile = { format: 'muster-event', version: 1, name: 'Open', ruleset: 'triumph', pointsLimit: 48 }

// Early Imperial Roman, 60 AD, 48 points; the camp garrisoned by the light foot.
const legal = { ...roman48, player: 'Ann', camp: { garrison: 'lf' } }

/** The last check's report as `check --json` wrote it, for the given rosters, with `extra` issues added to each row. */
function lastReport(rosters: Array<[string, object]>, extra: EventReport['rows'][number]['issues'] = []): EventReport {
  const report = checkEvent(
    engine,
    event,
    rosters.map(([file, data]) => ({ file, data }))
  )
  for (const row of report.rows) row.issues.push(...extra)
  return JSON.parse(JSON.stringify(report)) as EventReport
}

function compare(previous: EventReport, rosters: Array<[string, object]>): EventReport {
  const submissions = rosters.map(([file, data]) => ({ file, data }))
  const report = checkEvent(engine, event, submissions)
  compareWithPrevious(report, previous, submissions, engine)
  return report
}

describe('event rules that could be slipped past (finding 7)', () => {
  it('a file-level warning in the last report (its PDF had no check code) flags nothing: a change beyond what was flagged is still warned', () => {
    const noCode = {
      code: 'event-printed-code-missing',
      severity: 'warning' as const,
      path: '',
      rule: 'event/printed-code',
      message: 'ann.pdf has no Muster check code.'
    }
    const previous = lastReport([['ann.muster.json', legal]], [noCode])
    const now = compare(previous, [
      ['ann.muster.json', { ...legal, units: legal.units.map((u) => (u.id === 'art' ? { id: 'art', troop: 'skirmishers', count: 1 } : u)) }]
    ])
    const row = now.rows[0]
    expect(row.resubmission?.unflagged).toEqual(['unit 6 (Skirmishers) troop: Artillery → Skirmishers'])
    expect(row.issues.map((i) => [i.code, i.path])).toContainEqual(['event-change-not-flagged', '/units/5/troop'])
    // The last check's own "changed beyond what it flagged" (path "" when it named several) flags nothing either.
    const beyond = {
      code: 'event-change-not-flagged',
      severity: 'warning' as const,
      path: '',
      rule: 'event/resubmission',
      message: 'Changed since the last check, beyond what it flagged: a; b.'
    }
    const again = compare(lastReport([['ann.muster.json', legal]], [beyond]), [['ann.muster.json', { ...legal, year: 61 }]])
    expect(again.rows[0].issues.map((i) => i.code)).toContain('event-change-not-flagged')
    // What was flagged stays a fix: the raiders over their option's 6 were flagged at /units/4/count.
    const over = { ...legal, units: legal.units.map((u) => (u.id === 'aux' ? { ...u, count: 7 } : u)) }
    const fixed = compare(lastReport([['ann.muster.json', over]], [noCode]), [['ann.muster.json', legal]])
    expect(fixed.rows[0].resubmission?.changes).toEqual(['unit 5 (Raiders) count: 7 → 4'])
    expect(fixed.rows[0].resubmission?.unflagged).toEqual([])
  })

  it('a camp given to another unit, or taken away, is a change (and, unflagged, a warning)', () => {
    expect(rosterChanges(legal, { ...legal, camp: { garrison: 'aux' } })).toEqual([
      { path: '/camp', text: 'camp: garrisoned by unit 7 (light-foot) → garrisoned by unit 5 (raiders)' }
    ])
    expect(rosterChanges(legal, { ...legal, camp: undefined }).map((c) => c.text)).toEqual(['camp: garrisoned by unit 7 (light-foot) → none'])
    expect(rosterChanges({ ...legal, camp: undefined }, legal).map((c) => c.text)).toEqual(['camp: none → garrisoned by unit 7 (light-foot)'])
    expect(rosterChanges(legal, legal)).toEqual([])
    const now = compare(lastReport([['ann.muster.json', legal]]), [['ann.muster.json', { ...legal, camp: { garrison: 'aux' } }]])
    expect(now.rows[0].issues.map((i) => [i.code, i.path])).toContainEqual(['event-change-not-flagged', '/camp'])
  })

  it('one roster per player: "Маllory" (Cyrillic М), "Mal\\u200blory" (zero-width space) and "MALLORY" are all Mallory', () => {
    const names = ['Mallory', '\u041call\u043ery', 'Mal\u200blory', 'MALLORY', ' Mallory\u00a0', 'Mal\u00adlory', '\u202eMallory']
    for (const n of names) expect(samePlayer(n, 'Mallory'), JSON.stringify(n)).toBe(true)
    // ...and other players stay other players.
    for (const n of ['Malory', 'Mallory Smith', 'Ann']) expect(samePlayer(n, 'Mallory'), n).toBe(false)
    const report = checkEvent(
      engine,
      event,
      names.slice(0, 3).map((player, i) => ({ file: `m${i}.muster.json`, data: { ...legal, player } }))
    )
    expect(report.summary.players).toBe(1)
    for (const row of report.rows) expect(row.issues.map((i) => i.code)).toContain('event-duplicate-player')
    // A resubmission under a look-alike name is compared with the player's last roster.
    const now = compare(lastReport([['a.muster.json', { ...legal, player: 'Mallory' }]]), [
      ['b.muster.json', { ...legal, player: 'Ma\u200bll\u043ery', year: 61 }]
    ])
    expect(now.rows[0].resubmission?.changes).toEqual(['year: 60 AD → 61 AD'])
  })
})

describe('the HTML report shows what players wrote, never sends it (finding 8a)', () => {
  it('NUL, BEL, ESC, C1 controls and direction overrides become visible \\u escapes; tabs and text stay', () => {
    const player = 'Eve\u0000\u0007\u001b[2J\u009b31m\u202eLAGEL\u202c\u2066x\u2069\tend'
    const report = checkEvent(engine, event, [{ file: 'eve\u001b.muster.json', data: { ...legal, player, name: 'List\u0008\u007f' } }])
    const html = toHtml(report)
    expect(html).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/)
    expect(html).toContain('Eve\\u0000\\u0007\\u001b[2J\\u009b31m\\u202eLAGEL\\u202c\\u2066x\\u2069\tend')
    expect(html).toContain('List\\u0008\\u007f')
    expect(html).toContain('eve\\u001b.muster.json')
  })
})
