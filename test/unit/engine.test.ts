// Engine behaviour beyond the data-driven cases: the ids the roster format fixes, messages, caching
// of analyses, option inference, user data folders and their errors.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createEngine, DataError } from '../../src-main/rules'
import { tempFolders } from '../support/tmp'
import { bundledEngine, repoRoot } from '../support/engine'
import { armyFactLines } from '../../src-main/rules/army-facts'
import { compileFigures, evaluateFigures } from '../../src-main/rules/figures'
import { analyse } from '../../src-main/rules/analyse'
import type { Roster } from '../../src-main/rules/types'
import { wrgRoster } from '../../bench/rosters'

const engine = bundledEngine()
const troopIds = (rs: string) =>
  engine
    .ruleset(rs)!
    .ruleset.troopTypes.map((t) => t.id)
    .sort()

describe('ids fixed by the roster format', () => {
  const wrg = [
    'general',
    'elephant',
    'chariot',
    'heavy-war-engine',
    'light-war-engine',
    'super-heavy-cavalry',
    'heavy-cavalry',
    'medium-cavalry',
    'light-cavalry',
    'heavy-infantry',
    'medium-infantry',
    'light-infantry'
  ]

  it('WRG 1969 and Mark 2 troop types', () => {
    // the format's twelve, and the camel riders the seed moves apart (issue 14)
    expect(troopIds('wrg-1969')).toEqual([...wrg, 'light-camel', 'medium-camel'].sort())
    expect(troopIds('wrg-mk2')).toEqual([...wrg, 'light-camel', 'medium-camel'].sort())
  })

  it('Triumph! has the 26 troop types at 2, 3 or 4 points and a 48-point army', () => {
    const tr = engine.ruleset('triumph')!.ruleset
    expect(troopIds('triumph')).toEqual(
      [
        'archers',
        'bow-levy',
        'light-foot',
        'light-spear',
        'rabble',
        'raiders',
        'skirmishers',
        'warband',
        'artillery',
        'elite-foot',
        'heavy-foot',
        'horde',
        'pavisiers',
        'pikes',
        'spear',
        'war-wagons',
        'warriors',
        'bad-horse',
        'battle-taxi',
        'chariots',
        'elite-cavalry',
        'horse-bow',
        'javelin-cavalry',
        'knights',
        'cataphracts',
        'elephants'
      ].sort()
    )
    for (const t of tr.troopTypes) expect([2, 3, 4]).toContain(t.cost)
    expect(tr.defaultPointsLimit).toBe(48)
  })

  it('Portable Wargame troop types and qualities', () => {
    expect(troopIds('portable-ancients')).toEqual(
      [
        'armoured-melee-infantry',
        'unarmoured-melee-infantry',
        'missile-infantry',
        'heavy-cavalry',
        'light-cavalry',
        'missile-light-cavalry',
        'commander'
      ].sort()
    )
    expect(engine.ruleset('portable-ancients')!.ruleset.attributes.quality.values).toEqual(['elite', 'average', 'poor'])
  })

  it('the 14 WRG armies, with nationality tags, shared by Mark 2', () => {
    const armies = [
      'early-imperial-roman',
      'republican-roman',
      'late-roman',
      'greek-hoplite',
      'seleucid',
      'achaemenid-persian',
      'sassanid-persian',
      'carthaginian',
      'assyrian',
      'classical-indian',
      'ancient-british',
      'gallic',
      'sarmatian',
      'gothic'
    ]
    for (const rs of ['wrg-1969', 'wrg-mk2']) {
      const loaded = engine.ruleset(rs)!
      for (const id of armies) {
        expect(loaded.armies.get(id), `${rs}/${id}`).toBeDefined()
        expect(loaded.armies.get(id)!.tags.length).toBeGreaterThan(0)
      }
    }
    expect(engine.ruleset('wrg-1969')!.armies.get('seleucid')!.tags).toContain('Hellenic')
    expect(engine.ruleset('wrg-1969')!.armies.get('ancient-british')!.tags).toContain('British')
  })

  it('C&C leader costs: CinC 20, sub-general 15', () => {
    const t = engine.ruleset('cca-miniatures')!.troops
    expect(t.get('cinc')!.cost).toBe(20)
    expect(t.get('sub-general')!.cost).toBe(15)
  })
})

