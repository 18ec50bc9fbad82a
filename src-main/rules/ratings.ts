// Army-wide ratings (Triumph!: invasion and maneuver, some dated) and home topography, as printed
// on a roster: the value in force in the roster's year.
import { valuesInForce } from '../../src-shared/ratings'
import { formatRanges } from './messages'
import type { Army } from './types'

export const RATING_LABELS = { invasion: 'Invasion rating', maneuver: 'Maneuver rating' } as const
export type RatingKind = keyof typeof RATING_LABELS

/**
 * The rating of each kind in force in `year`: the dated values whose dates hold it, else the undated
 * ones ("4 or 2" when the list gives two); nothing when none applies. With no year, every value with its dates.
 */
export function ratingFacts(army: Army, year?: number): Array<[string, string]> {
  const facts: Array<[string, string]> = []
  for (const kind of Object.keys(RATING_LABELS) as RatingKind[]) {
    const list = army.ratings?.[kind] ?? []
    if (year !== undefined) {
      const values = valuesInForce(list, year)
      if (values.length) facts.push([RATING_LABELS[kind], values.join(' or ')])
    } else if (list.length) {
      facts.push([RATING_LABELS[kind], list.map((r) => `${r.value}${r.dates ? ` (${formatRanges(r.dates)})` : ''}`).join('; ')])
    }
  }
  if (army.topography?.length) facts.push(['Home topography', army.topography.join(', ')])
  return facts
}
