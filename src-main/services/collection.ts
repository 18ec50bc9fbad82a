// The player's collection in the library: what they own, each change one revision with its undo.
// Every change reads, changes and writes the collection in one write transaction, so the app and the
// CLI writing at once each keep the other's change. The CLI (`muster collection`) and the app call
// these, and tests call them on a real SQLite file. What items are, and what they field: the
// modules re-exported below.
import type { Engine } from '../rules'
import { attributeAllowed, proposeKind, supplyIn, type SupplyWarning } from '../rules/coverage'
import { own } from '../rules/own'
import type { Roster } from '../rules/types'
import { countOf } from '../rules/messages'
import * as store from '../store'
import type { CollectionFile, CollectionItem } from '../store'
import { checkAttributes, checkItems, countsAsTable, makeItem, ownRoster, placeholderId, splitItems, type BrokenItem, type NewItem } from './collection-items'

export type { CollectionFile, CollectionItem }
export { StoreError } from '../store'
export { attributeWords } from '../rules/coverage'
export * from './collection-items'
export * from './collection-fit'

export interface ListedCollection {
  revision: number
  items: CollectionItem[]
  /** Items some ruleset cannot count as they stand (a troop type the data no longer has): listed, never dropped. */
  warnings: SupplyWarning[]
  /** Items Muster cannot use at all (not of the collection format): listed with their id and what is wrong, left out of the rest. */
  broken: BrokenItem[]
}

/** The collection as it stands, its items split into those Muster can use and those it cannot. */
function readCollection(db: store.Db, revision?: number): { revision: number; items: CollectionItem[]; broken: BrokenItem[]; stored: CollectionItem[] } {
  const read = store.getCollection(db, revision)
  const stored: unknown[] = Array.isArray(read.collection.items) ? read.collection.items : []
  const { usable, broken } = splitItems(stored)
  return { revision: read.revision, items: usable, broken, stored: stored as CollectionItem[] }
}

/** The items the collection fields with: every item Muster can use (one it cannot is left out, and listed by listCollection). */
export const ownedItems = (db: store.Db): CollectionItem[] => readCollection(db).items

/** The collection's revisions, newest first (`muster collection history`). */
export const collectionHistory = (db: store.Db): store.CollectionRevision[] => store.listCollectionRevisions(db)

/** Library rosters by id, with the names the shopping list gives them. */
export const libraryRosters = (db: store.Db, ids: string[]): Array<{ name: string; roster: Roster }> =>
  ids.map((id) => ({ name: store.getRosterRow(db, id).name, roster: store.getDocument(db, id) as Roster }))

export function listCollection(db: store.Db, engine: Engine): ListedCollection {
  const { revision, stored } = readCollection(db)
  const { usable: items, broken } = splitItems(stored, (id) => engine.registry.rulesets.get(id)?.ruleset.name ?? id)
  const table = countsAsTable()
  const warnings = [...engine.registry.rulesets.values()].flatMap((loaded) => supplyIn(table, loaded, items).warnings)
  return { revision, items, warnings, broken }
}

/** The collection as one change sees it: every stored item (`stored`, broken ones too) and those it can use. */
interface Current {
  revision: number
  stored: CollectionItem[]
  items: CollectionItem[]
}

/**
 * One change of the collection, read, made and written in one write transaction: `change` gets the
 * collection as it stands and gives the items to store (checked first: a bad new item is refused,
 * nothing saved) with the revision's message, or no items to store nothing.
 */
function change<R>(
  db: store.Db,
  make: (now: Current) => { items?: CollectionItem[]; message?: string; result: R; storedBefore?: CollectionItem[] }
): { revision: number; result: R } {
  return store.changeCollection(db, ({ revision, collection }) => {
    const stored: CollectionItem[] = Array.isArray(collection.items) ? collection.items : []
    const { items, message, result, storedBefore = [] } = make({ revision, stored, items: splitItems(stored).usable })
    if (!items) return { result }
    checkItems(items, [...stored, ...storedBefore])
    return { next: { format: 'muster-collection', version: 1, items }, message, result }
  })
}

export function addItems(db: store.Db, engine: Engine, inputs: NewItem[]): { revision: number; items: CollectionItem[] } {
  const items = inputs.map((i) => makeItem(engine, i))
  const { revision } = change(db, ({ stored }) => ({
    items: [...stored, ...items],
    message: items.length === 1 ? `Added ${items[0].name}` : `Added ${items.length} items`,
    result: null
  }))
  return { revision, items }
}

