// Data editions: an edition changes exactly the values it names; a roster names the edition it is
// checked under; an unknown edition or a bad edition file is a clear error.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createEngine, DataError } from '../../src-main/rules'
import { bundledEngine } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { hussite } from '../support/fixtures-hussite'

const engine = bundledEngine()
const tmp = tempFolders('muster-editions-')

/** Every leaf path where two JSON values differ. */
function differences(a: unknown, b: unknown, at = ''): string[] {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Object.is(a, b) ? [] : [at]
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  return [...keys].flatMap((k) => differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}/${k}`))
}

describe('data editions', () => {
  it('an edition changes exactly the values it names, and the base stays as it was', () => {
    const base = engine.ruleset('triumph')!
    const before = JSON.stringify(base.ruleset)
    const current = engine.ruleset('triumph', 'meshwesh-current')!
    const index = (id: string) => base.ruleset.troopTypes.findIndex((t) => t.id === id)
    expect(differences(base.ruleset, current.ruleset).sort()).toEqual(
      [`/troopTypes/${index('pavisiers')}/stats/vsMounted`, `/troopTypes/${index('war-wagons')}/stats/shotAt`].sort()
    )
    expect(current.troops.get('pavisiers')!.stats!.vsMounted).toBe(4)
    expect(base.troops.get('pavisiers')!.stats!.vsMounted).toBe(3)
    const qrs = engine.ruleset('triumph', 'qrs-2018')!
    expect(differences(base.ruleset, qrs.ruleset)).toEqual([`/troopTypes/${index('war-wagons')}/cost`])
    expect(JSON.stringify(base.ruleset)).toBe(before)
    expect(engine.ruleset('triumph', 'nope')).toBeUndefined()
  })

  it('a roster is checked under the edition it names; the verdict says which', () => {
    const seed = engine.check(hussite)
    expect(seed).toMatchObject({ valid: true, points: 48 })
    expect(seed.edition).toBeUndefined()
    // qrs-2018: War Wagons 4 a stand: 3 stands x (4 - 3) = +3, 51 points, 3 over
    const qrs = engine.check({ ...hussite, edition: 'qrs-2018' })
    expect(qrs).toMatchObject({ valid: false, points: 51, edition: { id: 'qrs-2018' } })
    expect(qrs.issues.map((i) => [i.code, i.message])).toEqual([['points-over-limit', 'The army costs 51 points, 3 over its 48-point limit.']])
    // meshwesh-current changes two factors, no cost: the same verdict
    expect(engine.check({ ...hussite, edition: 'meshwesh-current' })).toMatchObject({
      valid: true,
      points: 48,
      edition: { id: 'meshwesh-current', name: "Meshwesh's current troop table" }
    })
  })

  it('an unknown edition is a clear error that names the editions there are; the rest is checked under the own values', () => {
    const v = engine.check({ ...hussite, edition: 'qrs-2019' })
    expect(v).toMatchObject({ valid: false, points: 48 })
    expect(v.issues).toEqual([
      expect.objectContaining({
        code: 'unknown-edition',
        path: '/edition',
        message:
          "Triumph! has no data edition 'qrs-2019'; its editions are meshwesh-current and qrs-2018: checked under its own values. Choose one of them, or leave it out."
      })
    ])
    const over = engine.check({ ...hussite, edition: 'qrs-2019', units: [...hussite.units, { troop: 'bad-horse', count: 1 }] }).issues.map((i) => i.code)
    expect(over[0]).toBe('unknown-edition')
    expect(over).toContain('points-over-limit')
  })

  it("the printed sheets show the costs and stats of the roster's edition", async () => {
    const { buildExport } = await import('../../src-main/export')
    const qrs = buildExport(engine, { ...hussite, edition: 'qrs-2018' }, { kind: 'qrs' })
    expect(qrs.loaded.troops.get('war-wagons')!.cost).toBe(4)
    expect(buildExport(engine, { ...hussite, edition: 'meshwesh-current' }, { kind: 'cards' }).loaded.troops.get('war-wagons')!.stats!.shotAt).toBe(4)
    expect(buildExport(engine, hussite, { kind: 'roster' }).loaded.troops.get('war-wagons')!.cost).toBe(3)
  })

  it("a user's edition file is checked: unknown troops and stats, a wrong file name, another ruleset", () => {
    const dir = tmp()
    mkdirSync(join(dir, 'triumph', 'editions'), { recursive: true })
    const file = join(dir, 'triumph', 'editions', 'club.json')
    writeFileSync(file, JSON.stringify({ ruleset: 'triumph', id: 'club', name: 'Club', troopTypes: { goblins: { cost: 1 }, pikes: { stats: { flight: 3 } } } }))
    expect(() => createEngine({ dataDirs: [dir] })).toThrow(DataError)
    expect(() => createEngine({ dataDirs: [dir] })).toThrow(
      /troopTypes\/goblins: no troop type 'goblins' in triumph; \/troopTypes\/pikes\/stats\/flight: stat not defined/
    )
    writeFileSync(file, JSON.stringify({ ruleset: 'triumph', id: 'other', name: 'Club', troopTypes: { pikes: { cost: 2 } } }))
    expect(() => createEngine({ dataDirs: [dir] })).toThrow("edition id 'other' does not match the file name")
    writeFileSync(file, JSON.stringify({ ruleset: 'triumph', id: 'club', name: 'Club', troopTypes: { pikes: { cost: 'cheap' } } }))
    expect(() => createEngine({ dataDirs: [dir] })).toThrow(DataError)
    // A card's cost formula is compiled at start (a bundled edition's are compiled by the tests only).
    const card = createEngine().ruleset('triumph')!.ruleset.battleCards![0].code
    writeFileSync(file, JSON.stringify({ ruleset: 'triumph', id: 'club', name: 'Club', battleCards: { [card]: { cost: { nope: [1] } } } }))
    expect(() => createEngine({ dataDirs: [dir] })).toThrow(`/battleCards/${card}/cost: the formula does not compile (Unknown Operator 'nope')`)
    writeFileSync(file, JSON.stringify({ ruleset: 'triumph', id: 'club', name: 'Club', troopTypes: { pikes: { cost: 2 } } }))
    expect(createEngine({ dataDirs: [dir] }).check({ ...hussite, edition: 'club' }).points).toBe(48)
  })
})
