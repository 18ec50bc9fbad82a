// Converts one Meshwesh army list (the public API's JSON, with its expanded ally options) into a
// Muster army list for the triumph ruleset. Pure: no files, no electron. Troop codes are mapped
// through the `code` of each troop type in the ruleset data, so the mapping lives in data.
//
// Readings (see docs/adr/0003-meshwesh-import.md): `core` is the battle line; a multi-type option is a
// free mix unless every entry is noted "all"; an option with a sub-faction note cannot be chosen
// for, so its minimum is not enforced (the note becomes the option's restriction); an ally option
// spends the army's one ally slot unless all its contingents are internal; a contingent's own list
// dates never gate it, only the ally option's date range does. A battle-card entry's note is read as
// an option's (readCardNote): the parts, years and troops the card is for, or a condition left unread.
import type { Ally, Army, ArmyOption, BattleCardEntry, DateRange, FactValue, ForSubFactions } from '../rules/types'

export interface MeshweshDateRange {
  startDate: number
  endDate: number
}

export interface MeshweshTroopOption {
  min: number
  max: number
  dateRange?: MeshweshDateRange | null
  dateRanges?: MeshweshDateRange[]
  troopEntries: Array<{ troopTypeCode: string; note?: string | null }>
  description?: string | null
  note?: string | null
  core?: string | null
  battleCardEntries?: Array<{ battleCardCode: string; min?: number | null; max?: number | null; note?: string | null }>
}

export interface MeshweshAllyOption {
  dateRange?: MeshweshDateRange | null
  dateRanges?: MeshweshDateRange[]
  note?: string | null
  allyEntries: Array<{
    name: string
    allyArmyList: { name: string; listId?: number; sublistId?: string; internalContingent?: boolean; troopOptions: MeshweshTroopOption[] }
  }>
}

export interface MeshweshArmyList {
  id: string
  name: string
  listId: number
  sublistId: string
  keywords?: string[]
  dateRanges: MeshweshDateRange[]
  troopOptions: MeshweshTroopOption[]
  troopEntriesForGeneral: Array<{ troopEntries: Array<{ troopTypeCode: string }> }>
  battleCardEntries?: Array<{ battleCardCode: string; min?: number | null; max?: number | null; note?: string | null }>
}

export interface ConvertOptions {
  /** Meshwesh troop code -> Muster troop id and name (from the triumph ruleset's troop types). */
  troops: Map<string, { id: string; name: string }>
  /** Battle card codes the triumph ruleset defines; an entry with another code is a problem of the list. */
  cards?: Set<string>
  /** The ruleset's army facts and the Meshwesh field each is read from (its armyFacts with a `meshwesh` field). */
  facts?: Array<{ id: string; meshwesh: string }>
  /** Era names by date, from data/eras.json. */
  eras: Array<{ name: string; from: number; to: number }>
  /**
   * Keep only facts (numbers, codes, dates, list names): option names are built from troop names
   * and the authors' descriptions and notes are left out. Used for the bundled lists.
   */
  factsOnly: boolean
  /** Thematic categories of the list (names), used as tags. */
  themes?: string[]
}

export class ImportError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '))
    this.name = 'ImportError'
  }
}

export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

export function listCode(list: { listId: number; sublistId?: string }): string {
  return `${String(list.listId).replace('.', '-')}${list.sublistId ?? ''}`
}

export function armyId(list: MeshweshArmyList): string {
  return `${slug(list.name)}-${listCode(list)}`.replace(/-+/g, '-')
}

const clean = (s: string | null | undefined): string | undefined => {
  const t = (s ?? '').replace(/\s+/g, ' ').trim()
  return t === '' ? undefined : t
}

const toRange = (d: MeshweshDateRange): DateRange => ({ from: Math.min(d.startDate, d.endDate), to: Math.max(d.startDate, d.endDate) })

/** An option's dates in either shape the API has served: one `dateRange` (or null), or `dateRanges`. */
function optionDates(o: Pick<MeshweshTroopOption, 'dateRange' | 'dateRanges'>): DateRange[] | undefined {
  const ranges = [...(o.dateRanges ?? []), ...(o.dateRange ? [o.dateRange] : [])]
  return ranges.length ? ranges.map(toRange) : undefined
}

