// What `muster validate` of one roster leaves out at start (issue 13, item 11) must not change an
// answer: the bundled army lists read when first asked for still all load and cross-check, a user's
// data is still refused at start, and the structure validators compiled at build time give exactly
// the errors the engine's own compile gives.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AnySchemaObject } from 'ajv'
import { describe, expect, it, vi } from 'vitest'
import { createEngine, DataError } from '../../src-main/rules'
import { rulesetStructureSchema } from '../../src-main/rules/compile'
import { precompiledStructures, type StructureModule, type StructureModules } from '../../src-main/rules/precompiled'
import { formulaProblem } from '../../src-main/rules/formula'
import Ajv2020 from 'ajv/dist/2020'
import { compileOwnSchema, createAjv, readSchema, SCHEMA_BASE, schemaId } from '../../src-main/rules/schemas'
import { structureModules } from '../../src-main/rules/structure-codegen'
import { repoRoot } from '../support/engine'
import { evaluatedModules } from '../support/generated-modules'
import { tempFolders } from '../support/tmp'

const examples = join(repoRoot, 'examples')
const exampleRosters = readdirSync(examples)
  .filter((f) => f.endsWith('.muster.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(examples, f), 'utf8')) as Record<string, unknown>)

describe('the bundled army lists, read when first asked for', () => {
  it('every army file of every ruleset loads and cross-checks', () => {
    const engine = createEngine()
    for (const loaded of engine.registry.rulesets.values()) {
      const files = loaded.sources.flatMap((folder) => {
        try {
          return readdirSync(join(folder, 'armies')).filter((f) => f.endsWith('.json'))
        } catch {
          return []
        }
      })
      const armies = [...loaded.armies.values()]
      expect(armies.length).toBe(loaded.armies.size)
      for (const f of files) expect(loaded.armies.get(f.slice(0, -'.json'.length))?.id).toBe(f.slice(0, -'.json'.length))
      if (loaded.ruleset.armiesFrom) expect(loaded.armies.size).toBeGreaterThanOrEqual(engine.ruleset(loaded.ruleset.armiesFrom)!.armies.size)
    }
  })

  it('ids, order and size are known before any army is read, and match once all are', () => {
    const fresh = createEngine().ruleset('triumph')!.armies
    const ids = [...fresh.keys()]
    expect(fresh.size).toBe(ids.length)
    expect(fresh.has(ids[3])).toBe(true)
    expect(fresh.get(ids[3])!.id).toBe(ids[3])
    expect([...fresh.values()].map((a) => a.id)).toEqual(ids)
    expect([...fresh].map(([id]) => id)).toEqual(ids)
    expect(ids).toEqual([...ids].sort())
  })

  it('a roster checks the same whichever armies were read before', () => {
    const everything = createEngine()
    for (const rs of everything.registry.rulesets.values()) void [...rs.armies.values()]
    const lazy = createEngine()
    for (const roster of exampleRosters) expect(lazy.check(roster)).toEqual(everything.check(roster))
  })
})

describe('the bundled formulas, not compiled again at every start', () => {
  it("every formula of every bundled ruleset.json and edition compiles (a figure, a unit figure, a card's cost)", () => {
    const formulas: Array<[string, unknown]> = []
    for (const loaded of createEngine().registry.rulesets.values()) {
      const { ruleset } = loaded
      for (const [i, f] of (ruleset.figures ?? []).entries()) formulas.push([`${ruleset.id} /figures/${i}`, f.formula])
      for (const [i, f] of (ruleset.unitFigures ?? []).entries()) formulas.push([`${ruleset.id} /unitFigures/${i}`, f.formula])
      for (const c of ruleset.battleCards ?? []) formulas.push([`${ruleset.id} /battleCards/${c.code}`, c.cost])
      for (const edition of loaded.editions.values())
        for (const [code, change] of Object.entries(edition.battleCards ?? {}))
          formulas.push([`${ruleset.id} edition ${edition.id} /battleCards/${code}`, change.cost])
    }
    expect(formulas.length).toBeGreaterThan(20)
    expect(formulas.filter(([, f]) => formulaProblem(f) !== null).map(([where, f]) => `${where}: ${formulaProblem(f)}`)).toEqual([])
  })
})

describe("the project's schemas, registered when first needed", () => {
  it('checking a roster of every ruleset registers none of them (its own schemas name none); asking for one registers them all', () => {
    const spy = vi.spyOn(Ajv2020.prototype, 'addSchema')
    // the project's own schemas, by their $id (any other an Ajv may add is not counted)
    const projectAdded = () => spy.mock.calls.filter(([schema]) => String((schema as { $id?: unknown }).$id).startsWith(SCHEMA_BASE)).length
    try {
      const engine = createEngine()
      for (const roster of exampleRosters) expect(engine.check(roster).points, String(roster.ruleset)).toBeGreaterThan(0)
      expect(projectAdded()).toBe(0)
      const ajv = createAjv()
      expect(projectAdded()).toBe(0)
      expect(ajv.getSchema(schemaId('roster.schema.json'))).toBeDefined()
      expect(projectAdded()).toBeGreaterThan(10)
    } finally {
      spy.mockRestore()
    }
  })

  it('a registration that fails says so to every caller, not only the first', () => {
    const ajv = createAjv()
    const spy = vi.spyOn(Ajv2020.prototype, 'addSchema').mockImplementation(() => {
      throw new Error('schema with key or id "x" already exists')
    })
    try {
      expect(() => ajv.getSchema(schemaId('roster.schema.json'))).toThrow('already exists')
      expect(() => ajv.getSchema(schemaId('event.schema.json'))).toThrow('already exists')
      expect(() => ajv.compile({ $ref: schemaId('event.schema.json') })).toThrow('already exists')
    } finally {
      spy.mockRestore()
    }
  })
})

describe("a user's data is still checked at start", () => {
  const tmp = tempFolders('muster-startup-')

  it("a user's ruleset.json is checked against every bundled army of that ruleset at once", () => {
    const dir = tmp()
    mkdirSync(join(dir, 'triumph'), { recursive: true })
    const ruleset = JSON.parse(readFileSync(join(repoRoot, 'data', 'rulesets', 'triumph', 'ruleset.json'), 'utf8')) as { troopTypes: Array<{ id: string }> }
    ruleset.troopTypes = ruleset.troopTypes.filter((t) => t.id !== 'elite-foot')
    writeFileSync(join(dir, 'triumph', 'ruleset.json'), JSON.stringify(ruleset))
    expect(() => createEngine({ dataDirs: [dir] })).toThrow(DataError)
    expect(() => createEngine({ dataDirs: [dir] })).toThrow("unknown troop 'elite-foot'")
  })

  it("a user's army added to wrg-1969 is cross-checked for Mark 2 too, at start", () => {
    const dir = tmp()
    mkdirSync(join(dir, 'wrg-1969', 'armies'), { recursive: true })
    const army = JSON.parse(readFileSync(join(repoRoot, 'data', 'rulesets', 'wrg-1969', 'armies', 'dacian.json'), 'utf8')) as { id: string; name: string }
    writeFileSync(join(dir, 'wrg-1969', 'armies', 'dacian-copy.json'), JSON.stringify({ ...army, id: 'dacian-copy', name: 'Dacian (copy)' }))
    const engine = createEngine({ dataDirs: [dir] })
    expect(engine.ruleset('wrg-1969')!.armies.get('dacian-copy')!.name).toBe('Dacian (copy)')
    expect(engine.ruleset('wrg-mk2')!.armies.get('dacian-copy')!.name).toBe('Dacian (copy)')
  })
})

/** The generated modules as the bundle holds them, evaluated here. */
const generatedModules = (): StructureModules => evaluatedModules<StructureModule>(structureModules().map(({ rulesetId, code }) => ({ key: rulesetId, code })))

describe('structure validators compiled at build time', () => {
  const modules = generatedModules()
  const rosterSchema = readSchema('roster.schema.json') as AnySchemaObject

  it('give the errors the runtime compile gives, for good and broken rosters of every ruleset', () => {
    const engine = createEngine()
    const lookup = precompiledStructures(modules)
    const broken = (r: Record<string, unknown>): unknown[] => [
      r,
      { ...r, units: [...(r.units as unknown[]), { troop: 'no-such-troop', count: 1 }] },
      { ...r, units: [{ troop: (r.units as Array<{ troop: string }>)[0].troop, count: 0, colour: 'red' }] },
      { ...r, format: 'other', extra: 1, battleCards: [{ card: 'x' }], camp: { garrison: 3 } },
      { ...r, units: 'none', year: 1.5, name: 7 }
    ]
    for (const roster of exampleRosters) {
      const loaded = engine.ruleset(String(roster.ruleset))!
      const schema = rulesetStructureSchema(rosterSchema, loaded)
      const ready = lookup(loaded.ruleset.id, schema)
      expect(ready, loaded.ruleset.id).toBeDefined()
      // as the engine compiles it: without the project's schemas (a structure schema names none)
      const compiled = compileOwnSchema(createAjv(), schema)
      for (const input of broken(roster)) {
        expect(ready!(input)).toBe(compiled(input))
        expect(ready!.errors ?? null).toEqual(compiled.errors ?? null)
      }
    }
  })

  it('are not used for a schema other than the one they were made from', () => {
    const lookup = precompiledStructures(modules)
    const loaded = createEngine().ruleset('triumph')!
    const schema = rulesetStructureSchema(rosterSchema, loaded)
    expect(lookup('triumph', schema)).toBeDefined()
    expect(lookup('triumph', { ...schema, title: 'changed' })).toBeUndefined()
    expect(lookup('wrg-1969', schema)).toBeUndefined()
    expect(lookup('no-such-ruleset', schema)).toBeUndefined()
    expect(lookup('__proto__', schema)).toBeUndefined()
  })

  it('an engine using them gives the same verdicts as one compiling its own', () => {
    const own = createEngine()
    const ready = createEngine({ precompiled: precompiledStructures(modules) })
    for (const roster of exampleRosters) {
      const units = roster.units as Array<Record<string, unknown>>
      for (const input of [
        roster,
        { ...roster, units: [...units, { troop: 'no-such-troop', count: 2 }] },
        { ...roster, units: [{ ...units[0], count: -1, wings: true }] }
      ]) {
        expect(ready.check(input)).toEqual(own.check(input))
      }
    }
  })
})
