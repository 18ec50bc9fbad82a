// The player's collection: what they own, what it counts as in each ruleset, which armies it fields
// and what a roster still lacks. Plain functions of the library, the engine and their input; the
// CLI (`muster collection`) and the app call these, and tests call them on a real SQLite file.
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { Engine } from '../rules'
import {
  armyCoverage,
  attributeAllowed,
  figureKey,
  unitAttributes,
  attributeWords,
  fitAndLeft,
  fitRoster,
  pooled,
  proposeKind,
  standsPerUnit,
  supplyIn,
  type ArmyCoverage,
  type CountsAsTable,
  type RosterFit,
  type SupplyWarning
} from '../rules/coverage'
import { projectRoot } from '../rules/paths'
import { describeAjvErrors, projectAjv, schemaId } from '../rules/schemas'
import type { Roster, RosterUnit, TroopType } from '../rules/types'
import type { LoadedRuleset } from '../rules/registry'
import { countOf } from '../rules/messages'
import { buildShoppingListDoc, type Paper } from '../export'
import { renderPdfWithPages } from '../export/write-pdf'
import { sameFigures, toBuyLine as shoppingLine } from '../../src-shared/owned'
import { parseJsonStrict, readJsonFile, type ReadResult } from '../files/read-json'
import * as store from '../store'
import type { CollectionFile, CollectionItem } from '../store'

export type { CollectionFile, CollectionItem }
export { StoreError } from '../store'
export { attributeWords } from '../rules/coverage'

/** Largest collection file read (bytes): 5,000 items at their longest fit well inside it. */
export const MAX_COLLECTION_BYTES = 32 * 1024 * 1024

let countsAs: CountsAsTable | undefined
/** The counts-as table (data/collection/counts-as.json), checked against its schema once a process. */
export function countsAsTable(): CountsAsTable {
  if (countsAs) return countsAs
  const file = join(projectRoot(), 'data', 'collection', 'counts-as.json')
  const read = readJsonFile(file, 4 * 1024 * 1024, 'the counts-as table')
  if (!read.ok) throw new Error(`${read.place}: ${read.message}`)
  const validate = projectAjv().getSchema(schemaId('counts-as.schema.json'))!
  if (!validate(read.data)) throw new Error(`${file}: ${describeAjvErrors(validate.errors).join('; ')}`)
  return (countsAs = read.data as CountsAsTable)
}

/** A collection file's text as a collection, or why not (where, in the player's words): refused whole, never in part. */
export function parseCollection(place: string, read: ReadResult): { ok: true; collection: CollectionFile } | { ok: false; message: string } {
  if (!read.ok) return { ok: false, message: `${read.place}: ${read.message}` }
  const validate = projectAjv().getSchema(schemaId('collection.schema.json'))!
  if (!validate(read.data)) return { ok: false, message: `${place}: not a Muster collection: ${describeAjvErrors(validate.errors).slice(0, 5).join('; ')}` }
  const collection = read.data as CollectionFile
  const seen = new Set<string>()
  for (const [i, item] of collection.items.entries()) {
    if (seen.has(item.id))
      return { ok: false, message: `${place}: item ${i + 1} (${item.name}) has the id '${item.id}' of an earlier item; each item needs its own id.` }
    seen.add(item.id)
  }
  return { ok: true, collection }
}

/** Reads a collection file (duplicate keys, bad UTF-8, out-of-range counts: refused whole). */
export function readCollectionFile(file: string): ReturnType<typeof parseCollection> {
  return parseCollection(file, readJsonFile(file, MAX_COLLECTION_BYTES, 'a collection file'))
}

/** The same, from text (e.g. what the app's window was given). */
export const parseCollectionText = (place: string, text: string) => parseCollection(place, parseJsonStrict(place, text))

export interface ListedCollection {
  revision: number
  items: CollectionItem[]
  /** Items some ruleset cannot count as they stand (a troop type the data no longer has): listed, never dropped. */
  warnings: SupplyWarning[]
}