/** What a card entry's note is read against: the list's years, its parts, the offering option's troops. */
interface CardNoteContext {
  troops: ConvertOptions['troops']
  /** The army's dates: a card's years are kept within them. */
  dates: DateRange[]
  /** The offering option's own troop ids (an option's card); undefined for the list's own cards. */
  ownTroops?: string[]
  /**
   * Whether a name is a part of the list. For an option's card, names that are no known part are not
   * read ("only Assyrians" on hoplites names the stands, not a part); a list's own card names its parts.
   */
  isPart?: (name: string) => boolean
}

/** A card note read: its conditions (parts by name, years, troops), what it says of the card, and whether a condition was left unread. */
export interface CardNoteReading {
  parts?: Parts
  dates?: DateRange[]
  troops?: string[]
  /** The words that describe the card ("Wagon laager"), without the conditions read. */
  description?: string
  /** A condition the note states that could not be read fully. */
  unread?: boolean
}

/** Words that make a card note's clause a condition rather than a description. */
const CONDITION_WORDS = /\b(only|not|except|if|unless|no more than|to protect)\b|\d/i

/**
 * A battle-card entry's note read the way option notes are: "(Agathokles in Africa)", "only Achaian:
 * ditch and bank" (parts of the list), "371-225 BC", "Wagon laager, after 1150 AD" (years, by the
 * rating notes' reader), "Ditches to protect Horde", "only Pavise" (troops). A plain description
 * ("pack donkeys") is no condition; a condition not read fully ("no more than 2 stands…") is `unread`.
 */
export function readCardNote(note: string, ctx: CardNoteContext): CardNoteReading {
  const conditions: string[] = []
  const description: string[] = []
  let text = note.replace(/\s+/g, ' ').trim()
  // "… (in 1453: Ditch, Bank, and Stakes)": another description for one year, not a condition of the card.
  const variant = /\s*\((in \d{1,4}\b[^)]*)\)$/i.exec(text)
  if (variant) text = text.slice(0, variant.index).trim()
  const bracket = /^\(([^)]*)\)\s*(.*)$/.exec(text)
  const prefix = /^([^:;]+)[:;]\s*(.*)$/.exec(text)
  if (bracket) {
    conditions.push(bracket[1].trim())
    text = bracket[2]
  } else if (prefix && CONDITION_WORDS.test(prefix[1])) {
    conditions.push(prefix[1].trim())
    text = prefix[2]
  }
  for (const clause of text ? text.split(/,\s*/) : []) {
    const protect = /^(.*?)\s*\bto protect\s+(.+)$/i.exec(clause)
    if (protect) {
      if (protect[1]) description.push(protect[1])
      conditions.push(`to protect ${protect[2]}`)
    } else if (CONDITION_WORDS.test(clause)) conditions.push(clause)
    else description.push(clause)
  }
  const reading: CardNoteReading = {}
  const words = [description.join(', '), variant ? `(${variant[1]})` : ''].filter(Boolean).join(' ')
  if (words) reading.description = words
  for (const condition of conditions) {
    if (!readCardCondition(condition, ctx, reading)) return { unread: true }
  }
  return reading
}

/** One condition of a card note into `reading`; false when it cannot be read fully. */
function readCardCondition(condition: string, ctx: CardNoteContext, reading: CardNoteReading): boolean {
  const text = condition
    .replace(/^only\s+/i, '')
    .replace(/\s+only$/i, '')
    .trim()
  for (const piece of text.split(/,\s*/)) {
    if (!piece) return false
    // Years, as a rating's note gives them ("1078-1116 AD Under Alexios Komnenos": the name is the years').
    const dates = datesInNote(piece, ctx.dates, true)
    if (dates) {
      reading.dates = [...(reading.dates ?? []), ...dates]
      continue
    }
    if (/\d/.test(piece)) return false
    const protect = /^to protect\s+(.+)$/i.exec(piece)
    const on = /^(?:on|if|by)\s+(.+)$/i.exec(piece)
    const names = protect?.[1] ?? on?.[1] ?? piece
    const troops = names.split(/\s+or\s+|,\s*/).map((n) => troopNamed(n, ctx.troops) ?? ownTroopNamed(n, ctx))
    if (troops.every((t): t is string => t !== undefined)) {
      reading.troops = [...new Set([...(reading.troops ?? []), ...troops])]
      continue
    }
    if (protect || on) return false
    const parts = readSubFactionNote(piece)
    const named = [...(parts?.only ?? []), ...(parts?.except ?? [])]
    if (!parts || (ctx.isPart && !named.every(ctx.isPart)) || reading.parts) return false
    reading.parts = parts
  }
  return true
}

