// Engine behaviour beyond the data-driven cases: the ids the roster format fixes, messages, caching
// of analyses, option inference, the verdict without units, and the figures a check makes. User
// data folders: engine-data-folders.test.ts.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bundledEngine, repoRoot } from '../support/engine'
import { rosterOf } from '../support/roster-of'
import { compileFigures, evaluateFigures } from '../../src-main/rules/figures'
import { analyse } from '../../src-main/rules/analyse'
import type { Roster } from '../../src-main/rules/types'
import { wrgRoster } from '../../bench/rosters'

const engine = bundledEngine()
/** Triumph! Early Imperial Roman in `year`: a general's `general` stands of Elite foot, Ala horse (its option given), 2 Raiders (none), then `more`. */
const romanCore = (year: number, general: number, more: Roster['units'] = []) =>
  rosterOf('triumph', 'early-imperial-roman', {
    year,
    units: [
      { troop: 'elite-foot', count: general, general: true },
      { troop: 'javelin-cavalry', count: 1, option: 'ala-horse' },
      { troop: 'raiders', count: 2 },
      ...more
    ]
  })
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
    const v = engine.check(romanCore(60, 4))
    expect(v.units!.map((u) => u.option)).toEqual([expect.any(String), 'ala-horse', expect.any(String)])
    expect(v.units![0].battleLine).toBe('all')
  })

  it('reports troops from an allied contingent that were not given their option', () => {
    const v = engine.check(romanCore(0, 2, [{ troop: 'warriors', count: 2 }]))
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
