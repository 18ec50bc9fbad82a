// A small hand-made play sheet for the tracker's tests: two sides, losses in "points" each worth one,
// a side spent at a third of what it holds (rounded up), a game over when both are spent, one flag,
// and one aid (a die plus ticked factors against 4). Made up for the tests, no ruleset's words.
import type { PlaySheet, PlayUnit } from '../../src-shared/play/types'

const unit = (label: string, capacity: number): PlayUnit => ({
  label,
  troop: 'foot',
  troopName: 'Foot',
  tags: [],
  count: 1,
  capacity,
  value: 1,
  attributes: {},
  figures: {}
})

const sum = (field: string) => ({ reduce: [{ var: 'units' }, { '+': [{ var: 'accumulator' }, { var: `current.${field}` }] }, 0] })

export const fixtureSheet = (): PlaySheet => ({
  format: 'muster-play-sheet',
  version: 1,
  ruleset: { id: 'test-rules', name: 'Test Rules', shortName: 'Test', dataVersion: '1.0.0' },
  rules: {
    loss: { measure: { id: 'point', one: 'point', other: 'points' }, label: 'Points lost', capacity: 1 },
    flags: [{ id: 'camp', label: 'Camp taken' }],
    side: [
      { id: 'lost', label: 'Points lost', formula: sum('lost') },
      { id: 'threshold', label: 'Exhaustion point', formula: { ceil: { '/': [sum('capacity'), 3] } } },
      { id: 'spent', label: 'Exhausted', formula: { '>=': [{ var: 'lost' }, { var: 'threshold' }] } },
      { id: 'left', label: 'Points left', formula: { '-': [sum('capacity'), { var: 'lost' }] } }
    ],
    end: [{ id: 'both', when: { and: [{ var: 'me.spent' }, { var: 'enemy.spent' }] }, winner: 'none', why: 'Both sides are exhausted.' }],
    undecided: 'Neither side is exhausted yet.',
    aids: [
      {
        id: 'rally',
        label: 'Rally test',
        inputs: [
          { id: 'general', label: 'General near', kind: 'check', value: 1 },
          { id: 'die', label: 'Die', kind: 'number', min: 1, max: 6 }
        ],
        outputs: [
          { id: 'total', label: 'Total', formula: { '+': [{ var: 'inputs.die' }, { var: 'factors' }] } },
          { id: 'passes', label: 'Rallies', formula: { '>=': [{ var: 'outputs.total' }, 4] } }
        ]
      }
    ],
    turnSequence: [{ label: 'Move', detail: 'the side whose turn it is' }, { label: 'Fight' }]
  },
  tables: {},
  sides: [
    { name: 'Blue host', army: 'Blue army', checkCode: 'AAAA', points: 10, figures: {}, units: [unit('Blue foot', 4), unit('Blue horse', 2)] },
    { name: 'Red host', army: 'Red army', checkCode: null, points: 10, figures: {}, units: [unit('Red foot', 3), unit('Red archers', 3)] }
  ],
  preBattle: { rows: [{ label: 'Exhaustion point', values: ['2', '2'] }], notes: ['Blue deploys first.'] }
})
