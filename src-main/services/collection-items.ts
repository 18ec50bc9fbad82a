// A collection's items on their own: the collection file's format checked (whole, and item by item),
// a new item made and its counts-as proposed, and a roster's units as items. Pure functions of the
// engine and the counts-as table; services/collection.ts stores what they make.
import { randomUUID } from '../files/node-crypto'
import { join } from 'node:path'
import type { Engine } from '../rules'
import { attributeAllowed, figureKey, unitAttributes, fitAndLeft, proposeKind, standsPerUnit, supplyIn, type CountsAsTable } from '../rules/coverage'
import { own } from '../rules/own'
import { projectRoot } from '../rules/paths'
import { describeAjvErrors, projectAjv, schemaId } from '../rules/schemas'
import type { Roster, RosterUnit, TroopType } from '../rules/types'
import type { LoadedRuleset } from '../rules/registry'
import { sameFigures } from '../../src-shared/owned'
import { parseJsonStrict, readJsonFile, type ReadResult } from '../files/read-json'
import { StoreError, type CollectionFile, type CollectionItem } from '../store'

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
export function checkAttributes(loaded: LoadedRuleset, troop: TroopType, attributes: Record<string, string | boolean> = {}): void {
  for (const [attr, value] of Object.entries(attributes)) {
    if (attributeAllowed(loaded, troop, attr, value)) continue
    const takes = Object.keys(troop.attributes ?? {})
    const def = own(loaded.ruleset.attributes, attr)
    const spec = own(troop.attributes, attr)
    const values = spec ? (def?.type === 'boolean' ? ['true', 'false'] : (spec.values ?? def?.values ?? [])) : []
    throw new StoreError(
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
  if (!loaded) throw new StoreError('invalid', `Unknown ruleset '${input.ruleset}'; Muster knows ${[...engine.registry.rulesets.keys()].join(', ')}.`)
  const troop = loaded.troops.get(input.troop)
  if (!troop) throw new StoreError('invalid', `${loaded.ruleset.name} has no troop type '${input.troop}'.`)
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > MAX_COUNT)
    throw new StoreError('invalid', `The count must be a whole number from 1 to ${MAX_COUNT.toLocaleString('en-GB')}; it is ${String(input.count)}.`)
  if (input.name.trim().length > MAX_NAME)
    throw new StoreError('invalid', `An item's name may be at most ${MAX_NAME} characters; this one is ${input.name.trim().length}.`)
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
  const counting = own(table.rulesets, input.ruleset)
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
  if (!loaded) throw new StoreError('invalid', `Unknown ruleset '${roster.ruleset}'.`)
  const table = countsAsTable()
  const byUnits = own(table.rulesets, roster.ruleset)?.counts === 'units'
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

/**
 * An item in the library Muster cannot use as it stands (stored by an older Muster, or a file it
 * took before it refused such items): listed with its id and what is wrong, so it can be removed
 * or fixed, and left out of what the collection fields. Never dropped, never a reason the rest fails.
 */
export interface BrokenItem {
  id: string
  name: string
  problem: string
}

/**
 * What is wrong with one item, by the collection format's item schema, in players' words ("what it
 * counts as in WRG 1969: 'constructor' cannot be a name here..."), or null when nothing is.
 */
export function itemProblem(item: unknown, rulesetName: (id: string) => string = (id) => id): string | null {
  const validate = projectAjv().getSchema(`${schemaId('collection.schema.json')}#/$defs/item`)!
  if (validate(item)) return null
  return describeAjvErrors(validate.errors)
    .slice(0, 3)
    .map((line) => {
      const at = line.indexOf(': ')
      return `${placeWords(line.slice(0, at), rulesetName)}: ${line.slice(at + 2)}`
    })
    .join('; ')
}

/** Where in an item a problem is, said as a player would: "/countsAs/wrg-1969/attributes" is "its attributes in WRG 1969". */
function placeWords(pointer: string, rulesetName: (id: string) => string): string {
  const [field, ruleset, part] = pointer.split('/').slice(1)
  if (field === 'countsAs' && ruleset !== undefined)
    return part === 'attributes' ? `its attributes in ${rulesetName(ruleset)}` : `what it counts as in ${rulesetName(ruleset)}`
  if (field === undefined || pointer === '(top level)') return 'the item'
  return `its ${field === 'countsAs' ? 'counts-as' : field}`
}

/** How an item with no id is listed, and can be removed: by its place in the collection. */
export const placeholderId = (index: number): string => `item-${index + 1}`

/** The items Muster can use, and those it cannot (each with what is wrong). */
export function splitItems(items: unknown[], rulesetName?: (id: string) => string): { usable: CollectionItem[]; broken: BrokenItem[] } {
  const usable: CollectionItem[] = []
  const broken: BrokenItem[] = []
  items.forEach((item, i) => {
    const problem = itemProblem(item, rulesetName)
    if (problem === null) return void usable.push(item as CollectionItem)
    const field = (key: string) => {
      const value = typeof item === 'object' && item !== null ? own(item as Record<string, unknown>, key) : undefined
      return typeof value === 'string' && value.trim() ? value : undefined
    }
    broken.push({ id: field('id') ?? placeholderId(i), name: field('name') ?? placeholderId(i), problem })
  })
  return { usable, broken }
}

/**
 * The collection's items checked before they are stored: each new or changed one against the
 * format (an item already stored as it is passes, so one broken item never blocks every other
 * change), the format's most items, and one id an item.
 */
export function checkItems(items: CollectionItem[], stored: readonly CollectionItem[]): void {
  const before = new Set(stored.map((i) => JSON.stringify(i)))
  items.forEach((item, i) => {
    const problem = before.has(JSON.stringify(item)) ? null : itemProblem(item)
    if (problem) throw new StoreError('invalid', `item ${i + 1} (${String(item.name)}): ${problem}`)
  })
  const most = MAX_ITEMS()
  if (items.length > most)
    throw new StoreError(
      'invalid',
      `A collection holds at most ${most.toLocaleString('en-GB')} items; this change would make it ${items.length.toLocaleString('en-GB')}.`
    )
  const seen = new Set<string>()
  for (const [i, item] of items.entries()) {
    if (seen.has(item.id))
      throw new StoreError('invalid', `item ${i + 1} (${item.name}) has the id '${item.id}' of an earlier item; each item needs its own id.`)
    seen.add(item.id)
  }
}

/** The format's most items (schemas/collection.schema.json), read from the schema itself. */
const MAX_ITEMS = (): number => {
  const schema = projectAjv().getSchema(schemaId('collection.schema.json'))!.schema as { properties: { items: { maxItems: number } } }
  return schema.properties.items.maxItems
}
