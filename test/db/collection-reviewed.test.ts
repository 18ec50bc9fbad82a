// The collection (issue 25) as its reviews left it, on a real library file: a roster's minimums from
// what is owned, undo after undo, what a figures ruleset lacks, units made of stands, and what
// "I own this army" adds. The first cases: collection.test.ts.
import { describe, expect, it } from 'vitest'
import { getCollection } from '../../src-main/store'
import { addItems, fitRosters, ownRoster, removeItems, undoCollection } from '../../src-main/services/collection'
import { coverageIn, engine, libraryEachTest } from './collection-library'
import type { Roster } from '../../src-main/rules/types'

const lib = libraryEachTest('muster-collection-reviewed-')

const coverageOf = (ruleset: string, army: string) => coverageIn(lib.db, ruleset, army)

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
