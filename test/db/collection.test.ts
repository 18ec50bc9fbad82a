// The collection (issue 25) on a real library file: coverage worked by hand across the rulesets,
// what a roster lacks, undo and history, items a data update orphaned, and files refused whole.
// What the reviews found (starting from what is owned, undo, figures and units): collection-reviewed.test.ts.
import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { readFileSync } from 'node:fs'
import { openLibrary, getCollection, listCollectionRevisions, saveCollection } from '../../src-main/store'
import {
  addItems,
  armiesFielded,
  fitRosters,
  listCollection,
  ownRoster,
  parseCollectionText,
  removeItems,
  shoppingList,
  undoCollection
} from '../../src-main/services/collection'
import { repoRoot } from '../support/engine'
import { coverageIn, engine, libraryEachTest } from './collection-library'
import { tempFolders } from '../support/tmp'
import type { Roster } from '../../src-main/rules/types'

const lib = libraryEachTest('muster-collection-')
const tempDir = tempFolders('muster-collection-files-')

/** The worked example: 8 Warband stands and 4 Light Foot stands, entered as Triumph! troops. */
function gallicShelf() {
  return addItems(lib.db, engine, [
    { name: 'Gallic warband', count: 8, ruleset: 'triumph', troop: 'warband' },
    { name: 'Gallic slingers', count: 4, ruleset: 'triumph', troop: 'light-foot' }
  ]).items
}

const coverageOf = (ruleset: string, army: string) => coverageIn(lib.db, ruleset, army)

describe('what a collection fields', () => {
  it('proposes what each item counts as in the other rulesets, unconfirmed', () => {
    const [warband, slingers] = gallicShelf()
    expect(warband.countsAs.triumph).toEqual({ troop: 'warband', confirmed: true })
    expect(warband.countsAs['wrg-1969']).toEqual({ troop: 'medium-infantry', attributes: { status: 'barbarian', class: 'D' }, confirmed: false })
    expect(warband.countsAs['cca-miniatures']).toEqual({ troop: 'warriors', confirmed: false })
    expect(slingers.countsAs['wrg-1969']?.troop).toBe('light-infantry')
    expect(warband.kind).toBe('warband')
  })

  it('Triumph! Ancient British: minimum 2 Bad Horse + 5 Warband, 5 of 7 covered; 8 Warband at 3 points fill 24 of 48', () => {
    gallicShelf()
    const c = coverageOf('triumph', 'ancient-british')
    expect([c.required, c.covered]).toEqual([7, 5])
    expect(c.minimum).toBeCloseTo(5 / 7)
    expect(c.points).toBe(24)
    expect(c.full).toBe(0.5)
  })

  it('WRG 1969 Gallic: the same stands as 24 barbarian medium infantry and 12 light infantry figures at 3 points each, 108 of 800; the one General figure not owned', () => {
    gallicShelf()
    const c = coverageOf('wrg-1969', 'gallic')
    expect([c.required, c.covered]).toEqual([1, 0])
    expect(c.points).toBe(24 * 3 + 12 * 3)
    expect(c.full).toBeCloseTo(108 / 800)
  })

  it('Mark 2 Gallic: no default size, so no full-army share; the commander it requires not owned; 108 points of figures fieldable', () => {
    gallicShelf()
    const c = coverageOf('wrg-mk2', 'gallic')
    expect([c.required, c.covered, c.full]).toEqual([1, 0, null])
    expect(c.points).toBe(24 * 3 + 12 * 3)
  })

  it('C&C miniatures counts units: 8 Warband stands are 2 Warriors units of 4; Portable counts a stand a unit', () => {
    gallicShelf()
    const fit = fitRosters(engine, getCollection(lib.db).collection.items, [
      { name: 'celts', roster: { ruleset: 'cca-miniatures', army: 'celtic', units: [{ troop: 'warriors', count: 3 }] } as Roster },
      {
        name: 'portable',
        roster: {
          ruleset: 'portable-ancients',
          army: 'celtic',
          units: [{ troop: 'unarmoured-melee-infantry', count: 10, quality: 'average' }]
        } as unknown as Roster
      }
    ])
    expect(fit[0].covered[0]).toMatchObject({ count: 3, covered: 2 })
    expect(fit[0].missing).toEqual([expect.objectContaining({ troop: 'warriors', count: 1, stands: 4 })])
    expect(fit[1].covered[0]).toMatchObject({ count: 10, covered: 8 })
  })

  it('sorts every army of every ruleset by coverage, each share between 0 and 1', () => {
    gallicShelf()
    const all = armiesFielded(engine, getCollection(lib.db).collection.items)
    expect(new Set(all.map((a) => a.ruleset))).toEqual(new Set(engine.registry.rulesets.keys()))
    expect(all.length).toBe([...engine.registry.rulesets.values()].reduce((n, r) => n + r.armies.size, 0))
    for (const a of all) {
      expect(a.coverage).toBeGreaterThanOrEqual(0)
      expect(a.coverage).toBeLessThanOrEqual(1)
    }
    expect(all.map((a) => a.coverage)).toEqual([...all.map((a) => a.coverage)].sort((x, y) => y - x))
  })

  it('an empty collection covers nothing but armies with no minimum', () => {
    const c = coverageOf('triumph', 'ancient-british')
    expect([c.covered, c.points, c.full]).toEqual([0, 0, 0])
  })
})

