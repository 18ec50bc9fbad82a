// The `muster` command run in this process (its run(argv, io), as bin/muster.js calls it): verdicts,
// exit codes, and bad input that must give one clear line naming the file and place, never a stack
// trace. The built bundle in a real child process is run by the share, options, PDF, event and
// reliability tests (test/support/cli.ts muster()).
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { musterHere } from '../support/cli'
import { repoRoot } from '../support/engine'
import { sharedOrSkip } from '../support/tools'
import { createRoster, openLibrary, type RosterDocument } from '../../src-main/store'

const examples = join(repoRoot, 'examples')
let dir: string

const roman = {
  format: 'muster-roster',
  version: 1,
  name: 'Test legion',
  ruleset: 'wrg-1969',
  army: 'early-imperial-roman',
  units: [
    { troop: 'general', count: 1 },
    { troop: 'heavy-infantry', count: 40, status: 'regular', class: 'B' },
    { troop: 'heavy-cavalry', count: 20, status: 'regular' },
    { troop: 'light-infantry', count: 14, status: 'regular' }
  ]
}

function write(name: string, content: unknown): string {
  const file = join(dir, name)
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2))
  return file
}

const noStackTrace = (s: string) => expect(s).not.toMatch(/\n\s+at .+:\d+:\d+/)

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-cli-'))
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('muster validate', () => {
  it('says legal, with points and army, and exits 0 for a legal roster', async () => {
    // 100 + 40 x 8 + 20 x 10 + 14 x 4 = 676 points; cavalry 20 of 74 figures and light infantry 14 of 54
    // infantry sit inside Appendix I's advice, so there is no warning either
    const r = await musterHere(['validate', write('legal.muster.json', roman)])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('legal.muster.json: legal, 676/800 points')
    expect(r.stdout).toContain('Early Imperial Roman')
  })

  it('exits 1 and names every issue with its path and rule for an illegal roster', async () => {
    const bad = { ...roman, units: [...roman.units, { troop: 'elephant', count: 2, status: 'barbarian' }] }
    const r = await musterHere(['validate', write('elephants.muster.json', bad)])
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('ILLEGAL')
    expect(r.stdout).toContain('/units/4  Elephants are not allowed in a Roman army: only Hellenic, Persian or Indian armies may field them.  [R69-3]')
  })

  it('--json prints one verdict per file, one per line', async () => {
    const a = write('a.muster.json', roman)
    const b = write('b.muster.json', { ...roman, units: roman.units.slice(1) })
    const r = await musterHere(['validate', '--json', a, b])
    expect(r.code).toBe(1)
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatchObject({ file: a, valid: true, points: 676, limit: 800, figures: { points: 676, figureCount: 75 }, issues: [] })
    expect(lines[1]).toMatchObject({ file: b, valid: false, points: 576 })
    expect(lines[1].issues).toEqual([expect.objectContaining({ code: 'count-below-min', path: '/units', rule: 'R69-9', severity: 'error' })])
    expect(lines[0].units).toBeUndefined()
    const withUnits = JSON.parse((await musterHere(['validate', '--json', '--units', a])).stdout)
    expect(withUnits.units[1]).toMatchObject({ troop: 'heavy-infantry', count: 40, costEach: 8, cost: 320 })
  })

  it('checks every .json file in a folder', async () => {
    const folder = join(dir, 'folder')
    mkdirSync(folder)
    writeFileSync(join(folder, 'one.json'), JSON.stringify(roman))
    writeFileSync(join(folder, 'two.json'), JSON.stringify(roman))
    const r = await musterHere(['validate', folder])
    expect(r.code).toBe(0)
    expect(r.stdout.trim().split('\n')).toHaveLength(2)
  })
})

