// Army-wide facts (a rating, the home ground...), some of their values dated: which values are in
// force in a year. The ruleset names and labels the facts (armyFacts); this knows only dates.
import { withinDates, type DateRange } from './years'

interface Dated<V> {
  value: V
  dates?: DateRange[] | null
}

/**
 * The values in force in `year`: the dated ones whose dates hold it, else the undated ones ("4 or 2"
 * when the list gives two); none when none applies. One fact's list at a time.
 */
export function valuesInForce<V extends number | string>(values: Array<Dated<V>>, year: number): V[] {
  const dated = values.filter((r) => r.dates && withinDates(year, r.dates))
  return [...new Set((dated.length ? dated : values.filter((r) => !r.dates)).map((r) => r.value))]
}

/** Between two values in force at once, unless the ruleset says otherwise: either may be used. */
export const DEFAULT_FACT_JOIN = ' or '

/**
 * One fact's value as printed and shown: with a year, the values in force then (null when none
 * applies); with none, every value with its dates in words (`when`), "; " between dated ones.
 */
export function factValueText<V extends number | string>(
  values: Array<Dated<V> & { when?: string | null }>,
  join: string | null | undefined,
  year?: number
): string | null {
  const between = join ?? DEFAULT_FACT_JOIN
  if (year !== undefined) {
    const inForce = valuesInForce(values, year)
    return inForce.length ? inForce.join(between) : null
  }
  const text = values.map((v) => `${v.value}${v.when ? ` (${v.when})` : ''}`)
  return text.join(values.some((v) => v.when) ? '; ' : between)
}
