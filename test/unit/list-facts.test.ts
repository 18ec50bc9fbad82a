// The date and part checks skip a list with nothing dated, or nothing for some parts only (facts of
// the list found once, army-checks.ts listFacts): a battle card that an allied contingent's option
// offers counts as the list's own, so a dated or part-only one still asks for the year or the part.
import { describe, expect, it } from 'vitest'
import { analyse } from '../../src-main/rules/analyse'
import { checkDates, checkSubFaction } from '../../src-main/rules/army-checks'
import { buildArmyContext } from '../../src-main/rules/context'
import type { Army, Roster } from '../../src-main/rules/types'
import { bundledEngine } from '../support/engine'

/** Seleucid with nothing dated and no cards of its own; its Aitolian peltasts offer battle card FC as given. */
function armyWithAlliedCard(entry: Record<string, unknown>, parts = false): Army {
  const seleucid = bundledEngine().ruleset('triumph')!.armies.get('seleucid')!
  const undated = <T extends { dates?: unknown }>(o: T): T => ({ ...o, dates: undefined })
  return {
    ...seleucid,
    ...(parts
      ? {
          subFactions: [
            { id: 'east', name: 'East' },
            { id: 'west', name: 'West' }
          ]
        }
      : {}),
    battleCards: [],
    options: seleucid.options.map((o) => ({ ...undated(o), battleCards: undefined })),
    allies: seleucid.allies!.map((ally) => ({
      ...undated(ally),
      contingents: ally.contingents.map((c) => ({
        ...c,
        options: c.options.map((o) => ({ ...undated(o), battleCards: o.id === 'peltasts' ? [{ code: 'FC', ...entry }] : undefined }))
      }))
    }))
  } as Army
}

const roster: Roster = {
  format: 'muster-roster',
  version: 1,
  ruleset: 'triumph',
  army: 'seleucid',
  units: [
    { troop: 'cataphracts', count: 1, general: true },
    { troop: 'light-foot', count: 1, option: 'aitolian.aitolian.peltasts' }
  ],
  battleCards: [{ card: 'FC' }]
} as Roster

describe('facts of a list for the date and part checks', () => {
  it('an allied option’s dated battle card asks for the year', () => {
    const ctx = buildArmyContext(bundledEngine().ruleset('triumph')!, armyWithAlliedCard({ dates: [{ from: -200, to: -190 }] }))
    expect(checkDates(ctx, analyse(ctx, roster)).map((i) => i.code)).toEqual(['year-required'])
  })

  it('an allied option’s battle card for one part asks for the part', () => {
    const ctx = buildArmyContext(bundledEngine().ruleset('triumph')!, armyWithAlliedCard({ subFactions: { only: ['east'] } }, true))
    expect(checkSubFaction(ctx, analyse(ctx, roster)).map((i) => i.code)).toEqual(['sub-faction-missing'])
  })

  it('a list with nothing dated and no parts asks for neither', () => {
    const ctx = buildArmyContext(bundledEngine().ruleset('triumph')!, armyWithAlliedCard({}))
    const a = analyse(ctx, roster)
    expect([...checkDates(ctx, a), ...checkSubFaction(ctx, a)]).toEqual([])
  })
})
