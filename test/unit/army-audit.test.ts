// The army lists, the offers and the rules agree (issue 24, item 3): every option a bundled army
// list shows in a ruleset can be taken in that ruleset. An option the ruleset bars outright (a shared
// list's, such as WRG 1969's Carthaginian elephants, which Mark 2 may field) is left out of the army
// view and the offers, with the rule that bars it; a roster that has one anyway still gets its message.
import { describe, expect, it } from 'vitest'
import { rulesHandlers } from '../../src-main/ipc/handlers'
import type { ArmyDetails } from '../../src-main/ipc/contract'
import { inDates } from '../../src-main/rules/context'
import type { Roster } from '../../src-main/rules/types'
import { bundledEngine } from '../support/engine'
import { newRoster } from '../../src-main/services/new-roster'

const engine = bundledEngine()
const handlers = rulesHandlers(engine)
const details = (ruleset: string, army: string) => handlers.armyDetails(ruleset, army) as ArmyDetails
const armies = [...engine.registry.rulesets.values()].flatMap((r) => [...r.armies.values()].map((army) => [r.ruleset.id, army.id] as const))

describe('every option an army list shows can be taken', () => {
  it.each(armies)('%s %s', (ruleset, armyId) => {
    const ctx = engine.armyContext(ruleset, armyId)
    const built = new Map<string, ReturnType<typeof engine.options>>()
    const shown = new Set(details(ruleset, armyId).options.map((o) => o.key))
    for (const o of ctx.options.values()) {
      expect(shown.has(o.key), o.key).toBe(!o.barredBy)
      if (o.barredBy) continue
      // A year the option, its ally and the army all allow, and a part of the list that may take it.
      const dates = [...ctx.army.dates, ...(o.option.dates ?? []), ...(o.ally?.dates ?? [])]
      const year = dates
        .map((d) => d.from)
        .concat(dates.map((d) => d.to))
        .find((y) => inDates(y, ctx.army.dates) && inDates(y, o.option.dates) && inDates(y, o.ally?.dates))
      // An allied troop dated by the ally's own list (Meshwesh's) may fall outside this army's
      // dates: the army view shows its dates, and no rule is involved. Only own options must fit.
      if (year === undefined && o.ally) continue
      expect(year, `${o.key}: no year in its dates is in the army's`).toBeDefined()
      const part =
        [...(o.option.subFactions?.only ?? []), ...(o.ally?.subFactions?.only ?? [])][0] ??
        ctx.army.subFactions?.find((p) => !o.option.subFactions?.except?.includes(p.id))?.id
      const roster: Roster = { format: 'muster-roster', version: 1, ruleset, army: armyId, year: year!, ...(part ? { subFaction: part } : {}), units: [] }
      const answer = engine.options(roster)
      // A troop the rules allow only beside others (one Praetorian unit per four legions, regulars up
      // to a third of the points) is tried again beside a built army: what the rules forbid outright
      // is refused there too.
      // (built once per army and year, and only when a troop is refused on the empty roster)
      const beside = () => {
        const key = `${year}|${part}`
        if (!built.has(key)) {
          const made = newRoster(engine, {
            ruleset,
            army: armyId,
            year: year!,
            minimums: true,
            limit: (engine.ruleset(ruleset)!.ruleset.defaultPointsLimit ?? 100) * 4
          })
          built.set(key, made.ok ? engine.options({ ...made.document, ...(part ? { subFaction: part } : {}) } as Roster) : answer)
        }
        return built.get(key)!
      }
      for (const troop of o.option.troops) {
        const offeredIn = (x: typeof answer) => x.available.some((a) => a.option === o.key && a.troop === troop)
        const offered =
          offeredIn(answer) || (answer.unavailable.some((a) => a.option === o.key && a.troop === troop && a.code === 'not-allowed') && offeredIn(beside()))
        const refused = answer.unavailable.find((a) => a.option === o.key && a.troop === troop)
        // An allied option comes with its contingent, its minimums together: that offer must stand.
        const contingent = refused?.code === 'ally-not-taken' && answer.contingents.some((c) => c.ally === o.ally?.id && c.units)
        if (offered || contingent) continue
        // Refused beside a built army too: by rules that limit how many (one per four legions, a
        // third of the points), never by one that allows none.
        // Tried with each value of each required attribute the option allows (regular, irregular...).
        const loaded = engine.ruleset(ruleset)!
        const required = Object.entries(loaded.troops.get(troop)!.attributes ?? {}).filter(([, spec]) => spec.required)
        let units: Roster['units'] = [{ troop, count: 1, option: o.key }]
        for (const [attr, spec] of required)
          units = units.flatMap((u) =>
            (o.option.attributes?.[attr] ?? spec.values ?? loaded.ruleset.attributes[attr].values ?? []).map((v) => ({ ...u, [attr]: v }))
          )
        const rules = units.flatMap((unit) =>
          engine
            .check({ ...roster, units: [unit] })
            .issues.filter((i) => i.severity === 'error' && !i.todo)
            .map((i) => ctx.constraints.find((c) => c.id === i.rule))
        )
        expect(rules.length, `${o.key} / ${troop}: ${refused?.reason}`).toBeGreaterThan(0)
        for (const c of rules) expect(c && !(c.kind === 'count' && c.max === 0), `${o.key} / ${troop} in ${year}: ${refused?.reason}`).toBe(true)
      }
    }
  })

  it('the ones left out, by ruleset: only WRG 1969 bars options of its (shared) lists outright, each by its rule', () => {
    const left = armies.flatMap(([ruleset, army]) =>
      [...engine.armyContext(ruleset, army).options.values()].filter((o) => o.barredBy).map((o) => `${ruleset} ${army} ${o.key} ${o.barredBy!.id}`)
    )
    expect(left).toEqual([
      'wrg-1969 armenian super-heavy-cavalry R69-4',
      'wrg-1969 assyrian chariot R69-5',
      'wrg-1969 carthaginian elephant R69-3',
      'wrg-1969 carthaginian chariot R69-5',
      'wrg-1969 classical-indian chariot R69-5',
      'wrg-1969 dacian super-heavy-cavalry R69-4',
      'wrg-1969 dacian light-war-engine R69-6',
      'wrg-1969 gallic chariot R69-5',
      'wrg-1969 numidian elephant R69-3',
      'wrg-1969 parthian super-heavy-cavalry R69-4',
      'wrg-1969 republican-roman elephant R69-3',
      'wrg-1969 seleucid chariot R69-5',
      'wrg-1969 seleucid super-heavy-cavalry R69-4'
    ])
    const carthage = details('wrg-1969', 'carthaginian')
    expect(carthage.leftOut.map((o) => o.name)).toEqual(['African forest elephants', 'Four-horse war chariots of the early period'])
    expect(carthage.leftOut[0].reason).toBe('Elephants only in Hellenic, Persian or Indian armies.')
    expect(details('wrg-mk2', 'carthaginian').options.map((o) => o.key)).toEqual(expect.arrayContaining(['elephant', 'chariot']))
  })
})
