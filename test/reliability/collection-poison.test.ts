// Issue 38, finding 2: a shared collection file naming `constructor` (or any name every object
// has) poisoned every collection feature with a raw TypeError, and `list` could not show the id
// needed to remove the item. Now the format refuses such names, and an item the library already
// holds that Muster cannot use is listed with its id and what is wrong, and left out of the rest:
// every command and the app's calls keep working.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openLibrary, saveCollection, type CollectionItem } from '../../src-main/store'
import { addItems, parseCollection } from '../../src-main/services/collection'
import { attributeAllowed, supplyIn } from '../../src-main/rules/coverage'
import { countsAsTable } from '../../src-main/services/collection-items'
import { collectionHandlers } from '../../src-main/ipc/collection-handlers'
import { createEngine } from '../../src-main/rules'
import { muster, type CliResult } from '../support/cli'
import { britons } from '../support/rosters'
import { tempFolders } from '../support/tmp'

const tempDir = tempFolders('muster-collection-poison-')
const engine = createEngine()
/** Every name an object has before anything is put in it. */
const RESERVED = Object.getOwnPropertyNames(Object.prototype)

const warband = (id: string, name: string): CollectionItem => ({
  id,
  name,
  count: 4,
  counted: 'stands',
  countsAs: { triumph: { troop: 'warband', confirmed: true }, 'wrg-1969': { troop: 'medium-infantry', attributes: { status: 'barbarian' }, confirmed: false } }
})

const poisoned = (key: string): CollectionItem => {
  const item = warband('poison-1', 'Shared warband')
  item.countsAs['wrg-1969'].attributes = { [key]: 'x' }
  return item
}

const fileOf = (items: CollectionItem[]) => ({ format: 'muster-collection' as const, version: 1 as const, items })

describe('a collection file naming what every object has (issue 38, finding 2)', () => {
  it.each(RESERVED)("refuses '%s' as an attribute or a ruleset of an item, saying where", (key) => {
    const read = parseCollection('shared.json', { ok: true, data: fileOf([warband('good-1', 'Good'), poisoned(key)]), text: '' })
    expect(read).toEqual({
      ok: false,
      message: expect.stringContaining(`shared.json: not a Muster collection: /items/1/countsAs/wrg-1969/attributes: '${key}' cannot be a name here`)
    })
    const asRuleset = warband('poison-2', 'Odd')
    ;(asRuleset.countsAs as Record<string, unknown>)[key] = { troop: 'warband' }
    expect(parseCollection('shared.json', { ok: true, data: fileOf([asRuleset]), text: '' }).ok).toBe(false)
  })

  it("the coverage rules read only an item's own keys: such a name is a warning, never a TypeError", () => {
    const triumph = engine.ruleset('wrg-1969')!
    const troop = triumph.troops.get('medium-infantry')!
    for (const key of RESERVED) {
      expect(attributeAllowed(triumph, troop, key, 'x')).toBe(false)
      const { supply, warnings } = supplyIn(countsAsTable(), triumph, [poisoned(key)])
      expect([supply, warnings.map((w) => w.item)]).toEqual([[], ['poison-1']])
    }
  })
})

