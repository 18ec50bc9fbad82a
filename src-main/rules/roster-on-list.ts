// A roster saved on a list that a Meshwesh catalogue's list of the same number now supersedes
// (list-twins.ts; docs/adr/0023-one-list-per-list-number.md), read as a roster of the list in force:
// its army id, and the options, allied contingents, battle-card options and part it names, each
// matched to the same entry of the new list. The two copies are one list written twice (the bundled
// one in Muster's own words, from the same facts), so their options stand in the same order with the
// same troops; only the ids differ (`legionaries` is `elite-foot`). The file itself is never changed
// here: the engine checks, and the app opens, the roster as read; saving it in the editor stores it so.
import type { LoadedRuleset } from './registry'
import type { ListAlias } from './list-twins'
import { forSubFaction, needsSubFaction } from './context'
import type { Ally, Army, ArmyOption } from './types'

/** Which list a roster was saved on and which it is now read as, with the sentence that says so. */
export interface ListMove {
  from: { id: string; name: string; list: string }
  to: { id: string; name: string; list: string; origin?: string }
  /** The part of the new list the roster is read as, when the new list has parts and only one fits the roster. */
  subFaction?: { id: string; name: string }
  /** In players' words, one sentence. */
  message: string
}

const sameTroops = (a: ArmyOption, b: ArmyOption) => a.troops.length === b.troops.length && a.troops.every((t) => b.troops.includes(t))

/** Old option id -> new option id: the option in the same place with the same troops, else the one other option with the same troops. */
function optionMap(before: ArmyOption[], after: ArmyOption[]): Map<string, string> {
  const map = new Map<string, string>()
  const taken = new Set<ArmyOption>()
  before.forEach((o, i) => {
    if (after[i] && sameTroops(o, after[i])) {
      map.set(o.id, after[i].id)
      taken.add(after[i])
    }
  })
  for (const o of before) {
    if (map.has(o.id)) continue
    const same = after.filter((n) => !taken.has(n) && sameTroops(o, n))
    if (same.length === 1) {
      map.set(o.id, same[0].id)
      taken.add(same[0])
    }
  }
  return map
}

/** The list numbers of an ally's contingents, in order: what tells two copies of one ally apart from others. */
const contingentLists = (a: Ally) => a.contingents.map((c) => c.list ?? c.name).join('+')

/** Old allied option key (`ally.contingent.option`) -> new key, ally by ally (same place, or the one with the same contingents). */
function alliedMap(before: Ally[], after: Ally[]): Map<string, string> {
  const map = new Map<string, string>()
  before.forEach((a, i) => {
    const same = after[i] && contingentLists(after[i]) === contingentLists(a) ? after[i] : after.filter((n) => contingentLists(n) === contingentLists(a))
    const b = Array.isArray(same) ? (same.length === 1 ? same[0] : undefined) : same
    if (!b || b.contingents.length !== a.contingents.length) return
    a.contingents.forEach((c, k) => {
      const d = b.contingents[k]
      for (const [from, to] of optionMap(c.options, d.options)) map.set(`${a.id}.${c.id}.${from}`, `${b.id}.${d.id}.${to}`)
    })
  })
  return map
}

/** Every option key a list has: own ids and `ally.contingent.option`. */
function optionKeys(army: Army): Set<string> {
  const keys = new Set(army.options.map((o) => o.id))
  for (const a of army.allies ?? []) for (const c of a.contingents) for (const o of c.options) keys.add(`${a.id}.${c.id}.${o.id}`)
  return keys
}

/** The entry an option key names in a list (the option, and its ally for an allied one). */
function entryOf(army: Army, key: string): { option: ArmyOption; ally?: Ally } | undefined {
  const [allyId, contingentId, optionId] = key.split('.')
  if (optionId === undefined) {
    const option = army.options.find((o) => o.id === key)
    return option && { option }
  }
  const ally = army.allies?.find((a) => a.id === allyId)
  const option = ally?.contingents.find((c) => c.id === contingentId)?.options.find((o) => o.id === optionId)
  return option && ally && { option, ally }
}