describe('what a roster lacks', () => {
  it('by troop type and attributes, with stands and figures, and the most any one roster needs to buy', () => {
    gallicShelf()
    const roster = (warband: number): Roster =>
      ({
        ruleset: 'triumph',
        army: 'ancient-british',
        units: [
          { troop: 'warband', count: warband, general: true },
          { troop: 'bad-horse', count: 2 }
        ]
      }) as Roster
    const reports = fitRosters(engine, getCollection(lib.db).collection.items, [
      { name: 'a', roster: roster(10) },
      { name: 'b', roster: roster(12) }
    ])
    expect(reports[0].missing).toEqual([
      expect.objectContaining({ troop: 'warband', count: 2, stands: 2, figuresPerStand: 3 }),
      expect.objectContaining({ troop: 'bad-horse', count: 2, stands: 2, figuresPerStand: 3 })
    ])
    expect(shoppingList(reports).map((m) => [m.troop, m.stands])).toEqual([
      ['warband', 4],
      ['bad-horse', 2]
    ])
  })

  it('"I own this army" makes the roster\'s units items, alike units as one', () => {
    const roster = JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as Roster
    const { items } = ownRoster(engine, roster)
    const stands = roster.units.reduce((n, u) => n + u.count, 0)
    expect(items.reduce((n, i) => n + i.count, 0)).toBe(stands)
    addItems(lib.db, engine, items)
    expect(fitRosters(engine, getCollection(lib.db).collection.items, [{ name: 'x', roster }])[0].missing).toEqual([])
  })
})

describe('the collection in the library', () => {
  it('keeps every change as a revision; undo puts the last one back as a new revision', () => {
    const [warband] = gallicShelf()
    removeItems(lib.db, [warband.id.slice(0, 8)])
    expect(getCollection(lib.db).collection.items.map((i) => i.name)).toEqual(['Gallic slingers'])
    undoCollection(lib.db)
    expect(getCollection(lib.db).collection.items.map((i) => i.name)).toEqual(['Gallic warband', 'Gallic slingers'])
    expect(listCollectionRevisions(lib.db).map((r) => r.items)).toEqual([2, 1, 2])
  })

  it('an item naming a troop type the data no longer has stays listed, with a warning', () => {
    const [warband] = gallicShelf()
    const { collection } = getCollection(lib.db)
    saveCollection(lib.db, {
      ...collection,
      items: collection.items.map((i) => (i.id === warband.id ? { ...i, countsAs: { ...i.countsAs, triumph: { troop: 'gone-type' } } } : i))
    })
    const listed = listCollection(lib.db, engine)
    expect(listed.items.map((i) => i.name)).toContain('Gallic warband')
    expect(listed.warnings).toEqual([
      { item: warband.id, ruleset: 'triumph', message: expect.stringContaining("Gallic warband: Triumph! has no troop type 'gone-type' any more") }
    ])
    expect(coverageOf('triumph', 'ancient-british').covered).toBe(0)
  })
})

