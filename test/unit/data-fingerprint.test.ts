// The fingerprint that tells the library its data changed: by content, so a reinstall or a packaged
// app's archive (whose files all report the start time) is no change, and an import is.
import { copyFileSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { dataFingerprint } from '../../src-main/rules/data-fingerprint'
import { codeData } from '../../src-main/rules/data-in-force'
import { createEngine } from '../../src-main/rules'
import { bundledDataDir } from '../../src-main/rules/paths'
import { bundledEngine } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { writeCatalogue } from '../support/meshwesh-catalogue'

const tmp = tempFolders('muster-fingerprint-')

describe('data fingerprint', () => {
  it('changes with the data files, not with their times or other files', () => {
    const bundled = tmp()
    const user = join(tmp(), 'missing-until-an-import')
    mkdirSync(join(bundled, 'triumph', 'armies'), { recursive: true })
    writeFileSync(join(bundled, 'triumph', 'ruleset.json'), '{"dataVersion": "1.1.0"}')
    writeFileSync(join(bundled, 'triumph', 'armies', 'a.json'), '{"id": "a"}')
    const first = dataFingerprint([bundled, user])
    expect(first).toMatch(/^[0-9a-f]{64}$/)
    // touched, and a file that is not data: the same
    utimesSync(join(bundled, 'triumph', 'armies', 'a.json'), new Date(), new Date(2001, 0, 1))
    writeFileSync(join(bundled, 'triumph', '.DS_Store'), 'x')
    expect(dataFingerprint([bundled, user])).toBe(first)
    // army lists imported into the user folder: changed
    mkdirSync(join(user, 'triumph', 'armies'), { recursive: true })
    writeFileSync(join(user, 'triumph', 'armies', 'b.json'), '{"id": "b"}')
    const imported = dataFingerprint([bundled, user])
    expect(imported).not.toBe(first)
    // one list re-imported with a different minimum: changed again
    writeFileSync(join(user, 'triumph', 'armies', 'b.json'), '{"id": "b", "min": 2}')
    expect(dataFingerprint([bundled, user])).not.toBe(imported)
    // the same file in the other folder is another state of the data
    expect(dataFingerprint([user, bundled])).not.toBe(dataFingerprint([bundled, user]))
  })
})

// Issue 26: the check code covers the data in force for the roster, not only the version label.
describe('the data a check code covers (codeData)', () => {
  const army = join(bundledDataDir(), 'triumph', 'armies', 'early-imperial-roman.json')
  const roman = { ruleset: 'triumph', army: 'early-imperial-roman' }
  const other = { ruleset: 'triumph', army: 'akkadian-2a' }
  /** The list with its first option's maximum set to `max`: a change of its rules. */
  const withMax = (list: Record<string, unknown>, max: number) => ({
    ...list,
    options: (list.options as Array<Record<string, unknown>>).map((o, i) => (i === 0 ? { ...o, max } : o))
  })

  it('stock data: the data version alone, no note', () => {
    const triumph = bundledEngine().ruleset('triumph')!
    expect(codeData(triumph, roman)).toEqual({ version: triumph.ruleset.dataVersion })
  })

  it('an army list laid over the bundled one: the version and a fingerprint of that file, noted as local; other armies stay stock', () => {
    const data = tmp()
    mkdirSync(join(data, 'triumph', 'armies'), { recursive: true })
    const changed = withMax(JSON.parse(readFileSync(army, 'utf8')) as Record<string, unknown>, 7)
    writeFileSync(join(data, 'triumph', 'armies', 'early-imperial-roman.json'), JSON.stringify(changed))
    const triumph = createEngine({ dataDirs: [data] }).ruleset('triumph')!
    const coded = codeData(triumph, roman)
    expect(coded.version).toMatch(new RegExp(`^${triumph.ruleset.dataVersion.replace(/\./g, '\\.')}\\+[0-9a-f]{32}$`))
    expect(coded.note).toBe('checked with local data changes')
    expect(codeData(triumph, other)).toEqual({ version: triumph.ruleset.dataVersion })
    // another change of the same file: another fingerprint
    writeFileSync(join(data, 'triumph', 'armies', 'early-imperial-roman.json'), JSON.stringify(withMax(changed, 8)))
    expect(codeData(createEngine({ dataDirs: [data] }).ruleset('triumph')!, roman).version).not.toBe(coded.version)
    // a byte-for-byte copy of the bundled list changes nothing
    copyFileSync(army, join(data, 'triumph', 'armies', 'early-imperial-roman.json'))
    expect(codeData(createEngine({ dataDirs: [data] }).ruleset('triumph')!, roman)).toEqual({ version: triumph.ruleset.dataVersion })
  })

  it('a cost table bears on every roster of its ruleset; a user edition on the rosters that name it', () => {
    const data = tmp()
    mkdirSync(join(data, 'triumph', 'editions'), { recursive: true })
    writeFileSync(
      join(data, 'triumph', 'editions', 'house.json'),
      JSON.stringify({ ruleset: 'triumph', id: 'house', name: 'House', troopTypes: { 'war-wagons': { cost: 5 } } })
    )
    const withEdition = createEngine({ dataDirs: [data] }).ruleset('triumph')!
    expect(codeData(withEdition, roman).note).toBeUndefined()
    expect(codeData(withEdition, { ...roman, edition: 'house' }).note).toBe('checked with local data changes')
    writeFileSync(join(data, 'triumph', 'costs.json'), JSON.stringify({ ruleset: 'triumph', costs: { artillery: 2 } }))
    const priced = createEngine({ dataDirs: [data] }).ruleset('triumph')!
    expect(codeData(priced, other).note).toBe('checked with local data changes')
  })

  it('covers the data, not its formatting: a reformatted copy of a bundled list is stock; a reformatted overlay keeps its code (review of issue 26)', () => {
    const parsed = JSON.parse(readFileSync(army, 'utf8')) as Record<string, unknown>
    const data = tmp()
    mkdirSync(join(data, 'triumph', 'armies'), { recursive: true })
    const file = join(data, 'triumph', 'armies', 'early-imperial-roman.json')
    // the bundled list, keys in another order, indented with tabs, CRLF line ends
    const reordered = Object.fromEntries(Object.entries(parsed).reverse())
    writeFileSync(file, JSON.stringify(reordered, null, '\t').replace(/\n/g, '\r\n'))
    expect(codeData(createEngine({ dataDirs: [data] }).ruleset('triumph')!, roman)).toEqual({
      version: codeData(bundledEngine().ruleset('triumph')!, roman).version
    })
    const changed = withMax(parsed, 7)
    writeFileSync(file, JSON.stringify(changed))
    const compact = codeData(createEngine({ dataDirs: [data] }).ruleset('triumph')!, roman)
    writeFileSync(file, JSON.stringify(Object.fromEntries(Object.entries(changed).reverse()), null, 2).replace(/\n/g, '\r\n'))
    expect(codeData(createEngine({ dataDirs: [data] }).ruleset('triumph')!, roman)).toEqual(compact)
    expect(compact.note).toBe('checked with local data changes')
  })

  it('covers the data as it was parsed: a file edited on disk after Muster loaded it does not change the code of the data in force', () => {
    const costs = (artillery: number) => JSON.stringify({ ruleset: 'triumph', costs: { artillery } })
    const [a, b] = [tmp(), tmp()]
    for (const d of [a, b]) mkdirSync(join(d, 'triumph'), { recursive: true })
    writeFileSync(join(a, 'triumph', 'costs.json'), costs(2))
    writeFileSync(join(b, 'triumph', 'costs.json'), costs(2))
    const loaded = createEngine({ dataDirs: [a] }).ruleset('triumph')!
    writeFileSync(join(a, 'triumph', 'costs.json'), costs(7))
    expect(codeData(loaded, roman)).toEqual(codeData(createEngine({ dataDirs: [b] }).ruleset('triumph')!, roman))
    expect(codeData(loaded, roman)).not.toEqual(codeData(createEngine({ dataDirs: [a] }).ruleset('triumph')!, roman))
  })

  it('a list Muster does not ship (imported under its own id): covered by the code, and the sheet says it was added, not that rules changed', () => {
    const parsed = JSON.parse(readFileSync(army, 'utf8')) as Record<string, unknown>
    const data = tmp()
    mkdirSync(join(data, 'triumph', 'armies'), { recursive: true })
    writeFileSync(join(data, 'triumph', 'armies', 'my-romans.json'), JSON.stringify({ ...parsed, id: 'my-romans', name: 'My Romans' }))
    const triumph = createEngine({ dataDirs: [data] }).ruleset('triumph')!
    const coded = codeData(triumph, { ...roman, army: 'my-romans' })
    expect(coded.version).toMatch(new RegExp(`^${triumph.ruleset.dataVersion.replace(/\./g, '\\.')}\\+[0-9a-f]{32}$`))
    expect(coded.note).toBe('with an army list added to its data')
    // rosters of bundled lists are untouched
    expect(codeData(triumph, roman)).toEqual({ version: triumph.ruleset.dataVersion })
  })

  it('a user edition with the id of a bundled one and other content is left out at load with a warning (the rest of the data loads); an exact copy is not', () => {
    const data = tmp()
    mkdirSync(join(data, 'triumph', 'editions'), { recursive: true })
    const shipped = join(bundledDataDir(), 'triumph', 'editions', 'qrs-2018.json')
    copyFileSync(shipped, join(data, 'triumph', 'editions', 'qrs-2018.json'))
    expect(codeData(createEngine({ dataDirs: [data] }).ruleset('triumph')!, { ...roman, edition: 'qrs-2018' }).note).toBeUndefined()
    writeFileSync(
      join(data, 'triumph', 'editions', 'qrs-2018.json'),
      JSON.stringify({ ...(JSON.parse(readFileSync(shipped, 'utf8')) as object), troopTypes: { 'war-wagons': { cost: 9 } } })
    )
    const engine = createEngine({ dataDirs: [data] })
    expect(engine.registry.warnings.join('\n')).toMatch(
      /edition 'qrs-2018' has the id of an edition Muster ships, and would change it under the same name, so it is left out/
    )
    // Muster's own edition is in force, and the code is the stock one
    expect(engine.ruleset('triumph')!.editions.get('qrs-2018')).toEqual(JSON.parse(readFileSync(shipped, 'utf8')))
    expect(codeData(engine.ruleset('triumph')!, { ...roman, edition: 'qrs-2018' }).note).toBeUndefined()
  })

  // Review of issue 26: the code covers a list's rules, not its bookkeeping or its authors' words
  // (src-main/rules/army-rules.ts NOT_RULES), so honest copies fetched on other days agree.
  describe("an army list's rules, not its bookkeeping (army-rules.ts)", () => {
    const parsed = () => JSON.parse(readFileSync(army, 'utf8')) as Record<string, unknown>
    /** The code data of a roster of the list as `list` has it, from a Meshwesh catalogue published on `published`. */
    const synced = (list: Record<string, unknown>, published = '2026-11-20') => {
      const root = tmp()
      writeCatalogue(root, { [String(list.id)]: list }, published)
      return codeData(createEngine({ dataDirs: [join(root, 'c-1')] }).ruleset('triumph')!, { ...roman, army: String(list.id) })
    }
    /** A list Muster does not ship, as a sync writes it (fetch date, categories, enemies), and as --facts-only would (no authors' words). */
    const added = (over: Record<string, unknown> = {}) => ({
      ...withMax(parsed(), 5),
      id: 'test-romans',
      source: { meshwesh: '5fb1b9e1e1af060017709831', list: '115a', origin: 'meshwesh', fetched: '2026-11-20' },
      categories: ['Roman'],
      enemies: ['akkadian-2a'],
      ...over
    })
    const factsOnly = (list: Record<string, unknown>) => {
      const { notes: _notes, ...rest } = list
      return {
        ...rest,
        name: 'Test Romans',
        options: (list.options as Array<Record<string, unknown>>).map(({ restriction: _r, ...o }) => ({
          ...o,
          name: 'Elite foot',
          battleCards: (o.battleCards as Array<Record<string, unknown>> | undefined)?.map(({ note: _n, ...c }) => c)
        })),
        allies: (list.allies as Array<Record<string, unknown>> | undefined)?.map((a) => ({
          ...a,
          name: 'An ally',
          contingents: (a.contingents as Array<Record<string, unknown>>).map((c) => ({ ...c, name: 'A contingent' }))
        }))
      }
    }

    it('two copies differing only in fetch date, categories, enemies, related or catalogue day give one code', () => {
      const first = synced(added())
      expect(first.version).toMatch(/\+[0-9a-f]{32}$/)
      expect(
        synced(added({ source: { meshwesh: '5fb1b9e1e1af060017709831', list: '115a', origin: 'meshwesh', fetched: '2026-12-02' } }), '2026-12-02').version
      ).toBe(first.version)
      expect(
        synced(added({ categories: ['Roman', 'Imperial'], enemies: [], related: ['early-imperial-roman'], region: 'Elsewhere', era: 'late' })).version
      ).toBe(first.version)
      // the sheet still names the catalogue's day
      expect(synced(added(), '2026-12-02').note).toBe('with Meshwesh lists of 2026-12-02')
    })

    it("with or without the authors' notes and descriptions (--facts-only) give one code", () => {
      const full = added({
        notes: ['Our reading of the list.'],
        options: (withMax(parsed(), 5).options as Array<Record<string, unknown>>).map((o, i) => (i === 0 ? { ...o, restriction: 'Only under Augustus' } : o))
      })
      expect(synced(factsOnly(full)).version).toBe(synced(full).version)
    })

    it("a change to a troop option's maximum or minimum, its troops, the dates or an ally changes it", () => {
      const first = synced(added()).version
      const options = () => withMax(parsed(), 5).options as Array<Record<string, unknown>>
      expect(synced(added(withMax(added(), 6))).version).not.toBe(first)
      expect(synced(added({ options: options().map((o, i) => (i === 0 ? { ...o, min: 3 } : o)) })).version).not.toBe(first)
      expect(synced(added({ options: options().map((o, i) => (i === 1 ? { ...o, troops: ['elite-foot'] } : o)) })).version).not.toBe(first)
      expect(synced(added({ dates: [{ from: -100, to: 300 }] })).version).not.toBe(first)
      expect(synced(added({ allies: [] })).version).not.toBe(first)
    })

    it('a troop cost changed in a cost table changes it', () => {
      const data = tmp()
      mkdirSync(join(data, 'triumph'), { recursive: true })
      writeFileSync(join(data, 'triumph', 'costs.json'), JSON.stringify({ ruleset: 'triumph', costs: { 'elite-foot': 4 } }))
      const four = codeData(createEngine({ dataDirs: [data] }).ruleset('triumph')!, roman).version
      writeFileSync(join(data, 'triumph', 'costs.json'), JSON.stringify({ ruleset: 'triumph', costs: { 'elite-foot': 5 } }))
      expect(codeData(createEngine({ dataDirs: [data] }).ruleset('triumph')!, roman).version).not.toBe(four)
    })

    it('a synced copy of a bundled list that differs from it only in bookkeeping and words is the stock data: stock code, no note', () => {
      const stock = { version: bundledEngine().ruleset('triumph')!.ruleset.dataVersion }
      const copy = {
        ...parsed(),
        name: 'Early Imperial Roman (synced)',
        notes: [],
        source: { origin: 'meshwesh', fetched: '2026-11-20' },
        categories: ['Roman']
      }
      expect(synced(copy)).toEqual(stock)
      expect(synced(withMax(copy, 7)).note).toBe('with Meshwesh lists of 2026-11-20')
    })
  })
})
