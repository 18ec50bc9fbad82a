// Quick add: items written as lines a player types or pastes, one item a line:
//   12 Gallic warriors as Warband
//   8 Warband in Triumph!
//   24 figures of Thracian peltasts as Light infantry (barbarian, C) in WRG 1969
// Each line is read in players' words before anything is added (what it understood, or what is
// wrong, with the nearest troop type or ruleset where one is close), then every line is added as one
// change (one revision, one undo) or, if any line is wrong, none. The app (IPC) and `muster
// collection add-lines` both read lines here. Troop types and rulesets are matched against the
// rules data's own names, whatever the ruleset.
import { distance } from 'fastest-levenshtein'
import type { Engine } from '../rules'
import type { LoadedRuleset } from '../rules/registry'
import type { TroopType } from '../rules/types'
import { own } from '../rules/own'
import { countOf, listWords } from '../rules/messages'
import * as store from '../store'
import type { CollectionItem } from '../store'
import { countsAsTable, type NewItem } from './collection-items'
import { addItems } from './collection'

/** One line as read: what it adds, or what is wrong with it (`line` counts from 1, blank lines included). */
export type LineReading = { line: number; text: string } & ({ ok: true; item: NewItem; said: string } | { ok: false; problem: string })

/** The most items one paste adds (as the app's add call takes), and the longest text read. */
export const MAX_LINES = 500
export const MAX_LINES_TEXT = 100_000
/** The collection format's bounds on a count and a name (schemas/collection.schema.json). */
const MAX_COUNT = 100_000
const MAX_NAME = 120

/** Names compared as players write them: case, accents, spaces, hyphens and punctuation aside ("Light-Foot", "light foot"). */
const key = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')

/** How a line goes, in the words of every message that says it. */
const HOW = "how many, a name and 'as' its troop type (e.g. '12 Gallic warriors as' a troop type of the ruleset)"

const COUNTED: Record<string, 'stands' | 'figures'> = { stand: 'stands', stands: 'stands', figure: 'figures', figures: 'figures' }

/**
 * The nearest of `names` to `given`: a slip of the keys ('typo': a few letters apart), or a name
 * the text holds or is part of ('part': "Gallic warriors" holds "Warriors"); undefined when none is near.
 */
function nearest(given: string, names: Array<{ name: string; keys: string[] }>): { name: string; how: 'typo' | 'part' } | undefined {
  const k = key(given)
  let best: { name: string; d: number; how: 'typo' | 'part' } | undefined
  for (const n of names)
    for (const nk of n.keys) {
      // A name held in the text, or the text in a name, if the shorter is a word's length (not "of" in "Light Foot").
      const part = Math.min(k.length, nk.length) >= 4 && (nk.includes(k) || k.includes(nk))
      const d = part ? Math.abs(nk.length - k.length) / 2 : distance(k, nk)
      if (!best || d < best.d) best = { name: n.name, d, how: part ? 'part' : 'typo' }
    }
  return best && best.d <= Math.max(2, Math.floor(k.length / 3)) ? { name: best.name, how: best.how } : undefined
}

const troopKeys = (t: TroopType) => [t.id, t.name, t.plural ?? t.name, ...(t.code ? [t.code] : [])].map(key)
const rulesetKeys = (r: LoadedRuleset) => [r.ruleset.id, r.ruleset.name, ...(r.ruleset.shortName ? [r.ruleset.shortName] : [])].map(key)

function troopIn(loaded: LoadedRuleset, text: string): TroopType | undefined {
  const k = key(text)
  return k ? [...loaded.troops.values()].find((t) => troopKeys(t).includes(k)) : undefined
}

/**
 * The ruleset `text` names: by its id, name or short name, or the start of its name or short name when
 * only one ruleset's starts so ("in C&C Ancients", "in Portable"); a word's length at least, not "in T".
 */
function rulesetNamed(engine: Engine, text: string): LoadedRuleset | undefined {
  const k = key(text)
  if (!k) return undefined
  const all = [...engine.registry.rulesets.values()]
  const exact = all.find((r) => rulesetKeys(r).includes(k))
  if (exact || k.length < 3) return exact
  const starting = all.filter((r) => [r.ruleset.name, r.ruleset.shortName ?? r.ruleset.name].some((n) => key(n).startsWith(k)))
  return starting.length === 1 ? starting[0] : undefined
}