export function listCollection(db: store.Db, engine: Engine): ListedCollection {
  const { revision, collection } = store.getCollection(db)
  const table = countsAsTable()
  const warnings = [...engine.registry.rulesets.values()].flatMap((loaded) => supplyIn(table, loaded, collection.items).warnings)
  return { revision, items: collection.items, warnings }
}

export interface NewItem {
  name: string
  count: number
  counted?: 'stands' | 'figures'
  /** What it counts as in one ruleset; the others are proposed from the counts-as table. */
  ruleset: string
  troop: string
  attributes?: Record<string, string | boolean>
  figuresPerStand?: number
  basing?: string
  notes?: string
}

/** The collection format's bounds (schemas/collection.schema.json), said in words before the schema would. */
const MAX_COUNT = 100_000
const MAX_NAME = 120

/** Attribute values the troop type takes, or a StoreError saying which it takes and with what values. */
function checkAttributes(loaded: LoadedRuleset, troop: TroopType, attributes: Record<string, string | boolean> = {}): void {
  for (const [attr, value] of Object.entries(attributes)) {
    if (attributeAllowed(loaded, troop, attr, value)) continue
    const takes = Object.keys(troop.attributes ?? {})
    const def = loaded.ruleset.attributes[attr]
    const values = troop.attributes?.[attr] ? (def?.type === 'boolean' ? ['true', 'false'] : (troop.attributes[attr].values ?? def?.values ?? [])) : []
    throw new store.StoreError(
      'invalid',
      values.length
        ? `${troop.name} in ${loaded.ruleset.name} cannot have ${attr} '${String(value)}'; it may be ${values.join(', ')}.`
        : `${troop.name} in ${loaded.ruleset.name} has no attribute '${attr}'; ${takes.length ? `it takes ${takes.join(', ')}` : 'it takes none'}.`
    )
  }
}

/** An item, its counts-as in the other rulesets proposed (unconfirmed) from the kind its troop type is. */
export function makeItem(engine: Engine, input: NewItem): CollectionItem {
  const loaded = engine.registry.rulesets.get(input.ruleset)
  if (!loaded) throw new store.StoreError('invalid', `Unknown ruleset '${input.ruleset}'; Muster knows ${[...engine.registry.rulesets.keys()].join(', ')}.`)
  const troop = loaded.troops.get(input.troop)
  if (!troop) throw new store.StoreError('invalid', `${loaded.ruleset.name} has no troop type '${input.troop}'.`)
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > MAX_COUNT)
    throw new store.StoreError('invalid', `The count must be a whole number from 1 to ${MAX_COUNT.toLocaleString('en-GB')}; it is ${String(input.count)}.`)
  if (input.name.trim().length > MAX_NAME)
    throw new store.StoreError('invalid', `An item's name may be at most ${MAX_NAME} characters; this one is ${input.name.trim().length}.`)
  checkAttributes(loaded, troop, input.attributes)
  const table = countsAsTable()
  const kind = proposeKind(table, input.ruleset, input.troop, input.attributes)
  const countsAs: CollectionItem['countsAs'] = {}
  for (const [ruleset, as] of Object.entries(kind?.troops ?? {})) if (engine.registry.rulesets.has(ruleset)) countsAs[ruleset] = { ...as, confirmed: false }
  countsAs[input.ruleset] = {
    troop: input.troop,
    ...(input.attributes && Object.keys(input.attributes).length ? { attributes: input.attributes } : {}),
    confirmed: true
  }
  const counting = table.rulesets[input.ruleset]
  const item: CollectionItem = {
    id: randomUUID(),
    name: input.name.trim() || troop.name,
    count: input.count,
    counted: input.counted ?? (counting?.counts === 'figures' ? 'figures' : 'stands'),
    countsAs
  }
  if (kind) item.kind = kind.id
  if (input.figuresPerStand !== undefined) item.figuresPerStand = input.figuresPerStand
  if (input.basing) item.basing = input.basing
  if (input.notes) item.notes = input.notes
  return item
}

/** Saves the items as the new collection after checking them against the published schema (a bad item is refused, nothing saved). */
function save(db: store.Db, items: CollectionItem[], message: string): number {
  const collection: CollectionFile = { format: 'muster-collection', version: 1, items }
  const checked = parseCollection('the collection', { ok: true, data: collection, text: '' })
  if (!checked.ok) throw new store.StoreError('invalid', checked.message)
  return store.saveCollection(db, collection, message)
}

