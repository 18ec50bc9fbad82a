// The per-unit aids (src-shared/play/aids.ts): which aids a line has, the inputs as the player gives
// them (checked, defaulted, summed into factors), each output in order. Sheets are made by hand from
// the bundled rules data, so the numbers are the seeds': WRG 1969's reaction test, Mark 2's rolls.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { aidsFor, unitAid, type AidInputs } from '../../src-shared/play/aids'
import { PlayInputError } from '../../src-shared/play/engine'
import type { PlayRules, PlaySheet, PlayUnit } from '../../src-shared/play/types'
import { repoRoot } from '../support/engine'

function line(label: string, troop: string, category: string, count: number, attributes: PlayUnit['attributes'], figures: PlayUnit['figures'] = {}): PlayUnit {
  return { label, troop, troopName: troop, category, tags: [], count, capacity: count, value: 1, attributes, figures }
}

function sheetOf(id: string, units: PlayUnit[], rules?: PlayRules, tables?: Record<string, unknown>): PlaySheet {
  const r = JSON.parse(readFileSync(join(repoRoot, 'data', 'rulesets', id, 'ruleset.json'), 'utf8'))
  const side = { name: 'Rome', army: 'Early Imperial Roman', checkCode: null, points: 0, figures: {}, units }
  return {
    format: 'muster-play-sheet',
    version: 1,
    ruleset: { id, name: r.name, shortName: r.shortName, dataVersion: r.dataVersion },
    rules: rules ?? r.play,
    tables: tables ?? r.tables ?? {},
    sides: [side, { ...side, name: 'Carthage' }],
    preBattle: { rows: [], notes: [] }
  }
}

const values = (outputs: ReturnType<typeof unitAid>) => Object.fromEntries(outputs.map((o) => [o.id, o.value]))

describe('WRG 1969 reaction test', () => {
  const sheet = sheetOf('wrg-1969', [
    line('Legion', 'heavy-infantry', 'infantry', 12, { class: 'B', status: 'regular' }),
    line('General', 'general', 'commander', 1, {}),
    line('Levy', 'light-infantry', 'infantry', 24, { class: 'E', status: 'barbarian' })
  ])
  const test = (unit: number, inputs: AidInputs, lost = 0) => values(unitAid(sheet, 0, unit, 'reaction', inputs, lost))

  it('applies to lines with a reaction class only', () => {
    expect(aidsFor(sheet, 0, 0).map((a) => a.id)).toEqual(['reaction'])
    expect(aidsFor(sheet, 0, 1)).toEqual([])
  })

  it('adds ticked, counted and chosen factors to the dice, less 1 per 4 figures lost, and reads chart 1 by class', () => {
    // 10 thrown; under fire -1, C-in-C with +3, two friends near +2: factors 4; 5 lost: -1; total 13; B carries on (5 to 13).
    expect(test(0, { roll: 10, underFire: true, cincWith: 'plus', friendsNear: 2 }, 5)).toEqual({
      class: 'B',
      dice: 2,
      diceKind: 'Average dice (2, 3, 3, 4, 4, 5)',
      lowestTotal: 4,
      highestTotal: 10,
      lostDeduction: -1,
      factors: 3,
      total: 13,
      result: 'Carry on with the current order, or take any permitted optional action'
    })
  })

  it('counts dice from the figures left: 3, 2 below two thirds, 1 below half', () => {
    expect(test(0, {}, 4).dice).toBe(3) // 8 of 12 left: two thirds exactly
    expect(test(0, {}, 5).dice).toBe(2) // 7 left
    expect(test(0, {}, 6).dice).toBe(2) // 6 left: half exactly
    expect(test(0, {}, 7).dice).toBe(1) // 5 left
    expect(test(2, {}, 0).diceKind).toBe('Normal dice')
  })

  it('takes the break row as "or less" and the top row as "or more"', () => {
    // 3 thrown on three normal dice (the least they give), three enemy facing -3, unfriendly cover -2: -2.
    expect(test(2, { roll: 3, enemyFacing: 3, unfriendlyCover: true })).toMatchObject({ total: -2, result: expect.stringMatching(/^Break and run/) })
    expect(test(2, { roll: 1 })).toMatchObject({ total: null, result: 'Not a total of these dice (3 to 18): check the dice thrown' })
    expect(test(2, { roll: 18, enemyRouting: 2, order: 'unordered' })).toMatchObject({ total: 22, result: 'Uncontrolled advance to contact: 2 periods' })
    // E on chart 1: 13 acts as the C-in-C wishes, 14 is uncontrolled.
    expect(test(2, { roll: 13 }).result).toMatch(/^Act as the C-in-C/)
    expect(test(2, { roll: 14 }).result).toMatch(/^Uncontrolled advance.*cancelled$/)
  })

  it('gives no total or result before the dice are entered', () => {
    expect(test(0, { rearSupport: true })).toMatchObject({ factors: 1, total: null, result: null })
  })
})

