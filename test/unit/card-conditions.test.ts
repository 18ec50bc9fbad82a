// Battle-card conditions (issue 24 item 9): a Meshwesh card entry's note read as the options' notes
// are (parts of the list, years, troops), or flagged as a condition Muster cannot read; and the engine
// checking a roster's cards against them. Reads the real lists in ../shared/fixtures/meshwesh, copied
// (some with an entry added here) to a temporary folder; skips, saying so, where they are absent
// (fails on CI: support/tools.ts).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createEngine, type Engine } from '../../src-main/rules'
import { createAjv } from '../../src-main/rules/schemas'
import { importMeshwesh } from '../../src-main/import/import-armies'
import { readCardNote } from '../../src-main/import/card-notes'
import type { Army, BattleCardEntry, Issue, Roster } from '../../src-main/rules/types'
import { bundledEngine, repoRoot } from '../support/engine'
import { sharedOrSkip } from '../support/tools'

const lists = join(repoRoot, '..', 'shared', 'fixtures', 'meshwesh', 'armyLists')
const present = !!sharedOrSkip('the Meshwesh lists the card condition tests read', lists)

/** A Triumph! roster of `army` in the first year of its list, of these units and battle cards. */
const inFirstYear = (army: Army, units: unknown[], battleCards: unknown[]) => ({
  format: 'muster-roster',
  version: 1,
  ruleset: 'triumph',
  army: army.id,
  year: army.dates[0].from,
  units,
  battleCards
})

const SYRACUSAN = '5fb1b9dce1af06001770954f'
const SASSANID = '5fb1b9e2e1af06001770994f'
const REAL = {
  mannaian: '5fb1b9dae1af06001770940c',
  mycenaean: '5fb1b9dae1af0600177093bb',
  westFrankish: '5fb1b9e4e1af060017709a53',
  wallachian: '5fb1b9eae1af060017709d8c',
  roses: '5fb1b9e6e1af060017709b42',
  timurid: '5fb1b9eee1af06001770a025',
  feudalFrench: '5fb1b9e7e1af060017709c3a',
  athens: '5fb1b9dde1af0600177095e3',
  communal: '5fb1b9e9e1af060017709d31',
  ordonnance: '5fb1b9e8e1af060017709c53',
  earlyBurgundian: '5fb1b9e8e1af060017709c8d',
  hapsburg: '5fb1b9e8e1af060017709c9d',
  tang: '5fb1b9f2e1af06001770a26d',
  hungarian: '5fb1b9e9e1af060017709d62',
  sumerian: '5fb1b9d8e1af0600177092b3'
}

type Entry = { battleCardCode: string; min: number | null; max: number | null; note: string }
const temps: string[] = []
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })))

/** Imports real lists (with army-level card entries added to some), facts only or not: the armies by Meshwesh id, and an engine over them. */
function importLists(ids: string[], added: Record<string, Entry[]> = {}, factsOnly = false): { armies: Map<string, Army>; engine: Engine } {
  const from = mkdtempSync(join(tmpdir(), 'muster-cards-in-'))
  const out = mkdtempSync(join(tmpdir(), 'muster-cards-out-'))
  temps.push(from, out)
  for (const id of ids) {
    const list = JSON.parse(readFileSync(join(lists, id), 'utf8')) as { battleCardEntries?: Entry[] }
    list.battleCardEntries = [...(list.battleCardEntries ?? []), ...(added[id] ?? [])]
    writeFileSync(join(from, id), JSON.stringify(list))
    for (const beside of [`${id}.allyOptions.json`, `${id}_thematicCategories`]) {
      if (existsSync(join(lists, beside))) writeFileSync(join(from, beside), readFileSync(join(lists, beside)))
    }
  }
  const triumph = bundledEngine().ruleset('triumph')!
  const report = importMeshwesh(from, { ajv: createAjv(), triumph, eras: bundledEngine().registry.eras, out, factsOnly })
  expect(report.failed).toEqual([])
  const engine = createEngine({ dataDirs: [out] })
  const loaded = engine.ruleset('triumph')!
  const armies = new Map(report.imported.map((i) => [JSON.parse(readFileSync(i.written!, 'utf8')).source.meshwesh as string, loaded.armies.get(i.id)!]))
  return { armies, engine }
}

