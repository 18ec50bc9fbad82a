// The words of a Meshwesh list as Muster reads them: text cleaned, ids made from names, the troop a
// note names, and the years a note gives.
import type { DateRange } from '../rules/types'
import type { ConvertOptions, MeshweshDateRange } from './meshwesh-types'

export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

export const clean = (s: string | null | undefined): string | undefined => {
  const t = (s ?? '').replace(/\s+/g, ' ').trim()
  return t === '' ? undefined : t
}

export const toRange = (d: MeshweshDateRange): DateRange => ({ from: Math.min(d.startDate, d.endDate), to: Math.max(d.startDate, d.endDate) })

/** The troop id a list names in a note ("Archer", "Spear", "Light Foot"), singular or plural; undefined when none. */
export function troopNamed(name: string | undefined, troops: ConvertOptions['troops']): string | undefined {
  if (!name) return undefined
  const want = name.trim().toLowerCase()
  for (const t of troops.values()) {
    const own = t.name.toLowerCase()
    if (own === want || own === `${want}s` || `${own}s` === want) return t.id
  }
  return undefined
}

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
