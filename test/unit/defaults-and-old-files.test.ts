// Defaults come from the data (issue 24, item 7), and an old file keeps its meaning (item 8).
// - A new unit arrives with the list's usual values: a Mark 2 commander average, not incompetent; a
//   regular class C and an irregular class D, not every unit class A; a Portable unit average, not
//   elite; WRG 1969 Carthaginian medium cavalry irregular whatever the roster already holds.
// - A Mark 2 roster saved before the C-in-C tick, which marks no commander either way, reads as it
//   did: the first commander is the C-in-C, and a notice says so; a roster from in between keeps its.
import { describe, expect, it } from 'vitest'
import type { Roster } from '../../src-main/rules/types'
import { bundledEngine } from '../support/engine'

const engine = bundledEngine()
const roster = (ruleset: string, army: string, year: number, units: Roster['units'] = [], pointsLimit?: number): Roster => ({
  format: 'muster-roster',
  version: 1,
  ruleset,
  army,
  year,
  units,
  ...(pointsLimit ? { pointsLimit } : {})
})
const offer = (r: Roster, troop: string) => engine.options(r).available.find((a) => a.troop === troop)?.unit

describe('a new unit comes with the usual values the data marks', () => {
  it('Mark 2: a commander average; regulars class C, irregulars class D', () => {
    const roman = roster('wrg-mk2', 'early-imperial-roman', 100)
    expect(offer(roman, 'general')).toMatchObject({ grade: 'average' })
    expect(offer(roman, 'heavy-infantry')).toMatchObject({ status: 'regular', class: 'C' })
    expect(offer(roster('wrg-mk2', 'gallic', -100), 'medium-infantry')).toMatchObject({ status: 'barbarian', class: 'D' })
  })

  it('Portable Wargame: average, not elite', () => {
    for (const troop of ['commander', 'light-cavalry', 'unarmoured-melee-infantry'])
      expect(offer(roster('portable-ancients', 'celtic', -100), troop)).toMatchObject({ quality: 'average' })
  })

  it('WRG 1969 Carthaginian: "+ Medium cavalry" is irregular (6) whether or not the roster has regulars yet', () => {
    const empty = roster('wrg-1969', 'carthaginian', -218, [], 800)
    const withIrregulars = roster(
      'wrg-1969',
      'carthaginian',
      -218,
      [
        { troop: 'general', count: 1 },
        { troop: 'heavy-infantry', count: 48, status: 'barbarian' }
      ],
      800
    )
    for (const r of [empty, withIrregulars]) {
      const cavalry = engine.options(r).available.find((a) => a.troop === 'medium-cavalry')!
      expect(cavalry.unit.status).toBe('barbarian')
      expect(cavalry.costEach).toBe(6)
    }
    // A Roman list's usual is regular.
    expect(offer(roster('wrg-1969', 'republican-roman', -216), 'medium-cavalry')).toMatchObject({ status: 'regular' })
  })
})

describe('an old Mark 2 roster keeps its meaning', () => {
  const commanders = (cinc: Array<boolean | undefined>) =>
    roster('wrg-mk2', 'early-imperial-roman', 100, [
      ...cinc.map((c, i) => ({ troop: 'general', count: 1, grade: 'average', name: `Commander ${i + 1}`, ...(c === undefined ? {} : { cinc: c }) })),
      { troop: 'heavy-infantry', count: 16, status: 'regular', class: 'C' }
    ])

  it('no commander marked either way (saved before the tick): the first is the C-in-C, legal, with a notice naming it', () => {
    const v = engine.check(commanders([undefined, undefined, undefined]))
    expect(v.valid).toBe(true)
    expect(v.issues).toEqual([
      {
        code: 'read-as-before',
        severity: 'warning',
        path: '/units/0',
        rule: 'cinc',
        message:
          'No commander is marked C-in-C, as in rosters made before Muster had the tick: the first, unit 1 (Commander 1), is read as the C-in-C and the others as subordinates. Tick C-in-C on the one you mean.'
      }
    ])
    expect(v.figures.commandBonus).toEqual({ 'Commander 1': 2, 'Commander 2': 1, 'Commander 3': 1 })
  })

  it('a lone commander is the C-in-C, with nothing to say', () => {
    expect(engine.check(commanders([undefined])).issues).toEqual([])
  })

  it('one ticked: the others are subordinates, whatever they say', () => {
    const v = engine.check(commanders([undefined, true]))
    expect(v.valid).toBe(true)
    expect(v.issues).toEqual([])
    expect(v.figures.commandBonus).toEqual({ 'Commander 1': 1, 'Commander 2': 2 })
  })

  it('saved in between (subordinates unticked, the C-in-C left as it was): read as then, even when the C-in-C is not first', () => {
    const v = engine.check(commanders([false, undefined]))
    expect(v.valid).toBe(true)
    expect(v.figures.commandBonus).toEqual({ 'Commander 1': 1, 'Commander 2': 2 })
    // all unticked: no C-in-C, as before
    expect(engine.check(commanders([false, false])).issues.map((i) => i.code)).toEqual(['requires-missing'])
  })

  it('two ticked: one too many', () => {
    expect(engine.check(commanders([true, true])).issues.map((i) => i.code)).toEqual(['requires-too-many'])
  })
})
