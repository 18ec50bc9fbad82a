// The validators of game files, result slips and rosters checked as imported, compiled at build time
// (src-main/rules/schema-codegen.ts, bundled by scripts/build-cli.mjs for `muster game`): each gives
// exactly the errors the project's Ajv gives, and is used only while the schema files it was made
// from are unchanged; a schema naming a file it was not made from fails the build.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ajvValidators, precompiledValidators, type SchemaModule, type SchemaModules } from '../../src-main/rules/precompiled'
import { PRECOMPILED_SCHEMAS, referencedFiles, schemaModules } from '../../src-main/rules/schema-codegen'
import { projectAjv, readSchema, readSchemaText, schemaId, storedSchemaId } from '../../src-main/rules/schemas'
import { gameSchemaProblem, slipSchemaProblem } from '../../src-main/services/game-file-schema'
import { repoRoot } from '../support/engine'
import { evaluatedModules } from '../support/generated-modules'

const examples = join(repoRoot, 'examples')
const rosters = readdirSync(examples)
  .filter((f) => f.endsWith('.muster.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(examples, f), 'utf8')) as Record<string, unknown>)

/** The generated modules as the bundle holds them, evaluated here. */
const generated = (): SchemaModules => evaluatedModules<SchemaModule>(schemaModules().map(({ id, code }) => ({ key: id, code })))

const game = {
  format: 'muster-game',
  version: 1,
  date: '2025-06-14',
  sides: [
    { roster: 'mine.muster.json', losses: [{ unit: 0, lost: 2 }], campSacked: true },
    { roster: rosters[0], losses: [{ unit: 1, destroyed: true }], flags: { campSacked: false } }
  ],
  agreed: { winner: null }
}
const slip = {
  format: 'muster-result',
  version: 1,
  ruleset: { id: 'triumph', dataVersion: '1.4.0' },
  date: '2025-06-14',
  sides: [
    { checkCode: null, army: 'A', name: 'A', losses: [{ unit: 0, lost: 2 }], flags: { campSacked: false }, lost: 9, spent: false },
    { checkCode: null, army: 'B', name: 'B', losses: [], flags: {}, lost: 16, spent: true }
  ],
  over: true,
  winner: 0,
  why: 'Side 1 wins.',
  agreed: false
}

const references = readdirSync(join(repoRoot, 'data', 'rulesets')).flatMap((id) => {
  try {
    return [JSON.parse(readFileSync(join(repoRoot, 'data', 'rulesets', id, 'reference.json'), 'utf8')) as Record<string, unknown>]
  } catch {
    return []
  }
})

/** Documents to check against each schema: good ones, and each kind of mistake. */
const inputs: Record<string, unknown[]> = {
  [schemaId('game.schema.json')]: [
    game,
    { ...game, sides: [game.sides[0]] },
    { ...game, sides: [{ ...game.sides[0], losses: [{ unit: 0, lost: 1, destroyed: true }] }, game.sides[1]] },
    { ...game, sides: [{ ...game.sides[0], roster: 7, campSacked: 'yes' }, { losses: 'none' }] },
    { ...game, agreed: { winner: 2 }, extra: 1, date: 5 },
    { format: 'muster-game', version: 1 },
    []
  ],
  [schemaId('result-slip.schema.json')]: [
    slip,
    { ...slip, winner: 3, over: 'yes' },
    { ...slip, sides: [{ ...slip.sides[0], losses: [{ unit: -1, lost: 0 }], extra: true }, {}] },
    { ...slip, ruleset: {}, why: 1 },
    'a slip'
  ],
  [storedSchemaId('roster.schema.json')]: [
    ...rosters,
    ...rosters.map((r) => ({ ...r, units: [...(r.units as unknown[]), { troop: 7, count: 0 }] })),
    { ...rosters[0], format: 'other', ruleset: 'no-such-ruleset', name: 'x'.repeat(300) },
    { ...rosters[0], units: 'none', notes: 'x'.repeat(30_000) },
    null
  ],
  [schemaId('reference.schema.json')]: [
    ...references,
    { ...references[0], sections: [{ id: 'a', title: 'A', blocks: [{ kind: 'facts', id: 7 }, { kind: 'nonsense' }] }], extra: 1 },
    { ruleset: 'x' }
  ]
}

describe('project schema validators compiled at build time', () => {
  const modules = generated()

  it('are made for each schema listed, with the text of each file it was made from', () => {
    expect(Object.keys(modules).sort()).toEqual(PRECOMPILED_SCHEMAS.map((s) => s.id).sort())
    for (const { id, files } of PRECOMPILED_SCHEMAS) {
      expect(modules[id]().sources).toEqual(Object.fromEntries(files.map((f) => [f, readSchemaText(f)])))
    }
  })

  it('give the errors the project Ajv gives, for good and broken documents', () => {
    const ready = precompiledValidators(modules, (id) => {
      throw new Error(`compiled at run time: ${id}`)
    })
    for (const [id, docs] of Object.entries(inputs)) {
      const validate = ready(id)
      const compiled = projectAjv().getSchema(id)!
      for (const doc of docs) {
        expect(validate(doc), id).toBe(compiled(doc))
        expect(validate.errors ?? null, id).toEqual(compiled.errors ?? null)
      }
      expect(docs.some((doc) => validate(doc)) && docs.some((doc) => !validate(doc)), id).toBe(true)
    }
  })

  it('say the same problems in players’ words as the runtime compile', () => {
    const ready = precompiledValidators(modules)
    for (const doc of inputs[schemaId('game.schema.json')]) expect(gameSchemaProblem(doc, ready)).toBe(gameSchemaProblem(doc))
    for (const doc of inputs[schemaId('result-slip.schema.json')]) expect(slipSchemaProblem(doc, ready)).toBe(slipSchemaProblem(doc))
  })

  it('are not used once a file they were made from reads otherwise, nor for a schema not made', () => {
    const changed: SchemaModules = Object.fromEntries(
      Object.entries(modules).map(([id, load]) => [
        id,
        () => {
          const v = load()
          const copy: SchemaModule = (data) => v(data)
          copy.sources = Object.fromEntries(Object.entries(v.sources ?? {}).map(([file, text]) => [file, `${text} `]))
          return copy
        }
      ])
    )
    const asked: string[] = []
    const fallback = (id: string) => (asked.push(id), ajvValidators(id))
    const ready = precompiledValidators(changed, fallback)
    for (const { id } of PRECOMPILED_SCHEMAS) expect(ready(id)).toBe(projectAjv().getSchema(id))
    expect(ready(schemaId('event.schema.json'))).toBe(projectAjv().getSchema(schemaId('event.schema.json')))
    expect(asked.sort()).toEqual([...PRECOMPILED_SCHEMAS.map((s) => s.id), schemaId('event.schema.json')].sort())
    // one answer a process: asked again, the fallback is not asked again
    ready(schemaId('event.schema.json'))
    expect(asked).toHaveLength(PRECOMPILED_SCHEMAS.length + 1)
  })

  it('name every file a schema refers to, so none changes under a validator unseen', () => {
    expect(referencedFiles(readSchema('library-export.schema.json')).sort()).toEqual([
      'collection.schema.json',
      'event-export.schema.json',
      'roster.schema.json'
    ])
    expect(referencedFiles(readSchema('game.schema.json'))).toEqual([])
    for (const { files } of PRECOMPILED_SCHEMAS) for (const f of files) expect(referencedFiles(readSchema(f)).every((r) => files.includes(r))).toBe(true)
  })
})
