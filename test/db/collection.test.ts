// The collection (issue 25) on a real library file: coverage worked by hand across the rulesets,
// what a roster lacks, undo and history, items a data update orphaned, and files refused whole.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { readFileSync } from 'node:fs'
import { openLibrary, getCollection, listCollectionRevisions, saveCollection, type Library } from '../../src-main/store'
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
import { bundledEngine, repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'
import type { Roster } from '../../src-main/rules/types'

const engine = bundledEngine()
const tempDir = tempFolders('muster-collection-')
let lib: Library

beforeEach(async () => {
  lib = await openLibrary(join(tempDir(), 'library.sqlite'))
})
afterEach(() => lib.close())

/** The issue's worked example: 8 Warband stands and 4 Light Foot stands, entered as Triumph! troops. */
function gallicShelf() {
  return addItems(lib.db, engine, [
    { name: 'Gallic warband', count: 8, ruleset: 'triumph', troop: 'warband' },
    { name: 'Gallic slingers', count: 4, ruleset: 'triumph', troop: 'light-foot' }
  ]).items
}

const coverageOf = (ruleset: string, army: string) => armiesFielded(engine, getCollection(lib.db).collection.items, ruleset).find((a) => a.army === army)!

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

describe('start from what I own', () => {
  it("builds the list's minimums from owned figures only, and says so when the collection cannot", async () => {
    const { newRoster } = await import('../../src-main/services/new-roster')
    addItems(lib.db, engine, [
      { name: 'Warband', count: 10, ruleset: 'triumph', troop: 'warband' },
      { name: 'Pony horse', count: 3, ruleset: 'triumph', troop: 'bad-horse' },
      { name: 'Chariots', count: 2, ruleset: 'triumph', troop: 'battle-taxi' }
    ])
    const items = getCollection(lib.db).collection.items
    const made = newRoster(engine, { ruleset: 'triumph', army: 'ancient-british', minimums: true, fromCollection: true }, items)
    expect(made.ok).toBe(true)
    if (!made.ok) return
    expect(made.verdict.issues.filter((i) => i.severity === 'error')).toEqual([])
    expect(fitRosters(engine, items, [{ name: 'built', roster: made.document as Roster }])[0].missing).toEqual([])
    // Without the horse the list requires, no legal army comes from the collection: said, nothing made.
    const short = newRoster(engine, { ruleset: 'triumph', army: 'ancient-british', minimums: true, fromCollection: true }, items.slice(0, 1))
    expect(short.ok).toBe(false)
    if (!short.ok) expect(short.reason).toMatch(/^Your collection cannot field a legal Ancient British army from the list's minimums\./)
  })
})

describe('after review', () => {
  it('C&C: stands of alike items make units together (3 + 3 + 2 Warband stands are 2 Warriors units of 4)', () => {
    addItems(lib.db, engine, [
      { name: 'Warband A', count: 3, ruleset: 'triumph', troop: 'warband' },
      { name: 'Warband B', count: 3, ruleset: 'triumph', troop: 'warband' },
      { name: 'Warband C', count: 2, ruleset: 'triumph', troop: 'warband' }
    ])
    const items = getCollection(lib.db).collection.items
    const [fit] = fitRosters(engine, items, [
      { name: 'celts', roster: { ruleset: 'cca-miniatures', army: 'celtic', units: [{ troop: 'warriors', count: 3 }] } as Roster }
    ])
    expect(fit.covered[0]).toMatchObject({ count: 3, covered: 2, items: [items[0].id, items[1].id, items[2].id] })
    expect(fit.missing).toEqual([expect.objectContaining({ troop: 'warriors', count: 1, stands: 4, counts: 'units' })])
  })

  it("WRG 1969: a full army takes one General figure however many are owned (the ruleset's maximum), at the General's cost", () => {
    addItems(lib.db, engine, [
      { name: 'Generals', count: 7, counted: 'figures', ruleset: 'wrg-1969', troop: 'general', attributes: { class: 'B' } },
      { name: 'Gallic warband', count: 8, ruleset: 'triumph', troop: 'warband' }
    ])
    const c = coverageOf('wrg-1969', 'gallic')
    expect([c.required, c.covered]).toEqual([1, 1])
    expect(c.points).toBe(100 + 24 * 3)
  })

  it('refuses attribute values a troop type does not take, saying which it takes', () => {
    expect(() => addItems(lib.db, engine, [{ name: 'x', count: 1, ruleset: 'triumph', troop: 'warband', attributes: { foo: 'bar' } }])).toThrow(
      "Warband in Triumph! has no attribute 'foo'; it takes general."
    )
    expect(() => addItems(lib.db, engine, [{ name: 'x', count: 1, ruleset: 'wrg-1969', troop: 'medium-infantry', attributes: { class: 'Z' } }])).toThrow(
      "Medium infantry in WRG Ancient Wargames Rules (1969) cannot have class 'Z'; it may be A, B, C, D, E."
    )
    expect(() => addItems(lib.db, engine, [{ name: 'x', count: 0, ruleset: 'triumph', troop: 'warband' }])).toThrow(
      'The count must be a whole number from 1 to 100,000; it is 0.'
    )
    expect(getCollection(lib.db).revision).toBe(0)
  })

  it('undo twice goes back two changes; an id given twice is removed once', () => {
    addItems(lib.db, engine, [{ name: 'A', count: 1, ruleset: 'triumph', troop: 'warband' }])
    addItems(lib.db, engine, [{ name: 'B', count: 1, ruleset: 'triumph', troop: 'warband' }])
    const [b] = getCollection(lib.db).collection.items.filter((i) => i.name === 'B')
    expect(removeItems(lib.db, [b.id, b.id.slice(0, 8)]).removed.map((i) => i.name)).toEqual(['B'])
    const names = () => getCollection(lib.db).collection.items.map((i) => i.name)
    expect(names()).toEqual(['A'])
    undoCollection(lib.db)
    expect(names()).toEqual(['A', 'B'])
    undoCollection(lib.db)
    expect(names()).toEqual(['A'])
    undoCollection(lib.db)
    expect(names()).toEqual([])
    expect(undoCollection(lib.db)).toBeNull()
  })

  it('what to buy in a ruleset that counts figures is figures', async () => {
    const { toBuyLine } = await import('../../src-main/services/collection')
    const [fit] = fitRosters(
      engine,
      [],
      [
        {
          name: 'g',
          roster: {
            ruleset: 'wrg-1969',
            army: 'gallic',
            units: [{ troop: 'medium-infantry', count: 30, status: 'barbarian', class: 'D' }]
          } as unknown as Roster
        }
      ]
    )
    expect(toBuyLine(fit.missing[0])).toBe('30 figures of Medium infantry (status barbarian, class D)')
  })
})

describe('after the second review', () => {
  it('undo after an undo and a new change takes back that change, not more, and never brings back what was undone', () => {
    for (const name of ['A', 'B', 'C']) addItems(lib.db, engine, [{ name, count: 1, ruleset: 'triumph', troop: 'warband' }])
    const names = () => getCollection(lib.db).collection.items.map((i) => i.name)
    undoCollection(lib.db)
    undoCollection(lib.db)
    expect(names()).toEqual(['A'])
    addItems(lib.db, engine, [{ name: 'D', count: 1, ruleset: 'triumph', troop: 'warband' }])
    undoCollection(lib.db)
    expect(names()).toEqual(['A'])
    undoCollection(lib.db)
    expect(names()).toEqual([])
  })

  it('an item named like an undo is undone as any other; an empty id removes nothing', () => {
    addItems(lib.db, engine, [{ name: 'Levy (back to revision 0)', count: 1, ruleset: 'triumph', troop: 'rabble' }])
    expect(undoCollection(lib.db)).toEqual({ revision: 2, restored: 0, undid: 'Added Levy (back to revision 0)' })
    addItems(lib.db, engine, [{ name: 'A', count: 1, ruleset: 'triumph', troop: 'warband' }])
    expect(() => removeItems(lib.db, [''])).toThrow("Give an item's id, or at least its first 4 characters")
    expect(getCollection(lib.db).collection.items.map((i) => i.name)).toEqual(['A'])
  })

  it('what a figures ruleset lacks is figures, one a figure; stands with and without a role make units together for the editor too', async () => {
    const { ownedLeft } = await import('../../src-main/services/collection')
    const { notOwnedReason } = await import('../../src-shared/owned')
    const [fit] = fitRosters(engine, [], [{ name: 'g', roster: { ruleset: 'wrg-1969', army: 'gallic', units: [{ troop: 'general', count: 1 }] } as Roster }])
    expect(fit.missing[0]).toMatchObject({ count: 1, stands: 1, figuresPerStand: 1, counts: 'figures' })
    addItems(lib.db, engine, [
      { name: 'Eagle', count: 3, ruleset: 'cca-miniatures', troop: 'roman-heavy-infantry', attributes: { eagle: true } },
      { name: 'Legion', count: 3, ruleset: 'cca-miniatures', troop: 'roman-heavy-infantry' }
    ])
    const roster = { ruleset: 'cca-miniatures', army: 'early-imperial-roman', units: [] } as unknown as Roster
    const owned = ownedLeft(engine, getCollection(lib.db).collection.items, roster)
    expect(notOwnedReason(owned, { troop: 'roman-heavy-infantry', count: 1 }, 'Roman heavy infantry')).toBeNull()
    expect(notOwnedReason(owned, { troop: 'roman-heavy-infantry', count: 2 }, 'Roman heavy infantry')).toBe(
      'You own 1 unit of Roman heavy infantry; 1 unit unused, and this unit takes 2.'
    )
  })
})

describe('what "I own this army" adds, and how figures of several kinds are shared', () => {
  // Portable Wargame: quality is average unless a unit says otherwise (the troop types' default).
  const celts = (units: unknown[]) => ({ ruleset: 'portable-ancients', army: 'celtic', units }) as unknown as Roster
  const warriors = (count: number, quality?: string) => ({ troop: 'unarmoured-melee-infantry', count, ...(quality ? { quality } : {}) })
  const item = (count: number, quality?: string) => ({
    name: `Warriors ${quality ?? 'any'}`,
    count,
    ruleset: 'portable-ancients',
    troop: 'unarmoured-melee-infantry',
    ...(quality ? { attributes: { quality } } : {})
  })
  const missing = (roster: Roster) => fitRosters(engine, getCollection(lib.db).collection.items, [{ name: 'r', roster }])[0].missing

  it('a unit that leaves an attribute out is fielded by figures of any value of it, as "Armies I can field" counts them, in every view', async () => {
    const { ownedLeft } = await import('../../src-main/services/collection')
    const { notOwnedReason } = await import('../../src-shared/owned')
    addItems(lib.db, engine, [item(6, 'elite')])
    expect(missing(celts([warriors(2)]))).toEqual([])
    expect(notOwnedReason(ownedLeft(engine, getCollection(lib.db).collection.items, celts([])), warriors(1), 'Warriors')).toBeNull()
    expect(coverageOf('portable-ancients', 'celtic').points).toBeGreaterThan(0)
    // A value the unit says is matched: poor is not elite.
    expect(missing(celts([warriors(2, 'poor')]))).toEqual([expect.objectContaining({ count: 2, attributes: { quality: 'poor' } })])
  })

  it('figures of one kind go to the units of that kind first, those of any kind to the rest', () => {
    // Shelf order: the figures that say nothing first. An elite unit takes the elite ones, and the
    // poor unit the rest; in shelf order the elite unit took the others, and the poor unit lacked 2.
    addItems(lib.db, engine, [item(2), item(2, 'elite')])
    expect(missing(celts([warriors(2, 'elite'), warriors(2, 'poor')]))).toEqual([])
  })

  it('adds only what the collection lacks: owned twice, nothing and no revision; a bigger roster, the difference; several rosters, one change', async () => {
    const { ownRostersInLibrary, ownedWords } = await import('../../src-main/services/collection')
    const four = celts([warriors(4)])
    const first = ownRostersInLibrary(lib.db, engine, [four])
    expect([first.items.map((i) => i.count), ownedWords(first)]).toEqual([[4], 'Added 1 item from 1 roster to your collection.'])
    const revision = getCollection(lib.db).revision
    const again = ownRostersInLibrary(lib.db, engine, [four])
    expect([again.revision, again.items, ownedWords(again)]).toEqual([revision, [], 'Nothing added: your collection already fields this roster.'])
    expect(getCollection(lib.db).revision).toBe(revision)
    // Two rosters sharing warriors: the 6 warriors added once (2 beyond the 4 owned), the commander
    // once; one revision for both, which one undo takes back.
    const six = celts([warriors(6), { troop: 'commander', count: 1 }])
    const both = ownRostersInLibrary(lib.db, engine, [six, celts([warriors(5), { troop: 'commander', count: 1 }])])
    expect(both.items.map((i) => [i.countsAs['portable-ancients']?.troop, i.count])).toEqual([
      ['unarmoured-melee-infantry', 2],
      ['commander', 1]
    ])
    expect(ownedWords(both)).toBe('Added 2 items from 1 of 2 rosters (the others it fields already) to your collection.')
    expect(getCollection(lib.db).revision).toBe(revision + 1)
    expect(missing(six)).toEqual([])
    undoCollection(lib.db)
    expect(getCollection(lib.db).collection.items.map((i) => i.count)).toEqual([4])
  })

  it('in a ruleset that counts units, stands owned short of a unit count towards it; units Muster cannot read add nothing, and are said', async () => {
    const { ownRostersInLibrary, ownedWords } = await import('../../src-main/services/collection')
    // C&C miniatures: a Warriors unit is 4 stands; 2 are owned.
    addItems(lib.db, engine, [{ name: 'Warband', count: 2, ruleset: 'cca-miniatures', troop: 'warriors' }])
    const gauls = {
      ruleset: 'cca-miniatures',
      army: 'gallic',
      units: [{ troop: 'warriors', count: 2 }, { troop: 'nobody', count: 1 }, 'junk', { troop: 'warriors', count: -2 }]
    } as unknown as Roster
    expect(ownRoster(engine, gauls, getCollection(lib.db).collection.items)).toEqual({
      items: [expect.objectContaining({ troop: 'warriors', count: 6 })],
      unread: 3
    })
    const done = ownRostersInLibrary(lib.db, engine, [gauls])
    expect(ownedWords(done)).toBe('Added 1 item from 1 roster to your collection (3 units Muster cannot read left out: an unknown troop type or count).')
    expect(fitRosters(engine, getCollection(lib.db).collection.items, [{ name: 'g', roster: gauls }])[0].missing).toEqual([])
  })
})
