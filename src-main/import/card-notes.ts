// A Meshwesh battle-card entry converted: its code, limits and the troop type stands become, and
// its note read the way option notes are (readCardNote): the parts, years and troops the card is for,
// or a condition left unread.
import type { BattleCardEntry, DateRange, ForSubFactions } from '../rules/types'
import { readSubFactionNote, type Parts } from './list-parts'
import type { ConvertOptions, MeshweshTroopOption } from './meshwesh-types'
import { clean, datesInNote, troopNamed } from './note-words'

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
export interface CardPlace {
  dates: DateRange[]
  ownTroops?: string[]
  isPart?: (name: string) => boolean
  /** Part names to the ids of the army's subFactions; undefined where the list has no parts for them. */
  partIds?: (parts: Parts) => ForSubFactions | undefined
}

export function convertCards(
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
