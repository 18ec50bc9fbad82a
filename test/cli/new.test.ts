// `muster new`, in-process (the shipped bundle runs it in shipped.test.ts): the roster file the app's
// New roster makes, its exit codes, and its refusals in words.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { musterHere } from '../support/cli'
import { bundledEngine } from '../support/engine'
import { newRoster } from '../../src-main/services/new-roster'
import { tempFolders } from '../support/tmp'
import { legioXXEmpty } from '../support/fixtures-roman'
import { getCollection, openLibrary } from '../../src-main/store'
import { addItems, fitRosters, removeItems } from '../../src-main/services/collection'
import type { Roster } from '../../src-main/rules/types'

const tmp = tempFolders('muster-new-')

describe('muster new', () => {
  it("--minimums to standard output: the service's document, legal, exit 0; the builder's notices on standard error", async () => {
    const r = await musterHere(['new', '--ruleset', 'triumph', '--army', 'syro-canaanite-and-ugaritic-19a', '--minimums'])
    expect(r.code).toBe(0)
    const made = newRoster(bundledEngine(), { ruleset: 'triumph', army: 'syro-canaanite-and-ugaritic-19a', minimums: true })
    expect(JSON.parse(r.stdout)).toEqual(made.ok && made.document)
    expect(r.stderr).toBe(
      "Army size 48 points: Triumph!'s set-up sheet (QRS v1.0, July 2018), battle cards included.\nStarted with the part of the list Ugarit: change it in the roster if you meant otherwise.\n"
    )
  })

  it('an empty roster is written, but it is not legal yet: exit 1', async () => {
    const out = join(tmp(), 'empty.muster.json')
    const r = await musterHere([
      'new',
      '--ruleset',
      'triumph',
      '--army',
      'early-imperial-roman',
      '--year',
      '60 AD',
      '--limit',
      '36',
      '--edition',
      'qrs-2018',
      '--name',
      'Legio XX',
      '-o',
      out
    ])
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/empty\.muster\.json: unfinished, \d+ to do, 0\/36 points, 1 warning \(Triumph!, edition: .*, Early Imperial Roman\), 0 entries/)
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(legioXXEmpty)
  })

  it('--from-collection: the app\'s "start from what I own", from the library\'s collection; an empty one or no library said, nothing written', async () => {
    const dir = tmp()
    const db = join(dir, 'lib.sqlite')
    const args = ['new', '--ruleset', 'triumph', '--army', 'ancient-british', '--from-collection', '--db', db]
    const none = await musterHere(args)
    expect([none.code, none.stdout, none.stderr]).toEqual([
      2,
      '',
      expect.stringMatching(/^muster new: no library at .*lib\.sqlite: your collection lives in the library/)
    ])
    const lib = await openLibrary(db)
    try {
      const empty = await musterHere(args)
      expect([empty.code, empty.stderr]).toEqual([2, expect.stringContaining('your collection is empty')])
      addItems(lib.db, bundledEngine(), [
        { name: 'Warband', count: 10, ruleset: 'triumph', troop: 'warband' },
        { name: 'Pony horse', count: 3, ruleset: 'triumph', troop: 'bad-horse' },
        { name: 'Chariots', count: 2, ruleset: 'triumph', troop: 'battle-taxi' }
      ])
      const items = getCollection(lib.db).collection.items
      const r = await musterHere(args)
      expect(r.code).toBe(0)
      const made = newRoster(bundledEngine(), { ruleset: 'triumph', army: 'ancient-british', minimums: true, fromCollection: true }, items)
      expect(JSON.parse(r.stdout)).toEqual(made.ok && made.document)
      expect(fitRosters(bundledEngine(), items, [{ name: 'made', roster: JSON.parse(r.stdout) as Roster }])[0].missing).toEqual([])
      // Without the horse the list requires: said, nothing written.
      removeItems(
        lib.db,
        items.filter((i) => i.name !== 'Warband').map((i) => i.id)
      )
      const short = await musterHere(args)
      expect([short.code, short.stdout, short.stderr]).toEqual([
        2,
        '',
        expect.stringMatching(/^muster new: Your collection cannot field a legal Ancient British army/)
      ])
    } finally {
      lib.close()
    }
    const stray = await musterHere(['new', '--ruleset', 'triumph', '--army', 'ancient-british', '--db', db])
    expect([stray.code, stray.stderr]).toEqual([2, 'muster new: --db is read only with --from-collection\n'])
  })

  it('never replaces a file unless --force, and then does', async () => {
    const out = join(tmp(), 'kept.muster.json')
    writeFileSync(out, 'my roster')
    const refused = await musterHere(['new', '--ruleset', 'wrg-1969', '--army', 'gallic', '--minimums', '-o', out])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/cannot write .*kept\.muster\.json: the file exists \(add --force to replace it\); nothing was written/)
    expect(readFileSync(out, 'utf8')).toBe('my roster')
    const forced = await musterHere(['new', '--ruleset', 'wrg-1969', '--army', 'gallic', '--minimums', '-o', out, '--force'])
    expect(forced.code).toBe(0)
    expect(JSON.parse(readFileSync(out, 'utf8')).army).toBe('gallic')
  })

  it.each([
    [['--year', 'soon'], /--year: "soon" is not a year \(try 55 BC, -55 or 120 AD\)/],
    [['--year', '500 BC'], /Early Imperial Roman is dated 25 BC - 197 AD; 500 BC is outside it\./],
    [['--limit', '-3'], /muster new: --limit must be a whole number of points from 1 to 1,000,000, written in digits \(like 48\), not '-3'\./],
    [['--edition', 'nope'], /Triumph! has no values 'nope'/],
    [
      ['--limit', '2', '--minimums'],
      /No legal Early Imperial Roman army can be built from the list's minimums at 2 points in 25 BC\. Its minimums cost \d+ points, \d+ points more than the limit\./
    ]
  ])('refuses %j in words, exit 2, nothing written', async (extra, message) => {
    const r = await musterHere(['new', '--ruleset', 'triumph', '--army', 'early-imperial-roman', ...extra])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(message)
  })
})
