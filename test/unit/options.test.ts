// "What can I add?" (rules/options.ts) over every bundled army of every ruleset. The property the
// builder rests on: adding any offered unit, as offered, never brings an error other than the points
// limit or an option's maximum. Checked from an empty roster and from a legal army built from the
// list's minimums (with room left under the limit), in the army's first year.
import { describe, expect, it } from 'vitest'
import { createEngine, solveArmy, TOLERATED_ERRORS, type Issue, type Roster } from '../../src-main/rules'
import { bundledEngine } from '../support/engine'
import { rosterOf } from '../support/roster-of'

const engine = bundledEngine()
const errorKeys = (issues: Issue[]) => issues.filter((i) => i.severity === 'error').map((i) => `${i.code}|${i.rule}`)

/** The errors `after` has beyond `before`, counted by kind and rule. */
function added(before: Issue[], after: Issue[]): string[] {
  const left = errorKeys(before)
  return errorKeys(after).filter((k) => {
    const at = left.indexOf(k)
    if (at === -1) return true
    left.splice(at, 1)
    return false
  })
}

function startingRosters(rulesetId: string, armyId: string): Array<{ name: string; roster: Roster }> {
  const loaded = engine.ruleset(rulesetId)!
  const army = loaded.armies.get(armyId)!
  const year = army.dates[0].from
  const limit = loaded.ruleset.defaultPointsLimit ?? undefined
  const out = [
    {
      name: 'empty',
      roster: { format: 'muster-roster', version: 1, ruleset: rulesetId, army: armyId, year, ...(limit ? { pointsLimit: limit } : {}), units: [] } as Roster
    }
  ]
  const solved = solveArmy(loaded, armyId, { year })
  if (solved.ok) out.push({ name: 'minimums', roster: { ...solved.roster, ...(limit ? { pointsLimit: Math.round(limit * 1.5) } : {}) } })
  return out
}

const rulesets = [...engine.registry.rulesets.values()]

