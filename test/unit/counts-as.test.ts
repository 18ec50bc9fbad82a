// The counts-as table (data/collection/counts-as.json): valid against its schema, and every troop type and
// attribute value it names exists in its ruleset's data and is one that troop type takes.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectAjv, schemaId } from '../../src-main/rules/schemas'
import { repoRoot } from '../support/engine'

interface AttributeDef {
  type: string
  values?: string[]
}
interface TroopType {
  id: string
  attributes?: Record<string, unknown> | null
}
interface Ruleset {
  id: string
  attributes?: Record<string, AttributeDef>
  troopTypes: TroopType[]
}
interface CountsAs {
  troop: string
  attributes?: Record<string, string | boolean>
}
interface Kind {
  id: string
  name: string
  figuresPerStand: number
  troops: Record<string, CountsAs>
}
interface CountsAsFile {
  rulesets: Record<string, { counts: string; standsPerUnit?: number; troops?: Record<string, number> }>
  kinds: Kind[]
}

const rulesetsDir = join(repoRoot, 'data', 'rulesets')
const rulesets = new Map<string, Ruleset>(
  readdirSync(rulesetsDir)
    .sort()
    .map((id) => [id, JSON.parse(readFileSync(join(rulesetsDir, id, 'ruleset.json'), 'utf8')) as Ruleset])
)
const raw: unknown = JSON.parse(readFileSync(join(repoRoot, 'data', 'collection', 'counts-as.json'), 'utf8'))
const table = raw as CountsAsFile

describe('counts-as table', () => {
  it('is valid against its schema', () => {
    const validate = projectAjv().getSchema(schemaId('counts-as.schema.json'))!
    expect(validate(raw), JSON.stringify(validate.errors, null, 1)).toBe(true)
    // and it does check: a ruleset counting units must say how many stands a unit takes
    expect(validate({ ...table, rulesets: { ...table.rulesets, 'portable-ancients': { counts: 'units' } } })).toBe(false)
  })

  it('has a rulesets entry for every ruleset, naming only troop types that ruleset has', () => {
    expect(Object.keys(table.rulesets).sort()).toEqual([...rulesets.keys()])
    for (const [id, counting] of Object.entries(table.rulesets)) {
      const troopIds = new Set(rulesets.get(id)!.troopTypes.map((t) => t.id))
      for (const troop of Object.keys(counting.troops ?? {})) expect(troopIds, `${id}: ${troop}`).toContain(troop)
    }
  })

  it('makes every troop type of every ruleset the target of at least one kind', () => {
    const missing: string[] = []
    for (const [id, ruleset] of rulesets) {
      const targets = new Set(table.kinds.flatMap((k) => (k.troops[id] ? [k.troops[id].troop] : [])))
      for (const t of ruleset.troopTypes) if (!targets.has(t.id)) missing.push(`${id}/${t.id}`)
    }
    expect(missing).toEqual([])
  })

  it('names only troop types, attributes and values that exist and that the troop type takes', () => {
    const problems: string[] = []
    for (const kind of table.kinds) {
      for (const [rulesetId, countsAs] of Object.entries(kind.troops)) {
        const where = `${kind.id} -> ${rulesetId}`
        const ruleset = rulesets.get(rulesetId)
        if (!ruleset) {
          problems.push(`${where}: no such ruleset`)
          continue
        }
        const troop = ruleset.troopTypes.find((t) => t.id === countsAs.troop)
        if (!troop) {
          problems.push(`${where}: no troop type ${countsAs.troop}`)
          continue
        }
        for (const [attr, value] of Object.entries(countsAs.attributes ?? {})) {
          const def = ruleset.attributes?.[attr]
          if (!def) problems.push(`${where}: no attribute ${attr}`)
          else if (!troop.attributes || !(attr in troop.attributes)) problems.push(`${where}: ${countsAs.troop} does not take ${attr}`)
          else if (def.type === 'enum' && !(typeof value === 'string' && def.values?.includes(value)))
            problems.push(`${where}: ${attr} has no value ${String(value)}`)
          else if (def.type === 'boolean' && typeof value !== 'boolean') problems.push(`${where}: ${attr} must be true or false`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('has unique kind ids', () => {
    const ids = table.kinds.map((k) => k.id)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
