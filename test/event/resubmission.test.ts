// A resubmission compared with the roster checked last time (the previous JSON report keeps it):
// what changed, and the changes beyond what the checker flagged, worked out by hand.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { asPreviousReport, compareWithPrevious, rosterChanges } from '../../src-main/event/resubmission'
import { engineWords } from '../../src-main/event/roster-words'
import { bundledEngine } from '../support/engine'
import { parseJsonStrict } from '../../src-main/files/read-json'
import type { EventReport } from '../../src-main/event/types'
import { resubmissionSummary } from '../../src-shared/resubmissions'
import { musterHere } from '../support/cli'
import { testDispatch } from '../support/dispatch'
import { tempFolders } from '../support/tmp'
import { roman48 } from '../support/fixtures-roman'

const tmp = tempFolders('muster-resubmit-')

// Early Imperial Roman, 60 AD, 48 points (the sum in fixtures-roman.ts)
const legal = { ...roman48, player: 'Ann' }

describe('resubmissions', () => {
  it('lists what changed, unit by unit and card by card', () => {
    const after = {
      ...legal,
      year: 61,
      units: [...legal.units.slice(0, 4), { ...legal.units[4], count: 3 }, legal.units[6], { id: 'sk', troop: 'skirmishers', count: 1 }],
      battleCards: [{ card: 'FC' }]
    }
    expect(rosterChanges(legal, after).map((c) => [c.path, c.text])).toEqual([
      ['/year', 'year: 60 AD → 61 AD'],
      ['/units/4/count', 'unit 5 (raiders) count: 4 → 3'],
      ['/units/6', 'unit 7 added: 1 skirmishers'],
      ['/units', 'unit 6 removed: 1 artillery'],
      ['/battleCards', 'battle card added: FC']
    ])
    // Named as the ruleset names its troops, where it does
    const names = new Map([
      ['raiders', 'Raiders'],
      ['skirmishers', 'Skirmishers']
    ])
    expect(
      rosterChanges(legal, after, (id) => names.get(id))
        .map((c) => c.text)
        .slice(1, 4)
    ).toEqual(['unit 5 (Raiders) count: 4 → 3', 'unit 7 added: 1 Skirmishers', 'unit 6 removed: 1 artillery'])
  })

  it('names what changed as the data names it, never by ids: years in BC/AD, options, attributes, cards (issue 39)', () => {
    const engine = bundledEngine()
    const before = { ...legal, year: -20, battleCards: [{ card: 'HL', option: 'legionaries' }] }
    const after = {
      ...legal,
      year: 60,
      pointsLimit: 48,
      units: legal.units.map((u) => (u.id === 'ala' ? { ...u, option: 'local-horse' } : u.id === 'g' ? { ...u, general: false } : u)),
      battleCards: [{ card: 'HL', option: 'legionaries', count: 2 }]
    }
    const changes = rosterChanges(before, after, engineWords(engine, after)).map((c) => c.text)
    expect(changes).toEqual([
      'year: 20 BC → 60 AD',
      'points limit: none → 48',
      'unit 1 (Elite Foot) General: yes → no',
      'unit 3 (Javelin Cavalry) option: Regular cavalry of the alae → Local light horse (Numidian, Moorish or the like)',
      'battle card added: Hold the Line (HL) on Legionary cohorts ×2',
      'battle card removed: Hold the Line (HL) on Legionary cohorts'
    ])
    // another army by its name; what the data does not know, as the file has it
    const other = rosterChanges(legal, { ...legal, army: 'marian-roman-111a', units: [] }, engineWords(engine, legal))[0].text
    expect(other).toBe('army: Early Imperial Roman → Marian Roman')
    expect(rosterChanges(legal, { ...legal, subFaction: 'no-such-part' }, engineWords(engine, legal))[0].text).toBe('part of the list: none → no-such-part')
  })

  // Units are compared by their content, not their place (issue 24, item 12).
  const names = (id: string) => ({ raiders: 'Raiders', 'light-foot': 'Light Foot' })[id]
  const reordered = { ...legal, units: [legal.units[6], legal.units[2], legal.units[0], legal.units[5], legal.units[1], legal.units[3], legal.units[4]] }
  it('a roster only reordered, its units keeping their ids, has no changes', () => {
    expect(rosterChanges(legal, reordered, names)).toEqual([])
  })

  it('a roster only reordered, its ids gone or new, has no changes', () => {
    // ids gone (a roster rebuilt by hand) or new (re-exported), fields written in another order
    const stripped = { ...reordered, units: reordered.units.map(({ id: _id, ...u }) => u) }
    expect(rosterChanges(legal, stripped, names)).toEqual([])
    const regenerated = { ...reordered, units: reordered.units.map((u, i) => Object.fromEntries([...Object.entries({ ...u, id: `u17${i}` })].reverse())) }
    expect(rosterChanges(legal, regenerated, names)).toEqual([])
    // the camp garrisoned by the same unit under its new id is no change; by another unit, a change
    expect(rosterChanges({ ...legal, camp: { garrison: 'lf' } }, { ...regenerated, camp: { garrison: 'u170' } }, names)).toEqual([])
    expect(rosterChanges({ ...legal, camp: { garrison: 'lf' } }, { ...regenerated, camp: { garrison: 'u176' } }, names).map((c) => c.text)).toEqual([
      'camp: garrisoned by unit 1 (Light Foot) → garrisoned by unit 7 (Raiders)'
    ])
  })

  it('reordered, and one count changed: that change alone, the unit named where it is now', () => {
    const moved = (units: Array<Record<string, unknown>>) => [units[6], units[2], units[0], units[5], units[4], units[1], units[3]]
    const over = { ...legal, units: legal.units.map((u) => (u.id === 'aux' ? { ...u, count: 7 } : u)) }
    for (const strip of [false, true]) {
      const fixed = { ...legal, units: moved(legal.units).map((u) => (strip ? { ...u, id: undefined } : u)) }
      expect(rosterChanges(over, fixed, names)).toEqual([{ path: '/units/4/count', previousPath: '/units/4/count', text: 'unit 5 (Raiders) count: 7 → 4' }])
      const elsewhere = { ...legal, units: [...fixed.units.slice(4, 5), ...fixed.units.slice(0, 4), ...fixed.units.slice(5)] }
      expect(rosterChanges(over, elsewhere, names)).toEqual([{ path: '/units/0/count', previousPath: '/units/4/count', text: 'unit 1 (Raiders) count: 7 → 4' }])
    }
    // a unit changed whose id is gone is still one change, not a removal and an addition; a unit of a troop not there before is added
    const rebuilt = {
      ...legal,
      units: [
        ...legal.units
          .slice(0, 5)
          .reverse()
          .map(({ id: _id, ...u }) => (u.troop === 'bad-horse' ? { ...u, count: 2 } : u)),
        { troop: 'skirmishers', count: 1 }
      ]
    }
    expect(rosterChanges(legal, rebuilt, names).map((c) => c.text)).toEqual([
      'unit 2 (bad-horse) count: 1 → 2',
      'unit 6 added: 1 skirmishers',
      'unit 6 removed: 1 artillery',
      'unit 7 removed: 2 Light Foot'
    ])
  })

  it('a fix of a flagged unit that also moved is no change beyond what was flagged', () => {
    const over = { ...legal, units: legal.units.map((u) => (u.id === 'aux' ? { ...u, count: 7 } : u)) }
    const previous = {
      event: {},
      rows: [
        {
          file: 'ann.json',
          player: 'Ann',
          valid: false,
          readable: true,
          document: over,
          issues: [{ code: 'x', severity: 'error', path: '/units/4/count', message: 'too many' }]
        }
      ]
    } as unknown as EventReport
    const now = { ...legal, units: [legal.units[4], ...legal.units.slice(0, 4), ...legal.units.slice(5)].map(({ id: _id, ...u }) => u) }
    const report = { event: {}, rows: [{ file: 'ann.json', player: 'Ann', valid: true, readable: true, issues: [] }] } as unknown as EventReport
    compareWithPrevious(report, previous, [{ file: 'ann.json', data: now }])
    expect(report.rows[0].resubmission).toEqual({ previousFile: 'ann.json', previousValid: false, changes: ['unit 1 (raiders) count: 7 → 4'], unflagged: [] })
    expect(report.rows[0].issues).toEqual([])
  })

  it("a player's roster is compared with that player's last roster of the same army, each earlier roster with one row at most (issue 41)", () => {
    const engine = bundledEngine()
    const marian = { ...legal, army: 'marian-roman-111a', year: -100, units: [{ id: 'jc', troop: 'javelin-cavalry', count: 2, option: 'javelin-cavalry' }] }
    const row = (file: string, document?: object) => ({ file, player: 'Ann', valid: true, readable: true, issues: [], ...(document ? { document } : {}) })
    const compare = (before: Array<[string, object]>, now: Array<[string, object]>) => {
      const previous = { event: {}, rows: before.map(([f, d]) => row(f, d)) } as unknown as EventReport
      const report = { event: {}, rows: now.map(([f]) => row(f)) } as unknown as EventReport
      compareWithPrevious(
        report,
        previous,
        now.map(([file, data]) => ({ file, data })),
        engine
      )
      return report.rows.map((r) => [r.file, r.resubmission?.previousFile, r.resubmission?.changes])
    }
    // two submissions before and now, in another order: each with its own army's, never with the other
    expect(
      compare(
        [
          ['ann-rome.json', legal],
          ['ann-marian.json', marian]
        ],
        [
          ['ann-2.json', { ...marian, year: -90 }],
          ['ann-1.json', { ...legal, year: 61 }]
        ]
      )
    ).toEqual([
      ['ann-2.json', 'ann-marian.json', ['year: 100 BC → 90 BC']],
      ['ann-1.json', 'ann-rome.json', ['year: 60 AD → 61 AD']]
    ])
    // the last of two rosters of one army; a second army new this time is compared with nothing
    expect(
      compare(
        [
          ['old.json', { ...legal, year: 50 }],
          ['newer.json', legal]
        ],
        [
          ['a.json', legal],
          ['b.json', marian]
        ]
      )
    ).toEqual([
      ['a.json', 'newer.json', []],
      ['b.json', undefined, undefined]
    ])
    // one roster, another army: compared with the one before, its options named as each list names them, never by id
    const [[, , changes]] = compare(
      [['ann.json', legal]],
      [['ann.json', { ...legal, army: 'marian-roman-111a', units: [{ ...legal.units[2], option: 'javelin-cavalry' }] }]]
    )
    expect(changes).toContain('army: Early Imperial Roman → Marian Roman')
    const option = (changes as string[]).find((c) => c.includes(' option: '))
    expect(option).toMatch(/^unit 1 \(Javelin Cavalry\) option: Regular cavalry of the alae → /)
    expect((changes as string[]).join('\n')).not.toMatch(/ala-horse|javelin-cavalry|elite-foot/)
  })

  it('muster check --previous: a fix of what was flagged passes quietly; anything else is a warning', async () => {
    const dir = tmp()
    const folder = join(dir, 'in')
    mkdirSync(folder)
    writeFileSync(join(dir, 'event.json'), JSON.stringify({ format: 'muster-event', version: 1, name: 'Open', ruleset: 'triumph', pointsLimit: 48 }))
    // first round: Ann 7 raiders (over the 6 of the option and the limit), Bob legal
    const over = { ...legal, units: legal.units.map((u) => (u.id === 'aux' ? { ...u, count: 7 } : u)) }
    writeFileSync(join(folder, 'ann.muster.json'), JSON.stringify(over))
    writeFileSync(join(folder, 'bob.muster.json'), JSON.stringify({ ...legal, player: 'Bob' }))
    const first = await musterHere(['check', '--event', join(dir, 'event.json'), folder, '--json', '-o', join(dir, 'round1.json')])
    expect(first.code).toBe(1)
    // second round: Ann fixes the raiders (flagged) and also changes her year (not flagged); Bob swaps his artillery for skirmishers
    writeFileSync(join(folder, 'ann.muster.json'), JSON.stringify({ ...legal, year: 61 }))
    writeFileSync(
      join(folder, 'bob.muster.json'),
      JSON.stringify({ ...legal, player: 'Bob', units: legal.units.map((u) => (u.id === 'art' ? { id: 'art', troop: 'skirmishers', count: 1 } : u)) })
    )
    const second = await musterHere(['check', '--event', join(dir, 'event.json'), folder, '--previous', join(dir, 'round1.json')])
    expect(second.stdout).toContain('Changed since the last check:')
    expect(second.stdout).toMatch(
      /ann\.muster\.json \(Ann\), was ann\.muster\.json \(ILLEGAL\):\n {2}! year: 60 AD → 61 AD\n {4}unit 5 \(Raiders\) count: 7 → 4/
    )
    expect(second.stdout).toContain('warning /year  Changed since the last check, beyond what it flagged: year: 60 AD → 61 AD.')
    expect(second.stdout).toMatch(/bob\.muster\.json \(Bob\), was bob\.muster\.json \(legal\):\n {2}! unit 6 \(Skirmishers\) troop: Artillery → Skirmishers/)
    const wrong = await musterHere(['check', '--event', join(dir, 'event.json'), folder, '--previous', join(dir, 'event.json')])
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toBe(`muster check: ${join(dir, 'event.json')}: this is the event profile, not the report of a check (write one with --json)\n`)
  })

  it('a previous report is checked before it is compared with: what it is instead, in words', () => {
    const read = (text: string) => asPreviousReport('last.json', parseJsonStrict('last.json', text), 'save one')
    const refusal = (text: string) => {
      const r = read(text)
      return r.ok ? 'accepted' : r.message
    }
    expect(refusal('{"rows": [}')).toMatch(/^last\.json:1:11: not valid JSON/)
    expect(refusal(JSON.stringify({ format: 'muster-event', version: 1, name: 'Open', ruleset: 'triumph' }))).toBe(
      'last.json: this is the event profile, not the report of a check (save one)'
    )
    expect(refusal(JSON.stringify(legal))).toBe('last.json: this is a roster, not the report of a check (save one)')
    expect(refusal('[1, 2]')).toBe('last.json: not a Muster event report (save one)')
    // rows the comparison could not read (an issue without a path) are refused, not a crash later
    const row = { file: 'a.json', player: 'Ann', valid: false, readable: true, issues: [{ code: 'x', path: '/units/0', message: 'm' }], document: legal }
    expect(refusal(JSON.stringify({ event: {}, rows: [{ ...row, issues: [{ code: 'x' }] }] }))).toBe('last.json: not a Muster event report (save one)')
    // a report from before rosters were kept: nothing to compare with
    const { document: _kept, ...older } = row
    expect(refusal(JSON.stringify({ event: {}, rows: [older] }))).toMatch(
      /^last\.json: this report was saved by an older Muster and keeps none of the rosters it checked/
    )
    expect(refusal(JSON.stringify({ event: {}, rows: [row, { file: 'b.json', player: null, valid: false, readable: false, issues: [{ path: '' }] }] }))).toBe(
      'accepted'
    )
  })

  it('the summary line: how many resubmissions changed what', () => {
    const row = (changes: string[], unflagged: string[] = []) => ({ readable: true, resubmission: { previousValid: false, changes, unflagged } })
    expect(resubmissionSummary([{ readable: true }])).toBeNull()
    expect(resubmissionSummary([row(['a', 'b'], ['b']), row(['c']), row([]), { readable: true }, { readable: false }])).toBe(
      '3 resubmissions: 2 changed (1 beyond what was flagged), 1 the same as before; 1 submission not in the last check'
    )
    expect(resubmissionSummary([row([])])).toBe('1 resubmission: none changed')
  })
})

