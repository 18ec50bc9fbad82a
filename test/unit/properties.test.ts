// Property-based tests (fast-check): random rosters built from the real data never crash the engine;
// points are always the sum of unit costs, worked out here from the cost tables; an invalid roster
// always carries an error-severity issue; every issue is well-formed and points into the roster.
import fc from 'fast-check'
import { LogicEngine } from 'json-logic-engine'
import { describe, expect, it } from 'vitest'
import type { CostSpec, TroopType } from '../../src-main/rules/types'
import { bundledEngine } from '../support/engine'

const engine = bundledEngine()
const rulesets = [...engine.registry.rulesets.values()]

/** Cost per count straight from the data, independent of the engine's lookup. */
function costEach(t: TroopType, unit: Record<string, unknown>, booleans: Set<string>): number | null {
  const spec: CostSpec = t.cost
  if (typeof spec === 'number') return spec
  let node: unknown = spec.table
  for (const attr of spec.by) {
    const v = unit[attr] ?? t.attributes?.[attr]?.default ?? (booleans.has(attr) ? false : undefined)
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[String(v)] : undefined
  }
  return typeof node === 'number' ? node : null
}

const rosterArb = fc.constantFrom(...rulesets).chain((loaded) => {
  const armies = [...loaded.armies.values()]
  const troop = fc.constantFrom(...loaded.ruleset.troopTypes)
  const unit = troop.chain((t) => {
    const attrs: Record<string, fc.Arbitrary<unknown>> = {}
    for (const [attr, spec] of Object.entries(t.attributes ?? {})) {
      const def = loaded.ruleset.attributes[attr]
      const values = def.type === 'boolean' ? [true, false] : (spec.values ?? def.values ?? [])
      attrs[attr] = fc.constantFrom(...values)
    }
    return fc.record(
      {
        troop: fc.constant(t.id),
        count: fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 1, max: 60 }) }, { weight: 1, arbitrary: fc.constantFrom(0, -2, 1.5, '3') }),
        ...attrs
      },
      { requiredKeys: ['troop', 'count'] }
    )
  })
  return fc.record(
    {
      format: fc.constant('muster-roster'),
      version: fc.constant(1),
      ruleset: fc.constant(loaded.ruleset.id),
      army: fc.constantFrom(...armies.map((a) => a.id)),
      year: fc.integer({ min: -900, max: 700 }),
      pointsLimit: fc.integer({ min: 10, max: 1500 }),
      units: fc.array(unit, { maxLength: 40 })
    },
    { requiredKeys: ['format', 'version', 'ruleset', 'army', 'units'] }
  )
})

function pointerExists(doc: unknown, pointer: string): boolean {
  if (pointer === '') return true
  let node: unknown = doc
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (node === null || typeof node !== 'object' || !(key in (node as object))) return false
    node = (node as Record<string, unknown>)[key]
  }
  return true
}
const parentOf = (pointer: string) => pointer.slice(0, pointer.lastIndexOf('/'))

