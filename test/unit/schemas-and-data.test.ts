// Every published schema compiles under ajv strict mode and is valid against the 2020-12
// metaschema; every data file validates against its schema; the compiled per-army schemas compile.
import Ajv2020 from 'ajv/dist/2020'
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { rulesHandlers } from '../../src-main/ipc/handlers'
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
      format: 'muster-roster',
      version: 1,
      name: "Caesar's Gallic army",
      ruleset: 'wrg-1969',
      army: 'early-imperial-roman',
      year: -55,
      pointsLimit: 800,
      units: [
        { troop: 'general', count: 1 },
        { troop: 'heavy-infantry', count: 24, status: 'regular', class: 'B', name: 'Legio X' }
      ]
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

  files.push([join('..', 'eras.json'), 'eras.schema.json'])

  // The app trusts its own data at start-up (rules/registry.ts): these are the checks it relies on.
  // One strict Ajv for the data files: each schema compiled once, not once per file (~100 ms each).
  const dataAjv = strictAjv()
  it.each(files)('%s validates against %s', (file, schema) => {
    const validate = dataAjv.getSchema(schemaId(schema))!
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

  it('every troop type of every ruleset has a cost for each attribute combination it can take', async () => {
    const engine = bundledEngine()
    const handlers = rulesHandlers(engine)
    let tried = 0
    let forbidden = 0
    const unpriced: string[] = []
    for (const loaded of engine.registry.rulesets.values()) {
      const army = [...loaded.armies.keys()][0]
      const constraints = new Set((loaded.ruleset.constraints ?? []).map((c) => c.id))
      const details = await handlers.rulesetDetails(loaded.ruleset.id)
      for (const troop of details.troops) {
        // every combination of the values of the attributes a cost table is keyed by (and the rest at their first value)
        let combos: Array<Record<string, unknown>> = [{}]
        for (const a of troop.attributes) {
          const values: unknown[] = a.type === 'boolean' ? [false, true] : a.values
          const keyed = troop.costTable?.by.includes(a.id) ?? false
          combos = combos.flatMap((c) => (keyed ? values : values.slice(0, 1)).map((v) => ({ ...c, [a.id]: v })))
        }
        for (const attributes of combos) {
          const v = engine.check({
            format: 'muster-roster',
            version: 1,
            ruleset: loaded.ruleset.id,
            army,
            units: [{ troop: troop.id, count: 1, ...attributes }]
          })
          const where = `${loaded.ruleset.id}/${troop.id} ${JSON.stringify(attributes)}`
          tried++
          // A combination one of the ruleset's own rules forbids for this unit needs no price;
          // every other one must have one.
          if (v.issues.some((i) => constraints.has(i.rule) && i.path.startsWith('/units/0'))) forbidden++
          else if (v.issues.some((i) => i.code === 'no-cost')) unpriced.push(where)
          else expect(Number.isFinite(v.units?.[0]?.cost), where).toBe(true)
        }
      }
    }
    expect(tried).toBeGreaterThan(100)
    expect(forbidden).toBeGreaterThan(0) // WRG 1969: elephants and chariots barbarian only, engines regular only (R69-10)
    // Mark 2 takes the WRG table with its blanks and has no rule of its own against them: the player
    // meets "no points value" with the values the table prices, and a user costs.json can price these
    // (test/unit/engine.test.ts).
    expect(unpriced.sort()).toEqual(
      [
        'wrg-mk2/chariot {"status":"regular","class":"A"}',
        'wrg-mk2/elephant {"status":"regular","class":"A"}',
        'wrg-mk2/heavy-war-engine {"status":"barbarian","class":"A"}',
        'wrg-mk2/light-war-engine {"status":"barbarian","class":"A"}'
      ].sort()
    )
  })
})
