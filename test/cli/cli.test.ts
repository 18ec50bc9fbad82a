// The `muster` command run in this process (its run(argv, io), as bin/muster.js calls it): verdicts,
// exit codes, and bad input that must give one clear line naming the file and place, never a stack
// trace. The built bundle in a real child process is run by the share, options, PDF, event and
// reliability tests (test/support/cli.ts muster()). Data folders, the library and imports:
// cli-data.test.ts; long lines: cli-long-lines.test.ts.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import { addValidateCommands } from '../../src-main/cli/validate'
import type { Engine } from '../../src-main/rules'
import { musterHere } from '../support/cli'
import { examples, noStackTrace, roman, scratch } from '../support/cli-files'
import { bundledEngine, repoRoot } from '../support/engine'

const { dir, write } = scratch()

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

describe('muster validate of many files (read, checked and written a batch at a time)', () => {
  // 150 files make three batches (64, 64, 22), with files that cannot be read, illegal ones and legal ones between them.
  const folder = join(dir, 'many')
  mkdirSync(folder)
  for (let i = 0; i < 150; i++) {
    const name = join(folder, `r${String(i).padStart(3, '0')}.json`)
    if (i % 37 === 5) writeFileSync(name, '{"format": ')
    else if (i % 41 === 7) writeFileSync(name, Buffer.from([0x7b, 0xff, 0x7d]))
    else writeFileSync(name, JSON.stringify(i % 3 ? roman : { ...roman, name: `r${i}`, units: roman.units.slice(i % 4) }))
  }
  const names = readdirSync(folder).sort()

  it('says of each of 150 files, in order, what it says of that file alone (--json, text and --quiet)', async () => {
    const all = await musterHere(['validate', '--json', folder])
    const alone: Array<Awaited<ReturnType<typeof musterHere>>> = []
    for (const name of names) alone.push(await musterHere(['validate', '--json', join(folder, name)]))
    expect(all.stdout).toBe(alone.map((r) => r.stdout).join(''))
    expect(all.stderr).toBe('')
    expect(all.code).toBe(Math.max(...alone.map((r) => r.code)))
    expect(all.code).toBe(2)
    // In words: each file's lines (its own line first, then its issues), at the edges of the batches and
    // at each file that cannot be read (those are said on standard error).
    const text = await musterHere(['validate', folder])
    const blocks = text.stdout.split(new RegExp(`(?=^${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`, 'm'))
    const readable = names.filter((_, i) => alone[i].code !== 2)
    expect(blocks).toHaveLength(readable.length)
    for (const i of [0, 4, 6, 8, 62, 63, 64, 65, 127, 128, 129, 149]) {
      const said = await musterHere(['validate', join(folder, names[i])])
      expect(blocks[readable.indexOf(names[i])]).toBe(said.stdout)
    }
    const unreadable = names.filter((_, i) => alone[i].code === 2)
    const said = await Promise.all(unreadable.map((name) => musterHere(['validate', join(folder, name)])))
    expect(text.stderr).toBe(said.map((r) => r.stderr).join(''))
    expect(text.code).toBe(2)
    // --quiet: the same, less the legal rosters.
    const quiet = await musterHere(['validate', '--quiet', folder])
    expect(quiet.stdout).toBe(blocks.filter((_, k) => alone[names.indexOf(readable[k])].code !== 0).join(''))
    expect(quiet.stderr).toBe(text.stderr)
  })

  it('--json --units: each line is what the file alone gives, at the edges of the batches too', async () => {
    const lines = (await musterHere(['validate', '--json', '--units', folder])).stdout.trim().split('\n')
    expect(lines).toHaveLength(150)
    for (const i of [0, 5, 7, 62, 63, 64, 65, 127, 128, 129, 149]) {
      expect(lines[i]).toBe((await musterHere(['validate', '--json', '--units', join(folder, names[i])])).stdout.trim())
    }
  })

  it('a check that fails part way through a batch still writes the lines of the files before it', async () => {
    const real = bundledEngine()
    const failing = Object.assign(Object.create(real) as Engine, {
      check: (data: unknown, options?: { units?: boolean }) => {
        if ((data as { name?: string }).name === 'r69') throw new Error('the data broke at r69')
        return real.check(data, options)
      }
    })
    const out: string[] = []
    const err: string[] = []
    const program = new Command().exitOverride()
    addValidateCommands(program, { engine: () => failing, io: { out: (s) => out.push(s), err: (s) => err.push(s) }, setExit: () => {} })
    await expect(program.parseAsync(['validate', folder], { from: 'user' })).rejects.toThrow('the data broke at r69')
    // r069 is in the second batch (64 to 127): the first batch's lines, then 64 to 68, are written.
    const written = out
      .join('')
      .trim()
      .split('\n')
      .filter((l) => l.startsWith(folder))
    expect(written.at(-1)).toContain('r068.json')
    expect(written).toHaveLength(69 - [5, 7, 42, 48].length)
    expect(err.join('')).toContain('r042.json')
    expect(err.join('')).not.toContain('r079.json')
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