describe('a library already holding such an item (issue 38, finding 2)', () => {
  async function poisonedLibrary(): Promise<{ dir: string; db: string }> {
    const dir = tempDir()
    const db = join(dir, 'library.sqlite')
    const lib = await openLibrary(db)
    addItems(lib.db, engine, [{ name: 'Gallic warband', count: 8, ruleset: 'triumph', troop: 'warband' }])
    // As an older Muster stored it: past the checks a change makes now.
    const { getCollection } = await import('../../src-main/store')
    const items = getCollection(lib.db).collection.items
    saveCollection(
      lib.db,
      fileOf([...items, poisoned('constructor'), { ...warband('poison-2', 'Prototype horde'), countsAs: { toString: { troop: 'warband' } } } as CollectionItem])
    )
    lib.close()
    return { dir, db }
  }
  const fine = (r: CliResult) => {
    expect(r.stderr).not.toMatch(/TypeError|is not a function|Cannot read properties|    at /)
    return r
  }

  it('every collection command works; list names each broken item by its whole id and says what is wrong; remove takes it out', async () => {
    const { dir, db } = await poisonedLibrary()
    const run = (...args: string[]) => fine(muster(['collection', ...args, '--db', db], { cwd: dir }))
    const list = run('list')
    expect(list.code).toBe(0)
    expect(list.stdout).toContain('Gallic warband, 8 stands')
    expect(list.stderr).toContain(
      "warning: Shared warband (poison-1) cannot be used and is left out: its attributes in WRG Ancient Wargames Rules (1969): 'constructor' cannot be a name here"
    )
    expect(list.stderr).toContain('Remove it with `muster collection remove poison-1`')
    expect(list.stderr).toContain('Prototype horde (poison-2) cannot be used')
    const json = JSON.parse(run('list', '--json').stdout) as { items: unknown[]; broken: Array<{ id: string }> }
    expect([json.items.length, json.broken.map((b) => b.id)]).toEqual([1, ['poison-1', 'poison-2']])

    expect(run('armies', '--limit', '2').code).toBe(0)
    const roster = join(dir, 'britons.muster.json')
    writeFileSync(roster, JSON.stringify(britons(8)))
    expect(run('fit', roster).stdout).toContain('8 of')
    const pdf = join(dir, 'sheet.pdf')
    const printed = fine(muster(['export', roster, '--pdf', 'roster', '--mark-proxies', '--db', db, '-o', pdf], { cwd: dir }))
    expect(printed.stdout).toContain('sheet.pdf: roster')
    expect(execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })).toContain('proxy: not in my collection')

    // A change with a broken item in the collection: stored, the broken item kept as it was.
    expect(run('add', 'Slingers', '--count', '4', '--ruleset', 'triumph', '--troop', 'light-foot').code).toBe(0)
    expect(run('own', roster).code).toBe(0)
    const made = fine(
      muster(['new', '--ruleset', 'triumph', '--army', 'ancient-british', '--from-collection', '--db', db, '-o', join(dir, 'new.muster.json')], { cwd: dir })
    )
    expect(made.code).toBe(0)
    // Undo says which change it took back.
    expect(run('undo').stdout).toMatch(/^Undid: Added .+\. The collection is as it was at revision \d+/)
    expect(run('remove', 'poison-1', 'poison-2').code).toBe(0)
    const after = JSON.parse(run('list', '--json').stdout) as { items: Array<{ name: string }>; broken: unknown[] }
    expect([after.items.map((i) => i.name), after.broken]).toEqual([['Gallic warband', 'Slingers'], []])
  }, 60_000)

  it('a broken item with a short id, or none, can still be removed: by its whole id, or by the place it is listed at', async () => {
    const dir = tempDir()
    const db = join(dir, 'library.sqlite')
    const lib = await openLibrary(db)
    const { id: _none, ...noId } = warband('x', 'No id at all')
    saveCollection(lib.db, fileOf([warband('good-item', 'Good'), { ...warband('w1', 'Short id'), count: -1 }, noId as CollectionItem]))
    lib.close()
    const run = (...args: string[]) => muster(['collection', ...args, '--db', db], { cwd: dir })
    const listed = JSON.parse(run('list', '--json').stdout) as { broken: Array<{ id: string; problem: string }> }
    expect(listed.broken).toEqual([
      { id: 'w1', name: 'Short id', problem: expect.stringMatching(/^its count: /) },
      { id: 'item-3', name: 'No id at all', problem: expect.stringMatching(/^the item: /) }
    ])
    expect(run('remove', 'item-3', 'w1').stdout).toBe('Removed Short id, No id at all (undo with `muster collection undo`).\n')
    expect((JSON.parse(run('list', '--json').stdout) as { items: unknown[]; broken: unknown[] }).broken).toEqual([])
  })

  it("the app's collection calls work, and list the broken items", async () => {
    const { db } = await poisonedLibrary()
    const lib = await openLibrary(db)
    try {
      const h = collectionHandlers(lib.db, engine)
      const listed = await h.collection()
      expect(listed.items.map((i) => i.name)).toEqual(['Gallic warband'])
      expect(listed.broken).toEqual([
        { id: 'poison-1', name: 'Shared warband', problem: expect.stringContaining("'constructor' cannot be a name here") },
        { id: 'poison-2', name: 'Prototype horde', problem: expect.stringContaining("'toString' cannot be a name here") }
      ])
      expect((await h.armiesFielded('triumph')).length).toBeGreaterThan(0)
      expect((await h.ownedLeft(britons(8))).troops[0].owned).toBe(8)
      await h.updateCollectionItem(listed.items[0].id, { count: 9 })
      expect((await h.collection()).broken).toHaveLength(2)
    } finally {
      lib.close()
    }
  })
})
