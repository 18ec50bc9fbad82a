// Army-wide ratings (Triumph!: invasion and maneuver, some dated) and home topography, as printed
// on a roster: the value in force in the roster's year.
import { formatRanges } from './messages'
import type { Army, Rating } from './types'

export const RATING_LABELS = { invasion: 'Invasion rating', maneuver: 'Maneuver rating' } as const
export type RatingKind = keyof typeof RATING_LABELS

const holds = (r: Rating, year: number) => r.dates?.some((d) => year >= d.from && year <= d.to) ?? false

/** The rating of each kind in force in `year`: a dated one whose dates hold it, else the undated one. With no year, every value with its dates. */
export function ratingFacts(army: Army, year?: number): Array<[string, string]> {
  const facts: Array<[string, string]> = []
  for (const kind of Object.keys(RATING_LABELS) as RatingKind[]) {
    const list = army.ratings?.[kind] ?? []
    if (!list.length) continue
    if (year !== undefined) {
      const r = list.find((x) => holds(x, year)) ?? list.find((x) => !x.dates) ?? list[0]
      facts.push([RATING_LABELS[kind], String(r.value)])
    } else {
      facts.push([RATING_LABELS[kind], list.map((r) => `${r.value}${r.dates ? ` (${formatRanges(r.dates)})` : ''}`).join('; ')])
    }
  }
  if (army.topography?.length) facts.push(['Home topography', army.topography.join(', ')])
  return facts
}
