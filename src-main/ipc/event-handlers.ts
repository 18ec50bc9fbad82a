// Tournament checking over IPC: the renderer sends the event profile and where the submitted files
// are (chosen in the open dialog main shows: pickEventFiles); they are read here, at each check, with
// the one file reader as the CLI reads files (regular files, capped, UTF-8 only, strict JSON), and
// optionally the last check's JSON report, so each resubmission says what changed since (as
// `muster check --previous`).
import type Ajv2020 from 'ajv/dist/2020'
import type { Engine } from '../rules'
import { listBook, reportText } from '../services/event-report'
import { checkEventFiles, readPreviousReport } from '../services/event'
import { asEventProfile, readSubmissions } from '../services/event-input'
import { pairSubmissions } from '../services/event-pairing'
import { toCsv as pairingCsv } from '../services/pair-report'
import type { EventFile, MusterHandlers } from './contract'
import { PdfShelf, shelved, type FileDialogs } from './file-handlers'
import { expandPaths, MAX_ROSTER_BYTES } from '../files/read-json'
import { statSync } from 'node:fs'
import { basename, dirname, relative, sep } from 'node:path'
import { CodedError } from '../../src-shared/coded-error'

/** Read where the app's words are read: how an organiser makes the report the next check takes. */
const SAVE_A_REPORT = 'after a check, Save report (JSON)… writes one'

/** A refusal written for the organiser: `code` lets the dispatch pass its words on as they are. */
export class EventFileError extends CodedError<'bad-previous-report' | 'bad-event-profile'> {
  override name = 'EventFileError'
}

/** The last check's report, checked; a bad one is an error in words (the check does not run). */
function previousReport(file: EventFile) {
  // The reader would call it too large "for a roster"; the command line takes larger reports.
  const size = sizeOf(file.path)
  if (size > MAX_ROSTER_BYTES)
    throw new EventFileError(
      'bad-previous-report',
      `${file.name}: ${(size / 1024 / 1024).toFixed(1)} MB is more than the app reads as a previous report (${MAX_ROSTER_BYTES / 1024 / 1024} MB); muster check --previous reads larger ones`
    )
  const previous = readPreviousReport(file, MAX_ROSTER_BYTES, SAVE_A_REPORT)
  if (!previous.ok) throw new EventFileError('bad-previous-report', previous.message)
  return previous.report
}

/** A file's size as the system says (0 if it cannot say: the reader then says why it cannot read it). */
function sizeOf(path: string): number {
  try {
    return statSync(path).size
  } catch {
    return 0
  }
}

/** Submissions chosen: each file by its name, each folder's .json files (all depths) by their path under it, as the browser's folder picker named them. */
function chosenFiles(paths: string[]): EventFile[] {
  return paths.flatMap((chosen) => {
    const inside = expandPaths([chosen])
    if (inside.length === 1 && inside[0] === chosen) return [{ path: chosen, name: basename(chosen) }]
    return inside.map((path) => ({ path, name: relative(dirname(chosen), path).split(sep).join('/') }))
  })
}

/** `pdfs`: where eventBook keeps each book for savePdf (file-handlers.ts); `dialogs`: the open dialog pickEventFiles shows (a fake in tests; none: cancelled). */
export function eventHandlers(
  engine: Engine,
  ajv: Ajv2020,
  pdfs = new PdfShelf(),
  dialogs?: FileDialogs
): Pick<MusterHandlers, 'checkEventFiles' | 'eventBook' | 'eventPairing' | 'pickEventFiles'> {
  const checkedProfile = (event: unknown) => asEventProfile(ajv, event, (problem) => new EventFileError('bad-event-profile', problem))
  /** The profile checked, the files read and checked as `muster check` does (services/event.ts), compared with the previous report if given. */
  const run = (event: unknown, files: EventFile[], previousFile?: EventFile) => {
    const profile = checkedProfile(event)
    // Read first: a bad previous report is refused before any roster is checked.
    const previous = previousFile && previousReport(previousFile)
    return checkEventFiles(engine, profile, files, previous)
  }
  return {
    checkEventFiles: async (event, files, previous) => {
      const { report } = await run(event, files, previous)
      return { report, html: reportText(report, 'html'), csv: reportText(report, 'csv') }
    },
    eventBook: async (event, files, judges, previous) => {
      const { submissions, report } = await run(event, files, previous)
      const book = await listBook(engine, report, submissions, judges)
      return { ...shelved(pdfs, `${judges ? 'judges' : 'list-book'}.pdf`, book.pdf), rosters: book.entries.length, left: book.left.length }
    },
    pickEventFiles: async (purpose) => {
      const previous = purpose === 'previous'
      const chosen = await dialogs?.open(
        previous
          ? { title: 'Previous report', filters: [{ name: 'Check report (JSON)', extensions: ['json'] }], multiple: false }
          : purpose === 'folder'
            ? { title: 'A folder of submitted rosters', filters: [], multiple: false, folders: true }
            : { title: 'Submitted rosters', filters: [{ name: 'Roster files', extensions: ['json'] }], multiple: true }
      )
      if (!chosen) return null
      return previous ? chosen.slice(0, 1).map((path) => ({ path, name: basename(path) })) : chosenFiles(chosen).slice(0, 5000)
    },
    // As `muster pair` does: the same check, entries and pairing (services/event-pairing.ts).
    eventPairing: (event, files) => {
      const { report } = pairSubmissions(engine, checkedProfile(event), readSubmissions(files))
      return { report, csv: pairingCsv(report) }
    }
  }
}