/** The shortest start of an id taken for the whole (`list` shows 8 characters). */
const MIN_ID_START = 4

/**
 * An item by id, or by a unique start of one (as `list` prints the first 8 characters). A broken
 * item is found by its whole id however short, or, with no id, by the "item N" it is listed as, so
 * it can always be removed.
 */
function findIn(items: CollectionItem[], given: string): CollectionItem {
  const exact = items.find((i) => i.id === given) ?? items.find((item, i) => typeof item.id !== 'string' && given === placeholderId(i))
  if (exact) return exact
  if (given.trim().length < MIN_ID_START)
    throw new store.StoreError('invalid', `Give an item's id, or at least its first ${MIN_ID_START} characters (\`muster collection list\` shows them).`)
  const found = items.filter((i) => typeof i.id === 'string' && i.id.startsWith(given))
  if (found.length !== 1)
    throw new store.StoreError(
      'not-found',
      found.length ? `'${given}' matches several items; give more of the id` : `no item with id '${given}' in the collection`
    )
  return found[0]
}

export const findItem = (db: store.Db, given: string): CollectionItem => findIn(readCollection(db).stored, given)

/** Removes items by id (or a unique start of one); an id that matches nothing is an error, and nothing is removed. */
export function removeItems(db: store.Db, ids: string[]): { revision: number; removed: CollectionItem[] } {
  const { revision, result } = change(db, ({ stored }) => {
    const gone = new Set(ids.map((given) => findIn(stored, given)))
    const once = stored.filter((i) => gone.has(i))
    return {
      items: stored.filter((i) => !gone.has(i)),
      message: `Removed ${once.length === 1 ? String(once[0].name) : `${once.length} items`}`,
      result: once
    }
  })
  return { revision, removed: result }
}

/** What the player may change of an item besides its counts-as. */
export type ItemChanges = Partial<Pick<CollectionItem, 'name' | 'count' | 'counted' | 'figuresPerStand' | 'basing' | 'notes'>>

/** The item with this id as the change reads it, or a StoreError. */
function itemIn(now: Current, id: string): CollectionItem {
  const item = now.stored.find((i) => i.id === id)
  if (!item) throw new store.StoreError('not-found', `no item with id '${id}' in the collection`)
  return item
}

/** Changes an item's name, count, basing or notes (a field given as '' or null is cleared, where it may be). */
export function updateItem(db: store.Db, id: string, changes: ItemChanges): number {
  return change(db, (now) => {
    const item = itemIn(now, id)
    const changed: CollectionItem = { ...item, ...changes }
    for (const key of ['figuresPerStand', 'basing', 'notes'] as const) if (changed[key] === '' || changed[key] === null) delete changed[key]
    return { items: now.stored.map((i) => (i.id === id ? changed : i)), message: `Changed ${item.name}`, result: null }
  }).revision
}

/** Sets what an item counts as in one ruleset (the player's choice: confirmed). */
export function setCountsAs(db: store.Db, engine: Engine, id: string, ruleset: string, troop: string, attributes?: Record<string, string | boolean>): number {
  const loaded = engine.registry.rulesets.get(ruleset)
  const type = loaded?.troops.get(troop)
  if (!loaded || !type) throw new store.StoreError('invalid', `${loaded?.ruleset.name ?? `Ruleset '${ruleset}'`} has no troop type '${troop}'.`)
  checkAttributes(loaded, type, attributes)
  return change(db, (now) => {
    const item = itemIn(now, id)
    // The values it had that the troop type takes (a class kept when the type changes), else the kind's.
    const had = own(item.countsAs, ruleset)?.attributes ?? {}
    const kept = Object.fromEntries(Object.entries(had).filter(([a, v]) => attributeAllowed(loaded, type, a, v)))
    const proposed = own(proposeKind(countsAsTable(), ruleset, troop, kept)?.troops, ruleset)
    // Given values over those kept: a class stays when only the status is said.
    const values = attributes ? { ...kept, ...attributes } : Object.keys(kept).length ? kept : proposed?.troop === troop ? (proposed.attributes ?? {}) : {}
    const changed = {
      ...item,
      countsAs: { ...item.countsAs, [ruleset]: { troop, ...(Object.keys(values).length ? { attributes: values } : {}), confirmed: true } }
    }
    return {
      items: now.stored.map((i) => (i.id === id ? changed : i)),
      message: `${item.name} counts as ${type.name} in ${loaded.ruleset.shortName ?? loaded.ruleset.name}`,
      result: null
    }
  }).revision
}