export function addItems(db: store.Db, engine: Engine, inputs: NewItem[]): { revision: number; items: CollectionItem[] } {
  const items = inputs.map((i) => makeItem(engine, i))
  const { collection } = store.getCollection(db)
  const revision = save(db, [...collection.items, ...items], items.length === 1 ? `Added ${items[0].name}` : `Added ${items.length} items`)
  return { revision, items }
}

/** The shortest start of an id taken for the whole (`list` shows 8 characters). */
const MIN_ID_START = 4

/** An item by id, or by a unique start of one (as `list` prints the first 8 characters). */
export function findItem(db: store.Db, given: string): CollectionItem {
  if (given.trim().length < MIN_ID_START)
    throw new store.StoreError('invalid', `Give an item's id, or at least its first ${MIN_ID_START} characters (\`muster collection list\` shows them).`)
  const items = store.getCollection(db).collection.items
  const exact = items.find((i) => i.id === given)
  if (exact) return exact
  const found = items.filter((i) => i.id.startsWith(given))
  if (found.length !== 1)
    throw new store.StoreError(
      'not-found',
      found.length ? `'${given}' matches several items; give more of the id` : `no item with id '${given}' in the collection`
    )
  return found[0]
}

/** Removes items by id (or a unique start of one); an id that matches nothing is an error, and nothing is removed. */
export function removeItems(db: store.Db, ids: string[]): { revision: number; removed: CollectionItem[] } {
  const { collection } = store.getCollection(db)
  const removed = ids.map((given) => findItem(db, given))
  const gone = new Set(removed.map((i) => i.id))
  const once = collection.items.filter((i) => gone.has(i.id))
  const revision = save(
    db,
    collection.items.filter((i) => !gone.has(i.id)),
    `Removed ${once.length === 1 ? once[0].name : `${once.length} items`}`
  )
  return { revision, removed: once }
}

/** What the player may change of an item besides its counts-as. */
export type ItemChanges = Partial<Pick<CollectionItem, 'name' | 'count' | 'counted' | 'figuresPerStand' | 'basing' | 'notes'>>

/** Changes an item's name, count, basing or notes (a field given as '' or null is cleared, where it may be). */
export function updateItem(db: store.Db, id: string, changes: ItemChanges): number {
  const { collection } = store.getCollection(db)
  const item = collection.items.find((i) => i.id === id)
  if (!item) throw new store.StoreError('not-found', `no item with id '${id}' in the collection`)
  const changed: CollectionItem = { ...item, ...changes }
  for (const key of ['figuresPerStand', 'basing', 'notes'] as const) if (changed[key] === '' || changed[key] === null) delete changed[key]
  return save(
    db,
    collection.items.map((i) => (i.id === id ? changed : i)),
    `Changed ${item.name}`
  )
}

/** Sets what an item counts as in one ruleset (the player's choice: confirmed). */
export function setCountsAs(db: store.Db, engine: Engine, id: string, ruleset: string, troop: string, attributes?: Record<string, string | boolean>): number {
  const { collection } = store.getCollection(db)
  const item = collection.items.find((i) => i.id === id)
  if (!item) throw new store.StoreError('not-found', `no item with id '${id}' in the collection`)
  const loaded = engine.registry.rulesets.get(ruleset)
  const type = loaded?.troops.get(troop)
  if (!loaded || !type) throw new store.StoreError('invalid', `${loaded?.ruleset.name ?? `Ruleset '${ruleset}'`} has no troop type '${troop}'.`)
  checkAttributes(loaded, type, attributes)
  // The values it had that the troop type takes (a class kept when the type changes), else the kind's.
  const kept = Object.fromEntries(Object.entries(item.countsAs[ruleset]?.attributes ?? {}).filter(([a, v]) => attributeAllowed(loaded, type, a, v)))
  const proposed = proposeKind(countsAsTable(), ruleset, troop, kept)?.troops[ruleset]
  // Given values over those kept: a class stays when only the status is said.
  const values = attributes ? { ...kept, ...attributes } : Object.keys(kept).length ? kept : proposed?.troop === troop ? (proposed.attributes ?? {}) : {}
  const changed = {
    ...item,
    countsAs: { ...item.countsAs, [ruleset]: { troop, ...(Object.keys(values).length ? { attributes: values } : {}), confirmed: true } }
  }
  return save(
    db,
    collection.items.map((i) => (i.id === id ? changed : i)),
    `${item.name} counts as ${loaded.troops.get(troop)!.name} in ${loaded.ruleset.shortName ?? loaded.ruleset.name}`
  )
}