describe('checking', () => {
  const roman = () => ({
    format: 'muster-roster',
    version: 1,
    ruleset: 'wrg-1969',
    army: 'early-imperial-roman',
    units: [
      { troop: 'general', count: 1 },
      { troop: 'heavy-infantry', count: 30, status: 'regular' },
      { troop: 'heavy-cavalry', count: 15, status: 'regular' }
    ]
  })

  it('names troop and nation in the message, as the players read it', () => {
    const r = roman()
    r.units.push({ troop: 'elephant', count: 2, status: 'barbarian' })
    const issue = engine.check(r).issues.find((i) => i.rule === 'R69-3')!
    expect(issue).toEqual({
      code: 'count-above-max',
      severity: 'error',
      path: '/units/3',
      rule: 'R69-3',
      message: 'Elephants are not allowed in a Roman army: only Hellenic, Persian or Indian armies may field them.'
    })
  })

  it('re-checking a roster object after an edit sees the edit (no stale analysis)', () => {
    const r = roman()
    expect(engine.check(r).points).toBe(100 + 240 + 150)
    r.units[1].count = 60
    const v = engine.check(r)
    expect(v.points).toBe(100 + 480 + 150)
    expect(v.valid).toBe(true)
    r.units[1].count = 80
    expect(engine.check(r).issues.map((i) => i.code)).toContain('points-over-limit')
  })

  it('a roster pointsLimit replaces the default army size', () => {
    const r = { ...roman(), pointsLimit: 400 }
    const v = engine.check(r)
    expect(v.limit).toBe(400)
    expect(v.issues.find((i) => i.code === 'points-over-limit')!.message).toBe('The army costs 490 points, 90 over its 400-point limit.')
  })

  it('infers the option of a unit when the troop fits one, and reports which it took', () => {
    const v = engine.check({
      format: 'muster-roster',
      version: 1,
      ruleset: 'triumph',
      army: 'early-imperial-roman',
      year: 60,
      units: [
        { troop: 'elite-foot', count: 4, general: true },
        { troop: 'javelin-cavalry', count: 1, option: 'ala-horse' },
        { troop: 'raiders', count: 2 }
      ]
    })
    expect(v.units!.map((u) => u.option)).toEqual([expect.any(String), 'ala-horse', expect.any(String)])
    expect(v.units![0].battleLine).toBe('all')
  })

  it('reports troops from an allied contingent that were not given their option', () => {
    const v = engine.check({
      format: 'muster-roster',
      version: 1,
      ruleset: 'triumph',
      army: 'early-imperial-roman',
      year: 0,
      units: [
        { troop: 'elite-foot', count: 2, general: true },
        { troop: 'javelin-cavalry', count: 1, option: 'ala-horse' },
        { troop: 'raiders', count: 2 },
        { troop: 'warriors', count: 2 }
      ]
    })
    const issue = v.issues.find((i) => i.code === 'troop-not-in-army')!
    expect(issue.path).toBe('/units/3/troop')
    // Named as the army list names them, never by their ids.
    expect(issue.hint).toBe("An allied contingent may bring them: choose Fierce tribal foot (Early German) as the unit's option.")
  })

  it('never throws on non-roster input', () => {
    for (const input of [
      null,
      42,
      'roster',
      [],
      {},
      { ruleset: 7 },
      { ruleset: 'triumph', army: 3 },
      { ruleset: 'triumph', army: 'early-imperial-roman', units: [null, 1, 'x'] }
    ]) {
      const v = engine.check(input)
      expect(v.valid).toBe(false)
      expect(v.issues.length).toBeGreaterThan(0)
    }
  })
})

describe('user data folders', () => {
  const tmp = tempFolders('muster-data-')

  it('an army naming an unknown troop is refused with its file and place', () => {
    const dir = tmp()
    mkdirSync(join(dir, 'triumph', 'armies'), { recursive: true })
    writeFileSync(
      join(dir, 'triumph', 'armies', 'goblins.json'),
      JSON.stringify({ id: 'goblins', name: 'Goblins', dates: [{ from: 1, to: 2 }], tags: [], options: [{ id: 'gobs', troops: ['goblin-horde'] }] })
    )
    expect(() => createEngine({ dataDirs: [dir] })).toThrow(DataError)
    expect(() => createEngine({ dataDirs: [dir] })).toThrow("armies/goblins.json /options/0/troops: unknown troop 'goblin-horde'")
  })

  it("an army's usual value must be a value of its attribute (a typo would never apply)", () => {
    const dir = tmp()
    mkdirSync(join(dir, 'wrg-1969', 'armies'), { recursive: true })
    writeFileSync(
      join(dir, 'wrg-1969', 'armies', 'picts.json'),
      JSON.stringify({
        id: 'picts',
        name: 'Picts',
        dates: [{ from: 100, to: 800 }],
        tags: ['Pictish'],
        usual: { status: 'barbarain' },
        options: [{ id: 'general', troops: ['general'] }]
      })
    )
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
    const dir = tmp()
    mkdirSync(join(dir, 'triumph', 'armies'), { recursive: true })
    writeFileSync(
      join(dir, 'triumph', 'armies', 'a.json'),
      JSON.stringify({ id: 'b', name: 'B', dates: [{ from: 1, to: 2 }], tags: [], options: [{ id: 'x', troops: ['warband'] }] })
    )
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
    const dir = tmp()
    mkdirSync(join(dir, 'wrg-mk2'), { recursive: true })
    writeFileSync(
      join(dir, 'wrg-mk2', 'costs.json'),
      JSON.stringify({
        ruleset: 'wrg-mk2',
        costs: {
          elephant: { by: ['status'], table: { regular: 30, barbarian: 25 } },
          'heavy-war-engine': { by: ['status'], table: { regular: 25, barbarian: 20 } }
        }
      })
    )
    const priced = createEngine({ dataDirs: [dir] })
    // commander 1 x 100 + elephants 2 x 30 = 160; commander 100 + engine 1 x 20 = 120
    expect(priced.check(carthage)).toMatchObject({ valid: true, points: 160, issues: [] })
    expect(priced.check(rome)).toMatchObject({ valid: true, points: 120, issues: [] })
  })

  it('a costs.json for a troop the ruleset lacks is refused', () => {
    const dir = tmp()
    mkdirSync(join(dir, 'wrg-mk2'), { recursive: true })
    writeFileSync(join(dir, 'wrg-mk2', 'costs.json'), JSON.stringify({ ruleset: 'wrg-mk2', costs: { 'war-dog': 3 } }))
    expect(() => createEngine({ dataDirs: [dir] })).toThrow("no troop type 'war-dog' in wrg-mk2")
  })
})

