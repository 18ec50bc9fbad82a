// The parts of a Meshwesh list (a state, a faction, a theatre) as its notes name them: a troop
// option's note ("only Chu or Yue", "not Israel"), an ally's opening brackets ("(in Asia) Galatian
// allies"), and the list's own battle cards' notes; each part once, with its id.
import type { ForSubFactions } from '../rules/types'
import type { MeshweshAllyOption, MeshweshArmyList } from './meshwesh-types'
import { clean, slug } from './note-words'

export type Parts = { only?: string[]; except?: string[] }

/**
 * A troop option's note read as the parts of the list it is for: "only Chu or Yue", "Judah",
 * "not Israel", "all except Helvetii or Belgae". Undefined where it cannot be read reliably: a date
 * ("until 1224"), a condition ("only if general is Alexander"), a mix of both forms.
 */
const PART_CONNECTORS = new Set(['in', 'of', 'the', 'and', 'under', 'de', 'del', 'al', 'el'])

export function readSubFactionNote(note: string): { only?: string[]; except?: string[] } | undefined {
  if (/\d/.test(note) || /\b(if|until|before|after|later|earlier)\b|;/i.test(note)) return undefined
  const split = (text: string): string[] | undefined => {
    const names = text.split(/,\s*(?:or\s+)?|\s+or\s+/).map((s) => s.trim())
    // "in Iran, Iraq, or Central Asia": the "in" of the first name belongs to every name
    const theatre = /^in\s/i.test(names[0] ?? '') ? names.map((n, i) => (i > 0 && !/^in\s/i.test(n) ? `in ${n}` : n)) : names
    // A part is named, not described: capitalised words and the small words between them ("Sarbaradarids
    // of Sabzawar", "United Monarchy under Solomon"); "early Heian", "assaulting Byzantium" are conditions.
    const named = (n: string) =>
      n.split(/\s+/).length <= 5 && n.split(/\s+/).every((w, i) => /^[A-Z]/.test(w) || ((i > 0 || w === 'in') && PART_CONNECTORS.has(w)))
    return theatre.every((n) => n && named(n) && !/\b(only|not|except|any|all)\b/i.test(n)) ? theatre : undefined
  }
  const except = /^(?:not|all except|any except)\s+(.+)$/i.exec(note)
  if (except) {
    const names = split(except[1])
    return names && { except: names }
  }
  const names = split(/^only\s+(.+)$/i.exec(note)?.[1] ?? note)
  return names && { only: names }
}

/**
 * An ally entry's condition on the host, from the brackets that open its name: "(in Asia) Galatian
 * allies", "(only Achaia) …", "(Eastern armies only) …". Brackets that name the ally itself ("(Sciri)")
 * or carry dates are not conditions.
 */
export function allyCondition(entryName: string, knownParts: string[] = []): { only?: string[]; except?: string[] } | undefined {
  const inside = /^\(([^)]*)\)/.exec(entryName.trim())?.[1]?.trim()
  if (!inside) return undefined
  const text = inside.replace(/^(.+?)\s+only$/i, 'only $1')
  if (/^(only|not|in)\b/i.test(text)) return readSubFactionNote(text)
  // "(Almoravid in Spain) Andalusian ally": brackets naming parts the list's own notes name
  const names = readSubFactionNote(text)?.only
  const known = new Set(knownParts.map((p) => p.toLowerCase()))
  return names && names.every((n) => known.has(n.toLowerCase())) ? { only: names } : undefined
}

/** The one condition every contingent of an ally option states, if they state one (and the same). */
function allyOptionCondition(ally: MeshweshAllyOption, knownParts: string[]): { only?: string[]; except?: string[] } | undefined {
  const conditions = ally.allyEntries.map((e) => allyCondition(e.name ?? '', knownParts))
  const first = conditions[0]
  return first && conditions.every((c) => JSON.stringify(c) === JSON.stringify(first)) ? first : undefined
}

/**
 * The parts of a list (a state, a faction, a theatre) its option notes and ally conditions name: each
 * once, a longer name that extends a shorter one ("Sarbaradarids of Sabzawar", "Sarbaradarids") read
 * as the shorter, plus "Any other" unless the names cover the list's own name ("Saffarid or Samanid"),
 * since the notes may not name every part.
 */