/** Imports a collection file: `replace` puts it in place of the collection, `merge` adds the items whose ids are new. */
export function importCollection(db: store.Db, collection: CollectionFile, mode: 'replace' | 'merge'): { revision: number; added: number; skipped: number } {
  const current = store.getCollection(db).collection.items
  if (mode === 'replace')
    return { revision: save(db, collection.items, `Imported ${collection.items.length} items`), added: collection.items.length, skipped: 0 }
  const have = new Set(current.map((i) => i.id))
  const fresh = collection.items.filter((i) => !have.has(i.id))
  return { revision: save(db, [...current, ...fresh], `Imported ${fresh.length} items`), added: fresh.length, skipped: collection.items.length - fresh.length }
}

export function exportCollection(db: store.Db): CollectionFile {
  const { collection } = store.getCollection(db)
  return { format: 'muster-collection', version: 1, exportedAt: new Date().toISOString(), items: collection.items }
}

/** Undo: the collection as it was one revision earlier, saved again as a new revision (nothing is lost). */
export function undoCollection(db: store.Db): { revision: number; restored: number } | null {
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
  if (!undone) return null
  const back = stack[stack.length - 1]
  const items = back ? store.getCollection(db, back.revision).collection.items : []
  return { revision: save(db, items, `${UNDID}${undone.message ?? `revision ${undone.revision}`}`), restored: back?.revision ?? 0 }
}

const UNDID = 'Undid: '

/**
 * "I own this army": the roster's units as items, alike units (troop type and attribute values) as
 * one; only what the collection (`owned`) does not field of it yet, so a roster owned twice, or one
 * built from the collection, adds nothing again. In a ruleset that counts units, stands owned short
 * of a whole unit count towards it (2 stands owned of a unit of 4: 2 added). `unread`: the units
 * Muster cannot read (an unknown troop type, a count that is not a whole number of at least 1),
 * which add nothing.
 */
export function ownRoster(engine: Engine, roster: Roster, owned: CollectionItem[] = []): { items: NewItem[]; unread: number } {
  const loaded = engine.registry.rulesets.get(roster.ruleset)
  if (!loaded) throw new store.StoreError('invalid', `Unknown ruleset '${roster.ruleset}'.`)
  const table = countsAsTable()
  const byUnits = table.rulesets[roster.ruleset]?.counts === 'units'
  const units: unknown[] = Array.isArray(roster.units) ? roster.units : []
  // Per roster unit, how much of it the collection already fields, and what is left of each item.
  const { supply } = supplyIn(table, loaded, owned)
  const { fit, left } = fitAndLeft(table, loaded, units, supply)
  const covered = new Map(fit.covered.map((c) => [c.unit, c.covered]))
  const byKind = new Map<string, NewItem>()
  let unread = 0
  units.forEach((given, index) => {
    const unit = given as RosterUnit
    const troop = typeof unit === 'object' && unit !== null ? loaded.troops.get(unit.troop) : undefined
    if (!troop || !Number.isInteger(unit.count) || unit.count < 1) {
      unread++
      return
    }
    const wanted = unit.count - (covered.get(index) ?? 0)
    if (wanted <= 0) return
    const attributes = unitAttributes(loaded, unit)
    // A ruleset that counts units owns their stands: a unit of 4 bases is 4 stands on the shelf, less
    // the stands of its kind owned short of a whole unit.
    let count = wanted
    if (byUnits) {
      count = wanted * standsPerUnit(table, roster.ruleset, unit.troop)
      supply.forEach((s, i) => {
        if (count === 0 || s.troop !== unit.troop || !sameFigures(s.attributes, attributes)) return
        const take = Math.min(left[i], count)
        left[i] -= take
        count -= take
      })
      if (count === 0) return
    }
    const key = figureKey(unit.troop, attributes)
    const seen = byKind.get(key)
    if (seen) seen.count += count
    else byKind.set(key, { name: troop.name, count, ruleset: roster.ruleset, troop: unit.troop, attributes })
  })
  return { items: [...byKind.values()], unread }
}

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
  const { revision, collection } = store.getCollection(db)
  const made: CollectionItem[] = []
  const each = rosters.map((roster) => {
    const { items, unread } = ownRoster(engine, roster, [...collection.items, ...made])
    made.push(...items.map((i) => makeItem(engine, i)))
    return { added: items.length, unread }
  })
  if (made.length === 0) return { revision, items: [], rosters: each }
  const saved = save(db, [...collection.items, ...made], made.length === 1 ? `Added ${made[0].name}` : `Added ${made.length} items`)
  return { revision: saved, items: made, rosters: each }
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

