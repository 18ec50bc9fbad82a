// "Armies I can field" as a filter (issue 39, point 10): which armies the collection fields whole (its
// whole minimum), in part (some of its minimum) or not at all, as armiesFielded says it to the app.
import { describe, expect, it } from 'vitest'
import { bundledEngine } from '../support/engine'
import { armiesFielded, makeItem, type NewItem } from '../../src-main/services/collection'

const engine = bundledEngine()
const items = (...inputs: NewItem[]) => inputs.map((i) => makeItem(engine, i))
const shelf = [
  { name: 'Gallic warband', count: 8, ruleset: 'triumph', troop: 'warband' },
  { name: 'Gallic slingers', count: 4, ruleset: 'triumph', troop: 'light-foot' }
]
const by = (fielded: ReturnType<typeof armiesFielded>, fields: string) => fielded.filter((a) => a.fields === fields)

describe('armies fielded whole, in part, or not at all', () => {
  it('8 warband and 4 light foot field no Triumph! army whole; some of the minimum of those they cover part of', () => {
    const fielded = armiesFielded(engine, items(...shelf), 'triumph')
    expect(by(fielded, 'whole')).toEqual([])
    const part = by(fielded, 'part')
    expect(part[0]).toMatchObject({ army: 'ancient-british', covered: 5, required: 7 })
    for (const a of part) expect(a.covered).toBeGreaterThan(0)
    for (const a of by(fielded, 'none')) expect(a.covered).toBe(0)
    expect([part.length, fielded.length]).toEqual([10, 49])
  })
  it('2 bad horse more: Ancient British whole, first', () => {
    const fielded = armiesFielded(engine, items(...shelf, { name: 'British horse', count: 2, ruleset: 'triumph', troop: 'bad-horse' }), 'triumph')
    expect(by(fielded, 'whole').map((a) => [a.army, a.covered, a.required])).toEqual([['ancient-british', 7, 7]])
    expect(fielded[0].army).toBe('ancient-british')
    expect(by(fielded, 'part').length).toBe(12)
  })
  it('an empty collection fields nothing, in any ruleset', () => {
    const fielded = armiesFielded(engine, [])
    expect(fielded.filter((a) => a.fields !== 'none')).toEqual([])
  })
})