describe('bad input: one line naming file and place, right exit code, no stack trace', () => {
  it('a file that is not JSON: exit 2, file:line:column', async () => {
    const file = write('broken.json', '{\n  "format": "muster-roster",\n  "units": [,]\n}')
    const r = await musterHere(['validate', file])
    expect(r.code).toBe(2)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr.trim()).toBe(`${file}:3:13: not valid JSON: value expected`)
    noStackTrace(r.stderr)
  })

  it('an empty file: exit 2', async () => {
    const r = await musterHere(['validate', write('empty.json', '')])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('empty.json: not valid JSON: the file is empty')
  })

  it('a missing file: exit 2', async () => {
    const r = await musterHere(['validate', join(dir, 'nope.json')])
    expect(r.code).toBe(2)
    expect(r.stderr.trim()).toBe(`${join(dir, 'nope.json')}: no such file`)
  })

  it('a 50 MB file is refused without being parsed: exit 2', async () => {
    const big = join(dir, 'big.json')
    writeFileSync(big, `{"units": [${'0,'.repeat(25 * 1024 * 1024)}0]}`)
    const r = await musterHere(['validate', big])
    expect(r.code).toBe(2)
    expect(r.stderr.trim()).toBe(`${big}: 50.0 MB is too large for a roster (limit 5 MB)`)
  })

  it.each([
    ['an array instead of a roster', [1, 2], 'invalid-roster', '(roster)', 'A roster must be a JSON object, not an array.'],
    ['an unknown ruleset', { ...roman, ruleset: 'warhammer' }, 'unknown-ruleset', '/ruleset', "Unknown ruleset 'warhammer'"],
    ['an unknown army', { ...roman, army: 'martians' }, 'unknown-army', '/army', "Unknown army 'martians' for WRG Ancient Wargames Rules (1969)"],
    [
      'an unknown troop',
      { ...roman, units: [...roman.units, { troop: 'tank', count: 1 }] },
      'unknown-troop',
      '/units/4/troop',
      "Unit 5: 'tank' is not a troop type of WRG Ancient Wargames Rules (1969)"
    ],
    [
      'a negative count',
      { ...roman, units: [{ troop: 'general', count: -3 }] },
      'invalid-count',
      '/units/0/count',
      'Unit 1 (General): count must be a whole number of figures, at least 1; got -3.'
    ],
    ['a fractional count', { ...roman, units: [{ troop: 'general', count: 1.5 }] }, 'invalid-count', '/units/0/count', 'got 1.5'],
    ['a wrong-shape unit list', { ...roman, units: 'lots' }, 'invalid-value', '/units', "'units' must be a list"],
    ['an unknown top-level field', { ...roman, colour: 'red' }, 'unknown-field', '/colour', "The roster has an unknown field 'colour'."]
  ])('%s: exit 1, the issue names the place', async (_label, content, code, path, message) => {
    const file = write(`case-${code}.json`, content)
    const r = await musterHere(['validate', file])
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(`${file}: ILLEGAL`)
    const line = r.stdout.split('\n').find((l) => l.includes(` ${path}  `))
    expect(line, r.stdout).toBeDefined()
    expect(line).toContain(message)
    expect(line).toContain('[roster-schema]')
    noStackTrace(r.stdout + r.stderr)
    const json = JSON.parse((await musterHere(['validate', '--json', file])).stdout)
    expect(json.issues[0]).toMatchObject({ code, path: path === '(roster)' ? '' : path, rule: 'roster-schema', severity: 'error' })
  })

  it('a mix of legal, illegal and unreadable files exits 2 and still reports the others', async () => {
    const r = await musterHere(['validate', write('ok.json', roman), write('bad.json', '{'), write('illegal.json', { ...roman, units: [] })])
    expect(r.code).toBe(2)
    expect(r.stdout).toContain('ok.json: legal')
    // No units: only things still to add, so unfinished, as the editor and the library say (still exit 1 for it).
    expect(r.stdout).toMatch(/illegal\.json: unfinished, \d+ to do/)
    expect(r.stderr).toContain('bad.json:1:2: not valid JSON: close brace expected')
  })

  it('unknown commands and options exit 2 with usage help', async () => {
    expect((await musterHere(['frobnicate'])).code).toBe(2)
    const r = await musterHere(['validate', '--bogus', 'x.json'])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain("unknown option '--bogus'")
  })
})

