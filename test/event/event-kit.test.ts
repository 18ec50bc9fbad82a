// The organiser's event kit: an army pool by Meshwesh list number and category (allies from the pool
// too), battle cards banned or allowed, and the data edition every roster is checked under, on a
// 30-submission folder with the expected result of each file written out.
import { describe, expect, it } from 'vitest'
import { solveArmy } from '../../src-main/rules'
import { checkEvent, type EventProfile } from '../../src-main/event/check-event'
import type { Submission } from '../../src-main/event/types'
import { bundledEngine } from '../support/engine'

const engine = bundledEngine()
const triumph = engine.ruleset('triumph')!

const event: EventProfile = {
  format: 'muster-event',
  version: 1,
  name: 'Roman Wars 2026',
  ruleset: 'triumph',
  pointsLimit: 48,
  // the pool: Rome and its enemies by list number ("119" takes 119a, "66" both 66a and its Ligurian allies, 66z; not 67a),
  // and every army of the cradle of civilization
  armies: { lists: ['111a', '113a', '115a', '119', '63b', '66', '93b'], categories: ['Cradle of Civilization'] },
  battleCards: { banned: ['SC', 'AM'] },
  edition: 'qrs-2018'
}

function roster(armyId: string, player: string, extra: object = {}) {
  const r = solveArmy(triumph, armyId)
  if (!r.ok) throw new Error(`${armyId}: ${r.reason}`)
  return { ...r.roster, player, ...extra }
}

// Early Imperial Roman at 0 AD with allies: German (list 118a, outside the pool) or Judaean (113a, in it).
const withAllies = (ally: 'german' | 'judaean', player: string) => ({
  format: 'muster-roster',
  version: 1,
  ruleset: 'triumph',
  army: 'early-imperial-roman',
  year: ally === 'german' ? 0 : 60,
  player,
  units: [
    { troop: 'elite-foot', count: 1, general: true },
    { troop: 'elite-foot', count: 2 },
    { troop: 'javelin-cavalry', count: 1, option: 'ala-horse' },
    { troop: 'raiders', count: 3 },
    ...(ally === 'german'
      ? [
          { troop: 'warriors', count: 2, option: 'german.german.warriors' },
          { troop: 'rabble', count: 1, option: 'german.german.javelinmen' }
        ]
      : [{ troop: 'heavy-foot', count: 1, option: 'judaean.judaean.cohorts' }])
  ]
})

/** file -> [the roster, its expected issue codes (errors and warnings), sorted] */
const cases: Array<[string, unknown, string[]]> = [
  // in the pool by list number
  ['01-marian.json', roster('marian-roman-111a', 'P01'), []],
  ['02-judaean.json', roster('late-judaean', 'P02'), []],
  ['03-imperial.json', roster('early-imperial-roman', 'P03'), []],
  ['04-british.json', roster('ancient-british', 'P04'), []],
  ['05-carthage.json', roster('later-carthaginian', 'P05'), []],
  // the Gallic army built from its minimums takes Iberian allies (list 67a), outside the pool
  ['06-gallic.json', roster('warlike-gallic', 'P06'), ['event-ally-not-in-pool']],
  ['07-seleucid.json', roster('seleucid', 'P07'), []],
  // in the pool by category
  ['08-akkadian.json', roster('akkadian-2a', 'P08'), []],
  ['09-gilgamesh.json', roster('gilgamesh-era-sumerian-1b', 'P09'), []],
  ['10-early-syrian.json', roster('early-syrian-10a', 'P10'), []],
  ['11-amorite.json', roster('later-amorite-14a', 'P11'), []],
  ['12-nine-bows.json', roster('early-nine-bows-libyan-13b', 'P12'), []],
  // outside the pool
  ['13-sarmatian.json', roster('later-sarmatian', 'P13'), ['event-army-not-allowed']],
  ['14-sassanid.json', roster('early-sassanid-persian', 'P14'), ['event-army-not-allowed']],
  ['15-hussite.json', roster('early-hussite-221a', 'P15'), ['event-army-not-allowed', 'points-over-limit']],
  ['16-viking.json', roster('scandinavian-leidang-162a', 'P16'), ['event-army-not-allowed']],
  ['17-xia.json', roster('xia-chinese-301a', 'P17'), ['event-army-not-allowed']],
  ['18-athens.json', roster('early-hoplite-athens', 'P18'), ['event-army-not-allowed']],
  // battle cards: FC free to take; Scythed Chariots and Ambush banned
  ['19-seleucid-fc.json', { ...roster('seleucid', 'P19'), pointsLimit: 48 }, []],
  ['20-seleucid-sc.json', roster('seleucid', 'P20', { battleCards: [{ card: 'SC' }] }), ['event-card-banned', 'points-over-limit']],
  [
    '21-iberian-am.json',
    roster('iberians-67a', 'P21', { battleCards: [{ card: 'AM' }] }),
    ['event-army-not-allowed', 'event-card-banned', 'points-over-limit']
  ],
  ['22-gallic-fc.json', roster('warlike-gallic', 'P22', { battleCards: [{ card: 'FC' }] }), ['event-ally-not-in-pool', 'points-over-limit']],
  // allies from the pool
  // German allies: list 118a is not in this Muster's data, so by category it cannot be told: a warning
  ['23-roman-german-allies.json', withAllies('german', 'P23'), ['event-ally-pool-unknown', 'points-under-limit']],
  ['24-roman-judaean-allies.json', withAllies('judaean', 'P24'), ['points-under-limit']],
  // the event's edition: a roster built under another is checked under the 2018 sheet, with a warning
  ['25-marian-current.json', roster('marian-roman-111a', 'P25', { edition: 'meshwesh-current' }), ['event-edition']],
  ['26-marian-2018.json', roster('marian-roman-111a', 'P26', { edition: 'qrs-2018' }), []],
  ['27-akkadian.json', roster('akkadian-2a', 'P27'), []],
  ['28-syrian.json', roster('early-syrian-10a', 'P28'), []],
  ['29-magyar.json', roster('early-magyar-160a', 'P29'), ['event-army-not-allowed']],
  ['30-polish.json', roster('early-polish-224a', 'P30'), ['event-army-not-allowed']]
]

