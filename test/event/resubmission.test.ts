// A resubmission compared with the roster checked last time (the previous JSON report keeps it):
// what changed, and the changes beyond what the checker flagged, worked out by hand.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { rosterChanges } from '../../src-main/event/resubmission'
import { musterHere } from '../support/cli'
import { tempFolders } from '../support/tmp'

const tmp = tempFolders('muster-resubmit-')

// Early Imperial Roman, 60 AD: EFT 1 (general) + 3 = 16, JCV 1 = 4, BAD 1 = 3, RDR 4 = 16, ART 1 = 3, LFT 2 = 6: 48
const legal: { format: 'muster-roster'; version: 1; ruleset: string; army: string; year: number; player: string; units: Array<Record<string, unknown> & { id: string; troop: string; count: number }> } = {
  format: 'muster-roster', version: 1, ruleset: 'triumph', army: 'early-imperial-roman', year: 60, player: 'Ann',
  units: [
    { id: 'g', troop: 'elite-foot', count: 1, general: true }, { id: 'legio', troop: 'elite-foot', count: 3 }, { id: 'ala', troop: 'javelin-cavalry', count: 1, option: 'ala-horse' },
    { id: 'bh', troop: 'bad-horse', count: 1 }, { id: 'aux', troop: 'raiders', count: 4 }, { id: 'art', troop: 'artillery', count: 1 }, { id: 'lf', troop: 'light-foot', count: 2 }
  ]
}

describe('resubmissions', () => {
  it('lists what changed, unit by unit and card by card', () => {
    const after = { ...legal, year: 61, units: [...legal.units.slice(0, 4), { ...legal.units[4], count: 3 }, legal.units[6], { id: 'sk', troop: 'skirmishers', count: 1 }], battleCards: [{ card: 'FC' }] }
    expect(rosterChanges(legal, after).map((c) => [c.path, c.text])).toEqual([
      ['/year', 'year: 60 -> 61'],
      ['/units/4/count', 'unit 5 (raiders) count: 4 -> 3'],
      ['/units/6', 'unit 7 added: 1 skirmishers'],
      ['/units', 'unit 6 removed: 1 artillery'],
      ['/battleCards', 'battle card added: FC']
    ])
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
    writeFileSync(join(folder, 'bob.muster.json'), JSON.stringify({ ...legal, player: 'Bob', units: legal.units.map((u) => (u.id === 'art' ? { id: 'art', troop: 'skirmishers', count: 1 } : u)) }))
    const second = await musterHere(['check', '--event', join(dir, 'event.json'), folder, '--previous', join(dir, 'round1.json')])
    expect(second.stdout).toContain('Changed since the last check:')
    expect(second.stdout).toMatch(/ann\.muster\.json \(Ann\), was ann\.muster\.json \(ILLEGAL\):\n {2}! year: 60 -> 61\n {4}unit 5 \(raiders\) count: 7 -> 4/)
    expect(second.stdout).toContain('warning /year  Changed since the last check, beyond what it flagged: year: 60 -> 61.')
    expect(second.stdout).toMatch(/bob\.muster\.json \(Bob\), was bob\.muster\.json \(legal\):\n {2}! unit 6 \(skirmishers\) troop: artillery -> skirmishers/)
    expect((await musterHere(['check', '--event', join(dir, 'event.json'), folder, '--previous', join(dir, 'event.json')])).code).toBe(2)
  })
})
