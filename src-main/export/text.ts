// The roster as plain text ("Copy as text"), for forums, mail and chat: the roster sheet's own
// words and numbers (rosterSheet, as the PDF prints them: facts, units with their count, cost and
// option, battle cards, derived figures labelled from data, issues, the check code), laid out for a
// monospace font. Lines keep to 72 characters where the words allow (a word longer than a line is
// never cut), carry no trailing spaces, and the text ends with a newline. Pure.
import type { PrintInput } from './print-input'
import { rosterSheet, type RosterSheet } from './roster-content'
import { showUnsafe } from '../../src-shared/unsafe-chars'

export const TEXT_WIDTH = 72

/** What the text is built from: what every printed document is built from, less the paper. */
export type RosterTextInput = Omit<PrintInput, 'paper'>

/** Words into lines of at most `width` characters; a line break in the text starts a new line. */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = []
  for (const paragraph of text.split(/\r\n|[\r\n\u2028\u2029]/)) {
    let line = ''
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > width) {
        lines.push(line)
        line = word
      } else line = line ? `${line} ${word}` : word
    }
    lines.push(line)
  }
  return lines
}

interface Column {
  header: string
  align: 'left' | 'right'
  /** The one column that takes the width left and wraps. */
  wrap?: boolean
}

interface Row {
  cells: string[]
  /** Lines under the row, starting where the widest column starts. */
  below?: string[]
}

const GAP = 2

/**
 * A table in monospace: every column as wide as its widest cell, but the wrapping one. Lines
 * under a row start where the wrapping column starts, `nested` further in.
 */
function textTable(columns: Column[], rows: Row[], nested = 0, indent = 2): string[] {
  const flex = columns.findIndex((c) => c.wrap)
  const widths = columns.map((c, i) => rows.reduce((w, r) => Math.max(w, r.cells[i].length), c.header.length))
  const fixed = widths.reduce((s, w, i) => (i === flex ? s : s + w), 0) + GAP * (columns.length - 1)
  widths[flex] = Math.max(16, Math.min(widths[flex], TEXT_WIDTH - indent - fixed))
  const start = indent + widths.slice(0, flex).reduce((s, w) => s + w + GAP, 0)
  const line = (cells: string[]) =>
    ' '.repeat(indent) + cells.map((c, i) => (columns[i].align === 'right' ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' '.repeat(GAP))
  const out = [line(columns.map((c) => c.header))]
  for (const row of rows) {
    const [first, ...more] = wrapText(row.cells[flex], widths[flex])
    out.push(line(row.cells.map((c, i) => (i === flex ? first : c))))
    for (const m of more) out.push(' '.repeat(start) + m)
    for (const b of row.below ?? []) for (const l of wrapText(b, TEXT_WIDTH - start - nested)) out.push(' '.repeat(start + nested) + l)
  }
  return out
}

/** Labels wider than this stand on a line of their own, their value under them. */
const LABEL_MAX = 30

/** "Label  value" lines, values aligned and wrapped under themselves. */
function labelled(pairs: Array<[string, string]>, indent = 0): string[] {
  const width = pairs.reduce((w, [k]) => (k.length > LABEL_MAX ? w : Math.max(w, k.length)), 0)
  const pad = ' '.repeat(indent)
  const at = ' '.repeat(indent + width + GAP)
  return pairs.flatMap(([k, v]) => {
    const values = wrapText(v, TEXT_WIDTH - at.length)
    if (k.length > width) return [...wrapText(k, TEXT_WIDTH - indent).map((l) => pad + l), ...values.map((l) => at + l)]
    return values.map((l, i) => (i === 0 ? pad + k.padEnd(width + GAP) + l : at + l))
  })
}

function unitsBlock(sheet: RosterSheet): string[] {
  const columns: Column[] = [
    { header: '#', align: 'right' },
    { header: 'Unit', align: 'left', wrap: true },
    { header: sheet.countLabel, align: 'right' },
    { header: 'Each', align: 'right' },
    { header: 'Points', align: 'right' }
  ]
  const rows: Row[] = sheet.units.map((u) => {
    const about = [u.attributes.join(', '), ...u.details].filter(Boolean).join('; ')
    return { cells: [String(u.index + 1), u.title, u.count, u.each, u.points], below: [...(about ? [about] : []), ...(u.notes ? [u.notes] : [])] }
  })
  rows.push({ cells: ['', sheet.unitsTotal.label, sheet.unitsTotal.count, '', sheet.unitsTotal.points] })
  return ['Units', ...textTable(columns, rows)]
}

function cardsBlock(sheet: RosterSheet): string[] {
  if (sheet.cards.length === 0) return []
  const anyCount = sheet.cards.some((c) => c.count)
  const columns: Column[] = [
    { header: 'Battle card', align: 'left', wrap: true },
    ...(anyCount ? [{ header: 'Count', align: 'right' as const }] : []),
    { header: 'Points', align: 'right' }
  ]
  const rows: Row[] = sheet.cards.map((c) => ({
    cells: [c.report.name !== c.report.code ? `${c.report.name} (${c.report.code})` : c.report.name, ...(anyCount ? [c.count] : []), c.points],
    below: [[`on ${c.takenOn}`, c.note].filter(Boolean).join('; '), ...(c.notes ? [c.notes] : [])]
  }))
  rows.push({ cells: [`Total: ${sheet.cardsTotal.how}`, ...(anyCount ? [''] : []), sheet.cardsTotal.points] })
  return ['', 'Battle cards', ...textTable(columns, rows, 3)]
}

function issuesBlock(sheet: RosterSheet): string[] {
  if (sheet.issues.length === 0) return []
  const label = (severity: string) => (severity === 'error' ? 'ERROR' : 'warning')
  return [
    '',
    'Issues',
    ...labelled(
      sheet.issues.map(({ issue, where, text }) => [label(issue.severity), `${where}: ${text}`]),
      2
    )
  ]
}

/** The roster in plain text (see the top of this file). */
export function buildRosterText(input: RosterTextInput): string {
  const sheet = rosterSheet(input)
  const title = wrapText(sheet.title, TEXT_WIDTH)
  const facts: Array<[string, string]> = [...sheet.facts, ['Verdict', sheet.verdict.text], ['Check code', sheet.checkCode], ['Rules data', sheet.rulesData]]
  const figures = sheet.figures.filter((f) => f.id !== 'points').map((f): [string, string] => [f.label, f.value])
  const notes = sheet.notes
  const lines = [
    ...title,
    '='.repeat(Math.min(TEXT_WIDTH, Math.max(...title.map((l) => l.length)))),
    ...labelled(facts),
    '',
    ...unitsBlock(sheet),
    ...cardsBlock(sheet),
    ...(figures.length ? ['', 'Derived figures', ...labelled(figures, 2)] : []),
    ...issuesBlock(sheet),
    ...(notes ? ['', 'Notes', ...wrapText(notes, TEXT_WIDTH - 2).map((l) => `  ${l}`)] : [])
  ]
  // Controls and direction controls shown as codes (src-shared/unsafe-chars.ts): pasted into a forum or a terminal, the text cannot turn itself around.
  return showUnsafe(lines.map((l) => l.trimEnd()).join('\n') + '\n')
}
