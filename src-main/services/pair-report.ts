// First-round pairings as a report (what `muster pair --json` prints and the app shows) and its
// faces: a terminal table, CSV (the event report's spreadsheet-safe writer) and one self-contained
// HTML page (the event report's look).
import { countOf, oneLine, terminalSafe } from '../rules/messages'
import { csvText, esc } from '../event/report'
import type { EventReport } from '../event/check-event'
import { displayName, type Pairing, type PairingEntry } from '../event/pairing'
import { pairingSummary } from '../../src-shared/players'
import { armyTitle } from '../../src-shared/army-title'

/** A submission that was not paired: unreadable, of another ruleset, of an army this Muster lacks. */
export interface NotExamined {
  file: string
  player: string | null
  reason: string
}

export interface PlayerOut {
  player: string | null
  file: string
  army: string
  armyName: string
  list?: string
  year?: number
}

/** What `muster pair --json` prints. */
export interface PairReport {
  event: { name: string; date?: string; ruleset: string; rulesetName: string }
  players: number
  pairs: Array<{ table: number; a: PlayerOut; b: PlayerOut; reasons: string[]; score: number }>
  bye: PlayerOut | null
  /** Another roster of the same player is paired. */
  leftOut: Array<{ file: string; player: string | null; reason: string }>
  notExamined: NotExamined[]
  notes: string[]
}

const playerOut = (e: PairingEntry): PlayerOut => ({
  player: e.player,
  file: e.key,
  army: e.army,
  armyName: e.armyName,
  ...(e.list ? { list: e.list } : {}),
  ...(typeof e.year === 'number' ? { year: e.year } : {})
})

export function pairReport(checked: EventReport, pairing: Pairing, notExamined: NotExamined[]): PairReport {
  const e = checked.event
  return {
    event: { name: e.name, ...(e.date ? { date: e.date } : {}), ruleset: e.ruleset, rulesetName: e.rulesetName },
    players: pairing.pairs.length * 2 + (pairing.bye ? 1 : 0),
    pairs: pairing.pairs.map((p, i) => ({ table: i + 1, a: playerOut(p.a), b: playerOut(p.b), reasons: p.reasons, score: p.score })),
    bye: pairing.bye ? playerOut(pairing.bye) : null,
    leftOut: pairing.leftOut.map((l) => ({ file: l.entry.key, player: l.entry.player, reason: l.reason })),
    notExamined,
    notes: pairing.notes
  }
}

const nameOf = (p: PlayerOut) => displayName({ key: p.file, player: p.player })
const armyOf = (p: PlayerOut) => armyTitle({ name: p.armyName, listNumber: p.list })
const who = (p: PlayerOut) => `${nameOf(p)} (${armyOf(p)})`

export function title(r: PairReport): string {
  return `${r.event.name}${r.event.date ? ` (${r.event.date})` : ''}: first-round pairings, ${r.event.rulesetName}, ${countOf(r.players, 'player')}`
}

/** "7 players: 3 tables and a bye". */
export function summaryLine(r: PairReport): string {
  return pairingSummary(r)
}

export const notExaminedLine = (n: NotExamined) => `${oneLine(`  ${n.file}${n.player ? ` (${n.player})` : ''}: ${n.reason}`)}\n`

export function toText(r: PairReport): string {
  // Names come from the players' files: one line each, so none can fake a table.
  const lines = [oneLine(title(r)), ...r.notes.map((n) => oneLine(`note: ${n}`)), '']
  for (const p of r.pairs) lines.push(oneLine(`Table ${p.table}: ${who(p.a)} v ${who(p.b)} — ${p.reasons.join(', ')}`))
  if (r.bye) lines.push(oneLine(`Bye: ${who(r.bye)}`))
  if (r.leftOut.length) lines.push('', 'Left out (another roster of the same player is paired):', ...r.leftOut.map((l) => notExaminedLine(l).trimEnd()))
  if (r.notExamined.length) lines.push('', 'Not paired:', ...r.notExamined.map((n) => notExaminedLine(n).trimEnd()))
  // as safe in a file (-o) as on the terminal
  return terminalSafe(lines.join('\n') + '\n')
}