export interface FitReport extends RosterFit {
  name: string
  /** The ruleset's and the army's names, and what the ruleset counts: for saying it. */
  rulesetName: string
  armyName: string
  counts: 'stands' | 'figures' | 'units'
}

/** "Britons (Triumph!, Ancient British): 8 of 12 stands covered". */
export function fitHeadline(r: FitReport): string {
  const need = r.covered.reduce((sum, c) => sum + c.count, 0)
  const have = r.covered.reduce((sum, c) => sum + c.covered, 0)
  return `${r.name} (${r.rulesetName}, ${r.armyName}): ${have} of ${countOf(need, r.counts.slice(0, -1))} covered`
}

/** For each roster: what of it the collection covers and what is missing (each roster against the whole collection). */
export function fitRosters(engine: Engine, items: CollectionItem[], rosters: Array<{ name: string; roster: Roster }>): FitReport[] {
  const table = countsAsTable()
  return rosters.map(({ name, roster }) => {
    const loaded = engine.registry.rulesets.get(roster.ruleset)
    if (!loaded) throw new store.StoreError('invalid', `${name}: unknown ruleset '${roster.ruleset}'.`)
    const { supply } = supplyIn(table, loaded, items)
    return {
      ...fitRoster(table, loaded, roster.units ?? [], supply),
      army: roster.army,
      name,
      rulesetName: loaded.ruleset.name,
      armyName: loaded.armies.get(roster.army)?.name ?? roster.army,
      counts: table.rulesets[loaded.ruleset.id]?.counts ?? 'stands'
    }
  })
}

/** What the collection still has for a roster's ruleset once the roster's units have taken theirs: the editor's "only what I own". */
export interface OwnedLeft {
  ruleset: string
  counts: 'stands' | 'figures' | 'units'
  /**
   * By troop type (with the attribute values items name): owned and still unused, in figures where
   * the ruleset counts figures, else in stands (`per` of them make one unit where it counts units).
   * src-shared/owned.ts reads it.
   */
  troops: Array<{ troop: string; troopName: string; attributes: Record<string, string | boolean>; owned: number; left: number; per: number }>
}

export function ownedLeft(engine: Engine, items: CollectionItem[], roster: Roster): OwnedLeft {
  const loaded = engine.registry.rulesets.get(roster.ruleset)
  if (!loaded) throw new store.StoreError('invalid', `Unknown ruleset '${roster.ruleset}'.`)
  const table = countsAsTable()
  const { supply } = supplyIn(table, loaded, items)
  const { left } = fitAndLeft(table, loaded, Array.isArray(roster.units) ? roster.units : [], supply)
  // Amounts of alike items together (whole units are made where they are read: src-shared/owned.ts).
  const troops = new Map<string, OwnedLeft['troops'][number]>()
  supply.forEach((s, i) => {
    const key = figureKey(s.troop, s.attributes)
    const line = troops.get(key) ?? { troop: s.troop, troopName: loaded.troops.get(s.troop)!.name, attributes: s.attributes, owned: 0, left: 0, per: s.per }
    line.owned += s.amount
    line.left += left[i]
    troops.set(key, line)
  })
  return {
    ruleset: loaded.ruleset.id,
    counts: table.rulesets[loaded.ruleset.id]?.counts ?? 'stands',
    troops: [...troops.values()]
  }
}

