// Years and date ranges as players write them (BC/AD), and whether a year falls within dates.

export interface DateRange {
  from: number
  to: number
}

/** "55 BC", "-55", "55 AD" or "55" -> a year (negative = BC); null when it is not one. */
export function parseYear(text: string): number | null {
  const m = /^\s*(-?\d{1,4})\s*(bc|bce|ad|ce)?\s*$/i.exec(text)
  if (!m) return null
  const n = Number(m[1])
  return m[2] && /^bc/i.test(m[2]) ? -Math.abs(n) : n
}

/** 55 BC for -55, 60 AD for 60. */
export function formatYear(year: number): string {
  return year < 0 ? `${-year} BC` : `${year} AD`
}

/** "280-168 BC", "43-51 AD", "55 BC - 14 AD", or one year when it starts and ends in it. */
export function formatRange(r: DateRange): string {
  if (r.from === r.to) return formatYear(r.from)
  if (r.from < 0 && r.to < 0) return `${-r.from}-${-r.to} BC`
  if (r.from >= 0 && r.to >= 0) return `${r.from}-${r.to} AD`
  return `${formatYear(r.from)} - ${formatYear(r.to)}`
}

export function formatRanges(ranges: DateRange[]): string {
  return ranges.map(formatRange).join(', ')
}

/** Whether `year` is within one of `dates` (inclusive). */
export function withinDates(year: number, dates: DateRange[]): boolean {
  return dates.some((d) => year >= d.from && year <= d.to)
}