export function toCsv(r: PairReport): string {
  const rows = [['table', 'player', 'army', 'file', 'opponent', 'opponent army', 'opponent file', 'reasons']]
  for (const p of r.pairs) rows.push([String(p.table), nameOf(p.a), armyOf(p.a), p.a.file, nameOf(p.b), armyOf(p.b), p.b.file, p.reasons.join('; ')])
  if (r.bye) rows.push(['bye', nameOf(r.bye), armyOf(r.bye), r.bye.file, '', '', '', ''])
  for (const l of r.leftOut) rows.push(['left out', l.player ?? '', '', l.file, '', '', '', l.reason])
  for (const n of r.notExamined) rows.push(['not paired', n.player ?? '', '', n.file, '', '', '', n.reason])
  return csvText(rows)
}

const baseName = (file: string) => file.split(/[\\/]/).pop() ?? file

export function toHtml(r: PairReport): string {
  const cell = (p: PlayerOut) =>
    `<div class="player">${esc(nameOf(p))}</div><div>${esc(armyOf(p))}</div><div class="file" title="${esc(p.file)}">${esc(baseName(p.file))}</div>`
  const rows = r.pairs
    .map(
      (p) =>
        `<tr><td class="num">${p.table}</td><td>${cell(p.a)}</td><td class="v">v</td><td>${cell(p.b)}</td><td>${p.reasons.map((x) => `<span class="reason${x === p.reasons[0] && p.score ? ' linked' : ''}">${esc(x)}</span>`).join(' ')}</td></tr>`
    )
    .join('\n')
  const bye = r.bye ? `<tr class="bye"><td class="num">bye</td><td>${cell(r.bye)}</td><td></td><td></td><td></td></tr>` : ''
  const unpaired = [...r.leftOut, ...r.notExamined]
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(r.event.name)}: first-round pairings</title>
<style>
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:24px;color:#1f2328;background:#fff}
h1{margin:0 0 4px;font-size:22px}h2{font-size:16px;margin:20px 0 8px}.meta{color:#5f6670;margin:0 0 12px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:8px;border-bottom:1px solid #e4e0d6}
th{font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:#5f6670}.num{text-align:right;white-space:nowrap;font-weight:700}.v{color:#5f6670}
.player{font-weight:600}.file{color:#5f6670;font-size:12px}.notes{background:#fff8e1;padding:8px 12px;border-radius:6px}
.reason{display:inline-block;padding:2px 8px;margin:0 4px 4px 0;border-radius:10px;font-size:12px;background:#f3f1ec}.reason.linked{background:#dff3e4;color:#1a7f37;font-weight:700}
tr.bye td{background:#faf9f6}ul{margin:0;padding-left:18px}
@media print{body{margin:0}}
</style></head><body>
<h1>${esc(r.event.name)}</h1>
<p class="meta">${esc(`${r.event.date ? `${r.event.date} · ` : ''}${r.event.rulesetName} · first-round pairings · ${summaryLine(r)}`)}</p>
${r.notes.length ? `<div class="notes">${r.notes.map((n) => `<p>${esc(n)}</p>`).join('')}</div>` : ''}
<table><thead><tr><th class="num">Table</th><th>Player</th><th></th><th>Opponent</th><th>Why</th></tr></thead><tbody>
${rows}
${bye}
</tbody></table>
${unpaired.length ? `<h2>Not paired</h2><ul>${unpaired.map((n) => `<li><span class="file" title="${esc(n.file)}">${esc(baseName(n.file))}</span>${n.player ? ` (${esc(n.player)})` : ''}: ${esc(n.reason)}</li>`).join('')}</ul>` : ''}
</body></html>
`
}