describe('Mark 2 rolls and action points', () => {
  const sheet = sheetOf('wrg-mk2', [
    line('Cohort', 'heavy-infantry', 'infantry', 12, { class: 'B', status: 'regular' }, { controlTarget: 3, apContribution: 2, apCap: 5 }),
    line('Legate', 'general', 'commander', 1, { grade: 'above-average' }, { apContribution: 3, allocationCap: 8 }),
    line('Levy', 'light-infantry', 'infantry', 12, { class: 'E', status: 'barbarian' }, { controlTarget: 6, apContribution: 0, apCap: 2 })
  ])
  const roll = (unit: number, aid: string, inputs: AidInputs, lost = 0) => values(unitAid(sheet, 0, unit, aid, inputs, lost))

  it('gives units their rolls and action points, commanders theirs', () => {
    expect(aidsFor(sheet, 0, 0).map((a) => a.id)).toEqual(['control', 'rally', 'unit-action-points'])
    expect(aidsFor(sheet, 0, 1).map((a) => a.id)).toEqual(['commander-action-points'])
  })

  it('takes only the worst strength modifier', () => {
    const strength = (lost: number) => roll(0, 'rally', {}, lost).strength
    // 12 figures: 9 left is 3/4 (none), 8 under 3/4 (-1), 6 half (-1), 5 under half (-2), 4 a third (-2), 3 under a third (-3).
    expect([3, 4, 6, 7, 8, 9].map(strength)).toEqual([0, -1, -1, -2, -2, -3])
  })

  it('moves the score needed by the modifiers, and says how to roll one above 6', () => {
    expect(roll(0, 'rally', { roll: 4, orderState: 'disordered', supported: true }, 5)).toMatchObject({
      target: 3,
      strength: -1,
      modifiers: -1,
      needed: 4,
      result: 'Passes'
    })
    const hard = roll(2, 'rally', { roll: 6, noGeneralInSight: true, orderState: 'shaken' })
    expect(hard).toMatchObject({ target: 6, modifiers: -3, needed: 9, howToRoll: 'A 6, then a 6' })
    expect(hard.result).toMatch(/^A 6: roll again/)
    expect(roll(2, 'rally', { roll: 5, noGeneralInSight: true })).toMatchObject({ needed: 7, result: 'Fails' })
    expect(roll(2, 'rally', { roll: 6, orderState: 'routing', chargedInFlank: true })).toMatchObject({ needed: 11, howToRoll: 'Impossible', result: 'Fails' })
    expect(roll(2, 'control', { roll: 4, moving: true, cincWith: true })).toMatchObject({ needed: 3, result: 'Passes' })
  })

  it('gives a commander with a unit half his points for the others', () => {
    expect(roll(1, 'commander-action-points', {})).toEqual({ contribution: 3, handsOut: 8, toOthers: 8 })
    expect(roll(1, 'commander-action-points', { withUnit: true })).toMatchObject({ toOthers: 4 })
    expect(roll(0, 'unit-action-points', { commander: 'over-24' })).toEqual({ contribution: 2, most: 5, given: 1 })
    expect(roll(0, 'unit-action-points', {}).given).toBe('No limit')
  })
})

describe('inputs and outputs', () => {
  const rules: PlayRules = {
    loss: { measure: { id: 'figures', one: 'figure', other: 'figures' }, label: 'Lost', capacity: { var: 'count' } },
    side: [{ id: 'lost', label: 'Lost', formula: 0 }],
    end: [],
    undecided: 'Agree it.',
    aids: [
      {
        id: 'sum',
        label: 'Sum',
        for: { '==': [{ var: 'troop.category' }, 'infantry'] },
        inputs: [
          { id: 'tick', label: 'Tick', kind: 'check', value: 2 },
          { id: 'many', label: 'Many', kind: 'number', value: -1, min: 0, max: 3 },
          {
            id: 'pick',
            label: 'Pick',
            kind: 'choice',
            options: [
              { id: 'no', label: 'No' },
              { id: 'yes', label: 'Yes', value: 5 }
            ]
          }
        ],
        outputs: [
          { id: 'factors', label: 'Factors', formula: { var: 'factors' } },
          { id: 'twice', label: 'Twice', formula: { '*': [{ var: 'outputs.factors' }, 2] } },
          { id: 'seen', label: 'Seen', formula: { cat: [{ var: 'inputs.pick' }, ' ', { var: 'lost' }, ' ', { var: 'tables.t.k' }] } },
          { id: 'thing', label: 'Not a value', formula: { var: 'tables' } }
        ]
      }
    ]
  }
  const sheet = sheetOf('wrg-1969', [line('Foot', 'heavy-infantry', 'infantry', 6, {}), line('Horse', 'light-cavalry', 'cavalry', 4, {})], rules, {
    t: { k: 'K' }
  })
  const sum = (inputs: AidInputs, lost = 0) => values(unitAid(sheet, 1, 0, 'sum', inputs, lost))

  it('sums a tick, a count times its value and a choice, each output reading those before it', () => {
    expect(sum({})).toEqual({ factors: 0, twice: 0, seen: 'no 0 K', thing: null })
    expect(sum({ tick: true, many: 3, pick: 'yes' }, 2)).toEqual({ factors: 4, twice: 8, seen: 'yes 2 K', thing: null })
    expect(aidsFor(sheet, 1, 1)).toEqual([])
  })

  it('says in players words what is wrong with an input, the unit or the loss', () => {
    const wrong = (f: () => unknown, message: RegExp) => {
      expect(f).toThrow(PlayInputError)
      expect(f).toThrow(message)
    }
    wrong(() => sum({ nope: true }), /^Sum has no input 'nope'\.$/)
    wrong(() => sum({ tick: 1 }), /^Sum: Tick is ticked or not/)
    wrong(() => sum({ many: 4 }), /^Sum: Many is from 0 to 3, not 4\.$/)
    wrong(() => sum({ many: 'two' }), /is a number, not 'two'/)
    wrong(() => sum({ pick: 'maybe' }), /^Sum: Pick is one of 'no', 'yes', not 'maybe'\.$/)
    wrong(() => sum({}, 7), /^Foot cannot have lost 7: it has 6 figures\.$/)
    wrong(() => unitAid(sheet, 1, 5, 'sum', {}, 0), /^Carthage has 2 units: there is no unit 6\.$/)
    wrong(() => unitAid(sheet, 1, 0, 'other', {}, 0), /^WRG 1969 has no aid 'other'\.$/)
  })
})