describe('resubmissions over IPC (the Event check screen)', () => {
  const dispatch = testDispatch()
  /** A file the organiser chose: written to a folder of its own, sent by its path and the name the report gives it. */
  const file = (name: string, data: unknown) => {
    const path = join(mkdtempSync(join(tmpdir(), 'muster-resubmission-')), name)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, typeof data === 'string' ? data : JSON.stringify(data))
    return { name, path }
  }
  const event = { format: 'muster-event', version: 1, name: 'Open', ruleset: 'triumph', pointsLimit: 48, requiredFields: ['player'] }
  type Answer = { report: EventReport; html: string; csv: string }

  it("checkEventFiles and eventBook take the last check's report; a file that is not one is refused in words", async () => {
    const first = await dispatch('checkEventFiles', [
      event,
      [file('ann.json', { ...legal, units: legal.units.map((u) => (u.id === 'aux' ? { ...u, count: 7 } : u)) })]
    ])
    expect(first.ok).toBe(true)
    const previous = file('round1.json', JSON.stringify((first as { value: Answer }).value.report))
    const second = await dispatch('checkEventFiles', [event, [file('ann.json', legal)], previous])
    const report = (second as { ok: true; value: Answer }).value.report
    expect(report.rows[0].resubmission).toEqual({ previousFile: 'ann.json', previousValid: false, changes: ['unit 5 (Raiders) count: 7 → 4'], unflagged: [] })
    expect((second as { value: Answer }).value.html).toContain('Compared with the last check: 1 resubmission: 1 changed')
    // Without player names, a roster is matched by its file's own name: a second round's folder may be named differently
    const anonymous = { ...event, requiredFields: [] }
    const round1 = await dispatch('checkEventFiles', [anonymous, [file('round1/bo.json', { ...legal, player: undefined, year: 60 })]])
    const round2 = await dispatch('checkEventFiles', [
      anonymous,
      [file('round2/bo.json', { ...legal, player: undefined, year: 61 })],
      file('r1.json', JSON.stringify((round1 as { value: Answer }).value.report))
    ])
    expect((round2 as { value: Answer }).value.report.rows[0].resubmission).toMatchObject({ previousFile: 'round1/bo.json', changes: ['year: 60 AD → 61 AD'] })
    // Two folders each holding a list.json: matched by path, never one for the other
    const teams = await dispatch('checkEventFiles', [
      anonymous,
      [file('teamA/list.json', { ...legal, player: undefined, year: 60 }), file('teamB/list.json', { ...legal, player: undefined, year: 70 })]
    ])
    const again = await dispatch('checkEventFiles', [
      anonymous,
      [file('teamA/list.json', { ...legal, player: undefined, year: 60 }), file('teamB/list.json', { ...legal, player: undefined, year: 71 })],
      file('t.json', JSON.stringify((teams as { value: Answer }).value.report))
    ])
    expect((again as { value: Answer }).value.report.rows.map((r) => [r.file, r.resubmission?.previousFile, r.resubmission?.changes])).toEqual([
      ['teamA/list.json', 'teamA/list.json', []],
      ['teamB/list.json', 'teamB/list.json', ['year: 70 AD → 71 AD']]
    ])
    // the book is made from the same comparison
    const book = await dispatch('eventBook', [event, [file('ann.json', legal)], true, previous])
    expect(book.ok).toBe(true)
    for (const [bad, words] of [
      [file('event.json', event), 'event.json: this is the event profile, not the report of a check (after a check, Save report (JSON)… writes one)'],
      [file('notes.json', '{"rows": 3'), 'notes.json:1:11: not valid JSON'],
      [file('huge.json', ' '.repeat(6 * 1024 * 1024)), 'huge.json: 6.0 MB is more than the app reads as a previous report (5 MB)'],
      [{ name: 'gone.json', path: join(tmpdir(), 'muster-no-such-folder', 'gone.json') }, 'no such file']
    ] as const) {
      const r = await dispatch('checkEventFiles', [event, [file('ann.json', legal)], bad])
      expect(r.ok).toBe(false)
      expect(!r.ok && r.error.message).toContain(words)
    }
  })
})
