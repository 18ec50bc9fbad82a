// User data folders laid over the bundled data, and their errors: each fault refused at load with
// its file and place (an unknown troop, a usual value or fact the ruleset lacks, a formula that does
// not compile, a file named unlike its army), and a user's cost table that changes what is legal.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createEngine, DataError } from '../../src-main/rules'
import { tempFolders } from '../support/tmp'
import { writeDataFile } from '../support/data-folders'
import { repoRoot } from '../support/engine'
import { armyFactLines } from '../../src-main/rules/army-facts'

describe('user data folders', () => {
  const tmp = tempFolders('muster-data-')

  it('an army naming an unknown troop is refused with its file and place', () => {
    const army = { id: 'goblins', name: 'Goblins', dates: [{ from: 1, to: 2 }], tags: [], options: [{ id: 'gobs', troops: ['goblin-horde'] }] }
    const dir = writeDataFile(tmp(), 'triumph/armies/goblins.json', army)
    expect(() => createEngine({ dataDirs: [dir] })).toThrow(DataError)
    expect(() => createEngine({ dataDirs: [dir] })).toThrow("armies/goblins.json /options/0/troops: unknown troop 'goblin-horde'")
  })

  it("an army's usual value must be a value of its attribute (a typo would never apply)", () => {
    const dir = writeDataFile(tmp(), 'wrg-1969/armies/picts.json', {
      id: 'picts',
      name: 'Picts',
      dates: [{ from: 100, to: 800 }],
      tags: ['Pictish'],
      usual: { status: 'barbarain' },
      options: [{ id: 'general', troops: ['general'] }]
    })
    expect(() => createEngine({ dataDirs: [dir] })).toThrow("armies/picts.json /usual/status: 'barbarain' is not a value of 'status' (regular, barbarian)")
  })

  it('an army giving a fact its ruleset does not declare is refused; a declared one is shown under its label', () => {
    const dir = tmp()
    mkdirSync(join(dir, 'triumph', 'armies'), { recursive: true })
    const army = (facts: object) =>
      JSON.stringify({
        id: 'hillmen',
        name: 'Hillmen',
        dates: [{ from: 1, to: 2 }],
        tags: [],
        generals: ['warband'],
        facts,
        options: [{ id: 'w', troops: ['warband'] }]
      })
    writeFileSync(join(dir, 'triumph', 'armies', 'hillmen.json'), army({ ferocity: [{ value: 3 }] }))
    expect(() => createEngine({ dataDirs: [dir] })).toThrow("armies/hillmen.json /facts/ferocity: fact not declared in the ruleset's armyFacts")
    writeFileSync(
      join(dir, 'triumph', 'armies', 'hillmen.json'),
      army({ topography: [{ value: 'Hilly' }, { value: 'Forest' }], invasion: [{ value: 2, dates: [{ from: 1, to: 1 }] }, { value: 1 }] })
    )
    const engine = createEngine({ dataDirs: [dir] })
    const loaded = engine.ruleset('triumph')!
    const hillmen = loaded.armies.get('hillmen')!
    // the ruleset's order (invasion before topography), its labels and its joins
    expect(armyFactLines(loaded.ruleset, hillmen, 1)).toEqual([
      ['Invasion rating', '2'],
      ['Home topography', 'Hilly, Forest']
    ])
    expect(armyFactLines(loaded.ruleset, hillmen, 2)).toEqual([
      ['Invasion rating', '1'],
      ['Home topography', 'Hilly, Forest']
    ])
    expect(armyFactLines(loaded.ruleset, hillmen)).toEqual([
      ['Invasion rating', '2 (1 AD); 1'],
      ['Home topography', 'Hilly, Forest']
    ])
  })

  it('a formula that does not compile (a battle-card cost, a figure) is a data problem at load, not an exception in a check', () => {
    const dir = tmp()
    mkdirSync(join(dir, 'triumph'), { recursive: true })
    const ruleset = JSON.parse(readFileSync(join(repoRoot, 'data', 'rulesets', 'triumph', 'ruleset.json'), 'utf8')) as {
      battleCards: Array<{ cost: unknown }>
      figures: Array<{ formula: unknown }>
    }
    ruleset.battleCards[0].cost = { nope: [1] }
    ruleset.figures[0].formula = { alsoNope: [] }
    writeFileSync(join(dir, 'triumph', 'ruleset.json'), JSON.stringify(ruleset))
    expect(() => createEngine({ dataDirs: [dir] })).toThrow("ruleset.json /battleCards/0/cost: the formula does not compile (Unknown Operator 'nope')")
    expect(() => createEngine({ dataDirs: [dir] })).toThrow("ruleset.json /figures/0/formula: the formula does not compile (Unknown Operator 'alsoNope')")
  })

  it('a file whose name differs from its army id is refused', () => {
    const army = { id: 'b', name: 'B', dates: [{ from: 1, to: 2 }], tags: [], options: [{ id: 'x', troops: ['warband'] }] }
    const dir = writeDataFile(tmp(), 'triumph/armies/a.json', army)
    expect(() => createEngine({ dataDirs: [dir] })).toThrow("army id 'b' does not match the file name")
  })

  it('Mark 2: a user costs.json that prices regular elephants and irregular engines makes them legal (no rule refuses them beyond the table)', () => {
    const general = { troop: 'general', count: 1, grade: 'average', id: 'hanno' }
    const carthage = {
      format: 'muster-roster',
      version: 1,
      ruleset: 'wrg-mk2',
      army: 'carthaginian',
      year: -216,
      units: [general, { troop: 'elephant', count: 2, status: 'regular', class: 'C' }]
    }
    const rome = {
      format: 'muster-roster',
      version: 1,
      ruleset: 'wrg-mk2',
      army: 'early-imperial-roman',
      year: 100,
      units: [general, { troop: 'heavy-war-engine', count: 1, status: 'barbarian', class: 'C' }]
    }
    // the default table leaves those cells blank: no-cost, and nothing else
    const bundled = createEngine()
    expect(bundled.check(carthage).issues.map((i) => [i.code, i.path])).toEqual([['no-cost', '/units/1']])
    expect(bundled.check(rome).issues.map((i) => [i.code, i.path])).toEqual([['no-cost', '/units/1']])
    const dir = writeDataFile(tmp(), 'wrg-mk2/costs.json', {
      ruleset: 'wrg-mk2',
      costs: {
        elephant: { by: ['status'], table: { regular: 30, barbarian: 25 } },
        'heavy-war-engine': { by: ['status'], table: { regular: 25, barbarian: 20 } }
      }
    })
    const priced = createEngine({ dataDirs: [dir] })
    // commander 1 x 100 + elephants 2 x 30 = 160; commander 100 + engine 1 x 20 = 120
    expect(priced.check(carthage)).toMatchObject({ valid: true, points: 160, issues: [] })
    expect(priced.check(rome)).toMatchObject({ valid: true, points: 120, issues: [] })
  })

  it('a costs.json for a troop the ruleset lacks is refused', () => {
    const dir = writeDataFile(tmp(), 'wrg-mk2/costs.json', { ruleset: 'wrg-mk2', costs: { 'war-dog': 3 } })
    expect(() => createEngine({ dataDirs: [dir] })).toThrow("no troop type 'war-dog' in wrg-mk2")
  })
})
