// An event report as a terminal table, CSV (RFC 4180) or one self-contained HTML page.
import { unparse } from 'papaparse'
import { countOf, formatNumber, oneLine, terminalSafe } from '../rules/messages'
import { changesHeading, NOT_FLAGGED, resubmissionSummary } from '../../src-shared/resubmissions'
import type { EventReport, EventRow } from './check-event'
import { escapeHtml } from '../../src-shared/html'
import { showUnsafe } from '../../src-shared/unsafe-chars'
import { rowArmyTitle } from '../../src-shared/army-title'

const status = (r: EventRow) => (!r.readable ? 'UNREADABLE' : r.valid ? 'legal' : 'ILLEGAL')
const points = (r: EventRow) => (r.points === null ? '' : `${formatNumber(r.points)}${r.limit === null ? '' : `/${formatNumber(r.limit)}`}`)

function eventTerms(report: EventReport): string {
  const e = report.event
  return `${e.rulesetName}${e.pointsLimit === null ? '' : `, ${formatNumber(e.pointsLimit)} points`}${e.dates ? `, armies of ${e.dates}` : ''}`
}

export function reportTitle(report: EventReport): string {
  const e = report.event
  return `${e.name}${e.date ? ` (${e.date})` : ''}: ${eventTerms(report)}`
}

/** Problems first (unreadable, then illegal), then legal; by player within each. */
function byStatus(rows: EventRow[]): EventRow[] {
  const rank = (r: EventRow) => (!r.readable ? 0 : r.valid ? 2 : 1)
  return [...rows].sort((a, b) => rank(a) - rank(b) || (a.player ?? '~').localeCompare(b.player ?? '~') || a.file.localeCompare(b.file))
}

const baseName = (file: string) => file.split(/[\\/]/).pop() ?? file

/**
 * The rules data the rosters were checked with, in the printed sheets' words (export/layout.ts
 * dataTextOfAll): "Triumph! data 1.1.0, checked with local data changes" when the data in force is
 * not stock. A report written before issue 26 has only the version.
 */
export const rulesData = (report: EventReport): string => report.event.dataLabel ?? `data version ${report.event.dataVersion}`

export function reportSummary(report: EventReport): string {
  const s = report.summary
  return `${countOf(s.submissions, 'submission')}: ${s.legal} legal, ${s.illegal} illegal, ${s.unreadable} unreadable`
}

export function toText(report: EventReport): string {
  const rows = [['File', 'Player', 'Army', 'Points', 'Status', 'Issues']]
  for (const r of report.rows) {
    // Names come from the players' files: one line each, so none can fake a row.
    const errors = r.issues.filter((i) => i.severity === 'error').length
    rows.push(
      [
        r.file,
        r.player ?? '-',
        rowArmyTitle(r) || '-',
        points(r),
        status(r),
        r.issues.length ? `${countOf(errors, 'error')}, ${countOf(r.issues.length - errors, 'warning')}` : ''
      ].map((cell) => terminalSafe(oneLine(cell)))
    )
  }
  const widths = rows[0].map((_, c) => rows.reduce((w, r) => Math.max(w, r[c].length), 0))
  const lines = [
    oneLine(reportTitle(report)),
    oneLine(`Checked with ${rulesData(report)}`),
    reportSummary(report),
    ...report.notes.map((n) => oneLine(`note: ${n}`)),
    ''
  ]
  for (const r of rows)
    lines.push(
      r
        .map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c])))
        .join('  ')
        .trimEnd()
    )
  const withIssues = report.rows.filter((r) => r.issues.length)
  if (withIssues.length) lines.push('')
  for (const r of withIssues) {
    lines.push(oneLine(`${r.file}${r.player ? ` (${r.player})` : ''}:`))
    for (const i of r.issues) lines.push(oneLine(`  ${i.severity === 'error' ? 'error  ' : 'warning'} ${i.path || '(file)'}  ${i.message}  [${i.rule}]`))
  }
  const resubmitted = report.rows.filter((r) => r.resubmission?.changes.length)
  if (resubmitted.length) lines.push('', 'Changed since the last check:')
  for (const r of resubmitted) {
    const s = r.resubmission!
    lines.push(oneLine(`${r.file}${r.player ? ` (${r.player})` : ''}, was ${baseName(s.previousFile)} (${s.previousValid ? 'legal' : 'ILLEGAL'}):`))
    const beyond = new Set(s.unflagged)
    for (const c of s.changes) lines.push(oneLine(`  ${beyond.has(c) ? '!' : ' '} ${c}`))
  }
  // as safe in a file (-o) as on the terminal
  return terminalSafe(lines.join('\n') + '\n')
}

