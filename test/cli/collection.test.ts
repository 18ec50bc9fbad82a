// `muster collection ...` from the real command, each test on a library of its own (--db or MUSTER_DB):
// adding items with their proposed counts-as, the armies a collection fields, what a roster lacks,
// "I own this army", export and import (a bad file refused whole), remove, undo and history, and bad
// arguments refused with a message and no stack trace.
import { writeFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { muster, type CliResult } from '../support/cli'
import { repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { britons } from '../support/rosters'

const tmp = tempFolders('muster-cli-collection-')

interface Item {
  id: string
  name: string
  count: number
  countsAs: Record<string, { troop: string; attributes?: Record<string, string | boolean>; confirmed?: boolean }>
}
interface Army {
  ruleset: string
  army: string
  name: string
  coverage: number
  full: number | null
  required: number
  covered: number
}

/** A fresh library in a folder of its own; `run` runs `muster collection ...` on it. */
function library() {
  const dir = tmp()
  const db = join(dir, 'lib.sqlite')
  const run = (...args: string[]): CliResult => muster(['collection', ...args, '--db', db], { cwd: dir })
  const items = (): Item[] => {
    const r = run('list', '--json')
    expect(r.code).toBe(0)
    return (JSON.parse(r.stdout) as { items: Item[] }).items
  }
  return { dir, db, run, items }
}

const ok = (r: CliResult): CliResult => {
  expect(r.stderr).toBe('')
  expect(r.code).toBe(0)
  return r
}
const noStackTrace = (r: CliResult) => expect(r.stderr).not.toContain('    at ')

/** The worked example: 8 Warband stands and 4 Light Foot stands, entered as Triumph! troops. */
function gallicShelf(run: (...args: string[]) => CliResult): void {
  ok(run('add', 'Gallic warband', '--count', '8', '--ruleset', 'triumph', '--troop', 'warband'))
  ok(run('add', 'Gallic slingers', '--count', '4', '--ruleset', 'triumph', '--troop', 'light-foot'))
}

const ancientBritish = JSON.stringify({
  ruleset: 'triumph',
  army: 'ancient-british',
  units: [
    { troop: 'warband', count: 10, general: true },
    { troop: 'bad-horse', count: 2 }
  ]
})

describe('muster collection add and list', () => {
  it('adds items, proposing what they count as in the other rulesets, unconfirmed', () => {
    const { run, items } = library()
    gallicShelf(run)
    const [warband, slingers] = items()
    expect([warband.name, warband.count, slingers.name, slingers.count]).toEqual(['Gallic warband', 8, 'Gallic slingers', 4])
    expect(warband.countsAs.triumph).toEqual({ troop: 'warband', confirmed: true })
    expect(warband.countsAs['wrg-1969']).toMatchObject({ troop: 'medium-infantry', confirmed: false })
    expect(slingers.countsAs.triumph).toEqual({ troop: 'light-foot', confirmed: true })
    expect(slingers.countsAs['wrg-1969']?.confirmed).toBe(false)
  })

  it('uses the library MUSTER_DB names when there is no --db', () => {
    const dir = tmp()
    const env = { MUSTER_DB: join(dir, 'lib.sqlite') }
    ok(muster(['collection', 'add', 'Gallic warband', '--count', '8', '--ruleset', 'triumph', '--troop', 'warband'], { env }))
    const listed = ok(muster(['collection', 'list', '--json'], { env }))
    expect((JSON.parse(listed.stdout) as { items: Item[] }).items.map((i) => i.name)).toEqual(['Gallic warband'])
    const text = ok(muster(['collection', 'list'], { env }))
    expect(text.stdout).toContain('WRG 1969: Medium infantry (status barbarian, class D)?')
  })
})

describe('muster collection armies', () => {
  it('every army of the ruleset, best covered first, each share between 0 and 1; Ancient British 5 of 7', () => {
    const { run } = library()
    gallicShelf(run)
    const armies = JSON.parse(ok(run('armies', '--ruleset', 'triumph', '--json')).stdout) as Army[]
    expect(armies.length).toBeGreaterThan(1)
    for (const a of armies) {
      expect(a.ruleset).toBe('triumph')
      expect(typeof a.army).toBe('string')
      expect(typeof a.name).toBe('string')
      expect(a.coverage).toBeGreaterThanOrEqual(0)
      expect(a.coverage).toBeLessThanOrEqual(1)
    }
    expect(armies.map((a) => a.coverage)).toEqual([...armies.map((a) => a.coverage)].sort((x, y) => y - x))
    const british = armies.find((a) => a.army === 'ancient-british')!
    expect(british.coverage).toBeCloseTo(5 / 7)
    expect([british.required, british.covered]).toEqual([7, 5])
  })
})

describe('muster collection fit and own', () => {
  it('says what a roster lacks, as text and as JSON', () => {
    const { dir, run } = library()
    gallicShelf(run)
    const roster = join(dir, 'british.muster.json')
    writeFileSync(roster, ancientBritish)
    const reports = JSON.parse(ok(run('fit', roster, '--json')).stdout) as Array<{ missing: Array<{ troop: string; count: number }> }>
    expect(reports).toHaveLength(1)
    expect(reports[0].missing.map((m) => [m.troop, m.count])).toEqual([
      ['warband', 2],
      ['bad-horse', 2]
    ])
    const text = ok(run('fit', roster)).stdout
    expect(text).toContain('What to buy (to field any one of:')
    expect(text).toContain('Warband')
    expect(text).toContain('Bad Horse')
  })

  it('"I own this army" adds its units; the same roster then lacks nothing', () => {
    const { run, items } = library()
    const roster = join(repoRoot, 'examples', 'triumph-legal.muster.json')
    expect(ok(run('own', roster)).stdout).toMatch(/^Added \d+ items? from 1 roster to your collection\.\n$/)
    expect(items().length).toBeGreaterThan(0)
    const text = ok(run('fit', roster)).stdout
    expect(text).toContain('Nothing to buy')
    expect(text).not.toContain('missing')
    const reports = JSON.parse(ok(run('fit', roster, '--json')).stdout) as Array<{ missing: unknown[] }>
    expect(reports[0].missing).toEqual([])
    // Owned again: nothing added, no revision made.
    const before = items()
    expect(ok(run('own', roster)).stdout).toBe('Nothing added: your collection already fields this roster.\n')
    expect(items()).toEqual(before)
  })

  it('owns a WRG 1969 army and fits a Triumph! one from the same figures; the shopping list as a PDF, read back', () => {
    const { dir, run } = library()
    ok(run('own', join(repoRoot, 'examples', 'wrg-1969-legal.muster.json')))
    const pdf = join(dir, 'buy.pdf')
    const text = ok(run('fit', join(repoRoot, 'examples', 'triumph-legal.muster.json'), '--pdf', pdf, '--paper', 'letter')).stdout
    expect(text).toMatch(/^Early Imperial Roman, 60 AD \(Triumph!, Early Imperial Roman\): 5 of 13 stands covered$/m)
    expect(text).toContain(`Wrote the shopping list to ${pdf}`)
    const printed = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })
    expect(printed).toMatch(/What to buy[\s\S]*5 of 13 stands covered[\s\S]*Raiders\s+4\s+4\s+16\s+4/)
    const bad = run('fit', join(repoRoot, 'examples', 'triumph-legal.muster.json'), '--pdf', pdf, '--paper', 'a3')
    expect([bad.code, bad.stderr]).toEqual([2, "muster: --paper must be a4 or letter, not 'a3'.\n"])
  })
})

