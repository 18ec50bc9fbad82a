// An event's standings as text, CSV or one self-contained HTML page (`muster event standings`), from
// the one standings view (standings-view.ts): a row per player, rank, name (a dropped player marked),
// army, games won-drawn-lost (and byes: "2-1-0 +1 bye"), score, then each tie-break in the profile's order, headed in words;
// first what they stand after ("after round 3: 4 of 6 results in"). Players level on every count are
// listed by name as the pairings sheet's "Find your table" lists them ("Émilie" with the Es).
import type { StandingRow, StandingView } from './day-types'
import type { StandingsAfter } from './standings-view'
import { csvText, esc } from './report'
import { countOf, formatNumber } from '../rules/messages'

const WORDS: Record<string, string> = { opponentsScore: "opponents' score", pointsDestroyed: 'points destroyed', headToHead: 'head to head' }
/** A tie-break's heading in words (its id if it has none). */
export const tiebreakLabel = (id: string): string => WORDS[id] ?? id
const heading = tiebreakLabel

/** The rank, player and score columns, then each tie-break: the printed standings' cells (day-sheet-model.ts), numbers as the rest of Muster writes them. */
export function standingsCells(rows: StandingRow[]): string[][] {
  const tiebreaks = Object.keys(rows[0]?.tiebreaks ?? {})
  return [
    ['rank', 'player', 'score', ...tiebreaks.map(heading)],
    ...rows.map((r) => [String(r.rank), r.player, formatNumber(r.score), ...tiebreaks.map((t) => formatNumber(r.tiebreaks[t]))])
  ]
}

export type { StandingsAfter }

/** Games won-drawn-lost, and the byes beside them (a bye is none of the three): "2-1-0", "1-0-0 +1 bye". */
export const recordWords = (r: Pick<StandingView, 'won' | 'drawn' | 'lost' | 'byes'>): string =>
  `${r.won}-${r.drawn}-${r.lost}${r.byes ? ` +${countOf(r.byes, 'bye')}` : ''}`

/** The note under a standings table that says what its W-D-L column holds. */
export const RECORD_NOTE = 'W-D-L: games won, drawn and lost; a bye is none of them, shown apart (+1 bye) and scored once its round is paired.'

/** The standings as the CLI shows them: the rows, and the line that says what they stand after. */
export interface ShownStandings {
  rows: StandingView[]
  after: string
}

const byName = (a: StandingView, b: StandingView): number => a.player.localeCompare(b.player, undefined, { sensitivity: 'base', numeric: true })

/** "after round 3: 4 of 6 results in", "after round 3: all results in", "no results yet". */
export function afterWords(after: StandingsAfter | null): string {
  if (!after) return 'no results yet'
  return `after round ${after.round}: ${after.resultsIn >= after.tables ? 'all results' : `${after.resultsIn} of ${countOf(after.tables, 'result')}`} in`
}

/** The event state's standings (its one view) ready to show: players level on every count by name, in the reader's alphabet. */
export function shownStandings(state: { standings: StandingView[]; standingsAfter: StandingsAfter | null }): ShownStandings {
  const rows = [...state.standings].sort((a, b) => a.rank - b.rank || byName(a, b))
  return { rows, after: afterWords(state.standingsAfter) }
}

/** The text and HTML columns: rank, player (dropped marked), army, W-D-L, score, each tie-break. */
export function standingsTable({ rows }: ShownStandings): string[][] {
  const tiebreaks = Object.keys(rows[0]?.tiebreaks ?? {})
  return [
    ['rank', 'player', 'army', 'W-D-L', 'score', ...tiebreaks.map(heading)],
    ...rows.map((r) => [
      String(r.rank),
      r.dropped ? `${r.player} (dropped)` : r.player,
      r.armyTitle,
      recordWords(r),
      formatNumber(r.score),
      ...tiebreaks.map((t) => formatNumber(r.tiebreaks[t]))
    ])
  ]
}

/** A row per player, each count in its own column, for a spreadsheet. */
export function standingsCsv({ rows }: ShownStandings): string {
  const tiebreaks = Object.keys(rows[0]?.tiebreaks ?? {})
  return csvText([
    ['rank', 'player', 'club', 'country', 'army', 'won', 'drawn', 'lost', 'byes', 'dropped', 'score', ...tiebreaks.map(heading)],
    ...rows.map((r) => [
      String(r.rank),
      r.player,
      r.club ?? '',
      r.country ?? '',
      r.armyTitle,
      String(r.won),
      String(r.drawn),
      String(r.lost),
      String(r.byes),
      r.dropped ? 'yes' : 'no',
      formatNumber(r.score),
      ...tiebreaks.map((t) => formatNumber(r.tiebreaks[t]))
    ])
  ])
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)

/** The standings as text: what they stand after, then the table. */
export const standingsText = (shown: ShownStandings, table: (cells: string[][]) => string): string =>
  `${capital(shown.after)}\n\n${table(standingsTable(shown))}\n`

export function standingsHtml(title: string, shown: ShownStandings): string {
  const [head, ...body] = standingsTable(shown)
  const tr = (tag: string, r: string[]) => `<tr>${r.map((c) => `<${tag}>${esc(c)}</${tag}>`).join('')}</tr>`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}: standings</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1a1a1a;background:#fff}table{border-collapse:collapse}th,td{padding:.3rem .8rem;border-bottom:1px solid #ccc;text-align:left}td:first-child,td:nth-child(n+4){text-align:right}@media (prefers-color-scheme:dark){body{color:#eee;background:#161616}th,td{border-color:#555}}</style>
</head><body><h1>${esc(title)}: standings</h1>
<p>${esc(capital(shown.after))}</p>
<table><thead>${tr('th', head)}</thead><tbody>${body.map((r) => tr('td', r)).join('\n')}</tbody></table>
</body></html>
`
}