type RosterLike = Record<string, unknown> & { army?: unknown; units?: unknown; battleCards?: unknown; subFaction?: unknown }
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The roster as a roster of the list in force, and what moved, when it names a superseded list's old
 * id; the roster itself (the same object) and no move otherwise. Never changes the object it is given.
 */
export function rosterOnListInForce<T>(loaded: LoadedRuleset, roster: T): { roster: T; move?: ListMove } {
  if (!isObject(roster) || typeof roster.army !== 'string') return { roster }
  const alias = loaded.armies.aliasOf(roster.army)
  const after = alias && loaded.armies.get(alias.to)
  if (!alias || !after) return { roster }
  const r = roster as RosterLike
  const before = alias.superseded
  const mapped = new Map([...optionMap(before.options, after.options), ...alliedMap(before.allies ?? [], after.allies ?? [])])
  const oldKeys = optionKeys(before)
  // An option of the old list goes to its match in the new one, or is left for the check to infer
  // (as a unit that names none); anything else (already a new id, or a typing slip) stays for the check.
  const optionIn = <E extends Record<string, unknown>>(entry: E): E => {
    if (typeof entry.option !== 'string' || !oldKeys.has(entry.option)) return entry
    const to = mapped.get(entry.option)
    if (to === entry.option) return entry
    const { option: _old, ...rest } = entry
    return (to ? { ...rest, option: to } : rest) as unknown as E
  }
  const next: RosterLike = { ...r, army: after.id }
  if (Array.isArray(r.units)) next.units = r.units.map((u) => (isObject(u) ? optionIn(u) : u))
  if (Array.isArray(r.battleCards)) next.battleCards = r.battleCards.map((c) => (isObject(c) ? optionIn(c) : c))
  const subFaction = partOf(before, after, next)
  if (subFaction) next.subFaction = subFaction.id
  return { roster: next as T, move: moveOf(alias, before, after, subFaction) }
}

/**
 * The part of the new list the roster is: the one of the same id or place when the old list had parts
 * and the roster named one; when it named none and the new list asks for one (a part's minimum, or
 * an option or ally the roster uses that is for some parts only), the one part every such entry
 * allows, if exactly one does. Undefined: the roster's own `subFaction` stands (or none), for the
 * check to judge.
 */
function partOf(before: Army, after: Army, r: RosterLike): { id: string; name: string } | undefined {
  const parts = after.subFactions ?? []
  if (parts.length === 0) return undefined
  if (typeof r.subFaction === 'string') {
    if (parts.some((p) => p.id === r.subFaction)) return undefined
    const i = (before.subFactions ?? []).findIndex((p) => p.id === r.subFaction)
    return i >= 0 && parts[i] ? parts[i] : undefined
  }
  const used = (Array.isArray(r.units) ? r.units : [])
    .map((u) => (isObject(u) && typeof u.option === 'string' ? entryOf(after, u.option) : undefined))
    .filter((e): e is { option: ArmyOption; ally?: Ally } => e !== undefined)
  const restricted = used.filter((e) => e.option.subFactions || e.ally?.subFactions)
  if (!needsSubFaction(after) && restricted.length === 0) return undefined
  const fits = parts.filter((p) => restricted.every((e) => forSubFaction(e.option, p.id) !== false && (!e.ally || forSubFaction(e.ally, p.id) !== false)))
  return fits.length === 1 ? fits[0] : undefined
}

function moveOf(alias: ListAlias, before: Army, after: Army, subFaction: { id: string; name: string } | undefined): ListMove {
  const origin = typeof after.source?.origin === 'string' ? after.source.origin : undefined
  const list = typeof after.source?.list === 'string' ? after.source.list : alias.list
  const whose = `${origin ?? 'the catalogue'}'s`
  const part = subFaction ? `, as its part '${subFaction.name}' (the one part its units allow)` : ''
  return {
    from: { id: alias.from, name: before.name, list: alias.list },
    to: { id: after.id, name: after.name, list, ...(origin ? { origin } : {}) },
    ...(subFaction ? { subFaction } : {}),
    message: `This roster was saved on Muster's own list ${alias.list} ${before.name}; Muster now uses ${whose} ${list} ${after.name}${part}.`
  }
}
