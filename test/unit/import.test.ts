// The Meshwesh importer on small lists written here: mapping, readings (battle line, free mix vs
// "all", sub-faction notes, allies), facts-only output, and bad input reported per list while the
// rest still import, with nothing half-written.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createEngine, solveArmy } from '../../src-main/rules'
import { createAjv } from '../../src-main/rules/schemas'
import { importMeshwesh } from '../../src-main/import/import-armies'
import type { Army, BattleCardEntry } from '../../src-main/rules/types'
import { tempFolders } from '../support/tmp'
import { bundledEngine } from '../support/engine'

const engine = bundledEngine()
const tmp = tempFolders('muster-import-')

const entry = (code: string, note: string | null = null) => ({ troopTypeCode: code, dismountTypeCode: null, note })
const list = (over: Record<string, unknown> = {}) => ({
  id: 'aaaaaaaaaaaaaaaaaaaaaaa1',
  name: 'Test Warband Kingdom',
  listId: 42.5,
  sublistId: 'b',
  keywords: ['Testers'],
  dateRanges: [{ startDate: -300, endDate: 100 }],
  invasionRatings: [{ value: 2, note: null }],
  maneuverRatings: [{ value: 1, note: 'under the great chief' }],
  homeTopographies: [{ values: [' Arable', 'Hilly '], note: '' }],
  troopOptions: [
    {
      min: 8,
      max: 12,
      dateRange: null,
      troopEntries: [entry('WBD')],
      description: 'Sworn warriors of the hill forts',
      note: '',
      core: 'all',
      battleCardEntries: []
    },
    {
      min: 2,
      max: 4,
      dateRange: null,
      troopEntries: [entry('JCV'), entry('BAD')],
      description: 'Riders',
      note: '',
      core: '',
      battleCardEntries: [{ battleCardCode: 'MD', min: null, max: null, note: 'as Warband' }]
    },
    {
      min: 0,
      max: 2,
      dateRange: { startDate: -300, endDate: -200 },
      troopEntries: [entry('ARC', 'all'), entry('PAV', 'all')],
      description: 'Bow or shield',
      note: '',
      core: 'half',
      battleCardEntries: []
    },
    {
      min: 2,
      max: 2,
      dateRange: null,
      troopEntries: [entry('SKM')],
      description: 'Slingers of the isles',
      note: 'only in the Isles',
      core: '',
      battleCardEntries: []
    }
  ],
  troopEntriesForGeneral: [{ troopEntries: [entry('JCV'), entry('WBD')] }],
  allyOptions: [],
  battleCardEntries: [{ battleCardCode: 'FC', min: null, max: null, note: 'wagon ring' }],
  ...over
})

/** A troop option of one troop type offering the DD battle card with this note (its description the note too). */
const cardOption = (code: string) => (note: string) => ({
  min: 0,
  max: 1,
  dateRange: null,
  troopEntries: [entry(code)],
  description: note,
  note: '',
  core: '',
  battleCardEntries: [{ battleCardCode: 'DD', min: null, max: null, note }]
})

/** The test list with these troop options added, imported: the battle card of each option added. */
function importedCards(options: unknown[], factsOnly = false): BattleCardEntry[] {
  const dir = tmp()
  writeFileSync(join(dir, 'aaaaaaaaaaaaaaaaaaaaaaa1'), JSON.stringify(list({ troopOptions: [...list().troopOptions, ...options] })))
  const out = tmp()
  expect(runImport(dir, factsOnly, out).failed).toEqual([])
  const army = JSON.parse(readFileSync(join(out, 'triumph', 'armies', 'test-warband-kingdom-42-5b.json'), 'utf8')) as Army
  return army.options.slice(list().troopOptions.length).map((o) => o.battleCards![0])
}

function runImport(dir: string, factsOnly = false, out?: string) {
  return importMeshwesh(dir, { ajv: createAjv(), triumph: engine.ruleset('triumph')!, eras: engine.registry.eras, out, factsOnly })
}

