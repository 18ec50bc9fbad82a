// New roster (services/new-roster.ts), the one code behind the app's New roster and `muster new`:
// "Start from the list's minimums" gives a legal army for every bundled army of every ruleset, at its
// default limit and dates, and at a limit the player sets; the points are spent as near the limit as
// the list allows, over a mix of the army's own troops (never an ally's), never on a second commander.
// A ruleset with no size of its own asks for one (issue 39, point 5).
import { describe, expect, it } from 'vitest'
import { newRoster } from '../../src-main/services/new-roster'
import { bundledEngine } from '../support/engine'
import { legioXXEmpty } from '../support/fixtures-roman'
import type { Verdict } from '../../src-main/rules/types'

const engine = bundledEngine()
const armies = [...engine.registry.rulesets.values()].flatMap((r) => [...r.armies.keys()].map((army) => ({ ruleset: r.ruleset.id, army, loaded: r })))

/** The dearest a unit of the list can cost, so a gap left below the limit is one nothing fits. */
const cheapestUnit = (v: Verdict) => Math.min(...(v.units ?? []).map((u) => u.costEach).filter((c) => c > 0))

describe('Start from the minimums: every bundled army of every ruleset, at its default limit', () => {
  it.each(armies.filter((a) => a.loaded.ruleset.defaultPointsLimit !== null).map((a) => [a.ruleset, a.army, a.loaded] as const))(
    '%s %s: legal',
    (ruleset, army, loaded) => {
      const made = newRoster(engine, { ruleset, army, minimums: true })
      if (!made.ok) throw new Error(made.reason)
      expect(made.verdict.issues.filter((i) => i.severity === 'error')).toEqual([])
      // The file as written is what the engine judged.
      expect(engine.check(JSON.parse(JSON.stringify(made.document))).valid).toBe(true)
      const limit = loaded.ruleset.defaultPointsLimit
      if (limit !== null) {
        expect(made.verdict.points).toBeLessThanOrEqual(limit)
        // Nothing more fits: what is left is less than the cheapest unit the roster holds.
        expect(limit - made.verdict.points).toBeLessThan(cheapestUnit(made.verdict))
        expect(made.notices.filter((n) => n.startsWith('Built at')).length).toBe(made.verdict.points < limit ? 1 : 0)
      }
    }
  )

  it('Triumph!: every army at 48 points in its first year, with its general marked, from its own troops only', () => {
    for (const { army } of armies.filter((a) => a.ruleset === 'triumph')) {
      const made = newRoster(engine, { ruleset: 'triumph', army, minimums: true })
      // Warlike Gallic in 400 BC: its own stands cost 3 but 1-2 missile foot at 2, so 3a + 2b with
      // b = 1 or 2 is at most 47 (48 would need an ally, which is the player's to add).
      expect(made.ok && made.verdict.points, army).toBe(army === 'warlike-gallic' ? 47 : 48)
      expect(made.ok && made.document.units.filter((u) => u.general === true).length, army).toBe(1)
    }
  })

  it('WRG 1969 Achaemenid Persian and Carthaginian (which failed with "troop \'chariot\' has no cost"): legal at 799-800 of 800', () => {
    for (const army of ['achaemenid-persian', 'carthaginian']) {
      const made = newRoster(engine, { ruleset: 'wrg-1969', army, minimums: true })
      expect(made.ok && made.verdict.valid).toBe(true)
      expect(made.ok && made.verdict.points).toBeGreaterThanOrEqual(797)
      // One General figure (R69-9), placed by the builder: the list itself names no minimum.
      expect(made.ok && made.document.units.filter((u) => u.troop === 'general').map((u) => u.count)).toEqual([1])
    }
    // The Carthaginian army takes none of the elephants and chariots R69-3 and R69-5 bar.
    const carthage = newRoster(engine, { ruleset: 'wrg-1969', army: 'carthaginian', minimums: true })
    expect(carthage.ok && carthage.document.units.map((u) => u.troop)).not.toContain('elephant')
  })

  it('rulesets with no default size: no lone commander, the size is asked for, saying why the rules give none and where that is from', () => {
    for (const [ruleset, seed] of [
      ['cca-miniatures', 'seed 003'],
      ['portable-ancients', 'seed 004'],
      ['wrg-mk2', 'seed 001']
    ] as const) {
      const loaded = engine.ruleset(ruleset)!
      for (const { army } of armies.filter((a) => a.ruleset === ruleset)) {
        const made = newRoster(engine, { ruleset, army, minimums: true })
        expect(made, `${ruleset} ${army}`).toEqual({
          ok: false,
          needs: 'limit',
          reason: `${loaded.ruleset.name} sets no army size: ${loaded.ruleset.armySize!.source}. To start from the list's minimums, give the army's size in points.`
        })
        // Where it is read from is kept for the data's keepers; the players' words name no seed.
        expect(loaded.ruleset.armySize!.reference).toContain(seed)
        expect(loaded.ruleset.armySize!.source).not.toMatch(/seed|fact sheet/)
      }
      // Start empty needs no size.
      expect(newRoster(engine, { ruleset, army: armies.find((a) => a.ruleset === ruleset)!.army }).ok).toBe(true)
    }
  })
})