/** The roster's units the collection does not wholly cover (by index): the proxies a roster sheet marks. */
export function proxyUnits(engine: Engine, items: CollectionItem[], roster: Roster): Set<number> {
  // A roster Muster cannot read marks nothing: its check says what is wrong.
  if (typeof roster !== 'object' || roster === null || typeof roster.ruleset !== 'string' || !engine.registry.rulesets.has(roster.ruleset)) return new Set()
  const [report] = fitRosters(engine, items, [{ name: '', roster }])
  return new Set(report.covered.filter((c) => c.covered < c.count).map((c) => c.unit))
}

/** What to buy to field any one of the rosters (the most each needs of a troop type: they are not played at once), summed by troop type and attributes. */
export function shoppingList(reports: FitReport[]): Array<RosterFit['missing'][number] & { ruleset: string }> {
  const most = new Map<string, RosterFit['missing'][number] & { ruleset: string }>()
  for (const r of reports)
    for (const m of r.missing) {
      const key = `${r.ruleset} ${figureKey(m.troop, m.attributes)}`
      const seen = most.get(key)
      if (!seen || seen.count < m.count) most.set(key, { ...m, ruleset: r.ruleset })
    }
  return [...most.values()]
}

/** One line of a shopping list in words: "2 stands of Warband, 3 figures each". */
export function toBuyLine(m: RosterFit['missing'][number]): string {
  return shoppingLine(m, attributeWords(m.attributes))
}

/** The shopping list as plain text, by ruleset: what to buy to field any one of the rosters. */
export function shoppingText(engine: Engine, reports: FitReport[]): string {
  const list = shoppingList(reports)
  if (list.length === 0) return 'Nothing to buy: the collection fields every roster.\n'
  const lines = [`What to buy (to field any one of: ${reports.map((r) => r.name).join('; ')})`]
  for (const ruleset of new Set(list.map((m) => m.ruleset))) {
    lines.push('', engine.registry.rulesets.get(ruleset)?.ruleset.name ?? ruleset)
    for (const m of list.filter((x) => x.ruleset === ruleset)) lines.push(`  ${toBuyLine(m)}`)
  }
  return lines.join('\n') + '\n'
}

/** The shopping list as a printable PDF: what the rosters lack, per ruleset (export/shopping-list.ts). */
export async function shoppingListPdf(engine: Engine, reports: FitReport[], paper: Paper): Promise<Buffer> {
  const rulesetNames = Object.fromEntries([...engine.registry.rulesets.values()].map((r) => [r.ruleset.id, r.ruleset.name]))
  const { pdf } = await renderPdfWithPages(buildShoppingListDoc({ reports, toBuy: shoppingList(reports), rulesetNames, paper }))
  return pdf
}

export interface ArmyFielded extends ArmyCoverage {
  ruleset: string
  army: string
  name: string
  /** Sorts: the minimum's share, then the full army's. */
  coverage: number
}

/** Every army of every ruleset (or one ruleset) with the share of it the collection fields, best covered first. */
export function armiesFielded(engine: Engine, items: CollectionItem[], ruleset?: string): ArmyFielded[] {
  const table = countsAsTable()
  const out: ArmyFielded[] = []
  for (const loaded of engine.registry.rulesets.values()) {
    if (ruleset !== undefined && loaded.ruleset.id !== ruleset) continue
    const supply = pooled(supplyIn(table, loaded, items).supply)
    for (const army of loaded.armies.values()) {
      const c = armyCoverage(engine.armyContext(loaded.ruleset.id, army.id), supply)
      out.push({ ruleset: loaded.ruleset.id, army: army.id, name: army.name, coverage: c.minimum, ...c })
    }
  }
  // The minimum's share, then the full army's, then the points fieldable (a ruleset with no default size).
  return out.sort((a, b) => b.minimum - a.minimum || (b.full ?? 0) - (a.full ?? 0) || b.points - a.points || a.name.localeCompare(b.name))
}