/** A troop of the offering option by the first letters of its name ("Pavise": Pavisiers); undefined unless exactly one. */
function ownTroopNamed(name: string, ctx: CardNoteContext): string | undefined {
  const stem = name
    .trim()
    .toLowerCase()
    .replace(/(?:es|e|s)$/, '')
  if (!ctx.ownTroops || stem.length < 4) return undefined
  const names = new Map([...ctx.troops.values()].map((t) => [t.id, t.name.toLowerCase()]))
  const found = ctx.ownTroops.filter((id) => names.get(id)?.startsWith(stem))
  return found.length === 1 ? found[0] : undefined
}

/** How card entries are converted in one place of the list: its years, its parts and the parts' ids. */
interface CardPlace {
  dates: DateRange[]
  ownTroops?: string[]
  isPart?: (name: string) => boolean
  /** Part names to the ids of the army's subFactions; undefined where the list has no parts for them. */
  partIds?: (parts: Parts) => ForSubFactions | undefined
}

function cards(
  entries: MeshweshTroopOption['battleCardEntries'],
  where: string,
  opts: ConvertOptions,
  problems: string[],
  place: CardPlace
): BattleCardEntry[] | undefined {
  if (!entries?.length) return undefined
  const factsOnly = opts.factsOnly
  return entries.map((c) => {
    if (opts.cards && !opts.cards.has(c.battleCardCode)) problems.push(`${where}: unknown battle card code '${c.battleCardCode}'`)
    const card: BattleCardEntry = { code: c.battleCardCode, min: c.min ?? null, max: c.max ?? null }
    const note = clean(c.note)
    // "as Elite Foot", "1328-1515 AD: as Elite Foot", "General only; as Pike": the troop type the stands
    // become (dismounting), a fact kept even facts-only; what comes before it is read for conditions.
    const asMatch = note ? /(?:^|[:;]\s*)as ([A-Za-z][A-Za-z ]*)$/i.exec(note) : null
    const as = asMatch ? troopNamed(asMatch[1], opts.troops) : undefined
    if (as) card.as = as
    const rest =
      as && asMatch
        ? note!
            .slice(0, asMatch.index)
            .replace(/[:;]\s*$/, '')
            .trim()
        : note
    if (!rest) return card
    const reading = readCardNote(rest, { troops: opts.troops, dates: place.dates, ownTroops: place.ownTroops, isPart: place.isPart })
    const subFactions = reading.parts ? place.partIds?.(reading.parts) : undefined
    if (reading.unread || (reading.parts && !subFactions)) {
      // A condition Muster cannot check: flagged (a fact), its words kept unless facts-only.
      card.unreadCondition = true
      if (!factsOnly) card.note = rest
      return card
    }
    if (subFactions) card.subFactions = subFactions
    if (reading.dates) card.dates = reading.dates
    if (reading.troops) card.needsTroops = reading.troops
    if (reading.description && !factsOnly) card.note = reading.description
    return card
  })
}

/** The troop id a list names in a note ("Archer", "Spear", "Light Foot"), singular or plural; undefined when none. */
function troopNamed(name: string | undefined, troops: ConvertOptions['troops']): string | undefined {
  if (!name) return undefined
  const want = name.trim().toLowerCase()
  for (const t of troops.values()) {
    const own = t.name.toLowerCase()
    if (own === want || own === `${want}s` || `${own}s` === want) return t.id
  }
  return undefined
}

/**
 * base, or base-2, base-3... whichever is not taken yet (and takes it). Counting per base alone
 * would give "Ally" and "Ally 2" one id: the second "Ally" would become ally-2 too.
 */
