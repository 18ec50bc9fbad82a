// A `var` whose name is built with `cat` is compiled as a path of keys (formula.ts): the same answer
// as json-logic-engine's own reading of it, for every shape of name, found or not.
import { LogicEngine } from 'json-logic-engine'
import { describe, expect, it } from 'vitest'
import { compileFormula } from '../../src-main/rules/formula'

const plain = new LogicEngine()
const data = {
  units: [{ count: 3, figures: { ap: 2 } }, { count: '4', figures: {} }, { count: 5, figures: { ap: 1 } }, { figures: { ap: null } }],
  nothing: 7,
  unit: { quality: 'elite', odd: 'a.b', none: null },
  tables: { hit: { elite: { lose: 2, from: [4, 5] }, a: { b: { lose: 7 } }, '': { lose: 9 } }, flat: { elite: 3 } },
  'x.y': 1
}

const formulas: unknown[] = [
  { var: { cat: ['tables.hit.', { var: 'unit.quality' }, '.lose'] } },
  { var: { cat: ['tables.hit.', { var: 'unit.quality' }, '.from.1'] } },
  { var: { cat: ['tables.', 'hit.', { var: 'unit.quality' }, '.', 'lose'] } },
  { var: { cat: ['tables.flat.', { var: 'unit.quality' }] } },
  { var: { cat: [{ var: 'unit.quality' }] } },
  { var: { cat: ['tables.hit.', { var: 'unit.odd' }, '.lose'] } },
  { var: { cat: ['tables.hit.', { var: 'unit.missing' }, '.lose'] } },
  { var: { cat: ['tables.hit.', { var: 'unit.none' }, '.lose'] } },
  { var: [{ cat: ['tables.hit.', { var: 'unit.missing' }, '.lose'] }, 42] },
  { var: [{ cat: ['tables.hit.', { var: 'unit.quality' }, '.nothing'] }, 0] },
  { var: { cat: ['tables.hit', { var: 'unit.quality' }, '.lose'] } },
  { var: { cat: ['tables.hit.', { var: 'unit.quality' }, { var: 'unit.quality' }] } },
  { var: { cat: ['tables.hit.', { var: 'unit.quality' }, '.'] } },
  { var: { cat: ['tables.', { var: 'unit.quality' }, '.', { var: 'unit.quality' }] } },
  { var: { cat: ['x.y'] } },
  { reduce: [{ var: 'units' }, { '+': [{ var: 'accumulator' }, { var: 'current.count' }] }, 0] },
  { reduce: [{ var: 'units' }, { '+': [{ var: 'accumulator' }, { var: ['current.figures.ap', 0] }] }, 0] },
  { reduce: [{ var: 'units' }, { '+': [{ var: 'accumulator' }, { var: ['current.figures.ap', 10] }] }, 0] },
  { reduce: [{ var: 'missing' }, { '+': [{ var: 'accumulator' }, { var: 'current.count' }] }, 0] },
  { '*': [2, { reduce: [{ var: 'units' }, { '+': [{ var: 'accumulator' }, { var: 'current.count' }] }, 0] }] },
  { '+': [1, { var: { cat: ['tables.hit.', { var: 'unit.quality' }, '.lose'] } }] }
]

describe('a var named with cat, a sum over a list', () => {
  it.each(formulas.map((f) => [JSON.stringify(f), f]))('%s reads what json-logic-engine reads', (_, formula) => {
    expect(compileFormula(formula)(data)).toEqual(plain.build(formula as never)(data))
  })

  it('a sum over something not a list is 0 (json-logic-engine throws there)', () => {
    expect(compileFormula({ reduce: [{ var: 'nothing' }, { '+': [{ var: 'accumulator' }, { var: 'current.count' }] }, 0] })(data)).toBe(0)
  })

  it('reads a path or lookup written in data as their methods do (a dotted text key split, own keys only)', () => {
    expect(compileFormula({ path: [null, 'tables.hit', 'elite', 'lose'] })(data)).toBe(2)
    expect(compileFormula({ path: [5, 'tables', 'nowhere'] })(data)).toBe(5)
    expect(compileFormula({ path: [null, 'unit', 'none'] })(data)).toBeNull()
    expect(compileFormula({ lookup: ['flat', { var: 'unit.quality' }] })(data)).toBe(3)
    expect(compileFormula({ lookup: ['flat', 'constructor'] })(data)).toBeNull()
    expect(compileFormula({ lookup: ['nowhere', 'elite'] })(data)).toBeNull()
  })

  it('gives the table values of the real case', () => {
    expect(compileFormula(formulas[0])(data)).toBe(2)
    expect(compileFormula(formulas[8])(data)).toBe(42)
  })
})
