// Tournament checking over IPC: the renderer sends the event profile and the submitted files' bytes,
// read here as the CLI reads files (UTF-8 only, strict JSON), and optionally the last check's JSON
// report, so each resubmission says what changed since (as `muster check --previous`).
import type Ajv2020 from 'ajv/dist/2020'
import type { Engine } from '../rules'
import type { Submission } from '../event/check-event'
import { toCsv, toHtml } from '../event/report'
import { asPreviousReport } from '../event/resubmission'
import { checkSubmissions } from '../services/event'
import { asEventProfile, submission } from '../services/event-input'
import { pairSubmissions } from '../services/event-pairing'
import { toCsv as pairingCsv } from '../services/pair-report'
import type { MusterHandlers, UserFile } from './contract'
import { MAX_ROSTER_BYTES, parseJsonBytes } from '../files/read-json'

/** Read where the app's words are read: how an organiser makes the report the next check takes. */
const SAVE_A_REPORT = 'after a check, Save report (JSON)… writes one'

/** A refusal written for the organiser: `code` lets the dispatch pass its words on as they are. */
export class EventFileError extends Error {
  constructor(
    readonly code: 'bad-previous-report' | 'bad-event-profile',
    message: string
  ) {
    super(message)
    this.name = 'EventFileError'
  }
}

/** The last check's report, checked; a bad one is an error in words (the check does not run). */
function previousReport(file: UserFile) {
  const bytes = Buffer.from(file.base64, 'base64')
  const size = Math.max(file.size ?? 0, bytes.length)
  // parseJsonBytes would call it too large "for a roster"; the command line takes larger reports.
  if (size > MAX_ROSTER_BYTES) throw new EventFileError('bad-previous-report', `${file.name}: ${(size / 1024 / 1024).toFixed(1)} MB is more than the app reads as a previous report (${MAX_ROSTER_BYTES / 1024 / 1024} MB); muster check --previous reads larger ones`)
  const previous = asPreviousReport(file.name, parseJsonBytes(file.name, bytes, size), SAVE_A_REPORT)
  if (!previous.ok) throw new EventFileError('bad-previous-report', previous.message)
  return previous.report
}

export function eventHandlers(engine: Engine, ajv: Ajv2020): Pick<MusterHandlers, 'checkEventFiles' | 'eventBook' | 'eventPairing'> {
  const checkedProfile = (event: unknown) => asEventProfile(ajv, event, (problem) => new EventFileError('bad-event-profile', problem))
  const readFiles = (files: UserFile[]): Submission[] => files.map((f) => submission(f.name, parseJsonBytes(f.name, Buffer.from(f.base64, 'base64'), f.size)))
  /** The profile checked, the files read as the CLI reads them, and the event's report (compared with the previous one, if given). */
  const run = (event: unknown, files: UserFile[], previousFile?: UserFile) => {
    const profile = checkedProfile(event)
    // Read first: a bad previous report is refused before any roster is checked.
    const previous = previousFile && previousReport(previousFile)
    const submissions = readFiles(files)
    return { submissions, report: checkSubmissions(engine, profile, submissions, previous) }
  }
  return {
    checkEventFiles: (event, files, previous) => {
      const { report } = run(event, files, previous)
      return { report, html: toHtml(report), csv: toCsv(report) }
    },
    eventBook: async (event, files, judges, previous) => {
      const { submissions, report } = run(event, files, previous)
      const { buildListBook } = await import('../event/list-book')
      const book = await buildListBook(engine, report, submissions, judges)
      return { base64: Buffer.from(book.pdf).toString('base64'), rosters: book.entries.length, left: book.left.length }
    },
    // As `muster pair` does: the same check, entries and pairing (services/event-pairing.ts).
    eventPairing: (event, files) => {
      const { report } = pairSubmissions(engine, checkedProfile(event), readFiles(files))
      return { report, csv: pairingCsv(report) }
    }
  }
}