describe('muster export --pdf roster --mark-proxies', () => {
  it("marks the units the library's collection does not field, as the app's Print does; refuses it elsewhere, and without a library", () => {
    const { dir, db, run } = library()
    ok(run('add', 'Gallic warband', '--count', '8', '--ruleset', 'triumph', '--troop', 'warband'))
    const roster = join(dir, 'britons.muster.json')
    writeFileSync(roster, JSON.stringify(britons(8)))
    const pdf = join(dir, 'sheet.pdf')
    const printed = muster(['export', roster, '--pdf', 'roster', '--mark-proxies', '--db', db, '-o', pdf], { cwd: dir })
    expect([printed.code, printed.stderr]).toEqual([1, ''])
    expect(printed.stdout).toMatch(/^.*sheet\.pdf: roster, 1 page A4, 1 of 2 units marked as a proxy; britons\.muster\.json ILLEGAL/)
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })
    // The horse is not owned: one proxy, on its line.
    expect(text.match(/proxy: not in my collection/g)).toHaveLength(1)
    expect(text).toMatch(/2 Bad Horse[^\n]*\n[^\n]*\n[^\n]*proxy: not in my collection/)
    const plain = muster(['export', roster, '--pdf', 'roster', '-o', join(dir, 'plain.pdf')], { cwd: dir })
    expect(plain.code).toBe(1)
    expect(execFileSync('pdftotext', ['-layout', join(dir, 'plain.pdf'), '-'], { encoding: 'utf8' })).not.toContain('proxy')
    const cards = muster(['export', roster, '--pdf', 'cards', '--mark-proxies', '--db', db], { cwd: dir })
    expect([cards.code, cards.stderr]).toEqual([2, 'muster export: --mark-proxies only applies to --pdf roster (the roster sheet marks proxies)\n'])
    const nowhere = muster(['export', roster, '--pdf', 'roster', '--mark-proxies', '--db', join(dir, 'none.sqlite')], { cwd: dir })
    expect([nowhere.code, nowhere.stderr]).toEqual([2, expect.stringMatching(/^muster export: no library at .*none\.sqlite: .*; nothing was written\n$/)])
    // The library is never written over, nor a file that is not a roster read as one.
    const onto = muster(['export', roster, '--pdf', 'roster', '--mark-proxies', '--db', db, '-o', db], { cwd: dir })
    expect([onto.code, onto.stderr]).toEqual([2, expect.stringContaining('is the roster library itself')])
    writeFileSync(join(dir, 'null.json'), 'null')
    const broken = muster(['export', join(dir, 'null.json'), '--pdf', 'roster', '--mark-proxies', '--db', db, '-o', join(dir, 'n.pdf')], { cwd: dir })
    expect(broken.code).toBe(2)
    noStackTrace(broken)
    expect(broken.stderr).not.toMatch(/Cannot read properties/)
  })
})