function uniqueId(taken: Set<string>, base: string): string {
  let id = base
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`
  taken.add(id)
  return id
}

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

type Parts = { only?: string[]; except?: string[] }

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

function convertOptions(
  options: MeshweshTroopOption[],
  where: string,
  opts: ConvertOptions,
  problems: string[],
  place: CardPlace,
  partsOf: Array<ForSubFactions | undefined> = []
): ArmyOption[] {
  const used = new Set<string>()
  return options.map((o, i) => {
    const troops: string[] = []
    for (const e of o.troopEntries) {
      const t = opts.troops.get(e.troopTypeCode)
      if (!t) problems.push(`${where} option ${i + 1}: unknown troop code '${e.troopTypeCode}'`)
      else if (!troops.includes(t.id)) troops.push(t.id)
    }
    const names = o.troopEntries.map((e) => opts.troops.get(e.troopTypeCode)?.name ?? e.troopTypeCode)
    const option: ArmyOption = {
      id: uniqueId(used, slug(troops.join(' or ')) || 'option'),
      name: opts.factsOnly ? [...new Set(names)].join(' or ') : (clean(o.description) ?? names.join(' or ')),
      troops,
      min: o.min,
      max: o.max
    }
    if (o.min > o.max) problems.push(`${where} option ${i + 1}: min ${o.min} is above max ${o.max}`)
    const dates = optionDates(o)
    if (dates) option.dates = dates
    if (o.troopEntries.length > 1 && o.troopEntries.every((e) => clean(e.note)?.toLowerCase() === 'all')) option.sameType = true
    const core = clean(o.core)
    if (core === 'all' || core === 'half') option.battleLine = core
    const note = clean(o.note)
    const parts = partsOf[i]
    if (parts) {
      // "only Chu or Yue", "not Israel": the option is for those parts of the list (army.subFactions),
      // and its minimum binds a roster that chooses one of them.
      option.subFactions = parts
    } else if (note) {
      // A note we cannot read reliably (a date, a condition): the minimum is not enforced.
      const atLeast = o.min > 0 ? ` (at least ${o.min} when it applies)` : ''
      option.restriction = opts.factsOnly ? `Only for one sub-faction or theatre of the source list${atLeast}.` : `${note}${atLeast}`
      option.min = 0
    }
    const c = cards(o.battleCardEntries, `${where} option ${i + 1}`, opts, problems, { ...place, ownTroops: troops })
    if (c) option.battleCards = c
    return option
  })
}

/**
 * One army fact's values from the list's field of that name: entries of { value, note } (a rating,
 * its note kept unless factsOnly) or { values } (words such as terrains, each once, notes left out).
 */
/**
 * The years a rating's note gives it ("350-531 AD", "1 BC-200 AD", "751 to 834 AD", "Under Darius
 * 332-330 BC", "576 AD and later", "until 226 BC", "1148 AD"), within the army's own dates; undefined
 * when the note names none ("Normally", "If no foot stands") or a year without BC or AD. `clip`: years
 * beyond the army's are cut to them (a card's "371-225 BC" in a list from 350 BC), not refused.
 */
export function datesInNote(note: string, army: DateRange[], clip = false): DateRange[] | undefined {
  const year = (n: string, era: string) => (/bc/i.test(era) ? -Number(n) : Number(n))
  // reduce, not a spread: the list's data decides how many ranges there are
  const first = army.reduce((least, d) => Math.min(least, d.from), Infinity)
  const last = army.reduce((most, d) => Math.max(most, d.to), -Infinity)
  const ranges: DateRange[] = []
  let rest = note
  const take = (re: RegExp, make: (m: RegExpExecArray) => DateRange) => {
    rest = rest.replace(re, (...args: unknown[]) => {
      ranges.push(make(args.slice(0, -2) as unknown as RegExpExecArray))
      return ' '
    })
  }
  take(/\b(\d{1,4})\s*(BC|AD)?\s*(?:-|–|to)\s*(\d{1,4})\s*(BC|AD)\b/gi, (m) => ({ from: year(m[1], m[2] ?? m[4]), to: year(m[3], m[4]) }))
  take(/\b(\d{1,4})\s*(BC|AD)\s+(?:and later|onwards)\b/gi, (m) => ({ from: year(m[1], m[2]), to: last }))
  take(/\b(?:after)\s+(\d{1,4})\s*(BC|AD)\b/gi, (m) => ({ from: year(m[1], m[2]) + 1, to: last }))
  take(/\b(?:until|to|before)\s+(\d{1,4})\s*(BC|AD)\b/gi, (m) => ({ from: first, to: year(m[1], m[2]) }))
  take(/\b(\d{1,4})\s*(BC|AD)\b/gi, (m) => ({ from: year(m[1], m[2]), to: year(m[1], m[2]) }))
  // A number left over (a year without BC or AD) makes the reading unsure, and so do words beyond a
  // commander's name ("Under Darius"): "Under good generals", "with no Guerrillas" are conditions, not
  // years, so such a value stays undated beside the others. So do years outside the army's own.
  // Names only: capitalised words ("Under Darius", "Chola Empire", "Venice under Bartolomeo Colleoni")
  // and the small words between names; any other word ("good generals", "no Guerrillas") is a condition.
  const connectors = new Set(['under', 'led', 'by', 'in', 'of', 'or', 'and', 'the'])
  const onlyDates = rest
    .replace(/[,.():]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => /^[A-Z]/.test(w) || connectors.has(w.toLowerCase()))
  const kept = clip ? ranges.map((r) => ({ from: Math.max(r.from, first), to: Math.min(r.to, last) })) : ranges
  if (!kept.length || /\d/.test(rest) || !onlyDates || ranges.some((r) => r.from > r.to) || kept.some((r) => r.from > r.to || r.from < first || r.to > last))
    return undefined
  return kept
}

function factValues(list: MeshweshArmyList, field: string, factsOnly: boolean): FactValue[] {
  const entries: unknown = (list as unknown as Record<string, unknown>)[field]
  if (!Array.isArray(entries)) return []
  const values: FactValue[] = []
  const words = new Set<string>()
  for (const entry of entries as Array<{ value?: unknown; values?: unknown; note?: string | null }>) {
    if (typeof entry?.value === 'number' || typeof entry?.value === 'string') {
      const fact: FactValue = { value: entry.value }
      const note = clean(entry.note)
      // A dated value ("Under Darius 332-330 BC") is in force in those years only, even facts-only.
      const dates = note ? datesInNote(note, list.dateRanges.map(toRange)) : undefined
      if (dates) fact.dates = dates
      if (note && !factsOnly) fact.note = note
      values.push(fact)
    } else if (Array.isArray(entry?.values)) {
      for (const v of entry.values) if (typeof v === 'string' && v.trim()) words.add(v.trim())
    }
  }
  return [...values, ...[...words].map((value) => ({ value }))]
}

const earliest = (dates: DateRange[]): number => dates.reduce((m, d) => Math.min(m, d.from), Infinity)

function eraOf(year: number, eras: ConvertOptions['eras']): string | undefined {
  return eras.find((e) => year >= e.from && year <= e.to)?.name
}

/** A card note that says outright it is for some parts: "(only Zamua) …", "only Achaian: …", "Normans only: …", "(not X)". */
const EXPLICIT_PART = /^\(?\s*(?:only|not|all except|any except)\b|^[^:;(]*\bonly\s*[:;)]/i

/** Whether the list's option notes, or its allies' opening brackets ("(Agathokles in Africa) Libyan allies"), name a part so (singular or plural). */
function namedByList(list: MeshweshArmyList, allies: MeshweshAllyOption[]): (name: string) => boolean {
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

export function convertMeshweshList(
  list: MeshweshArmyList,
  allyOptions: MeshweshAllyOption[] | undefined,
  opts: ConvertOptions
): { army: Army; warnings: string[] } {
  const problems: string[] = []
  const warnings: string[] = []
  const armyDates = list.dateRanges.map(toRange)
  // The list's own cards' notes may name parts of it ("(Agathokles in Africa) …") that no option names.
  // A bracket alone ("(Carroccio) …") may describe the card: it names a part only where the note says
  // "only", or where the options or the allies name that part too; else the note is left unread.
  const named = namedByList(list, allyOptions ?? [])
  const cardParts = (list.battleCardEntries ?? []).map((c) => {
    const note = clean(c.note)
    const parts = note ? readCardNote(note, { troops: opts.troops, dates: armyDates }).parts : undefined
    const names = [...(parts?.only ?? []), ...(parts?.except ?? [])]
    return parts && (EXPLICIT_PART.test(note!) || names.every(named)) ? parts : undefined
  })
  const reading = partsOfList(
    list.name,
    list.troopOptions.map((o) => clean(o.note)),
    allyOptions ?? [],
    cardParts
  )
  const subFactions = reading.parts
  const place: CardPlace = { dates: armyDates, isPart: reading.isPart, partIds: subFactions ? reading.ids : undefined }
  const options = convertOptions(list.troopOptions, 'troop', opts, problems, place, reading.options)
  const partMinimums = options.filter((o) => o.subFactions && (o.min ?? 0) > 0)
  // With two or more parts named, "Any other" may be one too many (the notes may name them all):
  // say so, since a roster set to it escapes those parts' minimums.
  if (subFactions && !reading.covered && partMinimums.length && subFactions.length > 2) {
    warnings.push(
      `the notes name parts of the list (${subFactions
        .filter((s) => s.name !== 'Any other')
        .map((s) => s.name)
        .join(
          ', '
        )}) but may not name every part: a roster set to 'Any other' need not take ${partMinimums.map((o) => o.name ?? o.id).join(', ')}; remove 'Any other' from the list's subFactions if they do`
    )
  }
  const generals: string[] = []
  for (const g of list.troopEntriesForGeneral) {
    for (const e of g.troopEntries) {
      const t = opts.troops.get(e.troopTypeCode)
      if (!t) problems.push(`general: unknown troop code '${e.troopTypeCode}'`)
      else if (!generals.includes(t.id)) generals.push(t.id)
    }
  }
  if (generals.length === 0) warnings.push('the list names no troop type for the general, so no roster of it can be legal')
  if (list.troopOptions.length === 0) warnings.push('the list has no troop options (a stub in the source): it cannot be fielded')

  const allies: Ally[] = []
  const allyIds = new Set<string>()
  ;(allyOptions ?? []).forEach((a, i) => {
    const contingentIds = new Set<string>()
    const contingents = a.allyEntries.map((entry, k) => {
      const code =
        entry.allyArmyList.listId !== undefined ? listCode({ listId: entry.allyArmyList.listId, sublistId: entry.allyArmyList.sublistId }) : undefined
      return {
        id: uniqueId(contingentIds, slug(entry.allyArmyList.name) || `contingent-${k + 1}`),
        name: opts.factsOnly ? entry.allyArmyList.name : (clean(entry.name) ?? entry.allyArmyList.name),
        ...(code ? { list: code } : {}),
        // A contingent's cards: the host's years; no part of the host is named by its notes.
        options: convertOptions(entry.allyArmyList.troopOptions, `ally ${i + 1} (${entry.allyArmyList.name})`, opts, problems, {
          dates: armyDates,
          isPart: () => false
        })
      }
    })
    const emptyContingent = contingents.find((c) => c.options.length === 0)
    if (emptyContingent) {
      warnings.push(`ally option ${i + 1}: contingent '${emptyContingent.name}' has no troop options; ally option left out`)
      return
    }
    const ally: Ally = {
      id: uniqueId(allyIds, slug(a.allyEntries.map((e) => e.allyArmyList.name).join(' and ')) || `ally-${i + 1}`),
      name: contingents.map((c) => c.name).join(' with '),
      contingents
    }
    const allyDates = optionDates(a)
    if (allyDates) ally.dates = allyDates
    // "(in Asia) Galatian allies": the ally comes only to that part of the list (a theatre, a faction)
    const condition = reading.allies[i]
    if (condition) ally.subFactions = condition
    if (a.allyEntries.every((e) => e.allyArmyList.internalContingent === true)) ally.internal = true
    allies.push(ally)
  })

  const armyCards = cards(list.battleCardEntries, 'army battle cards', opts, problems, place)
  if (problems.length) throw new ImportError(problems)

  const dates = list.dateRanges.map(toRange)
  const tags = [...new Set([...(list.keywords ?? []), ...(opts.themes ?? [])].map((t) => t.trim()).filter(Boolean))]
  const facts = Object.fromEntries(
    (opts.facts ?? []).map((f) => [f.id, factValues(list, f.meshwesh, opts.factsOnly)] as const).filter(([, values]) => values.length)
  )
  const army: Army = {
    id: armyId(list),
    name: list.name.trim(),
    dates,
    tags,
    ...(eraOf(earliest(dates), opts.eras) ? { era: eraOf(earliest(dates), opts.eras) } : {}),
    source: { meshwesh: list.id, list: listCode(list) },
    ...(Object.keys(facts).length ? { facts } : {}),
    generals,
    ...(subFactions ? { subFactions } : {}),
    options
  }
  if (allies.length) army.allies = allies
  if (armyCards) army.battleCards = armyCards
  return { army, warnings }
}