describe('Meshwesh import', () => {
  it('maps a list: codes to troop ids, battle line, free mix and "all", dates, sub-faction notes, generals, cards', () => {
    const dir = tmp()
    writeFileSync(join(dir, 'aaaaaaaaaaaaaaaaaaaaaaa1'), JSON.stringify(list()))
    const out = tmp()
    const report = runImport(dir, false, out)
    expect(report.failed).toEqual([])
    const army = JSON.parse(readFileSync(join(out, 'triumph', 'armies', 'test-warband-kingdom-42-5b.json'), 'utf8')) as Army
    expect(army).toMatchObject({
      id: 'test-warband-kingdom-42-5b',
      name: 'Test Warband Kingdom',
      dates: [{ from: -300, to: 100 }],
      era: 'Hellenistic',
      generals: ['javelin-cavalry', 'warband'],
      source: { meshwesh: 'aaaaaaaaaaaaaaaaaaaaaaa1', list: '42-5b' }
    })
    const [warband, riders, bows, slingers] = army.options
    expect(warband).toMatchObject({ id: 'warband', name: 'Sworn warriors of the hill forts', troops: ['warband'], min: 8, max: 12, battleLine: 'all' })
    expect(riders).toMatchObject({
      troops: ['javelin-cavalry', 'bad-horse'],
      min: 2,
      max: 4,
      battleCards: [{ code: 'MD', min: null, max: null, as: 'warband' }]
    })
    expect(riders.sameType).toBeUndefined()
    expect(riders.battleLine).toBeUndefined()
    expect(bows).toMatchObject({ troops: ['archers', 'pavisiers'], sameType: true, battleLine: 'half', dates: [{ from: -300, to: -200 }] })
    // "only in the isles": a part of the list the roster chooses; the minimum binds that part
    expect(slingers).toMatchObject({ min: 2, max: 2, subFactions: { only: ['in-the-isles'] } })
    expect(slingers.restriction).toBeUndefined()
    expect(army.subFactions).toEqual([
      { id: 'in-the-isles', name: 'in the Isles' },
      { id: 'other', name: 'Any other' }
    ])
    expect(army.facts).toEqual({
      invasion: [{ value: 2 }],
      maneuver: [{ value: 1, note: 'under the great chief' }],
      topography: [{ value: 'Arable' }, { value: 'Hilly' }]
    })
    // in the ruleset's order of facts, before the generals, as the bundled lists have them
    expect(Object.keys(army).indexOf('facts')).toBeLessThan(Object.keys(army).indexOf('generals'))
  })

  it('a card note naming the type stands become ("as Archer", "as Pikes") is kept as its troop, even facts-only; any other note stays words', () => {
    const notes = ['as Archer', 'as Pikes', 'as light foot', 'German Knights as Elite Foot; Lithuanian Javelin Cavalry as Archers', 'as Goblins']
    for (const factsOnly of [false, true]) {
      const dd = importedCards(notes.map(cardOption('KNT')), factsOnly)
      expect(dd.map((c) => c.as ?? null)).toEqual(['archers', 'pikes', 'light-foot', null, null])
      expect(dd.map((c) => c.note ?? null)).toEqual(factsOnly ? [null, null, null, null, null] : [null, null, null, notes[3], notes[4]])
    }
  })

  it('a dismount type after a date or a condition is read too; the rest stays a note', () => {
    const dd = importedCards(['1328-1515 AD: as Elite Foot', 'General only; as Pike'].map(cardOption('BAD')))
    // The rest is a condition read as the options' are: years outside this list's own (-300 to 100),
    // "General only" (no troop type, no part): neither can be checked, so both are flagged, with the note.
    expect(dd).toEqual([
      { code: 'DD', min: null, max: null, as: 'elite-foot', unreadCondition: true, note: '1328-1515 AD' },
      { code: 'DD', min: null, max: null, as: 'pikes', unreadCondition: true, note: 'General only' }
    ])
  })

  it('facts-only output carries no author prose', () => {
    const dir = tmp()
    writeFileSync(join(dir, 'aaaaaaaaaaaaaaaaaaaaaaa1'), JSON.stringify(list()))
    const out = tmp()
    runImport(dir, true, out)
    const text = readFileSync(join(out, 'triumph', 'armies', 'test-warband-kingdom-42-5b.json'), 'utf8')
    // (the part of the list a note names, 'in the Isles', is a name and stays)
    for (const prose of ['Sworn warriors', 'Riders', 'Bow or shield', 'great chief', 'wagon ring', 'as Warband']) expect(text).not.toContain(prose)
    const army = JSON.parse(text) as Army
    expect(army.options.map((o) => o.name)).toEqual(['Warband', 'Javelin Cavalry or Bad Horse', 'Archers or Pavisiers', 'Skirmishers'])
  })

  it('reports each bad list with its reason and still imports the rest, writing nothing half-done', () => {
    const dir = tmp()
    writeFileSync(join(dir, 'aaaaaaaaaaaaaaaaaaaaaaa1'), JSON.stringify(list()))
    writeFileSync(
      join(dir, 'bbbbbbbbbbbbbbbbbbbbbbb2'),
      JSON.stringify(list({ id: 'bbbbbbbbbbbbbbbbbbbbbbb2', name: 'Tank Army', troopOptions: [{ min: 1, max: 2, troopEntries: [entry('TNK')] }] }))
    )
    writeFileSync(join(dir, 'ccccccccccccccccccccccc3'), '{"name": "truncated",')
    writeFileSync(join(dir, 'ddddddddddddddddddddddd4'), JSON.stringify({ name: 'No dates', troopOptions: [] }))
    writeFileSync(
      join(dir, 'eeeeeeeeeeeeeeeeeeeeeee5'),
      JSON.stringify(list({ id: 'eeeeeeeeeeeeeeeeeeeeeee5', troopOptions: [{ min: 5, max: 2, troopEntries: [entry('WBD')] }] }))
    )
    writeFileSync(
      join(dir, 'fffffffffffffffffffffff6'),
      JSON.stringify(list({ id: 'fffffffffffffffffffffff6', battleCardEntries: [{ battleCardCode: 'ZZ', min: null, max: null }] }))
    )
    const out = tmp()
    const report = runImport(dir, false, out)
    expect(report.imported.map((i) => i.id)).toEqual(['test-warband-kingdom-42-5b'])
    expect(report.failed).toEqual([
      { file: join(dir, 'bbbbbbbbbbbbbbbbbbbbbbb2'), reason: "troop option 1: unknown troop code 'TNK'" },
      { file: join(dir, 'ccccccccccccccccccccccc3'), reason: expect.stringMatching(/^not valid JSON/) },
      { file: join(dir, 'ddddddddddddddddddddddd4'), reason: expect.stringMatching(/^not a Meshwesh army list: .*must have required property 'id'/) },
      { file: join(dir, 'eeeeeeeeeeeeeeeeeeeeeee5'), reason: 'troop option 1: min 5 is above max 2' },
      { file: join(dir, 'fffffffffffffffffffffff6'), reason: "army battle cards: unknown battle card code 'ZZ'" }
    ])
    expect(readdirSync(join(out, 'triumph', 'armies'))).toEqual(['test-warband-kingdom-42-5b.json'])
  })

  it('takes allies from <id>.allyOptions.json, and says when they are missing', () => {
    const dir = tmp()
    writeFileSync(
      join(dir, 'aaaaaaaaaaaaaaaaaaaaaaa1'),
      JSON.stringify(list({ allyOptions: [{ dateRange: null, note: null, allyEntries: [{ name: 'Hill allies', allyArmyList: 'fffffffffffffffffffffff6' }] }] }))
    )
    expect(runImport(dir).imported[0].warnings).toEqual([
      '1 ally option(s) not expanded (no aaaaaaaaaaaaaaaaaaaaaaa1.allyOptions.json beside the list): allies left out'
    ])
    writeFileSync(
      join(dir, 'aaaaaaaaaaaaaaaaaaaaaaa1.allyOptions.json'),
      JSON.stringify([
        {
          dateRange: { startDate: -250, endDate: -150 },
          note: null,
          allyEntries: [
            {
              name: 'Hill allies',
              allyArmyList: {
                name: 'Hill Folk',
                listId: 7,
                sublistId: 'a',
                internalContingent: false,
                troopOptions: [{ min: 1, max: 3, dateRange: null, troopEntries: [entry('LFT')], description: 'x', note: '', core: '' }]
              }
            }
          ]
        },
        {
          dateRange: null,
          note: null,
          allyEntries: [
            {
              name: 'Levy',
              allyArmyList: {
                name: 'Home Levy',
                internalContingent: true,
                troopOptions: [{ min: 2, max: 2, dateRange: null, troopEntries: [entry('HRD')], description: 'y', note: '', core: 'all' }]
              }
            }
          ]
        }
      ])
    )
    const out = tmp()
    const report = runImport(dir, false, out)
    expect(report.imported[0].warnings).toEqual([])
    const army = JSON.parse(readFileSync(join(out, 'triumph', 'armies', 'test-warband-kingdom-42-5b.json'), 'utf8')) as Army
    expect(army.allies).toEqual([
      {
        id: 'hill-folk',
        name: 'Hill allies',
        dates: [{ from: -250, to: -150 }],
        contingents: [{ id: 'hill-folk', name: 'Hill allies', list: '7a', options: [{ id: 'light-foot', name: 'x', troops: ['light-foot'], min: 1, max: 3 }] }]
      },
      {
        id: 'home-levy',
        name: 'Levy',
        internal: true,
        contingents: [{ id: 'home-levy', name: 'Levy', options: [{ id: 'horde', name: 'y', troops: ['horde'], min: 2, max: 2, battleLine: 'all' }] }]
      }
    ])
    // and the engine checks rosters of the imported army like any other
    const withImports = createEngine({ dataDirs: [out] })
    const v = withImports.check({
      format: 'muster-roster',
      version: 1,
      ruleset: 'triumph',
      army: army.id,
      year: -180,
      subFaction: 'other',
      units: [
        { troop: 'warband', count: 1, general: true },
        { troop: 'warband', count: 7 },
        { troop: 'javelin-cavalry', count: 2 },
        { troop: 'light-foot', count: 2, option: 'hill-folk.hill-folk.light-foot', general: false }
      ]
    })
    expect(v.issues.filter((i) => i.severity === 'error')).toEqual([])
    expect(v.points).toBe(8 * 3 + 2 * 4 + 2 * 3)
  })
})

