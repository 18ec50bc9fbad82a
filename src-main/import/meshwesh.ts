// Converts one Meshwesh army list (the public API's JSON, with its expanded ally options) into a
// Muster army list for the triumph ruleset. Pure: no files, no electron. Troop codes are mapped
// through the `code` of each troop type in the ruleset data, so the mapping lives in data.
//
// Readings (see docs/adr/0003-meshwesh-import.md): `core` is the battle line; a multi-type option is a
// free mix unless every entry is noted "all"; an option with a sub-faction note cannot be chosen
// for, so its minimum is not enforced (the note becomes the option's restriction); an ally option
// spends the army's one ally slot unless all its contingents are internal; a contingent's own list
// dates never gate it, only the ally option's date range does.
import type { Ally, Army, ArmyOption, BattleCardEntry, DateRange, FactValue } from '../rules/types'

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
  note?: string | null
  allyEntries: Array<{ name: string; allyArmyList: { name: string; listId?: number; sublistId?: string; internalContingent?: boolean; troopOptions: MeshweshTroopOption[] } }>
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

function optionDates(o: MeshweshTroopOption): DateRange[] | undefined {
  const ranges = [...(o.dateRanges ?? []), ...(o.dateRange ? [o.dateRange] : [])]
  return ranges.length ? ranges.map(toRange) : undefined
}

