// Display helpers of the renderer.
import { describe, expect, it } from 'vitest'
import { formatWhen, ratingLines } from '../../src-renderer/src/format'

const maneuver = [
  { kind: 'maneuver', label: 'Maneuver rating', value: 1, dates: null, when: 'usual rating' },
  { kind: 'maneuver', label: 'Maneuver rating', value: 2, dates: [{ from: -55, to: -54 }, { from: 43, to: 51 }], when: '55-54 BC, 43-51 AD: a great war leader' }
]
const ratings = [{ kind: 'invasion', label: 'Invasion rating', value: 0, dates: null, when: null }, ...maneuver]

describe('ratingLines', () => {
  it('lists every value of a kind, with its dates and note, when no year is chosen', () => {
    expect(ratingLines(ratings)).toEqual(['Invasion rating 0', 'Maneuver rating 1 (usual rating); 2 (55-54 BC, 43-51 AD: a great war leader)'])
  })
  it('gives the value in force in a year: the dated one whose dates hold it, else the undated one', () => {
    expect(ratingLines(ratings, 45)).toEqual(['Invasion rating 0', 'Maneuver rating 2'])
    expect(ratingLines(ratings, 10)).toEqual(['Invasion rating 0', 'Maneuver rating 1'])
    expect(ratingLines([])).toEqual([])
    const two = [
      { kind: 'invasion', label: 'Invasion rating', value: 4, dates: null, when: null },
      { kind: 'invasion', label: 'Invasion rating', value: 2, dates: null, when: 'if Antipatros commands' }
    ]
    expect(ratingLines(two, -330)).toEqual(['Invasion rating 4 or 2'])
    const datedOnly = [{ kind: 'maneuver', label: 'Maneuver rating', value: 3, dates: [{ from: 100, to: 200 }], when: '100-200 AD' }]
    expect(ratingLines(datedOnly, 300)).toEqual([])
  })
})

describe('formatWhen', () => {
  const now = new Date(2026, 10, 24, 15, 0)
  it('says the time for today, the day for this year, the full date before', () => {
    expect(formatWhen(new Date(2026, 10, 24, 9, 5).toISOString(), now)).toMatch(/^Today 0?9:05/)
    expect(formatWhen(new Date(2026, 2, 3, 9, 5).toISOString(), now)).toMatch(/Mar/)
    expect(formatWhen(new Date(2026, 2, 3, 9, 5).toISOString(), now)).not.toMatch(/2026/)
    expect(formatWhen(new Date(2025, 2, 3).toISOString(), now)).toMatch(/2025/)
  })
})
