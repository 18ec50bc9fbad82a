// Army-wide ratings (a value, some of them dated): which values are in force in a year.
import { withinDates, type DateRange } from './years'

interface Rated {
  value: number
  dates?: DateRange[] | null
}

/**
 * The values in force in `year`: the dated ones whose dates hold it, else the undated ones ("4 or 2"
 * when the list gives two); none when none applies. One rating kind's list at a time.
 */
export function valuesInForce(ratings: Rated[], year: number): number[] {
  const dated = ratings.filter((r) => r.dates && withinDates(year, r.dates))
  return [...new Set((dated.length ? dated : ratings.filter((r) => !r.dates)).map((r) => r.value))]
}