describe('a check that reports no units (muster validate --json)', () => {
  // Every rule case and example: the same verdict, figures and issues, only without the units.
  const rosters: Array<[string, unknown]> = []
  for (const ruleset of readdirSync(join(repoRoot, 'test', 'rules'), { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const file of readdirSync(join(repoRoot, 'test', 'rules', ruleset.name)).filter((f) => f.endsWith('.json'))) {
      rosters.push([
        `${ruleset.name}/${file}`,
        (JSON.parse(readFileSync(join(repoRoot, 'test', 'rules', ruleset.name, file), 'utf8')) as { roster: unknown }).roster
      ])
    }
  }
  for (const file of readdirSync(join(repoRoot, 'examples'))) rosters.push([file, JSON.parse(readFileSync(join(repoRoot, 'examples', file), 'utf8'))])

  it.each(rosters)('%s', (_name, roster) => {
    const { units, ...whole } = bundledEngine().check(roster)
    expect(units).toBeDefined()
    expect(bundledEngine().check(roster, { units: false })).toEqual(whole)
  })
})

describe('the unit figures a check without units makes', () => {
  const mk2 = () => bundledEngine().ruleset('wrg-mk2')!.ruleset
  const ids = (ruleset: ReturnType<typeof mk2>) =>
    compileFigures(bundledEngine().armyContext(ruleset.id, 'early-imperial-roman'), ruleset).unitForArmy.map((f) => f.id)
  const withArmyFigure = (formula: unknown) => ({ ...mk2(), figures: [...mk2().figures, { id: 'extra', label: 'Extra', formula }] })

  it('are those the army formulas name, and none where they name none', () => {
    expect(ids(mk2()).sort()).toEqual(['allocationCap', 'apContribution'])
    expect(ids(bundledEngine().ruleset('wrg-1969')!.ruleset)).toEqual([])
  })

  it.each([
    ['a name built with cat, read with get', { get: [{ var: 'units.0' }, { cat: ['figures.', 'apCap'] }] }],
    ['a var whose name is built', { var: { cat: ['units.0.figures.', 'apCap'] } }],
    ['the figures read whole', { var: 'units.0.figures' }],
    ['a figure id the ruleset does not have', { var: 'units.0.figures.nothing' }]
  ])('are all of them where a formula may read any: %s', (_what, formula) => {
    expect(ids(withArmyFigure(formula))).toHaveLength(mk2().unitFigures!.length)
  })
})

describe('the sums by attribute a check makes', () => {
  const wrg = () => bundledEngine().ruleset('wrg-1969')!.ruleset
  const ctx = () => bundledEngine().armyContext('wrg-1969', 'early-imperial-roman')
  const read = (ruleset: ReturnType<typeof wrg>) => compileFigures(ctx(), ruleset).byAttributeRead
  const withArmyFigure = (formula: unknown) => ({ ...wrg(), figures: [...wrg().figures, { id: 'extra', label: 'Extra', formula }] })

  it('are those the army formulas name', () => {
    expect([...read(wrg())!]).toEqual(['status'])
    expect([...read(withArmyFigure({ var: ['countByAttribute.class.B', 0] }))!].sort()).toEqual(['class', 'status'])
  })

  it.each([
    ['the sums read whole', { var: 'pointsByAttribute' }],
    ['a name built with cat', { var: { cat: ['countByAttribute.', 'class', '.B'] } }]
  ])('are all of them where a formula may read any: %s', (_what, formula) => {
    expect(read(withArmyFigure(formula))).toBeUndefined()
  })

  it('give a formula the same value as sums of every attribute', () => {
    const roster = wrgRoster(40)
    const figure = (formula: unknown) => {
      const ruleset = withArmyFigure(formula)
      const figures = compileFigures(ctx(), ruleset)
      return evaluateFigures(ctx(), figures, analyse(ctx(), roster as Roster)).figures.extra
    }
    // Named (only class summed) and read whole (every attribute summed): one answer.
    const named = figure({ var: ['countByAttribute.class.B', 0] })
    const whole = figure({
      '+': [{ var: ['countByAttribute.class.B', 0] }, { '*': [0, { var: ['pointsByAttribute.nothing', 0] }] }, { if: [{ var: 'countByAttribute' }, 0, 0] }]
    })
    expect(named).toBeGreaterThan(0)
    expect(whole).toBe(named)
  })
})
