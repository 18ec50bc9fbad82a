// The `muster` command run in this process: --data folders on top of the bundled rulesets, the
// library, import-armies --from-meshwesh, and a folder with no roster files.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { musterHere } from '../support/cli'
import { examples, noStackTrace, roman, scratch } from '../support/cli-files'
import { repoRoot } from '../support/engine'
import { rosterOf } from '../support/roster-of'
import { writeDataFile } from '../support/data-folders'
import { sharedOrSkip } from '../support/tools'

const { dir, write } = scratch()

describe('--data: a user folder on top of the bundled rulesets', () => {
  it('a user costs.json re-prices Mark 2 without touching code', async () => {
    const user = join(dir, 'user-data')
    mkdirSync(join(user, 'wrg-mk2'), { recursive: true })
    writeFileSync(
      join(user, 'wrg-mk2', 'costs.json'),
      JSON.stringify({ ruleset: 'wrg-mk2', name: 'My club table', costs: { 'heavy-infantry': { by: ['status'], table: { regular: 11, barbarian: 12 } } } })
    )
    const roster = {
      format: 'muster-roster',
      version: 1,
      ruleset: 'wrg-mk2',
      army: 'early-imperial-roman',
      units: [
        { troop: 'general', count: 1, grade: 'average' },
        { troop: 'heavy-infantry', count: 10, status: 'regular', class: 'B' }
      ]
    }
    const file = write('mk2.muster.json', roster)
    const bundled = JSON.parse((await musterHere(['validate', '--json', file])).stdout)
    const priced = JSON.parse((await musterHere(['--data', user, 'validate', '--json', file])).stdout)
    expect(bundled.points).toBe(100 + 10 * 8)
    expect(priced.points).toBe(100 + 10 * 11)
  })

  it('a user army is checked like a bundled one', async () => {
    const user = writeDataFile(join(dir, 'user-armies'), 'wrg-1969/armies/dacian.json', {
      id: 'dacian',
      name: 'Dacian',
      dates: [{ from: -60, to: 106 }],
      tags: ['Dacian'],
      options: [
        { id: 'general', troops: ['general'] },
        { id: 'medium-infantry', troops: ['medium-infantry'] }
      ]
    })
    const file = write('dacian.muster.json', {
      format: 'muster-roster',
      version: 1,
      ruleset: 'wrg-1969',
      army: 'dacian',
      units: [
        { troop: 'general', count: 1 },
        { troop: 'medium-infantry', count: 30, status: 'regular' }
      ]
    })
    const r = await musterHere(['--data', user, 'validate', file])
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('Medium infantry cannot be regular in a Dacian army')
  })

  it('broken user data is reported with its file, exit 2', async () => {
    const user = join(dir, 'user-broken')
    mkdirSync(join(user, 'wrg-1969', 'armies'), { recursive: true })
    writeFileSync(join(user, 'wrg-1969', 'armies', 'oops.json'), JSON.stringify({ id: 'oops', name: 'Oops', dates: [], tags: [], options: [] }))
    const r = await musterHere(['--data', user, 'validate', write('any.json', roman)])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^muster: bad ruleset data: .*oops\.json: \/dates: must NOT have fewer than 1 items$/m)
    noStackTrace(r.stderr)
  })
})

describe('muster library', () => {
  it('imports, lists, shows and refuses bad option values with a usage error', async () => {
    const db = join(dir, 'cli-library.sqlite')
    expect((await musterHere(['library', 'import', '--db', db, join(examples, 'triumph-legal.muster.json')])).code).toBe(0)
    const list = JSON.parse((await musterHere(['library', 'list', '--db', db, '--json'])).stdout) as {
      total: number
      rows: Array<{ id: string; points: number }>
    }
    expect(list.total).toBe(1)
    expect(list.rows[0].points).toBe(48)
    const id = list.rows[0].id.slice(0, 8)
    expect((await musterHere(['library', 'show', id, '--db', db])).stdout).toContain('legal, 48/48 points')
    for (const bad of [
      ['list', '--limit', 'abc'],
      ['show', id, '--revision', '0'],
      ['show', id, '--revision', 'x']
    ]) {
      const r = await musterHere(['library', ...bad, '--db', db])
      expect(r.code, bad.join(' ')).toBe(2)
      expect(r.stderr).toBe(`muster: ${bad[bad.length - 2]} must be a whole number of at least 1, written in digits (like 12), not '${bad[bad.length - 1]}'.\n`)
    }
    const missing = await musterHere(['library', 'show', 'zzz', '--db', db])
    expect(missing.code).toBe(1)
    expect(missing.stderr.trim()).toBe("muster: no roster with id 'zzz' in the library")
  })
})