describe('properties of check()', () => {
  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const v = engine.check(value)
        expect(typeof v.valid).toBe('boolean')
        expect(v.valid).toBe(false)
      }),
      { numRuns: 300 }
    )
  })

  it('random rosters: no crash, points = sum of unit costs from the tables, invalid means an error issue', () => {
    fc.assert(
      fc.property(rosterArb, (roster) => {
        const v = engine.check(roster)
        const loaded = engine.ruleset(roster.ruleset)!
        const booleans = new Set(
          Object.entries(loaded.ruleset.attributes)
            .filter(([, d]) => d.type === 'boolean')
            .map(([k]) => k)
        )
        let expected = 0
        for (const u of roster.units as Array<Record<string, unknown>>) {
          if (!Number.isInteger(u.count) || (u.count as number) < 1) continue
          expected += (costEach(loaded.troops.get(u.troop as string)!, u, booleans) ?? 0) * (u.count as number)
        }
        expect(v.points).toBeCloseTo(expected, 6)
        expect(v.points).toBeCloseTo(
          (v.units ?? []).reduce((s, u) => s + u.cost, 0),
          6
        )
        expect(v.figures.points).toBe(v.points)
        const errors = v.issues.filter((i) => i.severity === 'error')
        expect(v.valid).toBe(errors.length === 0)
        if (!v.valid) expect(errors.length).toBeGreaterThan(0)
        for (const i of v.issues) {
          expect(i.code).toMatch(/^[a-z]+(-[a-z]+)*$/)
          expect(i.rule.length).toBeGreaterThan(0)
          expect(i.message).not.toMatch(/\{[a-zA-Z]+\}|undefined|NaN|\[object/)
          expect(pointerExists(roster, i.path) || pointerExists(roster, parentOf(i.path)), `${i.code} ${i.path}`).toBe(true)
        }
      }),
      { numRuns: 400 }
    )
  })

  it('adding units never lowers the points', () => {
    fc.assert(
      fc.property(rosterArb, (roster) => {
        const before = engine.check(roster).points
        const more = { ...roster, units: [...roster.units, ...roster.units] }
        expect(engine.check(more).points).toBeGreaterThanOrEqual(before)
      }),
      { numRuns: 100 }
    )
  })

  it('Triumph! battle cards: no crash; points = stands + the cost formula of each card over its total count', () => {
    const triumph = engine.ruleset('triumph')!
    const defs = triumph.ruleset.battleCards ?? []
    const logic = new LogicEngine()
    const cardArb = fc.record(
      {
        card: fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...defs.map((d) => d.code)) }, { weight: 1, arbitrary: fc.constantFrom('ZZ', 'fc', '') }),
        count: fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 1, max: 12 }) }, { weight: 1, arbitrary: fc.constantFrom(0, 1.5, '2') }),
        option: fc.constantFrom('legionaries', 'auxilia', 'elephants', 'nope')
      },
      { requiredKeys: ['card'] }
    )
    // Armies whose cards name an `as` troop add what dismounting stands cost more (asExtra): the
    // hand-computed rule cases test that; here the cost is the formula over the count alone.
    const dismounts = new Set(
      [...triumph.armies.values()]
        .filter((a) =>
          [
            ...(a.battleCards ?? []),
            ...[...a.options, ...(a.allies ?? []).flatMap((x) => x.contingents.flatMap((c) => c.options))].flatMap((o) => o.battleCards ?? [])
          ].some((c) => c.as)
        )
        .map((a) => a.id)
    )
    const arb = rosterArb
      .filter((r) => r.ruleset === 'triumph' && !dismounts.has(r.army as string))
      .chain((r) => fc.record({ roster: fc.constant(r), cards: fc.array(cardArb, { maxLength: 8 }) }))
    fc.assert(
      fc.property(arb, ({ roster, cards }) => {
        const withCards = { ...roster, battleCards: cards }
        const v = engine.check(withCards)
        const stands = engine.check(roster).points
        const totals = new Map<string, number>()
        for (const c of cards) {
          const def = defs.find((d) => d.code === c.card)
          // a marker is no card of its own: refused, and it costs nothing
          if (!def || def.marks) continue
          const n = def.counts && Number.isInteger(c.count) && (c.count as number) > 0 ? (c.count as number) : 1
          totals.set(def.code, (totals.get(def.code) ?? 0) + n)
        }
        let cardPoints = 0
        for (const [code, count] of totals) cardPoints += Number(logic.run(defs.find((d) => d.code === code)!.cost as never, { count, asExtra: 0 }))
        expect(v.points).toBeCloseTo(stands + cardPoints, 6)
        expect((v.cards ?? []).reduce((sum, c) => sum + c.cost, 0)).toBeCloseTo(cardPoints, 6)
        expect(v.valid).toBe(!v.issues.some((i) => i.severity === 'error'))
        for (const i of v.issues) {
          expect(i.message).not.toMatch(/\{[a-zA-Z]+\}|undefined|NaN|\[object/)
          expect(pointerExists(withCards, i.path) || pointerExists(withCards, parentOf(i.path)), `${i.code} ${i.path}`).toBe(true)
        }
      }),
      { numRuns: 300 }
    )
  })
})
