// Display helpers shared by screens.
export function formatYear(year: number): string {
  return year < 0 ? `${-year} BC` : `${year} AD`
}

export function formatRange(r: { from: number; to: number }): string {
  if (r.from < 0 && r.to < 0) return `${-r.from}-${-r.to} BC`
  if (r.from >= 0 && r.to >= 0) return `${r.from}-${r.to} AD`
  return `${formatYear(r.from)} - ${formatYear(r.to)}`
}

export function formatPoints(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1)
}

/** "55 BC", "-55", "55 AD" or "55" -> a year (negative = BC); null when it is not one. */
export function parseYear(text: string): number | null {
  const m = /^\s*(-?\d{1,4})\s*(bc|bce|ad|ce)?\s*$/i.exec(text)
  if (!m) return null
  const n = Number(m[1])
  return m[2] && /^bc/i.test(m[2]) ? -Math.abs(n) : n
}