describe('bundled Triumph! lists', () => {
  const triumph = engine.ruleset('triumph')!

  it('at least 30, spread over the whole period', () => {
    const armies = [...triumph.armies.values()]
    expect(armies.length).toBeGreaterThanOrEqual(30)
    const starts = armies.map((a) => Math.min(...a.dates.map((d) => d.from)))
    expect(Math.min(...starts)).toBeLessThanOrEqual(-2500)
    expect(Math.max(...starts)).toBeGreaterThanOrEqual(1400)
  })

  it.each([...triumph.armies.keys()])('%s has a legal 48-point roster built from its minimums', (id) => {
    const r = solveArmy(triumph, id)
    expect(r.ok, r.ok ? '' : r.reason).toBe(true)
    if (!r.ok) return
    const v = engine.check(r.roster)
    expect(v.issues.filter((i) => i.severity === 'error')).toEqual([])
    expect(v.points).toBe(48)
  })

  it('every army of every ruleset has dates, and the era (data/eras.json) its first year falls in', () => {
    for (const loaded of engine.registry.rulesets.values()) {
      for (const a of loaded.armies.values()) {
        expect(a.dates.length, `${loaded.ruleset.id}/${a.id}`).toBeGreaterThan(0)
        const start = Math.min(...a.dates.map((d) => d.from))
        expect(a.era, `${loaded.ruleset.id}/${a.id} era`).toBe(engine.registry.eras.find((e) => start >= e.from && start <= e.to)!.name)
      }
    }
  })
})