describe.each(rulesets.map((r) => [r.ruleset.id, r] as const))('options of every %s army', (_id, loaded) => {
  it.each([...loaded.armies.keys()])('%s: every offered unit adds no error but the points limit or an option maximum', (armyId) => {
    let offered = 0
    for (const { name, roster } of startingRosters(loaded.ruleset.id, armyId)) {
      const base = engine.check(roster)
      const answer = engine.options(roster)
      // Every troop of every option is answered, once.
      const pairs = [...engine.armyContext(loaded.ruleset.id, armyId).options.values()]
        .filter((o) => !o.barredBy)
        .flatMap((o) => o.option.troops.filter((t) => loaded.troops.has(t)).map((t) => `${o.key}/${t}`))
      expect([...answer.available, ...answer.unavailable].map((a) => `${a.option}/${a.troop}`).sort(), name).toEqual(pairs.sort())
      for (const a of answer.available) {
        const after = engine.check({ ...roster, units: [...roster.units, a.unit] })
        const extra = added(base.issues, after.issues).filter((k) => !TOLERATED_ERRORS.has(k.split('|')[0]))
        expect(extra, `${name} roster + ${a.optionName} / ${a.troopName} ${JSON.stringify(a.unit)}`).toEqual([])
        expect(after.units![after.units!.length - 1].costEach).toBe(a.costEach)
        offered++
      }
      // A contingent taken whole (its minimums together) adds no error but the tolerated ones either.
      for (const c of answer.contingents) {
        if (!c.units) {
          expect(c.reason, c.name).toMatch(/^[A-Z0-9].*\.$/)
          continue
        }
        const after = engine.check({ ...roster, units: [...roster.units, ...c.units] })
        const extra = added(base.issues, after.issues).filter((k) => !TOLERATED_ERRORS.has(k.split('|')[0]))
        expect(extra, `${name} roster + contingent ${c.name}`).toEqual([])
        expect(after.points - base.points).toBeCloseTo(c.cost!, 6)
      }
      for (const u of answer.unavailable) {
        // Players' words: a sentence, no file syntax.
        expect(u.reason, `${u.option}/${u.troop}`).toMatch(/^[A-Z0-9].*\.$/)
        expect(u.reason).not.toMatch(/[{}"]|\/units\//)
      }
    }
    expect(offered, 'an army list offers something to a new roster').toBeGreaterThan(0)
  })
})

describe('the reasons and ready units of known lists', () => {
  it('a roster with a malformed unit: the others are the roster the offers are tried against (the rules still speak)', () => {
    const broken = rosterOf('wrg-1969', 'carthaginian', {
      year: -218,
      units: [
        { troop: 'heavy-infantry', count: 0 },
        { troop: 'light-cavalry', count: 12, colour: 'red' }
      ]
    })
    const answer = engine.options(broken)
    expect(answer.available.find((u) => u.troop === 'heavy-cavalry')?.unit).toMatchObject({ status: 'barbarian' })
    const shapeless = engine.options({ ...broken, format: 'not-a-roster' } as unknown as Roster)
    expect(shapeless.available).toEqual([])
    expect(shapeless.unavailable[0]).toMatchObject({ code: 'roster-invalid' })
    expect(shapeless.unavailable[0].reason).toMatch(/^Fix the roster first: /)
  })

  it("an option's minimum is the count offered, so an ally with one minimum option can be started", () => {
    for (const army of engine.ruleset('triumph')!.armies.values()) {
      const year = army.dates[0].from
      const answer = engine.options({ format: 'muster-roster', version: 1, ruleset: 'triumph', army: army.id, year, units: [] })
      for (const a of answer.available) {
        const option = engine.armyContext('triumph', army.id).options.get(a.option)!.option
        if ((option.min ?? 0) > 1 && option.max != null && option.max >= option.min!)
          expect(a.unit.count, `${army.id} ${a.option}`).toBeGreaterThanOrEqual(Math.min(option.min!, option.max))
      }
    }
  })

  it('the unnamed WRG general option is called after its troop type', () => {
    const answer = engine.options({ format: 'muster-roster', version: 1, ruleset: 'wrg-1969', army: 'carthaginian', year: -218, units: [] })
    expect(answer.available.find((a) => a.troop === 'general')!.optionName).toBe('General')
  })

  const roster = (ruleset: string, army: string, year: number, units: Roster['units'] = []): Roster => ({
    format: 'muster-roster',
    version: 1,
    ruleset,
    army,
    year,
    units
  })

  it("WRG 1969 Carthaginian: the shared list's elephants and chariots, barred outright (R69-3, R69-5), are neither offered nor listed; Mark 2, on the same list, offers them; new units arrive barbarian, where regulars are forbidden", () => {
    const answer = engine.options(roster('wrg-1969', 'carthaginian', -218))
    const troops = [...answer.available, ...answer.unavailable].map((u) => u.troop)
    expect(troops).not.toContain('elephant')
    expect(troops).not.toContain('chariot')
    expect(engine.armyContext('wrg-1969', 'carthaginian').options.get('elephant')!.barredBy!.id).toBe('R69-3')
    expect(engine.options(roster('wrg-mk2', 'carthaginian', -218)).available.map((a) => a.troop)).toEqual(expect.arrayContaining(['elephant', 'chariot']))
    // A roster that has them anyway is still told the rule.
    const withElephants = engine.check(roster('wrg-1969', 'carthaginian', -218, [{ troop: 'elephant', count: 2, status: 'barbarian', option: 'elephant' }]))
    expect(withElephants.issues.find((i) => i.rule === 'R69-3')?.message).toBe(
      'Elephants are not allowed in a Carthaginian army: only Hellenic, Persian or Indian armies may field them.'
    )
    const cavalry = answer.available.find((a) => a.troop === 'heavy-cavalry')!
    expect(cavalry.unit).toEqual({ troop: 'heavy-cavalry', count: 12, option: 'heavy-cavalry', status: 'barbarian' })
    expect(cavalry.costEach).toBeGreaterThan(0)
  })

  it('C&C Early Imperial Roman: the first legionaries come with the eagle; the Praetorians wait for four regular heavy infantry', () => {
    const empty = engine.options(roster('cca-miniatures', 'early-imperial-roman', 50))
    expect(empty.available.find((a) => a.troop === 'heavy-infantry')!.unit).toEqual({
      troop: 'heavy-infantry',
      count: 1,
      option: 'heavy-infantry',
      eagle: true
    })
    expect(empty.unavailable.find((u) => u.troop === 'praetorian-guard')).toMatchObject({ code: 'not-allowed' })
    const fourCohorts = roster('cca-miniatures', 'early-imperial-roman', 50, [
      { troop: 'heavy-infantry', count: 1, eagle: true },
      { troop: 'heavy-infantry', count: 3 }
    ])
    const later = engine.options(fourCohorts)
    expect(later.available.find((a) => a.troop === 'praetorian-guard')).toBeDefined()
    // A second eagle is not offered.
    expect(later.available.find((a) => a.troop === 'heavy-infantry')!.unit.eagle).not.toBe(true)
  })

  it('a dated option outside the roster year, an option at its maximum, and no points left are each said so', () => {
    const legal = engine.options(JSON.parse(JSON.stringify(roster('triumph', 'early-imperial-roman', 60))) as Roster)
    const date = legal.unavailable.find((u) => u.code === 'ally-out-of-date' || u.code === 'out-of-date')
    expect(date?.reason).toMatch(/not in 60 AD\.$/)
    const full = engine.options({ ...roster('wrg-1969', 'early-imperial-roman', -55), pointsLimit: 100, units: [{ troop: 'general', count: 1 }] })
    expect(full.unavailable.find((u) => u.troop === 'general')).toMatchObject({ code: 'not-allowed' })
    expect(full.unavailable.find((u) => u.troop === 'heavy-infantry')).toMatchObject({ code: 'points', reason: 'Costs 8 points a figure; no points left.' })
  })

  it('a contingent is offered on the same terms as a unit: at 48/48 the Gallic auxiliaries are not offered, with the points as the reason', () => {
    const loaded = engine.ruleset('triumph')!
    const solved = solveArmy(loaded, 'marian-roman-111a', { year: -100 })
    if (!solved.ok) throw new Error('no legal Marian Roman army')
    const full = solved.roster
    const base = engine.check(full)
    expect([base.points, base.limit, base.valid]).toEqual([48, 48, true])
    const answer = engine.options(full)
    // The army's own troops say so ...
    expect(answer.available.filter((a) => !a.ally && a.costEach > 0)).toEqual([])
    // ... and so does the contingent: no units to take, its cost and why.
    const gauls = answer.contingents.find((c) => c.ally === 'gallic-auxiliaries')!
    expect(gauls.units).toBeUndefined()
    expect(gauls).toMatchObject({ cost: 9, reason: 'Its minimums cost 9 points; no points left.' })
    // With room under the limit it is offered, its minimums ready to take.
    const roomy = engine.options({ ...full, pointsLimit: 60 })
    expect(roomy.contingents.find((c) => c.ally === 'gallic-auxiliaries')).toMatchObject({ cost: 9, units: [{ troop: 'warriors', count: 3 }] })
    expect(roomy.contingents.find((c) => c.ally === 'gallic-auxiliaries')!.reason).toBeUndefined()
    const tight = engine.options({ ...full, pointsLimit: 52 })
    expect(tight.contingents.find((c) => c.ally === 'gallic-auxiliaries')!.reason).toBe('Its minimums cost 9 points; 4 points left.')
  })
})

describe('the candidate units, kept between answers', () => {
  it('give each roster the answer a fresh engine gives, asked in any order; the units answered are the caller’s own', () => {
    // The empty roster and the minimums differ in what each option still needs: its offered count.
    const rosters = startingRosters('triumph', 'classical-indian').map((r) => r.roster)
    expect(rosters).toHaveLength(2)
    const fresh = rosters.map((r) => createEngine().options(r))
    const kept = createEngine()
    const answers = [0, 1, 0, 1].map((i) => kept.options(rosters[i]))
    expect(answers).toEqual([fresh[0], fresh[1], fresh[0], fresh[1]])
    expect(fresh[0].available.map((a) => a.unit.count)).not.toEqual(fresh[1].available.map((a) => a.unit.count))
    // Changing a unit of one answer changes no later answer.
    const unit = answers[0].available[0].unit
    expect(Object.isFrozen(unit)).toBe(false)
    unit.count = 999
    expect(kept.options(rosters[0])).toEqual(fresh[0])
  })
})