/** Imports a collection file: `replace` puts it in place of the collection, `merge` adds the items whose ids are new. */
export function importCollection(db: store.Db, collection: CollectionFile, mode: 'replace' | 'merge'): { revision: number; added: number; skipped: number } {
  const { revision, result } = change(db, ({ stored }) => {
    if (mode === 'replace')
      return { items: collection.items, message: `Imported ${collection.items.length} items`, result: { added: collection.items.length, skipped: 0 } }
    const have = new Set(stored.map((i) => i.id))
    const fresh = collection.items.filter((i) => !have.has(i.id))
    return {
      items: [...stored, ...fresh],
      message: `Imported ${fresh.length} items`,
      result: { added: fresh.length, skipped: collection.items.length - fresh.length }
    }
  })
  return { revision, ...result }
}

export function exportCollection(db: store.Db): CollectionFile {
  return { format: 'muster-collection', version: 1, exportedAt: new Date().toISOString(), items: readCollection(db).stored }
}

/**
 * Undo: the collection as it was before the newest change still on the undo stack, whoever made it
 * (the app or a command), saved again as a new revision (nothing is lost). Read and written in one
 * transaction, so a change made meanwhile is the one undone, never passed over.
 */
export function undoCollection(db: store.Db): { revision: number; restored: number; undid: string } | null {
  const { revision, result } = change(db, () => {
    // The changes an undo can still take back, as an editor's undo stack: each change pushes itself,
    // each undo (its message starts "Undid: ") took back the one on top. A change after an undo stays
    // on the stack; what that undo took back does not come back.
    const revisions = store.listCollectionRevisions(db).reverse()
    const stack: typeof revisions = []
    for (const r of revisions) {
      if (r.message?.startsWith(UNDID)) stack.pop()
      else stack.push(r)
    }
    const undone = stack.pop()
    if (!undone) return { result: null }
    const back = stack[stack.length - 1]
    const items = back ? readCollection(db, back.revision).stored : []
    const undid = undone.message ?? `revision ${undone.revision}`
    // What was stored then may be stored again as it was, as an item stored now may.
    return { items, storedBefore: items, message: `${UNDID}${undid}`, result: { restored: back?.revision ?? 0, undid } }
  })
  return result ? { revision, ...result } : null
}

const UNDID = 'Undid: '

/** What "I own this army" did with each roster: items added, and units it could not read. */
export interface OwnedRoster {
  added: number
  unread: number
}

/**
 * "I own these armies" in the library, as one change (one revision, undone whole): each roster in
 * turn against the collection as the ones before left it (figures two rosters share are added once,
 * as a shopping list counts them), or nothing saved when the collection fields them all already
 * (`items` empty, the revision as it was).
 */
export function ownRostersInLibrary(db: store.Db, engine: Engine, rosters: Roster[]): { revision: number; items: CollectionItem[]; rosters: OwnedRoster[] } {
  const { revision, result } = change(db, (now) => {
    const made: CollectionItem[] = []
    const each = rosters.map((roster) => {
      const { items, unread } = ownRoster(engine, roster, [...now.items, ...made])
      made.push(...items.map((i) => makeItem(engine, i)))
      return { added: items.length, unread }
    })
    const result = { items: made, rosters: each }
    if (made.length === 0) return { result }
    return { items: [...now.stored, ...made], message: made.length === 1 ? `Added ${made[0].name}` : `Added ${made.length} items`, result }
  })
  return { revision, ...result }
}

/** What "I own this army" did, in players' words: added, or why nothing was. */
export function ownedWords(result: { items: CollectionItem[]; rosters: OwnedRoster[] }): string {
  const n = result.rosters.length
  const unread = result.rosters.reduce((sum, r) => sum + r.unread, 0)
  const skipped = unread ? ` (${countOf(unread, 'unit')} Muster cannot read left out: an unknown troop type or count)` : ''
  if (result.items.length === 0) return `Nothing added: your collection already fields ${n === 1 ? 'this roster' : `each of these ${n} rosters`}${skipped}.`
  const from = n === 1 ? '1 roster' : `${result.rosters.filter((r) => r.added > 0).length} of ${n} rosters (the others it fields already)`
  return `Added ${countOf(result.items.length, 'item')} from ${n === 1 || result.rosters.every((r) => r.added > 0) ? countOf(n, 'roster') : from} to your collection${skipped}.`
}