function cards(entries: MeshweshTroopOption['battleCardEntries'], where: string, opts: ConvertOptions, problems: string[]): BattleCardEntry[] | undefined {
  if (!entries?.length) return undefined
  const factsOnly = opts.factsOnly
  return entries.map((c) => {
    if (opts.cards && !opts.cards.has(c.battleCardCode)) problems.push(`${where}: unknown battle card code '${c.battleCardCode}'`)
    const card: BattleCardEntry = { code: c.battleCardCode, min: c.min ?? null, max: c.max ?? null }
    const note = clean(c.note)
    // "as Elite Foot": the troop type the stands become (dismounting), a fact kept even facts-only.
    const as = note ? troopNamed(/^as ([A-Za-z][A-Za-z ]*)$/i.exec(note)?.[1], opts.troops) : undefined
    if (as) card.as = as
    if (note && !factsOnly && !as) card.note = note
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
export function readSubFactionNote(note: string): { only?: string[]; except?: string[] } | undefined {
  if (/\d/.test(note) || /\b(if|until|before|after|later|earlier)\b|;/i.test(note)) return undefined
  const split = (text: string): string[] | undefined => {
    const names = text.split(/,\s*(?:or\s+)?|\s+or\s+/).map((s) => s.trim())
    return names.every((n) => n && n.split(/\s+/).length <= 5 && !/\b(only|not|except|any|all)\b/i.test(n)) ? names : undefined
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
export function allyCondition(entryName: string): { only?: string[]; except?: string[] } | undefined {
  const inside = /^\(([^)]*)\)/.exec(entryName.trim())?.[1]?.trim()
  if (!inside) return undefined
  const text = inside.replace(/^(.+?)\s+only$/i, 'only $1')
  return /^(only|not|in)\b/i.test(text) ? readSubFactionNote(text) : undefined
}

/** The one condition every contingent of an ally option states, if they state one (and the same). */
function allyOptionCondition(ally: MeshweshAllyOption): { only?: string[]; except?: string[] } | undefined {
  const conditions = ally.allyEntries.map((e) => allyCondition(e.name ?? ''))
  const first = conditions[0]
  return first && conditions.every((c) => JSON.stringify(c) === JSON.stringify(first)) ? first : undefined
}

/** The parts of a list its option notes and ally conditions name, each once, plus "Any other" (they may not name every part). */
function subFactionsOfList(options: MeshweshTroopOption[], allies: MeshweshAllyOption[]): Array<{ id: string; name: string }> | undefined {
  const named = new Map<string, string>()
  const readings = [...options.map((o) => clean(o.note)).map((note) => (note ? readSubFactionNote(note) : undefined)), ...allies.map(allyOptionCondition)]
  for (const parts of readings) {
    for (const name of [...(parts?.only ?? []), ...(parts?.except ?? [])]) if (!named.has(slug(name))) named.set(slug(name), name)
  }
  if (!named.size) return undefined
  const other = named.has('other') ? 'any-other' : 'other'
  return [...[...named].map(([id, name]) => ({ id, name })), { id: other, name: 'Any other' }]
}

function convertOptions(options: MeshweshTroopOption[], where: string, opts: ConvertOptions, problems: string[], subFactionsOf?: (name: string) => string): ArmyOption[] {
  const used = new Set<string>()
  return options.map((o, i) => {
    const troops: string[] = []
    for (const e of o.troopEntries) {
      const t = opts.troops.get(e.troopTypeCode)
      if (!t) problems.push(`${where} option ${i + 1}: unknown troop code '${e.troopTypeCode}'`)
      else if (!troops.includes(t.id)) troops.push(t.id)
    }
    const names = o.troopEntries.map((e) => opts.troops.get(e.troopTypeCode)?.name ?? e.troopTypeCode)
    const option: ArmyOption = { id: uniqueId(used, slug(troops.join(' or ')) || 'option'), name: opts.factsOnly ? [...new Set(names)].join(' or ') : (clean(o.description) ?? names.join(' or ')), troops, min: o.min, max: o.max }
    if (o.min > o.max) problems.push(`${where} option ${i + 1}: min ${o.min} is above max ${o.max}`)
    const dates = optionDates(o)
    if (dates) option.dates = dates
    if (o.troopEntries.length > 1 && o.troopEntries.every((e) => clean(e.note)?.toLowerCase() === 'all')) option.sameType = true
    const core = clean(o.core)
    if (core === 'all' || core === 'half') option.battleLine = core
    const note = clean(o.note)
    const parts = note && subFactionsOf ? readSubFactionNote(note) : undefined
    if (parts) {
      // "only Chu or Yue", "not Israel": the option is for those parts of the list (army.subFactions),
      // and its minimum binds a roster that chooses one of them.
      option.subFactions = parts.only ? { only: parts.only.map((n) => subFactionsOf!(n)) } : { except: parts.except!.map((n) => subFactionsOf!(n)) }
    } else if (note) {
      // A note we cannot read reliably (a date, a condition): the minimum is not enforced.
      const atLeast = o.min > 0 ? ` (at least ${o.min} when it applies)` : ''
      option.restriction = opts.factsOnly ? `Only for one sub-faction or theatre of the source list${atLeast}.` : `${note}${atLeast}`
      option.min = 0
    }
    const c = cards(o.battleCardEntries, `${where} option ${i + 1}`, opts, problems)
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
 * when the note names none ("Normally", "If no foot stands") or a year without BC or AD.
 */
export function datesInNote(note: string, army: DateRange[]): DateRange[] | undefined {
  const year = (n: string, era: string) => (/bc/i.test(era) ? -Number(n) : Number(n))
  const first = Math.min(...army.map((d) => d.from))
  const last = Math.max(...army.map((d) => d.to))
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
  // A number left over (a year without BC or AD) makes the reading unsure: keep the note as words.
  if (!ranges.length || /\d/.test(rest) || ranges.some((r) => r.from > r.to)) return undefined
  return ranges
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

export function convertMeshweshList(list: MeshweshArmyList, allyOptions: MeshweshAllyOption[] | undefined, opts: ConvertOptions): { army: Army; warnings: string[] } {
  const problems: string[] = []
  const warnings: string[] = []
  const subFactions = subFactionsOfList(list.troopOptions, allyOptions ?? [])
  const options = convertOptions(list.troopOptions, 'troop', opts, problems, subFactions && ((name) => slug(name)))
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
      const code = entry.allyArmyList.listId !== undefined ? listCode({ listId: entry.allyArmyList.listId, sublistId: entry.allyArmyList.sublistId }) : undefined
      return {
        id: uniqueId(contingentIds, slug(entry.allyArmyList.name) || `contingent-${k + 1}`),
        name: opts.factsOnly ? entry.allyArmyList.name : (clean(entry.name) ?? entry.allyArmyList.name),
        ...(code ? { list: code } : {}),
        options: convertOptions(entry.allyArmyList.troopOptions, `ally ${i + 1} (${entry.allyArmyList.name})`, opts, problems)
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
    if (a.dateRange) ally.dates = [toRange(a.dateRange)]
    // "(in Asia) Galatian allies": the ally comes only to that part of the list (a theatre, a faction)
    const condition = allyOptionCondition(a)
    if (condition) ally.subFactions = condition.only ? { only: condition.only.map(slug) } : { except: condition.except!.map(slug) }
    if (a.allyEntries.every((e) => e.allyArmyList.internalContingent === true)) ally.internal = true
    allies.push(ally)
  })

  const armyCards = cards(list.battleCardEntries, 'army battle cards', opts, problems)
  if (problems.length) throw new ImportError(problems)

  const dates = list.dateRanges.map(toRange)
  const tags = [...new Set([...(list.keywords ?? []), ...(opts.themes ?? [])].map((t) => t.trim()).filter(Boolean))]
  const facts = Object.fromEntries((opts.facts ?? []).map((f) => [f.id, factValues(list, f.meshwesh, opts.factsOnly)] as const).filter(([, values]) => values.length))
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
