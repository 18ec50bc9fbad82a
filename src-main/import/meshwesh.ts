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
// The parts of this: meshwesh-types.ts (the API's shapes), note-words.ts, list-parts.ts (the parts of
// a list its notes name) and card-notes.ts (battle-card entries and their notes).
import type { Ally, Army, ArmyOption, DateRange, FactValue, ForSubFactions } from '../rules/types'
import { convertCards, readCardNote, type CardPlace } from './card-notes'
import { EXPLICIT_PART, namedByList, partsOfList, type Parts } from './list-parts'
import type { ConvertOptions, MeshweshAllyOption, MeshweshArmyList, MeshweshTroopOption } from './meshwesh-types'
import { clean, datesInNote, slug, toRange } from './note-words'

export class ImportError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '))
    this.name = 'ImportError'
  }
}

export function listCode(list: { listId: number; sublistId?: string }): string {
  return `${String(list.listId).replace('.', '-')}${list.sublistId ?? ''}`
}

export function armyId(list: MeshweshArmyList): string {
  return `${slug(list.name)}-${listCode(list)}`.replace(/-+/g, '-')
}

/** An option's dates in either shape the API has served: one `dateRange` (or null), or `dateRanges`. */
function optionDates(o: Pick<MeshweshTroopOption, 'dateRange' | 'dateRanges'>): DateRange[] | undefined {
  const ranges = [...(o.dateRanges ?? []), ...(o.dateRange ? [o.dateRange] : [])]
  return ranges.length ? ranges.map(toRange) : undefined
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

/** A list's (or an ally contingent's) troop options as Muster's, each with its own id; `partsOf`: the parts each is for, read from its note. */
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
    const c = convertCards(o.battleCardEntries, `${where} option ${i + 1}`, opts, problems, { ...place, ownTroops: troops })
    if (c) option.battleCards = c
    return option
  })
}

/**
 * One army fact's values from the list's field of that name: entries of { value, note } (a rating,
 * its note kept unless factsOnly) or { values } (words such as terrains, each once, notes left out).
 */
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

export function convertMeshweshList(
  list: MeshweshArmyList,
  allyOptions: MeshweshAllyOption[] | undefined,
  opts: ConvertOptions
): { army: Army; warnings: string[] } {
  const problems: string[] = []
  const warnings: string[] = []
  const armyDates = list.dateRanges.map(toRange)
  const reading = partsOfList(
    list.name,
    list.troopOptions.map((o) => clean(o.note)),
    allyOptions ?? [],
    cardPartsOf(list, allyOptions ?? [], opts, armyDates)
  )
  const subFactions = reading.parts
  const place: CardPlace = { dates: armyDates, isPart: reading.isPart, partIds: subFactions ? reading.ids : undefined }
  const options = convertOptions(list.troopOptions, 'troop', opts, problems, place, reading.options)
  const partsWarning = unnamedPartsWarning(subFactions, reading.covered, options)
  if (partsWarning) warnings.push(partsWarning)
  const generals = generalsOf(list, opts, problems)
  if (generals.length === 0) warnings.push('the list names no troop type for the general, so no roster of it can be legal')
  if (list.troopOptions.length === 0) warnings.push('the list has no troop options (a stub in the source): it cannot be fielded')
  const allies = convertAllies(allyOptions ?? [], reading.allies, armyDates, opts, problems, warnings)
  const armyCards = convertCards(list.battleCardEntries, 'army battle cards', opts, problems, place)
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

/**
 * The parts the list's own cards' notes name ("(Agathokles in Africa) …"), which no option may name.
 * A bracket alone ("(Carroccio) …") may describe the card: it names a part only where the note says
 * "only", or where the options or the allies name that part too; else the note is left unread.
 */
function cardPartsOf(list: MeshweshArmyList, allyOptions: MeshweshAllyOption[], opts: ConvertOptions, armyDates: DateRange[]): Array<Parts | undefined> {
  const named = namedByList(list, allyOptions)
  return (list.battleCardEntries ?? []).map((c) => {
    const note = clean(c.note)
    const parts = note ? readCardNote(note, { troops: opts.troops, dates: armyDates }).parts : undefined
    const names = [...(parts?.only ?? []), ...(parts?.except ?? [])]
    return parts && (EXPLICIT_PART.test(note!) || names.every(named)) ? parts : undefined
  })
}

/**
 * With two or more parts named, "Any other" may be one too many (the notes may name them all): said,
 * since a roster set to it escapes those parts' minimums.
 */
function unnamedPartsWarning(subFactions: Array<{ id: string; name: string }> | undefined, covered: boolean, options: ArmyOption[]): string | undefined {
  const partMinimums = options.filter((o) => o.subFactions && (o.min ?? 0) > 0)
  if (!subFactions || covered || !partMinimums.length || subFactions.length <= 2) return undefined
  return `the notes name parts of the list (${subFactions
    .filter((s) => s.name !== 'Any other')
    .map((s) => s.name)
    .join(
      ', '
    )}) but may not name every part: a roster set to 'Any other' need not take ${partMinimums.map((o) => o.name ?? o.id).join(', ')}; remove 'Any other' from the list's subFactions if they do`
}

/** The troop types the list's general may be. */
function generalsOf(list: MeshweshArmyList, opts: ConvertOptions, problems: string[]): string[] {
  const generals: string[] = []
  for (const g of list.troopEntriesForGeneral) {
    for (const e of g.troopEntries) {
      const t = opts.troops.get(e.troopTypeCode)
      if (!t) problems.push(`general: unknown troop code '${e.troopTypeCode}'`)
      else if (!generals.includes(t.id)) generals.push(t.id)
    }
  }
  return generals
}

/** The list's ally options, each with its contingents; one with an empty contingent is left out, saying so. */
function convertAllies(
  allyOptions: MeshweshAllyOption[],
  conditions: Array<ForSubFactions | undefined>,
  armyDates: DateRange[],
  opts: ConvertOptions,
  problems: string[],
  warnings: string[]
): Ally[] {
  const allies: Ally[] = []
  const allyIds = new Set<string>()
  allyOptions.forEach((a, i) => {
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
    const condition = conditions[i]
    if (condition) ally.subFactions = condition
    if (a.allyEntries.every((e) => e.allyArmyList.internalContingent === true)) ally.internal = true
    allies.push(ally)
  })
  return allies
}