export function partsOfList(listName: string, optionNotes: Array<string | undefined>, allies: MeshweshAllyOption[], cardParts: Array<Parts | undefined> = []) {
  const fromNotes = optionNotes.map((note) => (note ? readSubFactionNote(note) : undefined))
  const namesOf = (p: Parts | undefined) => [...(p?.only ?? []), ...(p?.except ?? [])]
  const noteNames = fromNotes.flatMap(namesOf)
  const names: string[] = []
  for (const name of noteNames) if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name)
  // The list's own cards name parts too ("(Agathokles in Africa)", "only Achaian"): one the notes name
  // already, singular or plural ("Achaian", "Achaians"), is that part; another is a part of its own.
  const sameName = (a: string, b: string) => [a.toLowerCase(), `${a.toLowerCase()}s`].includes(b.toLowerCase()) || `${b.toLowerCase()}s` === a.toLowerCase()
  const cardNames: string[] = []
  for (const name of cardParts.flatMap(namesOf)) if (![...names, ...cardNames].some((n) => sameName(n, name))) cardNames.push(name)
  const fromAllies = allies.map((a) => allyOptionCondition(a, [...noteNames, ...cardNames]))
  for (const name of fromAllies.flatMap(namesOf)) {
    if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name)
  }
  const shortest = (name: string) =>
    names
      .filter((n) => name.toLowerCase() === n.toLowerCase() || name.toLowerCase().startsWith(`${n.toLowerCase()} `))
      .sort((a, b) => a.length - b.length)[0] ?? name
  // A card's name is the part of that name (plural or not), else its own: it shortens no other name.
  const canonical = (name: string) =>
    names.find((n) => n.toLowerCase() === name.toLowerCase()) ?? names.find((n) => sameName(n, name)) ?? cardNames.find((n) => sameName(n, name)) ?? name
  const idOf = (name: string) => slug(names.includes(canonical(name)) ? shortest(canonical(name)) : canonical(name))
  const parts = new Map<string, string>()
  for (const name of names) if (!parts.has(idOf(name))) parts.set(idOf(name), shortest(name))
  for (const name of cardNames) if (!parts.has(idOf(name))) parts.set(idOf(name), name)
  const ids = (p: Parts | undefined): ForSubFactions | undefined =>
    p ? (p.only ? { only: [...new Set(p.only.map(idOf))] } : { except: [...new Set(p.except!.map(idOf))] }) : undefined
  const isPart = (name: string) => [...names, ...cardNames].some((n) => sameName(n, name))
  const pieces = listName
    .split(/,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+/)
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
  const covered = pieces.length > 1 && pieces.every((piece) => [...parts.values()].some((n) => n.toLowerCase() === piece))
  const list = [...parts].map(([id, name]) => ({ id, name }))
  if (list.length && !covered) list.push({ id: parts.has('other') ? 'any-other' : 'other', name: 'Any other' })
  return { parts: list.length ? list : undefined, options: fromNotes.map(ids), allies: fromAllies.map(ids), covered, ids, isPart }
}

/** A card note that says outright it is for some parts: "(only Zamua) …", "only Achaian: …", "Normans only: …", "(not X)". */
export const EXPLICIT_PART = /^\(?\s*(?:only|not|all except|any except)\b|^[^:;(]*\bonly\s*[:;)]/i

/** Whether the list's option notes, or its allies' opening brackets ("(Agathokles in Africa) Libyan allies"), name a part so (singular or plural). */
export function namedByList(list: MeshweshArmyList, allies: MeshweshAllyOption[]): (name: string) => boolean {
  const base = (n: string) => n.trim().toLowerCase().replace(/s$/, '')
  const names = new Set(
    [
      ...list.troopOptions.flatMap((o) => {
        const note = clean(o.note)
        const p = note ? readSubFactionNote(note) : undefined
        return [...(p?.only ?? []), ...(p?.except ?? [])]
      }),
      ...allies.flatMap((a) => a.allyEntries.flatMap((e) => /^\(([^)]*)\)/.exec(e.name ?? '')?.[1] ?? []))
    ].map(base)
  )
  return (name) => names.has(base(name))
}