const rulesetWord = (r: LoadedRuleset) => r.ruleset.shortName ?? r.ruleset.name

/**
 * Values in brackets after the troop type ("barbarian, C", "general"), each matched to one attribute
 * the troop type takes: an enum by its value or the value's label (with or without the attribute's
 * label: "class C"), a yes/no attribute by its label.
 */
function attributesOf(loaded: LoadedRuleset, troop: TroopType, given: string): { values: Record<string, string | boolean> } | { problem: string } {
  const values: Record<string, string | boolean> = {}
  type Takes = { attr: string; label: string; words: string; match: (k: string) => string | boolean | undefined }
  const takes = Object.keys(troop.attributes ?? {}).flatMap((attr): Takes[] => {
    const def = own(loaded.ruleset.attributes, attr)
    if (!def) return []
    const spec = own(troop.attributes, attr)
    const label = def.label ?? attr
    if (def.type === 'boolean') return [{ attr, label, words: label, match: (k: string) => (k === key(label) || k === key(attr) ? true : undefined) }]
    const allowed = spec?.values ?? def.values ?? []
    const labels = (v: string) => [v, own(def.valueLabels, v) ?? v, `${label} ${v}`, `${attr} ${v}`].map(key)
    return [{ attr, label, words: `${label}: ${allowed.join(', ')}`, match: (k: string) => allowed.find((v) => labels(v).includes(k)) }]
  })
  // The whole of it one value first (a label may hold a comma), else each part between commas.
  const whole = given.trim()
  const parts = takes.some((t) => t.match(key(whole)) !== undefined) ? [whole] : given.split(',').map((p) => p.trim())
  for (const part of parts) {
    if (!part) continue
    const found = takes.flatMap((t) => {
      const v = t.match(key(part))
      return v === undefined ? [] : [{ attr: t.attr, value: v }]
    })
    if (found.length === 0)
      return {
        problem: takes.length
          ? `'${part}' is nothing ${troop.name} takes in ${rulesetWord(loaded)}; it takes ${takes.map((t) => t.words).join('; ')}.`
          : `${troop.name} in ${rulesetWord(loaded)} takes no values in brackets; leave out '(${given})'.`
      }
    if (found.length > 1)
      return { problem: `'${part}' could be ${found.map((f) => f.attr).join(' or ')}; write the value with its name (e.g. '${found[0].attr} ${part}').` }
    if (Object.hasOwn(values, found[0].attr))
      return { problem: `'${part}' gives ${takes.find((t) => t.attr === found[0].attr)!.label} a second value; give it one.` }
    values[found[0].attr] = found[0].value
  }
  return { values }
}

/** "(Status barbarian, Reaction class C)": attribute values as the ruleset labels them. */
function valuesWords(loaded: LoadedRuleset, values: Record<string, string | boolean>): string {
  const parts = Object.entries(values).map(([attr, v]) => {
    const label = own(loaded.ruleset.attributes, attr)?.label ?? attr
    return typeof v === 'boolean' ? (v ? label : `not ${label}`) : `${label} ${v}`
  })
  return parts.length ? ` (${parts.join(', ')})` : ''
}

/** Where a troop type the ruleset lacks is one of another ruleset's, that one (to say "add 'in Triumph!'"). */
function otherRulesetWith(engine: Engine, loaded: LoadedRuleset, text: string): LoadedRuleset | undefined {
  return [...engine.registry.rulesets.values()].find((r) => r !== loaded && troopIn(r, text))
}

