// What a verdict says of the optional amendments (rules/amendments.ts amendmentStates): for a roster
// that chooses none, the army's usual answer is made once and shared by every check, so it is frozen
// (a caller that wrote to it would change every later verdict); a roster's own choice gets its own.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createEngine } from '../../src-main/rules'
import { bundledEngine, repoRoot } from '../support/engine'

const engine = bundledEngine()
const legion = JSON.parse(readFileSync(join(repoRoot, 'examples', 'cca-miniatures-legal.muster.json'), 'utf8'))

describe('amendment states in a verdict', () => {
  it('a roster that chooses none: the usual states, made once, frozen', () => {
    const first = engine.check(legion).amendments!
    const again = engine.check(structuredClone(legion)).amendments!
    expect(first.map((s) => [s.id, s.inForce, s.byDefault])).toEqual([
      ['legion-eagle', true, true],
      ['roman-heavy-infantry-25mm', true, true],
      ['praetorian-guard', true, true]
    ])
    expect(first[0].attributes).toEqual(['eagle'])
    expect(Object.keys(first[0])).toEqual(['id', 'label', 'description', 'source', 'inForce', 'byDefault', 'attributes'])
    expect(again).toBe(first)
    expect(Object.isFrozen(first) && first.every((s) => Object.isFrozen(s))).toBe(true)
    // The list of roles too, a copy: the ruleset's own list is not frozen with it.
    expect(Object.isFrozen(first[0].attributes)).toBe(true)
    const ruleset = engine.ruleset('cca-miniatures')!.ruleset
    expect(Object.isFrozen(ruleset.amendments!.find((m) => m.id === 'legion-eagle')!.attributes)).toBe(false)
    expect(() => {
      ;(first[0] as { inForce: boolean }).inForce = false
    }).toThrow(TypeError)
    expect(engine.check(legion).amendments![0].inForce).toBe(true)
    // An empty choice is a choice: states of its own, the same as the usual ones.
    const chose = engine.check({ ...legion, amendments: {} }).amendments
    expect(chose).toEqual(first)
    expect(chose).not.toBe(first)
    // Another engine (the data reloaded, another data folder): states of its own.
    expect(createEngine().check(legion).amendments).not.toBe(first)
  })

  it('another army: its own usual states, and what it fields off by them is still refused', () => {
    const marian = {
      ...legion,
      army: 'marian-roman',
      units: [
        { troop: 'cinc', count: 1 },
        { troop: 'heavy-infantry', count: 3, eagle: true }
      ]
    }
    const v = engine.check(marian)
    expect(v.amendments!.find((s) => s.id === 'legion-eagle')).toMatchObject({ inForce: false, byDefault: false })
    expect(v.amendments).not.toBe(engine.check(legion).amendments)
    expect(v.issues.map((i) => [i.code, i.path])).toContainEqual(['amendment-off', '/units/1/eagle'])
  })

  it("a roster's own choice: states of its own, the choice in force", () => {
    const off = engine.check({ ...legion, amendments: { 'legion-eagle': false } })
    expect(off.amendments!.map((s) => [s.id, s.inForce, s.byDefault])).toEqual([
      ['legion-eagle', false, true],
      ['roman-heavy-infantry-25mm', true, true],
      ['praetorian-guard', true, true]
    ])
    expect(Object.isFrozen(off.amendments)).toBe(false)
    // Off, the eagle bearer the roster marks is refused; chosen on, as usual, it is not.
    expect(off.issues.map((i) => i.code)).toContain('amendment-off')
    expect(engine.check({ ...legion, amendments: { 'legion-eagle': true } }).issues.map((i) => i.code)).not.toContain('amendment-off')
  })
})
