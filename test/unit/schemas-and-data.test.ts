// Every published schema compiles under ajv strict mode and is valid against the 2020-12
// metaschema; every data file validates against its schema; the compiled per-army schemas compile.
import Ajv2020 from 'ajv/dist/2020'
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSchemas, schemaId } from '../../src-main/rules/schemas'
import { bundledEngine, repoRoot } from '../support/engine'

const schemas = readSchemas()
const dataDir = join(repoRoot, 'data', 'rulesets')

function strictAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true })
  for (const s of Object.values(schemas)) ajv.addSchema(s)
  return ajv
}

describe('published schemas', () => {
  it.each(Object.keys(schemas))('%s is valid against the 2020-12 metaschema and compiles strictly', (file) => {
    const ajv = strictAjv()
    expect(ajv.validateSchema(schemas[file]), JSON.stringify(ajv.errors)).toBe(true)
    expect(() => ajv.getSchema(schemaId(file))).not.toThrow()
    expect(ajv.getSchema(schemaId(file))).toBeTypeOf('function')
  })

  it('the roster schema accepts the documented example and rejects unknown top-level fields', () => {
    const validate = strictAjv().getSchema(schemaId('roster.schema.json'))!
    const example = {
      format: 'muster-roster', version: 1, name: "Caesar's Gallic army", ruleset: 'wrg-1969', army: 'early-imperial-roman', year: -55, pointsLimit: 800,
      units: [{ troop: 'general', count: 1 }, { troop: 'heavy-infantry', count: 24, status: 'regular', class: 'B', name: 'Legio X' }]
    }
    expect(validate(example)).toBe(true)
    expect(validate({ ...example, colour: 'red' })).toBe(false)
    expect(validate({ ...example, units: [{ troop: 'general', count: -1 }] })).toBe(false)
    expect(validate({ ...example, units: [{ troop: 'general', count: 1.5 }] })).toBe(false)
  })
})

describe('ruleset data', () => {
  const rulesets = readdirSync(dataDir).sort()

  it('ships the five rulesets', () => {
    expect(rulesets).toEqual(['cca-miniatures', 'portable-ancients', 'triumph', 'wrg-1969', 'wrg-mk2'])
  })

  const files: Array<[string, string]> = []
  for (const rs of rulesets) {
    files.push([join(rs, 'ruleset.json'), 'ruleset.schema.json'])
    if (existsSync(join(dataDir, rs, 'costs.json'))) files.push([join(rs, 'costs.json'), 'costs.schema.json'])
    const armies = join(dataDir, rs, 'armies')
    if (existsSync(armies)) for (const f of readdirSync(armies).sort()) files.push([join(rs, 'armies', f), 'army.schema.json'])
  }

  it.each(files)('%s validates against %s', (file, schema) => {
    const validate = strictAjv().getSchema(schemaId(schema))!
    const ok = validate(JSON.parse(readFileSync(join(dataDir, file), 'utf8')))
    expect(ok, JSON.stringify(validate.errors, null, 1)).toBe(true)
  })

  it('loads into one registry with cross-checked ids, and every army schema compiles', () => {
    const engine = bundledEngine()
    for (const [id, loaded] of engine.registry.rulesets) {
      for (const army of loaded.armies.keys()) {
        const schema = engine.structuralSchema(id, army)
        const ajv = new Ajv2020({ strict: true, discriminator: true, allowUnionTypes: true })
        expect(ajv.validateSchema(schema)).toBe(true)
        expect(() => ajv.compile(schema)).not.toThrow()
        // and the full (structure + rules) schema compiles inside the engine
        expect(engine.check({ format: 'muster-roster', version: 1, ruleset: id, army, units: [] }).ruleset).toBe(id)
      }
    }
  })

  it('every troop type of every ruleset has a cost for each attribute combination it can take', () => {
    const engine = bundledEngine()
    for (const loaded of engine.registry.rulesets.values()) {
      for (const t of loaded.ruleset.troopTypes) {
        expect(t.cost, `${loaded.ruleset.id}/${t.id}`).toBeDefined()
      }
    }
  })
})
