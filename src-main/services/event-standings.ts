// An event's standings in the forms `muster event standings` gives them: a table, JSON (each row
// without its player's id), CSV or one HTML page, as the event's reports word them
// (event/standings-report.ts).
import { shownStandings, standingsCsv, standingsHtml, standingsText } from '../event/standings-report'
import type { EventDayState } from './event-day-types'

export type StandingsFormat = 'text' | 'json' | 'csv' | 'html'

/** `table`: how the text form lays out its rows (the CLI's table). */
export function standingsReport(state: EventDayState, format: StandingsFormat, table: (cells: string[][]) => string): string {
  const standing = shownStandings(state)
  if (format === 'json')
    return (
      JSON.stringify(
        standing.rows.map(({ id: _id, ...row }) => row),
        null,
        2
      ) + '\n'
    )
  if (format === 'csv') return standingsCsv(standing)
  if (format === 'html') return standingsHtml(state.name, standing)
  return standingsText(standing, table)
}
