// A ruleset's army lists by id, read when first asked for (moved out of registry.ts with issue 39,
// which added the aliases of superseded lists: list-twins.ts, docs/adr/0023-one-list-per-list-number.md).
import type { Army } from './types'
import type { ListAlias, TwinFinder } from './list-twins'

/**
 * A ruleset's army lists by id, in the order they were added, the loader of those not read yet: a
 * list added with `addUnread` is read from its file (and cross-checked, `onRead`) when `get` first
 * asks for it, then kept; a read that throws leaves it unread, to be tried again. `values`,
 * `entries`, `forEach` and iteration read every list first; `keys`, `has` and `size` never read.
 * Read-only to everyone but loadRegistry, which adds the lists.
 *
 * A bundled list that a Meshwesh catalogue's list of the same number supersedes (list-twins.ts) is
 * an alias: out of every listing (`keys`, `values`, `size`), while `get` and `has` answer for its old
 * id with the list in force and `canonical` names that list. Which lists are superseded is found when
 * first needed: all of them before a listing, one id before `get`, `has`, `aliasOf` or `canonical`
 * of it (so `muster validate` of one roster reads only the lists that roster needs).
 */
export class ArmyLoader implements ReadonlyMap<string, Army> {
  /** Every list by id, in order: the army, or undefined while it is unread. */
  private readonly lists = new Map<string, Army | undefined>()
  /** How to read each list not read yet. */
  private readonly unread = new Map<string, () => Army>()
  /** Cross-checks each list as it is read (set by loadRegistry). */
  onRead?: (army: Army) => void
  /** Superseded bundled lists by their old id. */
  private readonly aliases = new Map<string, ListAlias>()
  private twins?: TwinFinder
  /** Every superseded list found (after `settleAll`), or a finder at work (its own reads are not settled again). */
  private settled = false
  private settling = false

  /** Adds a list read already (in place of one of that id, read or not). */
  add(army: Army): void {
    this.unread.delete(army.id)
    this.lists.set(army.id, army)
  }

  /** Adds a list that `read` reads when first asked for (in place of one of that id, read or not). */
  addUnread(id: string, read: () => Army): void {
    this.lists.set(id, undefined)
    this.unread.set(id, read)
  }

  /** What finds the superseded lists (list-twins.ts twinFinder), asked when first needed. */
  findTwinsWith(finder: TwinFinder | undefined): void {
    this.twins = finder
    this.settled = false
  }

  private settle(id?: string): void {
    if (!this.twins || this.settled || this.settling) return
    this.settling = true
    try {
      if (id === undefined) {
        this.twins.all()
        this.settled = true
      } else this.twins.one(id)
    } finally {
      this.settling = false
    }
  }

  /**
   * Takes a superseded list out of the listing; its id stays an alias of the list in force.
   * Historical enemies and related lists that name the old id name the new one (linksInForce).
   */
  supersede(alias: ListAlias): void {
    this.lists.delete(alias.from)
    this.unread.delete(alias.from)
    this.aliases.set(alias.from, alias)
    for (const army of this.readSoFar()) this.linksInForce(army)
  }

  /** The alias an old id is, if it is one. */
  aliasOf(id: string): ListAlias | undefined {
    this.settle(id)
    return this.aliases.get(id)
  }

  /** The id of the list in force for an id: the new list's for an alias, else the id itself. */
  canonical(id: string): string {
    return this.aliasOf(id)?.to ?? id
  }

  /** A list's enemies and related lists by the ids in force (each once, never itself). */
  private linksInForce(army: Army): void {
    if (this.aliases.size === 0) return
    const inForce = (ids: string[]) => [...new Set(ids.map((id) => this.aliases.get(id)?.to ?? id))].filter((id) => id !== army.id)
    if (army.enemies?.some((id) => this.aliases.has(id))) army.enemies = inForce(army.enemies)
    if (army.related?.some((id) => this.aliases.has(id))) army.related = inForce(army.related)
  }

  isUnread(id: string): boolean {
    return this.unread.has(id)
  }

  /** The list of that id, read from its file if this is the first time it is asked for (the list in force for an alias). */
  get(id: string): Army | undefined {
    this.settle(id)
    const alias = this.aliases.get(id)
    if (alias) return this.get(alias.to)
    const read = this.unread.get(id)
    if (read) {
      const army = read()
      this.onRead?.(army)
      this.linksInForce(army)
      this.unread.delete(id)
      this.lists.set(id, army)
    }
    return this.lists.get(id)
  }

  /** True for the lists listed and for the old ids of superseded ones. */
  has(id: string): boolean {
    this.settle(id)
    return this.lists.has(id) || this.aliases.has(id)
  }

  get size(): number {
    this.settle()
    return this.lists.size
  }

  keys(): MapIterator<string> {
    this.settle()
    return this.lists.keys()
  }

  /** The lists read so far, none read now. */
  readSoFar(): Army[] {
    return [...this.lists.values()].filter((army): army is Army => army !== undefined)
  }

  /** Reads every list not read yet. */
  readAll(): void {
    this.settle()
    for (const id of [...this.unread.keys()]) this.get(id)
  }

  values(): MapIterator<Army> {
    this.readAll()
    return this.lists.values() as MapIterator<Army>
  }

  entries(): MapIterator<[string, Army]> {
    this.readAll()
    return this.lists.entries() as MapIterator<[string, Army]>
  }

  [Symbol.iterator](): MapIterator<[string, Army]> {
    return this.entries()
  }

  forEach(fn: (army: Army, id: string, armies: ReadonlyMap<string, Army>) => void, thisArg?: unknown): void {
    for (const [id, army] of this.entries()) fn.call(thisArg, army, id, this)
  }
}