const armyCard = (army: Army, code: string): BattleCardEntry => army.battleCards!.find((c) => c.code === code)!
const optionCards = (army: Army, troop: string): BattleCardEntry[] => army.options.filter((o) => o.troops.includes(troop)).flatMap((o) => o.battleCards ?? [])
const mine = (issues: Issue[]) => issues.filter((i) => i.code.startsWith('battle-card') || i.code === 'sub-faction-missing' || i.code === 'year-required')

describe.skipIf(!present)('battle-card conditions from Meshwesh notes', () => {
  it('reads parts, years and troops from the real card notes; plain descriptions stay notes', () => {
    const { armies } = importLists(Object.values(REAL))
    const a = (key: keyof typeof REAL) => armies.get(REAL[key])!
    // parts of the list: brackets, "only X:", "X only:"; singular or plural of a part the options name
    expect(armyCard(a('mannaian'), 'PD')).toMatchObject({ subFactions: { only: ['zamua'] }, note: 'Dry stone walls' })
    expect(a('mannaian').subFactions!.map((s) => s.id)).toContain('zamua')
    expect(armyCard(a('mycenaean'), 'FC')).toMatchObject({ subFactions: { only: ['achaians'] }, note: 'ditch and bank' })
    expect(armyCard(a('westFrankish'), 'PT')).toMatchObject({ subFactions: { only: ['normans'] }, note: 'pack-mules' })
    expect(armyCard(a('wallachian'), 'PD')).toMatchObject({ subFactions: { only: ['moldavian'] }, note: 'Ditch and Bank' })
    expect(armyCard(a('wallachian'), 'AM')).toMatchObject({ subFactions: { only: ['wallachian'] } })
    expect(armyCard(a('roses'), 'PD')).toMatchObject({ subFactions: { only: ['york', 'lancaster'] }, note: 'Earthworks or palisades' })
    // a part and troops: "(only White Sheep) Wagon laager to protect artillery"
    expect(armyCard(a('timurid'), 'PD')).toMatchObject({ subFactions: { only: ['white-sheep'] }, needsTroops: ['artillery'], note: 'Wagon laager' })
    // a part and years: "only King Louis' Egyptian Crusade, 1249-1250 AD: Ditched palisade"; the ally of that name now comes to that part
    const french = a('feudalFrench')
    expect(armyCard(french, 'FC')).toMatchObject({
      subFactions: { only: ['king-louis-egyptian-crusade'] },
      dates: [{ from: 1249, to: 1250 }],
      note: 'Ditched palisade'
    })
    expect(french.allies!.some((x) => x.subFactions?.only?.includes('king-louis-egyptian-crusade'))).toBe(true)
    // years: "405-225 BC: Ditch and palisade", "371-225 BC", "1169-1320 AD: man-pushed spiked wagons", "Wagon laager, after 1150 AD"
    expect(armyCard(a('athens'), 'FC')).toMatchObject({ dates: [{ from: -405, to: -225 }], note: 'Ditch and palisade' })
    expect(optionCards(a('athens'), 'heavy-foot')).toContainEqual(expect.objectContaining({ code: 'HD', dates: [{ from: -371, to: -225 }] }))
    expect(optionCards(a('communal'), 'heavy-foot')).toContainEqual(
      expect.objectContaining({ code: 'PL', dates: [{ from: 1169, to: 1320 }], note: 'man-pushed spiked wagons' })
    )
    expect(armyCard(a('hungarian'), 'FC')).toMatchObject({ dates: [{ from: 1151, to: 1245 }], note: 'Wagon laager' })
    // troops: "only Pavise" (the option's Pavisiers), "Ditches to protect Horde"
    expect(optionCards(a('communal'), 'pavisiers')).toContainEqual(expect.objectContaining({ code: 'HL', needsTroops: ['pavisiers'] }))
    // unread conditions: kept whole, flagged
    expect(armyCard(a('earlyBurgundian'), 'PD')).toMatchObject({ unreadCondition: true, note: 'Stakes to protect longbow' })
    expect(optionCards(a('hapsburg'), 'knights')).toContainEqual(
      expect.objectContaining({ code: 'DD', as: 'pikes', unreadCondition: true, note: 'General only' })
    )
    expect(optionCards(a('tang'), 'archers')).toContainEqual(
      expect.objectContaining({ code: 'MI', unreadCondition: true, note: 'no more than 2 stands of Mobile Infantry total in the whole army' })
    )
    // plain descriptions: no condition ("(in 1453: …)" describes that year's defences, not when the card is taken)
    const plain = armyCard(a('sumerian'), 'PT')
    expect(plain.note).toBe('pack donkeys')
    expect(plain.subFactions ?? plain.dates ?? plain.needsTroops ?? plain.unreadCondition).toBeUndefined()
    const ordonnance = armyCard(a('ordonnance'), 'PD')
    expect(ordonnance.unreadCondition ?? ordonnance.dates).toBeUndefined()
    expect(ordonnance.note).toBe('Wagon laager and/or chain-linked sections of palisade. (in 1453: Ditch, Bank, and Stakes)')
  })

  it('the reader alone: conditions, singular or plural troops, what is not read', () => {
    const triumph = bundledEngine().ruleset('triumph')!
    const troops = new Map([...triumph.troops.values()].map((t) => [t.code as string, { id: t.id, name: t.name }]))
    const ctx = { troops, dates: [{ from: -500, to: 600 }] }
    expect(readCardNote('Ditches to protect Horde', ctx)).toEqual({ troops: ['horde'], description: 'Ditches' })
    expect(readCardNote('Ditches to protect Hordes', ctx)).toEqual({ troops: ['horde'], description: 'Ditches' })
    expect(readCardNote('371-225 BC', ctx)).toEqual({ dates: [{ from: -371, to: -225 }] })
    expect(readCardNote('(Agathokles in Africa)', ctx)).toEqual({ parts: { only: ['Agathokles in Africa'] } })
    expect(readCardNote('pack donkeys', ctx)).toEqual({ description: 'pack donkeys' })
    expect(readCardNote('only if the enemy has elephants', ctx)).toEqual({ unread: true })
    // an option's card names the option's stands, not a part the list does not have
    expect(readCardNote('only Assyrians', { ...ctx, ownTroops: ['heavy-foot'], isPart: () => false })).toEqual({ unread: true })
  })

  it('facts only: an unread condition is a flag, without the note', () => {
    const { armies } = importLists([REAL.earlyBurgundian, REAL.sumerian], {}, true)
    expect(armyCard(armies.get(REAL.earlyBurgundian)!, 'PD')).toEqual({ code: 'PD', min: 0, max: 3, unreadCondition: true })
    expect(armyCard(armies.get(REAL.sumerian)!, 'PT').note).toBeUndefined()
  })

  describe('checked', () => {
    const added: Record<string, Entry[]> = {
      [SYRACUSAN]: [
        { battleCardCode: 'DC', min: null, max: null, note: '(Agathokles in Africa)' },
        { battleCardCode: 'PT', min: null, max: null, note: 'pack donkeys' },
        { battleCardCode: 'AM', min: null, max: null, note: 'only if the general is Agathokles himself' },
        // a bracket that names no part the options or allies name, and says no "only": not a part
        { battleCardCode: 'SW', min: null, max: null, note: '(Carroccio) standard wagon' }
      ]
    }
    let engine: Engine
    let syracusan: Army
    let sassanid: Army
    const syracusanRoster = (extra: Record<string, unknown>, cards: unknown[]) => ({
      format: 'muster-roster',
      version: 1,
      ruleset: 'triumph',
      army: syracusan.id,
      year: -300,
      units: [
        { troop: 'javelin-cavalry', count: 1, general: true },
        { troop: 'javelin-cavalry', count: 1 },
        { troop: 'heavy-foot', count: 6 },
        { troop: 'light-foot', count: 2 },
        { troop: 'skirmishers', count: 1 }
      ],
      battleCards: cards,
      ...extra
    })
    const check = (roster: unknown) => mine(engine.check(roster).issues)

    it('imports the Syracusan list with the entries added: "(Agathokles in Africa)" is a part of it', () => {
      const done = importLists([SYRACUSAN, SASSANID], added)
      engine = done.engine
      syracusan = done.armies.get(SYRACUSAN)!
      sassanid = done.armies.get(SASSANID)!
      expect(syracusan.subFactions).toEqual([
        { id: 'agathokles-in-africa', name: 'Agathokles in Africa' },
        { id: 'other', name: 'Any other' }
      ])
      expect(armyCard(syracusan, 'DC')).toEqual({ code: 'DC', min: null, max: null, subFactions: { only: ['agathokles-in-africa'] } })
      expect(armyCard(syracusan, 'SW')).toEqual({ code: 'SW', min: null, max: null, unreadCondition: true, note: '(Carroccio) standard wagon' })
      // the allies whose names open "(Agathokles in Africa)" now come to that part only
      expect(syracusan.allies!.filter((a) => a.subFactions).length).toBe(5)
      expect(armyCard(sassanid, 'PD')).toMatchObject({ needsTroops: ['horde'] })
    })

    it('an entry naming a troop or a part the data lacks is a load problem', () => {
      const dir = mkdtempSync(join(tmpdir(), 'muster-cards-bad-'))
      temps.push(dir)
      mkdirSync(join(dir, 'triumph', 'armies'), { recursive: true })
      const bad = { ...syracusan, battleCards: [{ code: 'DC', subFactions: { only: ['carthage'] }, needsTroops: ['no-such-troop'] }] }
      writeFileSync(join(dir, 'triumph', 'armies', `${syracusan.id}.json`), JSON.stringify(bad))
      let problem = ''
      try {
        createEngine({ dataDirs: [dir] }).ruleset('triumph')
      } catch (e) {
        problem = String((e as Error).message)
      }
      expect(problem).toContain("/battleCards/0/needsTroops: unknown troop 'no-such-troop'")
      expect(problem).toContain("/battleCards/0/subFactions: the army has no sub-faction 'carthage'")
    })

    it('a card for another part of the list is an error; for its own part, fine; no part chosen: choose one', () => {
      expect(check(syracusanRoster({ subFaction: 'agathokles-in-africa' }, [{ card: 'DC' }]))).toEqual([])
      const other = check(syracusanRoster({ subFaction: 'other' }, [{ card: 'DC' }]))
      expect(other.map((i) => [i.code, i.severity, i.path, i.message])).toEqual([
        [
          'battle-card-not-for-sub-faction',
          'error',
          '/battleCards/0/card',
          "Deceptive Deployment (DC) is for 'Agathokles in Africa' only; this roster is for 'Any other'."
        ]
      ])
      const none = check(syracusanRoster({}, [{ card: 'DC' }]))
      expect(none.map((i) => i.code)).toEqual(['sub-faction-missing'])
      expect(none[0].hint).toContain('Battle card 1, Deceptive Deployment (DC), is for some parts of the list only.')
    })

    it('a dated card out of its years is an error', () => {
      // the hoplites' Hoplite Deep Formation: "371-210 BC"
      expect(check(syracusanRoster({ subFaction: 'other' }, [{ card: 'HD' }]))).toEqual([])
      // no year set: asked for, as for a dated option
      expect(check(syracusanRoster({ subFaction: 'other', year: undefined }, [{ card: 'HD' }])).map((i) => i.code)).toEqual(['year-required'])
      const early = check(syracusanRoster({ subFaction: 'other', year: -400 }, [{ card: 'HD' }]))
      expect(early.map((i) => [i.code, i.message])).toEqual([
        ['battle-card-out-of-date', 'Hoplite Deep Formation (HD) on Syracusan and mercenary hoplites is available 371-210 BC, not in 400 BC.']
      ])
    })

    it('an unread condition is a warning naming the note; a plain description is no issue', () => {
      const unread = check(syracusanRoster({ subFaction: 'other' }, [{ card: 'AM' }]))
      expect(unread.map((i) => [i.code, i.severity, i.message])).toEqual([
        [
          'battle-card-condition',
          'warning',
          "Ambush (AM) is noted 'only if the general is Agathokles himself' by the list: Muster cannot check that condition."
        ]
      ])
      expect(check(syracusanRoster({ subFaction: 'other' }, [{ card: 'PT' }]))).toEqual([])
    })

    it('a card that needs troops the roster does not have is an error; with them, fine', () => {
      const roster = (horde: boolean) => ({
        format: 'muster-roster',
        version: 1,
        ruleset: 'triumph',
        army: sassanid.id,
        year: 400,
        units: [
          { troop: 'elite-cavalry', count: 1, general: true },
          { troop: 'elite-cavalry', count: 3 },
          { troop: 'horse-bow', count: 1 },
          ...(horde ? [{ troop: 'horde', count: 2 }] : [{ troop: 'bow-levy', count: 2 }])
        ],
        battleCards: [{ card: 'PD' }]
      })
      expect(check(roster(true))).toEqual([])
      expect(check(roster(false)).map((i) => [i.code, i.message])).toEqual([
        ['battle-card-needs-troops', 'Prepared Defenses (PD) needs Horde stands: the roster has none.']
      ])
    })

    it('the offers say so before the click: greyed with the reason, as a unit is', () => {
      const offer = (roster: unknown, card: string) => engine.options(roster as Roster).cards.find((c) => c.card === card && c.option === null)
      expect(offer(syracusanRoster({ subFaction: 'agathokles-in-africa' }, []), 'DC')).toEqual({ card: 'DC', option: null, cost: expect.any(Number) })
      expect(offer(syracusanRoster({ subFaction: 'other' }, []), 'DC')?.reason).toBe(
        "Deceptive Deployment (DC) is for 'Agathokles in Africa' only; this roster is for 'Any other'."
      )
      // a plain description and an unread condition (a warning) are offered
      expect(offer(syracusanRoster({ subFaction: 'other' }, []), 'PT')?.reason).toBeUndefined()
      expect(offer(syracusanRoster({ subFaction: 'other' }, []), 'AM')?.reason).toBeUndefined()
      // a card on an option whose stands the roster lacks: what to do first
      const hoplites = syracusan.options.find((o) => o.battleCards?.some((c) => c.code === 'HD'))!
      const bare = { ...syracusanRoster({ subFaction: 'other' }, []), units: [{ troop: 'javelin-cavalry', count: 1, general: true }] }
      expect(engine.options(bare as Roster).cards.find((c) => c.card === 'HD')).toEqual({
        card: 'HD',
        option: hoplites.id,
        cost: expect.any(Number),
        reason: `Needs stands of ${hoplites.name} first.`
      })
    })

    it('each fault is said once: a card on an option with no stands is not also short of its troops', () => {
      // Communal Italian's Hold the Line "only Pavise", taken on the pavisiers' option with none of them fielded.
      const { armies, engine: communal } = importLists([REAL.communal])
      const army = armies.get(REAL.communal)!
      const option = army.options.find((o) => o.battleCards?.some((c) => c.code === 'HL' && c.needsTroops))!
      const general = army.options.find((o) => o !== option && o.troops.length > 0)!
      const verdict = communal.check(inFirstYear(army, [{ troop: general.troops[0], count: 1, general: true }], [{ card: 'HL', option: option.id }]))
      const codes = mine(verdict.issues).map((i) => i.code)
      expect(codes).toContain('battle-card-no-stands')
      expect(codes).not.toContain('battle-card-needs-troops')
    })
  })

  describe('a card the list requires of one part or in some years', () => {
    it('asks for the part, or the year, as an option with a minimum does', () => {
      const { armies, engine } = importLists([SYRACUSAN], {
        [SYRACUSAN]: [
          { battleCardCode: 'DC', min: 1, max: 1, note: '(Agathokles in Africa)' },
          { battleCardCode: 'FC', min: 1, max: 1, note: '310-306 BC: Ditch and palisade' }
        ]
      })
      const army = armies.get(SYRACUSAN)!
      const roster = (extra: Record<string, unknown>) => ({
        format: 'muster-roster',
        version: 1,
        ruleset: 'triumph',
        army: army.id,
        units: [{ troop: 'javelin-cavalry', count: 1, general: true }],
        ...extra
      })
      const codes = (r: unknown) => mine(engine.check(r).issues).map((i) => i.code)
      // Neither part nor year said: both are asked for, and no minimum is held against a part or year not chosen.
      expect(codes(roster({}))).toEqual(expect.arrayContaining(['sub-faction-missing', 'year-required']))
      expect(codes(roster({}))).not.toContain('battle-card-below-min')
      // The part and a year the card is for: its minimum binds.
      expect(codes(roster({ subFaction: 'agathokles-in-africa', year: -308 })).filter((c) => c === 'battle-card-below-min')).toHaveLength(2)
      // Another part and another year: it does not.
      expect(codes(roster({ subFaction: 'other', year: -280 }))).not.toContain('battle-card-below-min')
    })
  })

  it('facts only: the warning names the source list, since the note is not kept', () => {
    const engine = bundledEngine()
    const army = [...engine.ruleset('triumph')!.armies.values()].find((a) => (a.options ?? []).some((o) => o.battleCards?.some((c) => c.unreadCondition)))!
    const option = army.options.find((o) => o.battleCards?.some((c) => c.unreadCondition))!
    const card = option.battleCards!.find((c) => c.unreadCondition)!
    const troop = option.troops[0]
    const verdict = engine.check(inFirstYear(army, [{ troop, count: 1, option: option.id }], [{ card: card.code, option: option.id }]))
    const warning = verdict.issues.find((i) => i.code === 'battle-card-condition')!
    expect(warning.severity).toBe('warning')
    expect(warning.message).toContain(`(list ${String(army.source!.list)})`)
    expect(warning.message).toMatch(/see the entry in the published list\.$/)
  })
})
