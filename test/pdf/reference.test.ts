// Every data/rulesets/<id>/reference.json validates against schemas/reference.schema.json (ajv
// strict), and its selectors, stats, labels and cells name things that exist; the loader reads a
// user's replacement and names a bad file.
import Ajv2020 from 'ajv/dist/2020'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEngine, DataError } from '../../src-main/rules'
import type { Ruleset, Selector } from '../../src-main/rules/types'
import { readSchemas, schemaId } from '../../src-main/rules/schemas'
import { loadReference } from '../../src-main/export/load-reference'
import type { Reference } from '../../src-main/export/reference'
import { bundledEngine, repoRoot } from '../support/engine'
import { RULESETS } from './pdf-support'

const schemas = readSchemas()
function strictAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true })
  for (const s of Object.values(schemas)) ajv.addSchema(s)
  return ajv
}

const read = <T>(rs: string, file: string): T => JSON.parse(readFileSync(join(repoRoot, 'data', 'rulesets', rs, file), 'utf8')) as T

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-reference-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('reference.schema.json', () => {
  it('is valid 2020-12 and compiles under ajv strict', () => {
    const ajv = strictAjv()
    expect(ajv.validateSchema(schemas['reference.schema.json']), JSON.stringify(ajv.errors)).toBe(true)
    expect(ajv.getSchema(schemaId('reference.schema.json'))).toBeTypeOf('function')
    const alone = new Ajv2020({ strict: true, allowUnionTypes: true })
    // reference.schema.json reads the ruleset schema's definitions, which read the rules of play's
    alone.addSchema(schemas['ruleset.schema.json'])
    alone.addSchema(schemas['play.schema.json'])
    expect(() => alone.compile(schemas['reference.schema.json'])).not.toThrow()
  })

  it('rejects unknown fields and bad blocks', () => {
    const validate = strictAjv().getSchema(schemaId('reference.schema.json'))!
    const ok = { ruleset: 'x', source: { seed: 's' }, notes: [], sections: [{ id: 'a', title: 'A', blocks: [{ kind: 'text', id: 't', text: 'hi' }] }] }
    expect(validate(ok)).toBe(true)
    expect(validate({ ...ok, colour: 1 })).toBe(false)
    expect(validate({ ...ok, sections: [{ id: 'a', title: 'A', blocks: [{ kind: 'table', id: 't', columns: [], rows: [] }] }] })).toBe(false)
    expect(validate({ ...ok, sections: [{ id: 'a', title: 'A', blocks: [{ kind: 'poem', id: 't' }] }] })).toBe(false)
  })
})

