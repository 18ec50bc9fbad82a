// Display helpers of the renderer.
import { describe, expect, it } from 'vitest'
import { factLines, formatWhen } from '../../src-renderer/format'

const value = (v: number | string, when: string | null = null, dates: Array<{ from: number; to: number }> | null = null) => ({ value: v, dates, when })
const invasion = { label: 'Invasion rating', join: null, values: [value(0)] }
const maneuver = {
  label: 'Maneuver rating',
  join: null,
  values: [
    value(1, 'usual rating'),
    value(2, '55-54 BC, 43-51 AD: a great war leader', [
      { from: -55, to: -54 },
      { from: 43, to: 51 }
    ])
  ]
}
const topography = { label: 'Home topography', join: ', ', values: [value('Arable'), value('Hilly')] }
const facts = [invasion, maneuver, topography]

describe('factLines', () => {
  it('lists every value of a fact, with its dates and note, when no year is chosen', () => {
    expect(factLines(facts)).toEqual([
      'Invasion rating: 0',
      'Maneuver rating: 1 (usual rating); 2 (55-54 BC, 43-51 AD: a great war leader)',
      'Home topography: Arable, Hilly'
    ])
  })
  it('gives the value in force in a year: the dated one whose dates hold it, else the undated ones, joined as the ruleset says', () => {
    expect(factLines(facts, 45)).toEqual(['Invasion rating: 0', 'Maneuver rating: 2', 'Home topography: Arable, Hilly'])
    expect(factLines(facts, 10)).toEqual(['Invasion rating: 0', 'Maneuver rating: 1', 'Home topography: Arable, Hilly'])
    expect(factLines([])).toEqual([])
    expect(factLines([{ label: 'Invasion rating', join: null, values: [value(4), value(2, 'if Antipatros commands')] }], -330)).toEqual([
      'Invasion rating: 4 or 2'
    ])
    expect(factLines([{ label: 'Maneuver rating', join: null, values: [value(3, '100-200 AD', [{ from: 100, to: 200 }])] }], 300)).toEqual([])
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