/**
 * Cells a spreadsheet would run as a formula (=, +, -, @ first, after any spaces; or a leading tab
 * or line break): papaparse writes them with a leading apostrophe. Plain numbers ("-2") are left
 * as numbers.
 */
const FORMULA_LIKE = /^(?!-?\d+(\.\d+)?$)\s*[=+\-@]|^[\t\r\n]/

/**
 * Rows as a spreadsheet-safe CSV file (RFC 4180, CRLF; formula-like cells defused as above; controls
 * and direction controls shown as \uXXXX, src-shared/unsafe-chars.ts).
 */
export function csvText(rows: string[][]): string {
  return (
    unparse(
      rows.map((row) => row.map(showUnsafe)),
      { newline: '\r\n', escapeFormulae: FORMULA_LIKE }
    ) + '\r\n'
  )
}

export function toCsv(report: EventReport): string {
  const header = ['file', 'player', 'roster', 'ruleset', 'army', 'points', 'limit', 'status', 'errors', 'warnings', 'issues']
  const rows = [header]
  for (const r of report.rows) {
    rows.push([
      r.file,
      r.player ?? '',
      r.name ?? '',
      r.ruleset ?? '',
      rowArmyTitle(r),
      r.points === null ? '' : formatNumber(r.points),
      r.limit === null ? '' : formatNumber(r.limit),
      status(r).toLowerCase(),
      String(r.issues.filter((i) => i.severity === 'error').length),
      String(r.issues.filter((i) => i.severity === 'warning').length),
      r.issues.map((i) => `${i.severity}: ${i.message}`).join(' | ')
    ])
  }
  return csvText(rows)
}

/** Text for HTML (src-shared/html.ts): markup escaped, controls and direction overrides shown as \uXXXX. */
export const esc = escapeHtml

/** The printed code beside a row, in words that fit what was found (printed-codes.ts): "≠" only for two codes that differ. */
function printedCodeText(p: NonNullable<EventRow['printedCode']>): string {
  if (p.match) return `printed code ${p.printed} matches`
  if (p.kind === 'unreadable') return `printed code: its pages cannot be read (file's code ${p.computed})`
  if (p.kind === 'old') return `printed code ${p.printed}: an old 12-character code, print again`
  if (p.kind === 'altered') return `printed code ${p.printed || '(none readable)'}: the print-out was altered`
  return `printed code ${p.printed} ≠ ${p.computed}`
}

