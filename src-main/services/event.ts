// The event check: an organiser's submitted rosters checked against the event's profile, and, when
// the last check's report is given, each resubmission compared with what was checked then. One use
// case for `muster check` and the app's Event screen (and, through event-pairing.ts, the pairings).
import type { Engine } from '../rules'
import { checkEvent, type EventProfile, type EventReport, type Submission } from '../event/check-event'
import { asPreviousReport, compareWithPrevious } from '../event/resubmission'
import { printedPdfFor } from '../event/printed-pdf'
import { readNamed, readSubmissions, type NamedFile } from './event-input'

/**
 * The last check's report, to compare resubmissions with: read with the one reader (at most
 * `maxBytes`), checked as a report; what is wrong in words, with `how` to make a good one.
 */
export function readPreviousReport(file: NamedFile, maxBytes: number, how: string): { ok: true; report: EventReport } | { ok: false; message: string } {
  return asPreviousReport(file.name, readNamed(file, maxBytes), how)
}

export function checkSubmissions(engine: Engine, profile: EventProfile, submissions: Submission[], previous?: EventReport): EventReport {
  const report = checkEvent(engine, profile, submissions)
  if (previous) compareWithPrevious(report, previous, submissions, engine)
  return report
}

/**
 * The whole event check of files, as both the CLI and the app run it: each submission read under its
 * report name, checked (and compared with the previous report), and the check code of a print-out
 * submitted beside a roster (the same name, .pdf) compared with the roster's own.
 */
export async function checkEventFiles(
  engine: Engine,
  profile: EventProfile,
  files: NamedFile[],
  previous?: EventReport
): Promise<{ report: EventReport; submissions: Submission[] }> {
  const submissions = readSubmissions(files)
  const report = checkSubmissions(engine, profile, submissions, previous)
  const paths = new Map(files.map((f) => [f.name, f.path]))
  const pathOf = (name: string) => paths.get(name) ?? name
  // pdf-lib (a tenth of a second to load) only where a print-out was submitted beside a roster
  if (submissions.some((s) => 'data' in s && printedPdfFor(pathOf(s.file)))) {
    const { attachPrintedCodes } = await import('../event/printed-codes')
    await attachPrintedCodes(engine, report, submissions, pathOf)
  }
  return { report, submissions }
}
