// The catalogue (services/catalogue.ts): one listing behind the app's ruleset list and `muster
// rulesets`. The app's has names, figures and editions, armies by name; the command line's keeps the
// shape scripts read (armies in the data's order, the cost table that priced a ruleset).
import { describe, expect, it } from 'vitest'
import { rulesetListing, rulesetSummaries } from '../../src-main/services/catalogue'
import { bundledEngine } from '../support/engine'

const engine = bundledEngine()

describe('catalogue', () => {
  it('lists every ruleset of the data in force, in the registry order, for both callers', () => {
    const ids = [...engine.registry.rulesets.keys()]
    expect(rulesetSummaries(engine).map((r) => r.id)).toEqual(ids)
    expect(rulesetListing(engine).map((r) => r.id)).toEqual(ids)
  })

  it("the app's: short names, figures led by points, editions, armies by name", () => {
    const triumph = rulesetSummaries(engine).find((r) => r.id === 'triumph')!
    expect(triumph.shortName).toBeTruthy()
    expect(triumph.figures[0]).toEqual({ id: 'points', label: 'Points' })
    expect(triumph.editions.map((e) => e.id)).toContain('qrs-2018')
    const names = triumph.armies.map((a) => a.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })))
  })

  it("the command line's: the same armies in the data's order, and only the keys it has always printed", () => {
    for (const listed of rulesetListing(engine)) {
      const loaded = engine.ruleset(listed.id)!
      expect(listed.armies.map((a) => a.id)).toEqual([...loaded.armies.keys()])
      expect(Object.keys(listed)).toEqual(['id', 'name', 'dataVersion', 'costUnit', 'defaultPointsLimit', ...(loaded.costTable ? ['costTable'] : []), 'armies'])
      const summary = rulesetSummaries(engine).find((r) => r.id === listed.id)!
      expect(new Set(summary.armies.map((a) => a.id))).toEqual(new Set(listed.armies.map((a) => a.id)))
    }
  })
})
