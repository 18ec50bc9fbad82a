// What of an army list a check code covers (issue 26, review; docs/adr/0016-data-in-force.md): the
// list's rules, not its bookkeeping or its authors' words. The one place that says which fields are
// left out, and why.
import type { Army } from './types'

/**
 * The fields of an army list that bear on no rule, by where they stand in the list
 * (schemas/army.schema.json). A check code leaves them out, so two honest copies of one list give
 * one code. Every other field is covered: this is a deny-list on purpose, so a field added to the
 * schema later is covered until someone decides here that it is only words.
 *
 * - `source`: where the list came from, and when this machine fetched it (a Meshwesh sync writes
 *   `fetched`, the day it ran, and `removed`, the day it saw the list gone: the latter brings a
 *   warning, never a rule). An organiser who synced on another day must get the player's code.
 * - `categories`, `enemies`, `related`, `region`, `era`: for browsing, pairing and event pools. An
 *   event's pool is checked by the organiser's own data at the event check, not by a code.
 * - `name`, `notes`, an option's `name`, `restriction` and `source` (whose limit it is, for messages), an ally's or contingent's `name`, a
 *   sub-faction's `name`, a battle card's or a fact's `note`: words shown to people. `--facts-only`
 *   writes some of them otherwise (or not at all), and the engine decides nothing by them (it
 *   matches options, allies and sub-factions by id).
 * - `$schema`: an editor's hint.
 */
export const NOT_RULES = {
  army: ['$schema', 'name', 'notes', 'source', 'categories', 'enemies', 'related', 'region', 'era'],
  option: ['name', 'restriction', 'source'],
  ally: ['name'],
  contingent: ['name'],
  subFaction: ['name'],
  battleCard: ['note'],
  fact: ['note']
} as const satisfies Record<string, readonly string[]>

type Obj = Record<string, unknown>

const isObj = (v: unknown): v is Obj => Boolean(v) && typeof v === 'object' && !Array.isArray(v)

function without(o: unknown, keys: readonly string[], inner: (key: string, value: unknown) => unknown = (_k, v) => v): unknown {
  if (!isObj(o)) return o
  const out: Obj = {}
  for (const [k, v] of Object.entries(o)) if (!keys.includes(k)) out[k] = inner(k, v)
  return out
}

const each = (v: unknown, f: (x: unknown) => unknown): unknown => (Array.isArray(v) ? v.map(f) : v)

const card = (c: unknown) => without(c, NOT_RULES.battleCard)
const option = (o: unknown) => without(o, NOT_RULES.option, (k, v) => (k === 'battleCards' ? each(v, card) : v))
const contingent = (c: unknown) => without(c, NOT_RULES.contingent, (k, v) => (k === 'options' ? each(v, option) : v))
const ally = (a: unknown) => without(a, NOT_RULES.ally, (k, v) => (k === 'contingents' ? each(v, contingent) : v))

/** An army list's rules: the list without the fields of NOT_RULES, at every level. Not a valid list; only hashed. */
export function armyRules(army: Army | unknown): unknown {
  return without(army, NOT_RULES.army, (k, v) => {
    switch (k) {
      case 'options':
        return each(v, option)
      case 'allies':
        return each(v, ally)
      case 'battleCards':
        return each(v, card)
      case 'subFactions':
        return each(v, (s) => without(s, NOT_RULES.subFaction))
      case 'facts':
        return isObj(v) ? Object.fromEntries(Object.entries(v).map(([id, values]) => [id, each(values, (f) => without(f, NOT_RULES.fact))])) : v
      default:
        return v
    }
  })
}
