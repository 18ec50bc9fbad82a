// `muster options FILE [--json]`, run as the real command: what can be added, ready to append.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { muster, musterHere } from '../support/cli'
import { solveArmy } from '../../src-main/rules'
import { bundledEngine } from '../support/engine'
import { rosterOf } from '../support/roster-of'

const dir = mkdtempSync(join(tmpdir(), 'muster-options-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const file = (name: string, roster: unknown) => {
  const path = join(dir, name)
  writeFileSync(path, JSON.stringify(roster))
  return path
}

describe('muster options', () => {
  const carthage = file('carthage.muster.json', rosterOf('wrg-1969', 'carthaginian', { year: -218, pointsLimit: 800, units: [] }))

  it('--json: available units append as they are; unavailable ones say why', () => {
    const r = muster(['options', carthage, '--json'])
    expect(r.code).toBe(0)
    const answer = JSON.parse(r.stdout) as {
      available: Array<{ option: string; troop: string; unit: Record<string, unknown>; costEach: number }>
      unavailable: Array<{ option: string; troop: string; reason: string }>
      leftOut: Array<{ option: string; optionName: string; troops: string[]; reason: string }>
    }
    expect(answer.available.map((a) => a.troop)).toContain('heavy-infantry')
    // The shared list's elephants and chariots are barred outright by R69-3 and R69-5: not offered, and
    // listed once as left out, with the rule, as the app's army list says it.
    expect(answer.unavailable).toEqual([])
    expect(answer.available.map((a) => a.troop)).not.toContain('elephant')
    expect(answer.leftOut).toEqual([
      { option: 'elephant', optionName: 'African forest elephants', troops: ['elephant'], reason: 'Elephants only in Hellenic, Persian or Indian armies.' },
      expect.objectContaining({ option: 'chariot', optionName: 'Four-horse war chariots of the early period', troops: ['chariot'] })
    ])
    expect(muster(['options', carthage]).stdout).toMatch(
      /Not in this ruleset \(2\):\n {2}African forest elephants\n {6}Elephants only in Hellenic, Persian or Indian armies\./
    )
    // An offered unit appended to the file as it is: the roster's only errors are the ones it had.
    const before = JSON.parse(muster(['validate', carthage, '--json']).stdout) as { issues: Array<{ code: string; severity: string }> }
    const spearmen = answer.available.find((a) => a.troop === 'heavy-infantry')!
    expect(spearmen.unit).toEqual({ troop: 'heavy-infantry', count: 12, option: 'heavy-infantry', status: 'barbarian' })
    const one = file('one.muster.json', {
      format: 'muster-roster',
      version: 1,
      ruleset: 'wrg-1969',
      army: 'carthaginian',
      year: -218,
      pointsLimit: 800,
      units: [spearmen.unit]
    })
    const after = JSON.parse(muster(['validate', one, '--json']).stdout) as { points: number; issues: Array<{ code: string; severity: string }> }
    const errors = (v: { issues: Array<{ code: string; severity: string }> }) => v.issues.filter((i) => i.severity === 'error').map((i) => i.code)
    expect(errors(after)).toEqual(errors(before))
    expect(after.points).toBe(12 * spearmen.costEach)
  })

  it('as text: what can be added and what cannot, with the reason', () => {
    const r = muster(['options', carthage])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Can add (7):')
    // Nothing the list offers is refused; the elephants this ruleset bars are said once, as left out.
    expect(r.stdout).not.toMatch(/Cannot add/)
    expect(r.stdout.match(/elephant/gi)).toHaveLength(2)
    const armenia = file('armenia.muster.json', { format: 'muster-roster', version: 1, ruleset: 'wrg-1969', army: 'armenian', year: -69, units: [] })
    expect(muster(['options', armenia]).stdout).toMatch(/Cannot add \(1\):\n  Heavy cavalry \(.*\)\n      Available 245-627 AD, not in 69 BC\./)
  })

  it('a contingent that would go over the points limit is listed with what cannot be added, with its reason', () => {
    const solved = solveArmy(bundledEngine().ruleset('triumph')!, 'marian-roman-111a', { year: -100 })
    if (!solved.ok) throw new Error('no legal Marian Roman army')
    const full = file('marian.muster.json', solved.roster)
    const r = muster(['options', full])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('48/48')
    const cannot = r.stdout.split('\n\n').find((s) => s.startsWith('Cannot add'))!
    expect(cannot).toContain('  Contingent Gallic auxiliaries: Gallic auxiliaries (its minimums, 9 points)\n      Its minimums cost 9 points; no points left.')
    expect(r.stdout).not.toMatch(/Contingents, taken whole[^]*Gallic auxiliaries/)
  })

  it('a battle card that would go over the points limit is listed with its reason, and in --json (issue 39)', async () => {
    const solved = solveArmy(bundledEngine().ruleset('triumph')!, 'early-imperial-roman', { year: 60 })
    if (!solved.ok) throw new Error('no legal Early Imperial Roman army')
    const full = file('eir-full.muster.json', solved.roster)
    const r = await musterHere(['options', full])
    expect(r.stdout).toContain('48/48')
    expect(r.stdout).toContain('  Battle card Fortified Camp (FC)\n      Costs 1 point; no points left.')
    const cards = (JSON.parse((await musterHere(['options', full, '--json'])).stdout) as { cards: Array<{ card: string; option: string | null }> }).cards
    expect(cards.find((c) => c.card === 'FC')).toEqual({ card: 'FC', option: null, cost: 1, reason: 'Costs 1 point; no points left.' })
    // a free card is still offered: the first Hold the Line costs nothing
    expect(cards.find((c) => c.card === 'HL')).toEqual({ card: 'HL', option: 'legionaries', cost: 0 })
  })

  it('a battle card the roster cannot take yet is listed with its reason, and in --json', () => {
    const roman = file(
      'roman.muster.json',
      rosterOf('triumph', 'early-imperial-roman', { year: 60, units: [{ troop: 'elite-foot', count: 2, option: 'legionaries' }] })
    )
    const r = muster(['options', roman])
    expect(r.stdout).toContain('  Battle card Supporting Bowmen (SB) on Auxiliary archers\n      Needs stands of Auxiliary archers first.')
    const cards = (JSON.parse(muster(['options', roman, '--json']).stdout) as { cards: Array<{ card: string; option: string | null; reason?: string }> }).cards
    expect(cards).toContainEqual({ card: 'SB', option: 'auxiliary-archers', cost: 0, reason: 'Needs stands of Auxiliary archers first.' })
    expect(cards).toContainEqual({ card: 'HL', option: 'legionaries', cost: 0 })
    expect(cards).toContainEqual({ card: 'FC', option: null, cost: 1 })
  })

  it('an unreadable file or an unknown army is exit 2 with one line', () => {
    const unknown = muster(['options', file('unknown.muster.json', { format: 'muster-roster', version: 1, ruleset: 'wrg-1969', army: 'atlantean', units: [] })])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1)
    expect(unknown.stderr).toContain("Unknown army 'atlantean'")
    expect(muster(['options', join(dir, 'missing.json')]).code).toBe(2)
  })
})
