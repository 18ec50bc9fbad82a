// The fingerprint that tells the library its data changed: by content, so a reinstall or a packaged
// app's archive (whose files all report the start time) is no change, and an import is.
import { copyFileSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { dataFingerprint } from '../../src-main/data-fingerprint'
import { codeData } from '../../src-main/rules/data-in-force'
import { createEngine } from '../../src-main/rules'
import { bundledDataDir } from '../../src-main/rules/paths'
import { bundledEngine } from '../support/engine'
import { tempFolders } from '../support/tmp'

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

  it('stock data: the data version alone, no note', () => {
    const triumph = bundledEngine().ruleset('triumph')!
    expect(codeData(triumph, roman)).toEqual({ version: triumph.ruleset.dataVersion })
  })

  it('an army list laid over the bundled one: the version and a fingerprint of that file, noted as local; other armies stay stock', () => {
    const data = tmp()
    mkdirSync(join(data, 'triumph', 'armies'), { recursive: true })
    const changed = { ...(JSON.parse(readFileSync(army, 'utf8')) as object), name: 'House rules' }
    writeFileSync(join(data, 'triumph', 'armies', 'early-imperial-roman.json'), JSON.stringify(changed))
    const triumph = createEngine({ dataDirs: [data] }).ruleset('triumph')!
    const coded = codeData(triumph, roman)
    expect(coded.version).toMatch(new RegExp(`^${triumph.ruleset.dataVersion.replace(/\./g, '\\.')}\\+[0-9a-f]{32}$`))
    expect(coded.note).toBe('checked with local data changes')
    expect(codeData(triumph, other)).toEqual({ version: triumph.ruleset.dataVersion })
    // another change of the same file: another fingerprint
    writeFileSync(join(data, 'triumph', 'armies', 'early-imperial-roman.json'), JSON.stringify({ ...changed, name: 'Other house rules' }))
    expect(codeData(createEngine({ dataDirs: [data] }).ruleset('triumph')!, roman).version).not.toBe(coded.version)
    // a byte-for-byte copy of the bundled list changes nothing
    copyFileSync(army, join(data, 'triumph', 'armies', 'early-imperial-roman.json'))
    expect(codeData(createEngine({ dataDirs: [data] }).ruleset('triumph')!, roman)).toEqual({ version: triumph.ruleset.dataVersion })
  })

  it('a cost table bears on every roster of its ruleset; a user edition on the rosters that name it', () => {
    const data = tmp()
    mkdirSync(join(data, 'triumph', 'editions'), { recursive: true })
    writeFileSync(join(data, 'triumph', 'editions', 'house.json'), JSON.stringify({ ruleset: 'triumph', id: 'house', name: 'House', troopTypes: { 'war-wagons': { cost: 5 } } }))
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
    expect(codeData(createEngine({ dataDirs: [data] }).ruleset('triumph')!, roman)).toEqual({ version: codeData(bundledEngine().ruleset('triumph')!, roman).version })
    const changed = { ...parsed, name: 'House rules' }
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
    writeFileSync(join(data, 'triumph', 'editions', 'qrs-2018.json'), JSON.stringify({ ...(JSON.parse(readFileSync(shipped, 'utf8')) as object), troopTypes: { 'war-wagons': { cost: 9 } } }))
    const engine = createEngine({ dataDirs: [data] })
    expect(engine.registry.warnings.join('\n')).toMatch(/edition 'qrs-2018' has the id of an edition Muster ships, and would change it under the same name, so it is left out/)
    // Muster's own edition is in force, and the code is the stock one
    expect(engine.ruleset('triumph')!.editions.get('qrs-2018')).toEqual(JSON.parse(readFileSync(shipped, 'utf8')))
    expect(codeData(engine.ruleset('triumph')!, { ...roman, edition: 'qrs-2018' }).note).toBeUndefined()
  })
})