/** One line read: the item it adds, or what is wrong. `ruleset`: the ruleset of a line that names none. */
export function readItemLine(engine: Engine, text: string, ruleset?: string): { item: NewItem; said: string } | { problem: string } {
  // A pasted list's bullet ("- ", "* ", "• ") is not part of the item.
  const line = text.trim().replace(/^[-*•]\s+/, '')
  const head = /^(\S+)\s*(.*)$/.exec(line)
  if (!head) return { problem: `The line is empty: write ${HOW}.` }
  if (!/^[0-9]+$/.test(head[1])) return { problem: `Start with how many, in digits: '${head[1]}' is not a count.` }
  const count = Number(head[1])
  if (count < 1 || count > MAX_COUNT) return { problem: `The count is a whole number from 1 to ${MAX_COUNT.toLocaleString('en-GB')}; it is ${head[1]}.` }
  // "12 x Warband", "12× ..." read as "12 ..."
  let rest = head[2].replace(/^[x×]\s+/i, '')
  // "12 stands of ...", "24 figures ..."
  let counted: 'stands' | 'figures' | undefined
  const unit = /^(\S+)(?:\s+(.*))?$/.exec(rest)
  if (unit && Object.hasOwn(COUNTED, unit[1].toLowerCase())) {
    counted = COUNTED[unit[1].toLowerCase()]
    rest = (unit[2] ?? '').replace(/^of(\s+|$)/i, '')
  }
  if (!rest.trim()) return { problem: `Say what the ${head[1]} are: a troop type, or a name, 'as' and a troop type.` }

  // "... in <ruleset>": the first " in " whose rest names a ruleset (a name may hold "in" too).
  let loaded: LoadedRuleset | undefined
  for (const m of rest.matchAll(/\s+in\s+/gi)) {
    const named = rulesetNamed(engine, rest.slice(m.index + m[0].length))
    if (named) {
      loaded = named
      rest = rest.slice(0, m.index)
      break
    }
  }
  const trailingIn = /^(.*)\s+in\s+(.+)$/i.exec(rest)
  loaded ??= ruleset !== undefined ? engine.registry.rulesets.get(ruleset) : undefined
  // A ruleset named at the end that Muster does not know ("in Trimph"): the nearest one it knows, if any is near.
  const unknownRuleset = (named: string) => {
    const near = nearest(
      named,
      [...engine.registry.rulesets.values()].map((r) => ({ name: rulesetWord(r), keys: rulesetKeys(r) }))
    )
    const all = [...engine.registry.rulesets.values()].map(rulesetWord)
    return {
      problem: near
        ? `Muster knows no ruleset '${named.trim()}'; did you mean ${near.name}?`
        : `Muster knows no ruleset '${named.trim()}'; its rulesets are ${listWords(all, 'and')}.`
    }
  }
  // "... in X" at the end names a ruleset, unless X goes on with " as " (a name such as "Men in Black as Warband").
  const rulesetAtEnd = trailingIn && !/\s+as\s+/i.test(trailingIn[2]) ? trailingIn[2] : undefined
  if (!loaded) {
    const first = [...engine.registry.rulesets.values()][0]
    return (
      (rulesetAtEnd !== undefined ? unknownRuleset(rulesetAtEnd) : undefined) ?? {
        problem: `Say which ruleset it is in: end the line with 'in' and the ruleset${first ? ` (e.g. 'in ${rulesetWord(first)}')` : ''}.`
      }
    )
  }

  // "<name> as <troop type>", at the last " as "; else the whole is the troop type.
  const as = [...rest.matchAll(/\s+as\s+/gi)].pop()
  const name = as ? rest.slice(0, as.index).trim() : ''
  let troopText = (as ? rest.slice(as.index + as[0].length) : rest).trim()
  let bracketed: string | undefined
  const brackets = /^(.*?)\s*\(([^()]*)\)$/.exec(troopText)
  if (brackets) {
    troopText = brackets[1].trim()
    bracketed = brackets[2]
  }
  if (name.length > MAX_NAME) return { problem: `An item's name may be at most ${MAX_NAME} characters; this one is ${name.length}.` }
  const troop = troopIn(loaded, troopText)
  if (!troop) {
    const where = rulesetWord(loaded)
    // "in" and a name at the end that is no ruleset ("in Trimph"): the ruleset the player meant, or those
    // there are; never a suggestion to keep "in Trimph" as part of the item's name.
    if (rulesetAtEnd !== undefined) return unknownRuleset(rulesetAtEnd)
    const other = otherRulesetWith(engine, loaded, troopText)
    if (other) return { problem: `${where} has no troop type '${troopText}'; ${rulesetWord(other)} has: end the line with 'in ${rulesetWord(other)}'.` }
    const near = nearest(
      troopText,
      [...loaded.troops.values()].map((t) => ({ name: t.name, keys: troopKeys(t) }))
    )
    if (near)
      return {
        problem:
          as || near.how === 'typo'
            ? `${where} has no troop type '${troopText}'; did you mean ${near.name}?`
            : `${where} has no troop type '${troopText}'; if it is ${near.name}, write '${head[1]} ${troopText} as ${near.name}'.`
      }
    const example = `${head[1]} ${troopText} as ${[...loaded.troops.values()][0]?.name ?? 'a troop type'}`
    return {
      problem: as
        ? `${where} has no troop type '${troopText}' (Muster's army lists name its troop types).`
        : `${where} has no troop type '${troopText}': say which troop type it is, e.g. '${example}'.`
    }
  }
  const attrs = bracketed !== undefined ? attributesOf(loaded, troop, bracketed) : { values: {} }
  if ('problem' in attrs) return attrs
  const countedIn = counted ?? (own(countsAsTable().rulesets, loaded.ruleset.id)?.counts === 'figures' ? 'figures' : 'stands')
  const item: NewItem = {
    name: name || troop.name,
    count,
    counted: countedIn,
    ruleset: loaded.ruleset.id,
    troop: troop.id,
    ...(Object.keys(attrs.values).length ? { attributes: attrs.values } : {})
  }
  const troopWord = count === 1 || name ? troop.name : (troop.plural ?? troop.name)
  const what = name && key(name) !== key(troop.name) ? `${name}, as ${troop.name}` : troopWord
  return { item, said: `${countOf(count, countedIn.slice(0, -1))} of ${what}${valuesWords(loaded, attrs.values)} in ${rulesetWord(loaded)}` }
}