describe('collection files', () => {
  const item = '{"id": "a1", "name": "Warband", "count": 8, "counted": "stands", "countsAs": {"triumph": {"troop": "warband"}}}'
  const file = (items: string) => `{"format": "muster-collection", "version": 1, "items": [${items}]}`

  it('reads a good file', () => {
    const read = parseCollectionText('shelf.json', file(item))
    expect(read.ok && read.collection.items).toHaveLength(1)
  })

  it.each([
    ['a duplicate key', file(item.replace('"count": 8', '"count": 8, "count": 9')), 'shelf.json:1:'],
    ['a count of 0', file(`${item}, ${item.replace('"a1"', '"a2"').replace('"count": 8', '"count": 0')}`), 'must be >= 1'],
    ['a count past the limit', file(item.replace('"count": 8', '"count": 100001')), 'must be <= 100000'],
    ['two items with one id', file(`${item}, ${item}`), "item 2 (Warband) has the id 'a1' of an earlier item"]
  ])('refuses a file with %s, whole', (_, text, words) => {
    const read = parseCollectionText('shelf.json', text)
    expect(read.ok).toBe(false)
    if (!read.ok) expect(read.message).toContain(words)
  })
})

describe('the collection in a backup', () => {
  it('goes with the library into a backup, and comes back: whole history into a new library, new items only into one that has a collection', async () => {
    const { backupLibrary, restoreLibrary } = await import('../../src-main/store')
    gallicShelf()
    const file = join(tempDir(), 'backup.json')
    backupLibrary(lib.db, file)
    const backup = JSON.parse(readFileSync(file, 'utf8'))
    expect(backup.collection).toHaveLength(1)

    const fresh = await openLibrary(join(tempDir(), 'fresh.sqlite'))
    expect(restoreLibrary(fresh.db, backup).collection).toEqual({ history: 1, added: 2 })
    expect(listCollectionRevisions(fresh.db)).toHaveLength(1)
    expect(getCollection(fresh.db).collection.items).toEqual(getCollection(lib.db).collection.items)
    fresh.close()

    const other = await openLibrary(join(tempDir(), 'other.sqlite'))
    addItems(other.db, engine, [{ name: 'Hoplites', count: 12, ruleset: 'triumph', troop: 'spear' }])
    expect(restoreLibrary(other.db, backup).collection).toEqual({ history: 0, added: 2 })
    expect(getCollection(other.db).collection.items.map((i) => i.name)).toEqual(['Hoplites', 'Gallic warband', 'Gallic slingers'])
    other.close()
  })

  it('a backup whose collection repeats a revision, or an item id, is refused whole, saying where', async () => {
    const { assertBackup } = await import('../../src-main/store')
    const [first] = gallicShelf()
    const file = join(tempDir(), 'backup.json')
    const { backupLibrary } = await import('../../src-main/store')
    backupLibrary(lib.db, file)
    const backup = JSON.parse(readFileSync(file, 'utf8'))
    const valid = () => null
    const twice = { ...backup, collection: [backup.collection[0], backup.collection[0]] }
    expect(() => assertBackup(twice, valid)).toThrow('not a Muster library backup: /collection/1: its revisions must rise (revision 1 comes after 1)')
    const doc = backup.collection[0].document
    const sameId = { ...backup, collection: [{ ...backup.collection[0], document: { ...doc, items: [...doc.items, doc.items[0]] } }] }
    expect(() => assertBackup(sameId, valid)).toThrow(`/collection/0/document/items/2: the id '${first.id}' of an earlier item`)
  })
})
