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