/** Every line of `text` read (blank lines and lines starting with '#' left out). */
export function readItemLines(engine: Engine, text: string, ruleset?: string): LineReading[] {
  if (text.length > MAX_LINES_TEXT)
    throw new store.StoreError(
      'invalid',
      `That is ${text.length.toLocaleString('en-GB')} characters; paste at most ${MAX_LINES_TEXT.toLocaleString('en-GB')} at once.`
    )
  if (ruleset !== undefined && !engine.registry.rulesets.has(ruleset))
    throw new store.StoreError('invalid', `Unknown ruleset '${ruleset}'; Muster knows ${[...engine.registry.rulesets.keys()].join(', ')}.`)
  const read: LineReading[] = []
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const trimmed = raw.trim()
    if (!trimmed || trimmed.startsWith('#')) return
    const r = readItemLine(engine, trimmed, ruleset)
    read.push('problem' in r ? { line: i + 1, text: trimmed, ok: false, problem: r.problem } : { line: i + 1, text: trimmed, ok: true, ...r })
  })
  if (read.length > MAX_LINES) throw new store.StoreError('invalid', `That is ${read.length} items; add at most ${MAX_LINES} at once.`)
  return read
}

/** "line 2: …; line 5: …": the lines that are wrong, the first few. */
function problemsText(bad: Array<Extract<LineReading, { ok: false }>>): string {
  const shown = bad.slice(0, 5).map((r) => `line ${r.line} ('${r.text.length > 60 ? `${r.text.slice(0, 59)}…` : r.text}'): ${r.problem}`)
  return `${shown.join(' ')}${bad.length > 5 ? ` And ${bad.length - 5} more.` : ''}`
}

/**
 * The lines' items added as one change (one revision, undone whole); if any line is wrong, nothing
 * is added and the error says which lines and why.
 */
export function addItemLines(
  db: store.Db,
  engine: Engine,
  text: string,
  ruleset?: string
): { revision: number; items: CollectionItem[]; lines: LineReading[] } {
  const lines = readItemLines(engine, text, ruleset)
  if (lines.length === 0) throw new store.StoreError('invalid', "No items to add: write one a line, e.g. '12 Gallic warriors as Warband'.")
  const bad = lines.filter((l): l is Extract<LineReading, { ok: false }> => !l.ok)
  if (bad.length) throw new store.StoreError('invalid', `Nothing added: ${countOf(bad.length, 'line')} of ${lines.length} cannot be read. ${problemsText(bad)}`)
  const { revision, items } = addItems(
    db,
    engine,
    lines.flatMap((l) => (l.ok ? [l.item] : []))
  )
  return { revision, items, lines }
}