describe('Start from the minimums at a limit the player sets', () => {
  it.each([
    ['cca-miniatures', 60],
    ['portable-ancients', 40],
    ['wrg-mk2', 800]
  ] as const)('%s at %i: legal for every army, spent to within one unit of the limit, one commander in chief', (ruleset, limit) => {
    for (const { army } of armies.filter((a) => a.ruleset === ruleset)) {
      const made = newRoster(engine, { ruleset, army, limit, minimums: true })
      if (!made.ok) throw new Error(`${army}: ${made.reason}`)
      expect(made.verdict.valid, army).toBe(true)
      expect(made.document.pointsLimit).toBe(limit)
      expect(made.verdict.points).toBeLessThanOrEqual(limit)
      expect(limit - made.verdict.points, army).toBeLessThan(cheapestUnit(made.verdict))
      // The points go to the army, not to more commanders: one entry of the commander's troop.
      const commanders = made.document.units.filter((u) => ['cinc', 'commander', 'general'].includes(u.troop))
      expect(commanders.length, army).toBe(1)
      // A mix: at least three kinds of troops besides the commander, where the list has them.
      expect(new Set(made.document.units.map((u) => u.troop)).size, army).toBeGreaterThanOrEqual(3)
    }
  })

  it('C&C Celtic at 60 (an empty roster before): a C-in-C and 59-60 points of the list', () => {
    const made = newRoster(engine, { ruleset: 'cca-miniatures', army: 'celtic', limit: 60, minimums: true })
    expect(made.ok && made.verdict.valid).toBe(true)
    expect(made.ok && made.verdict.points).toBeGreaterThanOrEqual(59)
  })

  it("the size used and where it comes from is said: the limit given, or the ruleset's with its source", () => {
    const said = (request: Parameters<typeof newRoster>[1]) => {
      const made = newRoster(engine, { ...request, minimums: true })
      return made.ok ? made.notices[0] : made.reason
    }
    expect(said({ ruleset: 'cca-miniatures', army: 'celtic', limit: 60 })).toBe(
      'Army size 60 points: the limit you gave; Commands & Colors: Ancients, miniatures variant (Cierpicki) sets none: the variant states no points total, and none is given elsewhere; players agree on one.'
    )
    expect(said({ ruleset: 'portable-ancients', army: 'celtic', limit: 40 })).toMatch(
      /^Army size 40 points: the limit you gave; .* sets none: the rules set none/
    )
    expect(said({ ruleset: 'triumph', army: 'marian-roman-111a' })).toBe(
      "Army size 48 points: Triumph!'s set-up sheet (QRS v1.0, July 2018), battle cards included."
    )
    expect(said({ ruleset: 'triumph', army: 'marian-roman-111a', limit: 36 })).toBe("Army size 36 points: the limit you gave (Triumph!'s is 48 points).")
    expect(said({ ruleset: 'wrg-1969', army: 'gallic' })).toBe('Army size 800 points: the competition army of the 1969 rules.')
  })

  it('Portable Wargame: the commander is customary, not a rule: a warning, never a to-do, and a built army still has one', () => {
    const bare = engine.check({ format: 'muster-roster', version: 1, ruleset: 'portable-ancients', army: 'celtic', units: [] })
    expect(bare.issues.filter((i) => i.rule === 'PW-1')).toEqual([
      expect.objectContaining({ severity: 'warning', message: expect.stringMatching(/customarily/) })
    ])
    expect(bare.issues.find((i) => i.rule === 'PW-1')!.todo).toBeUndefined()
    const made = newRoster(engine, { ruleset: 'portable-ancients', army: 'celtic', limit: 40, minimums: true })
    expect(made.ok && made.document.units.filter((u) => u.troop === 'commander').length).toBe(1)
  })

  it('a limit below the minimums says why, in words', () => {
    const made = newRoster(engine, { ruleset: 'triumph', army: 'early-imperial-roman', limit: 5, minimums: true })
    expect(made).toMatchObject({ ok: false })
    expect(!made.ok && made.reason).toBe(
      "No legal Early Imperial Roman army can be built from the list's minimums at 5 points in 25 BC. Its minimums cost 20 points, 15 points more than the limit."
    )
  })
})