export function toHtml(report: EventReport): string {
  const since = resubmissionSummary(report.rows)
  const rows = byStatus(report.rows)
    .map((r) => {
      const cls = !r.readable ? 'unreadable' : r.valid ? 'legal' : 'illegal'
      const issues = r.issues.length
        ? `<ul>${r.issues.map((i) => `<li class="${i.severity}"><b>${i.severity}</b> ${esc(i.message)}${i.path ? ` <code>${esc(i.path)}</code>` : ''}</li>`).join('')}</ul>`
        : '<span class="none">no issues</span>'
      const code = r.printedCode ? `<div class="code ${r.printedCode.match ? 'ok' : 'bad'}">${esc(printedCodeText(r.printedCode))}</div>` : ''
      // What a resubmission changed: open (and printed), a change beyond what was flagged marked in words, not by colour alone.
      const s = r.resubmission
      const beyond = new Set(s?.unflagged)
      const then = s
        ? ` <span class="then">· ${s.previousValid ? 'legal' : 'illegal'} then${baseName(s.previousFile) !== baseName(r.file) ? `, as ${esc(baseName(s.previousFile))}` : ''}</span>`
        : ''
      const since = !s
        ? ''
        : s.changes.length
          ? `<details class="since" open><summary class="${s.unflagged.length ? 'beyond' : ''}">${esc(changesHeading(s))}${then}</summary><ul>${s.changes.map((c) => (beyond.has(c) ? `<li class="beyond"><span class="tag">${NOT_FLAGGED}</span> ${esc(c)}</li>` : `<li>${esc(c)}</li>`)).join('')}</ul></details>`
          : `<div class="since same">${esc(changesHeading(s))}${then}</div>`
      return `<tr class="${cls}"><td class="status"><span>${status(r)}</span></td><td><div class="player">${esc(r.player ?? '(no player named)')}</div><div class="file" title="${esc(r.file)}">${esc(baseName(r.file))}</div></td><td>${esc(rowArmyTitle(r))}${r.name ? `<div class="file">${esc(r.name)}</div>` : ''}</td><td class="num">${esc(points(r))}</td><td>${issues}${code}${since}</td></tr>`
    })
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(report.event.name)}: roster check</title>
<style>
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:24px;color:#1f2328;background:#fff}
h1{margin:0 0 4px;font-size:22px}.meta{color:#5f6670;margin:0 0 12px}
.summary{display:flex;gap:10px;margin:12px 0 16px}.summary span{padding:6px 12px;border-radius:8px;background:#f3f1ec;font-weight:600}
.summary .legal{background:#dff3e4;color:#1a7f37}.summary .illegal{background:#fde2df;color:#b42318}.summary .unreadable{background:#fff2cc;color:#7a5b00}
table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:8px;border-bottom:1px solid #e4e0d6}
th{font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:#5f6670}.num{text-align:right;white-space:nowrap}
.status span{display:inline-block;padding:2px 8px;border-radius:10px;font-size:12px;font-weight:700}
tr.legal .status span{background:#dff3e4;color:#1a7f37}tr.illegal .status span{background:#fde2df;color:#b42318}tr.unreadable .status span{background:#fff2cc;color:#7a5b00}
.player{font-weight:600}.file{color:#5f6670;font-size:12px}ul{margin:0;padding-left:18px}li.error b{color:#b42318}li.warning b{color:#9a6700}
code{color:#5f6670;font-size:11px}.none{color:#5f6670}.notes{background:#fff8e1;padding:8px 12px;border-radius:6px}
.code{font-size:12px;margin-top:4px}.code.ok{color:#1a7f37}.code.bad{color:#b42318;font-weight:700}
.since{margin-top:8px;padding:6px 10px;border-left:3px solid #e4e0d6;background:#faf9f6;font-size:13px}.since summary{font-weight:600;cursor:pointer}
.since summary.beyond,.since li.beyond{color:#9a6700}.since ul{margin-top:4px}.since li{margin:2px 0}.then{font-weight:400;color:#5f6670}
.tag{display:inline-block;padding:0 6px;border:1px solid currentColor;border-radius:8px;font-size:11px;font-weight:700}.since-summary{margin:-4px 0 16px;font-weight:600}
@media print{body{margin:0}.summary span{border:1px solid #ccc}}
</style></head><body>
<h1>${esc(report.event.name)}</h1>
<p class="meta">${report.event.date ? `${esc(report.event.date)} · ` : ''}${esc(eventTerms(report))} · checked ${esc(report.generatedAt.slice(0, 16).replace('T', ' '))} UTC with ${esc(rulesData(report))}</p>
<div class="summary"><span>${countOf(report.summary.submissions, 'submission')}</span><span class="legal">${report.summary.legal} legal</span><span class="illegal">${report.summary.illegal} illegal</span><span class="unreadable">${report.summary.unreadable} unreadable</span></div>
${since ? `<p class="since-summary">Compared with the last check: ${esc(since)}</p>` : ''}
${report.notes.length ? `<div class="notes">${report.notes.map((n) => `<p>${esc(n)}</p>`).join('')}</div>` : ''}
<table><thead><tr><th>Status</th><th>Player</th><th>Army</th><th class="num">Points</th><th>Issues</th></tr></thead><tbody>
${rows}
</tbody></table>
</body></html>
`
}