describe('muster collection export and import', () => {
  it('a library exported and imported into another holds the same items', () => {
    const first = library()
    gallicShelf(first.run)
    const file = join(first.dir, 'f.json')
    ok(first.run('export', '--out', file))
    const second = library()
    expect(ok(second.run('import', file)).stdout).toContain('Imported 2 items')
    expect(second.items()).toEqual(first.items())
  })

  const item = '{"id": "a1", "name": "Warband", "count": 8, "counted": "stands", "countsAs": {"triumph": {"troop": "warband"}}}'
  const fileOf = (items: string) => `{"format": "muster-collection", "version": 1, "items": [${items}]}`
  it.each([
    ['a duplicate key', fileOf(item.replace('"count": 8', '"count": 8, "count": 9')), /shelf\.json:1:\d+: the key "count" appears twice/],
    ['a count of 0', fileOf(`${item}, ${item.replace('"a1"', '"a2"').replace('"count": 8', '"count": 0')}`), /shelf\.json: .*count: must be >= 1/]
  ])('refuses a file with %s, whole, saying where and why', (_, text, why) => {
    const { dir, run, items } = library()
    const file = join(dir, 'shelf.json')
    writeFileSync(file, text)
    const r = run('import', file)
    expect(r.code).not.toBe(0)
    expect(r.stderr).toMatch(why)
    expect(r.stderr).toContain('Nothing was imported')
    expect(r.stdout).toBe('')
    noStackTrace(r)
    expect(items()).toEqual([])
  })
})

describe('muster collection remove, undo and history', () => {
  it('removes an item by the start of its id; undo puts it back; history lists revisions newest first', () => {
    const { run, items } = library()
    gallicShelf(run)
    const before = items()
    expect(ok(run('remove', before[0].id.slice(0, 8))).stdout).toContain('Removed Gallic warband')
    expect(items().map((i) => i.name)).toEqual(['Gallic slingers'])
    ok(run('undo'))
    expect(items()).toEqual(before)
    const history = JSON.parse(ok(run('history', '--json')).stdout) as Array<{ revision: number; items: number; message: string }>
    expect(history.map((h) => h.revision)).toEqual([4, 3, 2, 1])
    expect(history.map((h) => h.items)).toEqual([2, 1, 2, 1])
    expect(history[0].message).toMatch(/^Undid/)
  })
})

describe('muster collection with bad arguments', () => {
  it('add with an unknown troop type names it', () => {
    const { run, items } = library()
    const r = run('add', 'Mystery', '--count', '1', '--ruleset', 'triumph', '--troop', 'no-such-troop')
    expect(r.code).not.toBe(0)
    expect(r.stderr).toContain("'no-such-troop'")
    noStackTrace(r)
    expect(items()).toEqual([])
  })

  it('armies of an unknown ruleset fails, naming it and the rulesets there are, with no stack trace', () => {
    const { run } = library()
    const r = run('armies', '--ruleset', 'nope')
    expect(r.code).not.toBe(0)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain("unknown ruleset 'nope'; Muster knows")
    noStackTrace(r)
  })

  it('fit of a missing file fails, saying which, with no stack trace', () => {
    const { dir, run } = library()
    const r = run('fit', join(dir, 'missing.muster.json'))
    expect(r.code).not.toBe(0)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain('missing.muster.json')
    noStackTrace(r)
  })
})