describe('the event kit', () => {
  it('30 submissions: the pool by list and category, allies from the pool, banned cards, the event edition', () => {
    const submissions: Submission[] = cases.map(([file, data]) => ({ file, data }))
    const report = checkEvent(engine, event, submissions)
    expect(report.notes).toEqual([])
    const got = Object.fromEntries(report.rows.map((r) => [r.file, r.issues.map((i) => i.code).sort()]))
    expect(got).toEqual(Object.fromEntries(cases.map(([file, , codes]) => [file, [...codes].sort()])))
    expect(report.summary).toMatchObject({ submissions: 30 })
    const row = (file: string) => report.rows.find((r) => r.file === file)!
    expect(row('23-roman-german-allies.json').issues.find((i) => i.code === 'event-ally-pool-unknown')!.message).toBe(
      'Early German (list 118a): this Muster does not have that list, so cannot tell whether it is in the pool of Roman Wars 2026; an organiser decides.'
    )
    expect(row('06-gallic.json').issues.find((i) => i.code === 'event-ally-not-in-pool')!.message).toBe(
      'Iberians (list 67a) is not among the armies allowed at Roman Wars 2026: allies come from the same pool.'
    )
    expect(row('20-seleucid-sc.json').issues.find((i) => i.code === 'event-card-banned')).toMatchObject({
      path: '/battleCards/0/card',
      message: 'Battle card SC is banned at Roman Wars 2026.'
    })
    expect(row('25-marian-current.json').issues[0]).toMatchObject({
      severity: 'warning',
      message: "The roster was built under data edition 'meshwesh-current'; Roman Wars 2026 checks it under Quick-reference sheet v1.0 (July 2018)."
    })
  })

  it("the edition counts: a War Wagons army legal under the seed is over the limit under the event's 2018 sheet", () => {
    const hussite = roster('early-hussite-221a', 'Zizka')
    const open: EventProfile = { format: 'muster-event', version: 1, name: 'Open', ruleset: 'triumph', pointsLimit: 48 }
    expect(checkEvent(engine, open, [{ file: 'z.json', data: hussite }]).rows[0].valid).toBe(true)
    const sheet2018 = checkEvent(engine, { ...open, edition: 'qrs-2018' }, [{ file: 'z.json', data: hussite }]).rows[0]
    // 3 War Wagons at 4 instead of 3: 48 + 3 = 51
    expect(sheet2018).toMatchObject({ valid: false, points: 51 })
  })

  it('allowed ids name the armies players field, not their allies; a banned army is banned as an ally too; a pool of list numbers judges any ally by its number', () => {
    const allies = withAllies('judaean', 'P')
    const base = { format: 'muster-event', version: 1, name: 'Open', ruleset: 'triumph' } as const
    const codes = (e: EventProfile) =>
      checkEvent(engine, e, [{ file: 'a.json', data: allies }])
        .rows[0].issues.map((i) => i.code)
        .filter((c) => c.startsWith('event-'))
    expect(codes({ ...base, armies: { allowed: ['early-imperial-roman'] } })).toEqual([])
    expect(codes({ ...base, armies: { banned: ['late-judaean'] } })).toEqual(['event-ally-banned'])
    expect(codes({ ...base, armies: { lists: ['115A', '113'] } })).toEqual([])
    expect(codes({ ...base, armies: { lists: ['115a'] } })).toEqual(['event-ally-not-in-pool'])
  })

  it('what the profile names that the data lacks is said once in the notes (a typing slip, most often)', () => {
    const report = checkEvent(
      engine,
      {
        format: 'muster-event',
        version: 1,
        name: 'Typos',
        ruleset: 'triumph',
        armies: { banned: ['later-sarmatain'], lists: ['999x'], categories: ['Clasical Greek'] },
        battleCards: { banned: ['XX'] }
      },
      []
    )
    expect(report.notes).toEqual([
      "The event names army 'later-sarmatain', which Triumph! in this Muster does not have.",
      'No army in this Muster has list number 999x (it may be one you have not imported).',
      "No army in this Muster has the category 'Clasical Greek'.",
      'Triumph! has no battle card XX.'
    ])
  })

  it("cards allowed: only those; an unknown edition is said once and the ruleset's own values are used", () => {
    const seleucid = roster('seleucid', 'P', { battleCards: [{ card: 'FC' }, { card: 'PT' }] })
    const report = checkEvent(
      engine,
      { format: 'muster-event', version: 1, name: 'Camps only', ruleset: 'triumph', battleCards: { allowed: ['FC'] }, edition: 'qrs-1999' },
      [{ file: 's.json', data: seleucid }]
    )
    expect(report.rows[0].issues.filter((i) => i.code.startsWith('event-')).map((i) => [i.code, i.path])).toEqual([
      ['event-card-not-allowed', '/battleCards/1/card']
    ])
    expect(report.notes).toEqual([
      "The event names Triumph! data edition 'qrs-1999', which this Muster does not have (it has meshwesh-current, qrs-2018): rosters were checked under the ruleset's own values."
    ])
  })
})