describe('muster info, rulesets, schema', () => {
  it('info prints points, figures, units and troop stats', async () => {
    const r = await musterHere(['info', write('info.muster.json', roman)])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Figures:')
    expect(r.stdout).toMatch(/Figures: 75/)
    expect(r.stdout).toMatch(/2\s+Heavy infantry\s+40\s+8\s+320/)
    expect(r.stdout).toMatch(/Heavy cavalry\s+8\s+18/)
  })

  it('validate and info show the battle cards a Triumph! roster takes, with their points', async () => {
    // 45 points of stands + FC 1 + PT 1 + HL (2 cards, the first free) 1 + SP 0 = 48: the rule case's computation.
    const roster = (JSON.parse(readFileSync(join(repoRoot, 'test', 'rules', 'triumph', 'battle-cards-legal-48.json'), 'utf8')) as { roster: unknown }).roster
    const file = write('cards.muster.json', roster)
    const v = await musterHere(['validate', file])
    expect(v.code).toBe(0)
    expect(v.stdout).toContain('cards.muster.json: legal, 48/48 points')
    expect(v.stdout).toContain(
      '  battle cards, 3 of the 48 points: Fortified Camp (FC): 1 point; Pack Train and Herds (PT): 1 point; Hold the Line (HL), 2 cards, on Legionary cohorts: 1 point; Supportable (SP), on Auxiliary foot: 0 points'
    )
    // A roster without cards gets no such line.
    expect((await musterHere(['validate', join(examples, 'triumph-legal.muster.json')])).stdout).not.toContain('battle cards')
    const info = await musterHere(['info', file])
    expect(info.code).toBe(0)
    expect(info.stdout).toMatch(/Battle cards:\n\s+Card\s+Code\s+Taken on\s+Count\s+Points\n/)
    expect(info.stdout).toMatch(/^\s+Fortified Camp\s+FC\s+Army\s+-\s+1$/m)
    expect(info.stdout).toMatch(/^\s+Hold the Line\s+HL\s+Legionary cohorts\s+2 cards\s+1$/m)
    expect(info.stdout).toMatch(/^\s+Supportable\s+SP\s+Auxiliary foot\s+-\s+0$/m)
    expect(info.stdout).toContain('  Points: 45 for the units + 3 for battle cards = 48/48 points')
    // --json already carries the verdict's cards.
    const json = JSON.parse((await musterHere(['validate', '--json', file])).stdout) as { points: number; cards: Array<{ code: string; cost: number }> }
    expect(json.cards.map((c) => [c.code, c.cost])).toEqual([
      ['FC', 1],
      ['PT', 1],
      ['HL', 1],
      ['SP', 0]
    ])
  })

  it('rulesets --json lists the five rulesets with every army and its dates', async () => {
    const r = await musterHere(['rulesets', '--json'])
    expect(r.code).toBe(0)
    const list = JSON.parse(r.stdout) as Array<{ id: string; armies: Array<{ id: string; dates: unknown[] }> }>
    expect(list.map((x) => x.id).sort()).toEqual(['cca-miniatures', 'portable-ancients', 'triumph', 'wrg-1969', 'wrg-mk2'])
    for (const rs of list) {
      expect(rs.armies.length, rs.id).toBeGreaterThan(0)
      for (const a of rs.armies) expect(a.dates.length, `${rs.id}/${a.id}`).toBeGreaterThan(0)
    }
    expect((await musterHere(['rulesets'])).stdout).toContain('early-imperial-roman')
  })

  it('schema prints the structural JSON Schema of one army', async () => {
    const r = await musterHere(['schema', '--ruleset', 'wrg-1969', '--army', 'gallic'])
    expect(r.code).toBe(0)
    const schema = JSON.parse(r.stdout)
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
    expect(schema.properties.army).toEqual({ const: 'gallic' })
    expect(schema.$defs.unit.oneOf.map((b: { properties: { troop: { const: string } } }) => b.properties.troop.const)).toContain('heavy-infantry')
    const bad = await musterHere(['schema', '--ruleset', 'wrg-1969', '--army', 'martians'])
    expect(bad.code).toBe(2)
    expect(bad.stderr.trim()).toBe("muster schema: unknown army 'martians' for wrg-1969")
  })
})

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
    const user = join(dir, 'user-armies')
    mkdirSync(join(user, 'wrg-1969', 'armies'), { recursive: true })
    writeFileSync(
      join(user, 'wrg-1969', 'armies', 'dacian.json'),
      JSON.stringify({
        id: 'dacian',
        name: 'Dacian',
        dates: [{ from: -60, to: 106 }],
        tags: ['Dacian'],
        options: [
          { id: 'general', troops: ['general'] },
          { id: 'medium-infantry', troops: ['medium-infantry'] }
        ]
      })
    )
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

