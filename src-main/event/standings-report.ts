// An event's standings as text, CSV or one self-contained HTML page (`muster event standings`): a row
// per player, rank, name, score, then each tie-break in the profile's order, headed in words.
import type { StandingRow } from './day-types'
import { csvText, esc } from './report'
import { formatNumber } from '../rules/messages'

const WORDS: Record<string, string> = { opponentsScore: "opponents' score", pointsDestroyed: 'points destroyed', headToHead: 'head to head' }
/** A tie-break's heading in words (its id if it has none). */
export const tiebreakLabel = (id: string): string => WORDS[id] ?? id
const heading = tiebreakLabel

/** The header and the cells of each row, numbers as the rest of Muster writes them. */
function cells(rows: StandingRow[]): string[][] {
  const tiebreaks = Object.keys(rows[0]?.tiebreaks ?? {})
  return [
    ['rank', 'player', 'score', ...tiebreaks.map(heading)],
    ...rows.map((r) => [String(r.rank), r.player, formatNumber(r.score), ...tiebreaks.map((t) => formatNumber(r.tiebreaks[t]))])
  ]
}

export const standingsCsv = (rows: StandingRow[]): string => csvText(cells(rows))

export function standingsHtml(title: string, rows: StandingRow[]): string {
  const [head, ...body] = cells(rows)
  const tr = (tag: string, r: string[]) => `<tr>${r.map((c) => `<${tag}>${esc(c)}</${tag}>`).join('')}</tr>`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}: standings</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1a1a1a;background:#fff}table{border-collapse:collapse}th,td{padding:.3rem .8rem;border-bottom:1px solid #ccc;text-align:left}td:not(:nth-child(2)){text-align:right}@media (prefers-color-scheme:dark){body{color:#eee;background:#161616}th,td{border-color:#555}}</style>
</head><body><h1>${esc(title)}: standings</h1>
<table><thead>${tr('th', head)}</thead><tbody>${body.map((r) => tr('td', r)).join('\n')}</tbody></table>
</body></html>
`
}

export const standingsCells = cells
