// The event check's report in the forms its doors give it (a table, JSON, CSV, one HTML page), its
// one-line summary, and the list books printed from it. The PDF code is loaded when a book is made.
import type { Engine } from '../rules'
import type { EventReport, Submission } from '../event/check-event'
import { reportSummary, toCsv, toHtml, toText } from '../event/report'
import { printedPdfFor } from '../event/printed-pdf'
import type { ListBook } from '../event/list-book'

export type ReportFormat = 'text' | 'json' | 'csv' | 'html'

export { reportSummary }

export function reportText(report: EventReport, format: ReportFormat): string {
  if (format === 'html') return toHtml(report)
  if (format === 'csv') return toCsv(report)
  return format === 'json' ? JSON.stringify(report, null, 2) + '\n' : toText(report)
}

/** The files a check read: each submission and the print-out submitted beside it (same name, .pdf), where there is one. */
export const filesRead = (submissions: Submission[]): string[] =>
  submissions.flatMap((s) => [s.file, printedPdfFor(s.file)].filter((f): f is string => f !== undefined))

/** Every legal roster's sheet after an index by player; `judges`: every submission, with the event's verdicts. */
export async function listBook(engine: Engine, report: EventReport, submissions: Submission[], judges: boolean): Promise<ListBook> {
  const { buildListBook } = await import('../event/list-book')
  return buildListBook(engine, report, submissions, judges)
}

/** The list book and the judges' copy, drawn as one: a legal roster's sheet is laid out once for the two. */
export async function listBooks(engine: Engine, report: EventReport, submissions: Submission[]): Promise<{ book: ListBook; judges: ListBook }> {
  const { buildListBooks } = await import('../event/list-book')
  return buildListBooks(engine, report, submissions)
}
