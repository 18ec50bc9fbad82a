// Human-readable CLI output: verdict lines, issue lines, unit tables.
import type { Engine } from '../rules'
import type { FigureValue, Issue, Verdict } from '../rules/types'
import { formatNumber, formatRanges } from '../rules/messages'

export function issueLine(i: Issue): string {
  const where = i.path === '' ? '(roster)' : i.path
  return `  ${i.severity === 'error' ? 'error  ' : 'warning'} ${where}  ${i.message}${i.hint ? ` (${i.hint})` : ''}  [${i.rule}]`
}

export function pointsText(v: Verdict): string {
  return v.limit === null ? `${formatNumber(v.points)} points (no limit)` : `${formatNumber(v.points)}/${formatNumber(v.limit)} points`
}

export function verdictHeader(file: string, v: Verdict, engine: Engine): string {
  const rs = v.ruleset ? engine.ruleset(v.ruleset) : undefined
  const army = rs && v.army ? rs.armies.get(v.army)?.name : undefined
  const what = rs ? ` (${rs.ruleset.name}${army ? `, ${army}` : ''})` : ''
  const errors = v.issues.filter((i) => i.severity === 'error').length
  const warnings = v.issues.length - errors
  const status = v.valid ? 'legal' : `ILLEGAL, ${errors} error${errors === 1 ? '' : 's'}`
  return `${file}: ${status}, ${pointsText(v)}${warnings ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}${what}`
}

export function figureText(value: FigureValue): string {
  if (typeof value === 'number') return formatNumber(value)
  return Object.entries(value).map(([k, v]) => `${k} ${formatNumber(v)}`).join(', ') || '-'
}

export function table(rows: string[][]): string {
  if (rows.length === 0) return ''
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)))
  return rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]))).join('  ').trimEnd()).join('\n')
}

export function datesText(dates: Array<{ from: number; to: number }>): string {
  return formatRanges(dates)
}