describe('New roster, empty', () => {
  it("the document the app creates: the army's name, the year, limit and edition asked for, no units", () => {
    const made = newRoster(engine, { ruleset: 'triumph', army: 'early-imperial-roman', name: '  Legio XX  ', year: 60, limit: 36, edition: 'qrs-2018' })
    expect(made.ok && made.document).toEqual(legioXXEmpty)
  })

  it.each([
    [{ ruleset: 'nope', army: 'x' }, /^There is no ruleset 'nope'; the rulesets are /],
    [{ ruleset: 'triumph', army: 'nope' }, /^Triumph! has no army 'nope'/],
    [{ ruleset: 'triumph', army: 'early-imperial-roman', edition: 'nope' }, /^Triumph! has no values 'nope'; it has .*qrs-2018/],
    [{ ruleset: 'triumph', army: 'early-imperial-roman', year: -300 }, /^Early Imperial Roman is dated 25 BC - 197 AD; 300 BC is outside it\.$/],
    [{ ruleset: 'triumph', army: 'early-imperial-roman', limit: 0 }, /^The points limit must be a number of points from 1 to 1,000,000\.$/]
  ])('refuses %j in words', (request, reason) => {
    const made = newRoster(engine, request)
    expect(made.ok).toBe(false)
    expect(!made.ok && made.reason).toMatch(reason)
  })
})

describe('what the builder chose, and why an army falls short, said in words', () => {
  it('a part of the list the player did not ask for is named', () => {
    const made = newRoster(engine, { ruleset: 'triumph', army: 'syro-canaanite-and-ugaritic-19a', minimums: true })
    expect(made.ok && made.notices.slice(1)).toEqual(['Started with the part of the list Ugarit: change it in the roster if you meant otherwise.'])
    // nothing chosen, nothing to say but the size
    const asked = newRoster(engine, { ruleset: 'triumph', army: 'early-imperial-roman', year: 60, minimums: true })
    expect(asked.ok && asked.notices.slice(1)).toEqual([])
  })

  it("a limit the list's maximums cannot reach says so, not that nothing fits", () => {
    const made = newRoster(engine, { ruleset: 'triumph', army: 'marian-roman-111a', limit: 1000, minimums: true })
    expect(made.ok && made.verdict.valid).toBe(true)
    expect(made.ok && made.notices.find((n) => n.startsWith('Built at'))).toMatch(
      /^Built at \d+ points of 1000 points: the list allows no more of its own troops \(its maximums are reached\), \d+ points short; allies could add more\.$/
    )
  })

  it('a Mark 2 army says who its C-in-C is: the tick is written, not left to the old-file reading', () => {
    const made = newRoster(engine, { ruleset: 'wrg-mk2', army: 'early-imperial-roman', limit: 800, minimums: true })
    expect(made.ok && made.document.units.filter((u) => u.troop === 'general').map((u) => u.cinc)).toEqual([true])
  })

  it("a name past the format's 200 characters is refused at once, in words", () => {
    const made = newRoster(engine, { ruleset: 'triumph', army: 'marian-roman-111a', name: 'x'.repeat(300), minimums: true })
    expect(made).toEqual({ ok: false, reason: "The roster's name is 300 characters long; it may be at most 200." })
  })
})