describe('muster import-armies --from-meshwesh', () => {
  const corpus = join(repoRoot, '..', 'shared', 'fixtures', 'meshwesh', 'armyLists')
  const hasCorpus = !!sharedOrSkip('the Meshwesh lists', corpus)

  it.skipIf(!hasCorpus)('imports a real list into the user data folder, where validate and rulesets then find it', async () => {
    const userData = join(dir, 'imported-data')
    const folder = join(dir, 'meshwesh-subset')
    mkdirSync(folder)
    for (const f of ['5fb1b9e1e1af060017709831', '5fb1b9e1e1af060017709831.allyOptions.json', '5fb1b9e1e1af060017709831_thematicCategories'])
      copyFileSync(join(corpus, f), join(folder, f))
    writeFileSync(join(folder, '0000000000000000000000ff'), '{"name": "broken"}')
    const r = await musterHere(['import-armies', '--from-meshwesh', folder], { env: { MUSTER_DATA: userData } })
    expect(r.code, r.stderr).toBe(1)
    expect(r.stdout).toContain('imported early-imperial-roman-115a  Early Imperial Roman')
    expect(r.stdout).toContain(`Imported 1 of 2 lists into ${userData}; 1 failed.`)
    expect(r.stderr.trim()).toBe(
      `${join(folder, '0000000000000000000000ff')}: not a Meshwesh army list: (top level): must have required property 'id'; (top level): must have required property 'listId'; (top level): must have required property 'sublistId'`
    )
    const list = JSON.parse((await musterHere(['rulesets', '--json'], { env: { MUSTER_DATA: userData } })).stdout) as Array<{
      id: string
      armies: Array<{ id: string; dates: unknown }>
    }>
    expect(list.find((x) => x.id === 'triumph')!.armies.find((a) => a.id === 'early-imperial-roman-115a')!.dates).toEqual([{ from: -25, to: 197 }])
    // A roster of the imported army: German allies are only there 16 BC - 16 AD, and the message says so.
    const roster = write(
      'imported.muster.json',
      rosterOf('triumph', 'early-imperial-roman-115a', {
        year: 50,
        units: [
          { troop: 'elite-foot', count: 4, general: true },
          { troop: 'javelin-cavalry', count: 1 },
          { troop: 'raiders', count: 2 },
          { troop: 'warriors', count: 2, option: 'early-german.early-german.warriors' },
          { troop: 'rabble', count: 1, option: 'early-german.early-german.rabble' }
        ]
      })
    )
    const v = await musterHere(['validate', roster], { env: { MUSTER_DATA: userData } })
    expect(v.code).toBe(1)
    expect(v.stdout).toContain('is available 16 BC - 16 AD, not in 50 AD.')
    expect((await musterHere(['--no-user-data', 'validate', roster], { env: { MUSTER_DATA: userData } })).stdout).toContain(
      "Unknown army 'early-imperial-roman-115a'"
    )
  })

  it('a missing path is one line and exit 2', async () => {
    const r = await musterHere(['import-armies', '--from-meshwesh', join(dir, 'nowhere')])
    expect(r.code).toBe(2)
    expect(r.stderr.trim()).toBe(`muster: ${join(dir, 'nowhere')}: no such file or folder`)
  })
})

// Round 3, finding 8b: `validate` of an empty folder exited 0 and said nothing.
describe('muster validate of a folder with no roster files', () => {
  it('says so, naming the folder, and exits 2', async () => {
    const empty = join(dir, 'empty-folder')
    mkdirSync(join(empty, 'nested'), { recursive: true })
    writeFileSync(join(empty, 'nested', 'notes.txt'), 'not a roster')
    const r = await musterHere(['validate', empty])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe(`muster validate: no roster files in ${empty} (a roster file ends in .json)\n`)
    const json = await musterHere(['validate', '--json', empty])
    expect([json.code, json.stdout, json.stderr]).toEqual([2, '', r.stderr])
    // beside a folder that has rosters, the empty one is still said, and the rosters still checked
    const full = join(dir, 'full-folder')
    mkdirSync(full)
    copyFileSync(join(examples, 'triumph-legal.muster.json'), join(full, 'legal.muster.json'))
    const both = await musterHere(['validate', full, empty])
    expect(both.code).toBe(2)
    expect(both.stdout).toMatch(/legal\.muster\.json: legal/)
    expect(both.stderr).toBe(r.stderr)
  })
})