describe('examples/', () => {
  const files = readdirSync(examples)
    .filter((f) => f.endsWith('.muster.json'))
    .sort()

  it('holds a legal and an illegal roster for each ruleset', async () => {
    for (const rs of ['wrg-1969', 'wrg-mk2', 'triumph', 'cca-miniatures', 'portable-ancients']) {
      expect(files).toContain(`${rs}-legal.muster.json`)
      expect(files).toContain(`${rs}-illegal.muster.json`)
    }
  })

  it.each(files)('%s gets the verdict its name says', async (file) => {
    const r = await musterHere(['validate', join(examples, file)])
    const legal = file.endsWith('-legal.muster.json')
    expect(r.code, r.stdout + r.stderr).toBe(legal ? 0 : 1)
    expect(JSON.parse(readFileSync(join(examples, file), 'utf8')).format).toBe('muster-roster')
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
    const roster = write('imported.muster.json', {
      format: 'muster-roster',
      version: 1,
      ruleset: 'triumph',
      army: 'early-imperial-roman-115a',
      year: 50,
      units: [
        { troop: 'elite-foot', count: 4, general: true },
        { troop: 'javelin-cavalry', count: 1 },
        { troop: 'raiders', count: 2 },
        { troop: 'warriors', count: 2, option: 'early-german.early-german.warriors' },
        { troop: 'rabble', count: 1, option: 'early-german.early-german.rabble' }
      ]
    })
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

// Round 3, finding 8e: a 100,000-character file name or tag was printed whole.
describe('very long file names, names and tags in what the CLI prints', () => {
  const long = (c: string) => c.repeat(100_000)

  it('are cut to one short line with an ellipsis, keeping their start and end', async () => {
    const path = join(dir, `${long('a')}.muster.json`)
    const r = await musterHere(['validate', path])
    expect(r.code).toBe(2)
    const line = r.stderr.trimEnd()
    expect(line.length).toBeLessThan(300)
    expect(line).toMatch(new RegExp(`^${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/a+…a+\\.muster\\.json: the file name is too long$`))
    for (const args of [
      ['info', path],
      ['options', path],
      ['verify', path],
      ['share', path],
      ['export', path, '--text'],
      ['recheck', path, '--edition', 'qrs-2018']
    ]) {
      const other = await musterHere(args)
      expect(other.code, args[0]).toBe(2)
      expect(
        (other.stdout + other.stderr).split('\n').every((l) => l.length < 400),
        args[0]
      ).toBe(true)
      expect(other.stdout + other.stderr, args[0]).toContain('…')
    }
  })

  it('a roster name and a tag in the library list and in recheck', async () => {
    const db = join(dir, 'long-tags.sqlite')
    // a name as long as a roster may have (200 characters), a tag far longer
    const roster = write('long-name.muster.json', {
      ...JSON.parse(readFileSync(join(examples, 'triumph-legal.muster.json'), 'utf8')),
      name: long('N').slice(0, 200)
    })
    const short = (s: string) => s.split('\n').every((l) => l.length <= 400)
    // `library import --tag` of a tag this long: taken, or refused, in short lines either way
    const imported = await musterHere(['library', 'import', '--db', join(dir, 'long-tag-import.sqlite'), '--tag', long('t'), roster])
    expect(short(imported.stdout + imported.stderr)).toBe(true)
    // a library that holds one (an older Muster's, or a store that took it): listed in a short line
    const lib = await openLibrary(db)
    try {
      createRoster(lib.db, JSON.parse(readFileSync(roster, 'utf8')) as RosterDocument, { tags: [long('t')] })
    } finally {
      lib.close()
    }
    const list = await musterHere(['library', 'list', '--db', db])
    expect(list.code, list.stderr).toBe(0)
    expect(short(list.stdout)).toBe(true)
    expect(list.stdout).toMatch(/ N+…N+ /)
    expect(list.stdout).toMatch(/ t+…t+$/m)
    const update = join(dir, 'long-name-update', 'triumph')
    mkdirSync(update, { recursive: true })
    writeFileSync(join(update, 'costs.json'), JSON.stringify({ ruleset: 'triumph', costs: { 'elite-foot': 5 } }))
    const recheck = await musterHere(['recheck', roster, '--against', join(update, '..')])
    expect(recheck.code).toBe(1)
    expect(short(recheck.stdout)).toBe(true)
    expect(recheck.stdout).toMatch(/long-name\.muster\.json \(N+…N+\): 48 -> 52 points/)
  })
})

// Review of finding 8e: lines were cut only where a name was put in them; a path inside an error's
// message (the library's, commander's), or a line a command made whole, still ran to any length.
// Every line of messages is cut (a word past 160 characters in its middle, a line past 1,000);
// data on standard output (JSON, CSV, HTML, a share code, `-o -`) stays whole.
describe('no line of messages runs long, whatever made it; data stays whole', () => {
  /** A path of 3 folders and a file, 200 characters each: 800 characters that a file system takes. */
  const deepPath = (file: string) => {
    const folder = join(dir, 'deep', ...['f', 'g', 'h'].map((c) => c.repeat(200)))
    mkdirSync(folder, { recursive: true })
    return join(folder, `${'r'.repeat(180)}${file}`)
  }
  const short = (s: string) => s.split('\n').every((l) => l.length < 400)

  it('an error naming a long path (the library), an unknown option, a file imported', async () => {
    const db = join(dir, 'deep-import.sqlite')
    const bad = join(dir, `${'x'.repeat(3000)}`, 'library.sqlite')
    const r = await musterHere(['library', 'list', '--db', bad])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^muster: .*x+…x+.*: the file name is too long/)
    expect(short(r.stderr)).toBe(true)
    const option = await musterHere(['validate', `--${'o'.repeat(5000)}`])
    expect(option.code).toBe(2)
    expect(option.stderr).toMatch(/unknown option '--o+…o+'/)
    expect(short(option.stderr)).toBe(true)
    // `library import` names each file it imported
    const roster = deepPath('.muster.json')
    copyFileSync(join(examples, 'triumph-legal.muster.json'), roster)
    const imported = await musterHere(['library', 'import', roster, '--db', db])
    expect(imported.code, imported.stderr).toBe(0)
    expect(imported.stdout).toMatch(/^imported [0-9a-f]{8} {2}.*…r+\.muster\.json\)$/m)
    expect(short(imported.stdout)).toBe(true)
  })

  it('check and pair -o a long path: the line saying where is short; their --json stays whole', async () => {
    const subs = join(dir, 'long-out-subs')
    mkdirSync(subs)
    const legal = JSON.parse(readFileSync(join(examples, 'triumph-legal.muster.json'), 'utf8')) as Record<string, unknown>
    for (const player of ['Ann', 'Bo']) writeFileSync(join(subs, `${player}.muster.json`), JSON.stringify({ ...legal, player }))
    const event = write('long-out-event.json', { format: 'muster-event', version: 1, name: 'E', ruleset: 'triumph' })
    for (const [command, file] of [
      ['check', '.report.json'],
      ['pair', '.pairs.json']
    ]) {
      const out = deepPath(file)
      const r = await musterHere([command, '--event', event, subs, '--json', '-o', out])
      expect(r.code, r.stderr).toBe(0)
      expect(r.stdout).toMatch(/written to .*\/deep\/f+…r+\.(report|pairs)\.json\n$/)
      expect(short(r.stdout)).toBe(true)
      expect(() => JSON.parse(readFileSync(out, 'utf8'))).not.toThrow()
    }
  })

  it('JSON, a share code and the roster it holds stay whole, however long their lines', async () => {
    const file = deepPath('.muster.json')
    // notes that do not compress: a share code far longer than any line of messages
    const notes = Array.from(randomBytes(4000), (b) => String.fromCharCode(97 + (b % 26))).join('')
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(join(examples, 'triumph-legal.muster.json'), 'utf8')), notes }))
    const json = await musterHere(['validate', file, '--json'])
    expect((JSON.parse(json.stdout) as { file: string }).file).toBe(file)
    const human = await musterHere(['validate', file])
    expect(human.stdout).toContain('…')
    expect(short(human.stdout)).toBe(true)
    const code = await musterHere(['share', file])
    expect(code.code, code.stderr).toBe(0)
    expect(code.stdout.length).toBeGreaterThan(1200)
    expect(code.stdout).toMatch(/^MU1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{8}\n$/)
    const decoded = await musterHere(['share', '--decode', code.stdout.trim()])
    expect((JSON.parse(decoded.stdout) as { notes: string }).notes).toBe(notes)
    const text = await musterHere(['export', file, '--text', '-o', '-'])
    expect(text.stdout).toContain(notes.slice(0, 60))
    expect(text.stdout).not.toContain('…')
  })
})