describe.each(RULESETS)('%s/reference.json', (rs) => {
  const ref = read<Reference>(rs, 'reference.json')
  const ruleset = read<Ruleset>(rs, 'ruleset.json')
  const troopIds = new Set(ruleset.troopTypes.map((t) => t.id))
  const categories = new Set(ruleset.troopTypes.map((t) => t.category))
  const tags = new Set(ruleset.troopTypes.flatMap((t) => t.tags ?? []))

  it('validates against reference.schema.json (ajv strict)', () => {
    const validate = strictAjv().getSchema(schemaId('reference.schema.json'))!
    expect(validate(ref), JSON.stringify(validate.errors, null, 1)).toBe(true)
    expect(ref.ruleset).toBe(rs)
    expect(ref.notes.length).toBeGreaterThan(0)
  })

  const checkSelector = (s: Selector | undefined, where: string) => {
    if (!s) return
    for (const t of s.troops ?? []) expect(troopIds.has(t), `${where}: troop ${t}`).toBe(true)
    for (const c of s.categories ?? []) expect(categories.has(c), `${where}: category ${c}`).toBe(true)
    for (const t of s.troopTags ?? []) expect(tags.has(t), `${where}: tag ${t}`).toBe(true)
    for (const [attr, v] of Object.entries(s.attributes ?? {})) {
      const def = ruleset.attributes[attr]
      expect(def, `${where}: attribute ${attr}`).toBeDefined()
      for (const value of Array.isArray(v) ? v : [v]) {
        if (def.type === 'enum') expect(def.values, `${where}: ${attr}=${String(value)}`).toContain(value)
        else expect(typeof value).toBe('boolean')
      }
    }
    checkSelector(s.not, `${where} (not)`)
  }

  it('names only troop types, categories, tags, attributes, stats and figures that exist', () => {
    const statIds = new Set([...Object.keys(ruleset.stats), 'code', 'cost', 'category'])
    const labelTargets = new Set([...Object.keys(ruleset.stats), ...(ruleset.unitFigures ?? []).map((f) => f.id), ...(ref.unitColumns ?? []).map((c) => c.id)])
    for (const id of Object.keys(ref.labels ?? {})) expect(labelTargets.has(id), `label ${id}`).toBe(true)
    for (const c of ref.unitColumns ?? []) {
      const def = ruleset.attributes[c.attribute]
      expect(def, c.id).toBeDefined()
      for (const v of Object.keys(c.values)) expect(def.values ?? ['true', 'false'], `${c.id}: ${v}`).toContain(v)
    }
    ;(ref.cardRules ?? []).forEach((r, i) => checkSelector(r.select, `cardRules[${i}]`))
    const ids = new Set<string>()
    for (const section of ref.sections) {
      for (const block of section.blocks) {
        expect(ids.has(block.id), `duplicate block id ${block.id}`).toBe(false)
        ids.add(block.id)
        if (block.kind === 'troops') {
          for (const s of block.stats) expect(statIds.has(s), `${block.id}: stat ${s}`).toBe(true)
          if (block.sortBy) expect(statIds.has(block.sortBy)).toBe(true)
        }
        if (block.kind === 'facts')
          for (const f of block.facts)
            expect(
              (ruleset.armyFacts ?? []).map((d) => d.id),
              `${block.id}: fact ${f.fact}`
            ).toContain(f.fact)
        if (block.kind !== 'table') continue
        const keys = block.columns.map((c) => c.key)
        expect(new Set(keys).size, `${block.id}: column keys`).toBe(keys.length)
        block.columns.forEach((c) => checkSelector(c.select, `${block.id}.${c.key}`))
        block.rows.forEach((row, i) => {
          expect(Object.keys(row.cells).sort(), `${block.id} row ${i + 1}: one cell per column`).toEqual([...keys].sort())
          checkSelector(row.select, `${block.id} row ${i + 1}`)
          checkSelector(row.vs, `${block.id} row ${i + 1} vs`)
        })
        for (const m of (block.onCards ?? '').matchAll(/\{([A-Za-z0-9_-]+)\}/g)) expect(keys, `${block.id}: onCards {${m[1]}}`).toContain(m[1])
        if (block.onCards)
          expect(
            block.rows.every((r) => r.select),
            `${block.id}: onCards rows need a select`
          ).toBe(true)
        if (block.mirror) expect(block.tailor).toBe('own')
      }
    }
  })

  it('is what the loader returns for the bundled ruleset', () => {
    expect(loadReference(bundledEngine().ruleset(rs)!)).toEqual(ref)
  })
})

describe('loading reference data from a user data folder', () => {
  it("uses the user's reference.json over the bundled one", () => {
    const data = join(dir, 'own')
    mkdirSync(join(data, 'triumph'), { recursive: true })
    const own = {
      ruleset: 'triumph',
      title: 'Club sheet',
      source: { seed: 'club' },
      notes: ['ours'],
      sections: [{ id: 'a', title: 'A', blocks: [{ kind: 'text', id: 't', text: 'house rules' }] }]
    }
    writeFileSync(join(data, 'triumph', 'reference.json'), JSON.stringify(own))
    const engine = createEngine({ dataDirs: [data] })
    expect(loadReference(engine.ruleset('triumph')!)?.title).toBe('Club sheet')
    expect(loadReference(engine.ruleset('wrg-1969')!)?.title).toBe('WRG 1969 quick reference')
  })

  it('names a bad file and what is wrong with it', () => {
    const data = join(dir, 'bad')
    mkdirSync(join(data, 'triumph'), { recursive: true })
    writeFileSync(join(data, 'triumph', 'reference.json'), JSON.stringify({ ruleset: 'triumph', source: { seed: 's' }, notes: [], sections: [], extra: 1 }))
    const engine = createEngine({ dataDirs: [data] })
    expect(() => loadReference(engine.ruleset('triumph')!)).toThrow(DataError)
    expect(() => loadReference(engine.ruleset('triumph')!)).toThrow(/reference\.json.*extra|reference\.json.*sections/)
    writeFileSync(join(data, 'triumph', 'reference.json'), '{ not json')
    const engine2 = createEngine({ dataDirs: [data] })
    expect(() => loadReference(engine2.ruleset('triumph')!)).toThrow(/not valid JSON/)
  })
})
