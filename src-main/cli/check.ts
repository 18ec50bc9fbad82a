// `muster check --event EVENT.json PATHS...`: an organiser's batch check of submitted rosters,
// as a table, JSON, CSV or one HTML page. Exit 0 all legal, 1 any illegal, 2 any unreadable.
// The event code (pdf-lib for print-outs, papaparse for CSV) is loaded when `check` runs.
import type { Io } from './io'
import type { Command } from 'commander'
import type { Engine } from '../rules'
import { expandPaths, readRosterFile } from '../files/read-json'
import { eventProfileOf, type NamedFile } from '../services/event-input'
import type { EventProfile } from '../event/check-event'
import { libraryPath } from '../services/user-data'
import { countOf } from '../../src-shared/words'
import { unreadableLine, shorten } from './format'

export function readEventProfile(file: string): EventProfile {
  const read = readRosterFile(file)
  if (!read.ok) throw new Error(unreadableLine(read))
  return eventProfileOf(read.data, (problem) => new Error(`${shorten(file)}: ${problem}`))
}

/** The files named (a folder: its .json files), each reported by its path. */
export const submittedFiles = (paths: string[]): NamedFile[] => expandPaths(paths).map((path) => ({ path, name: path }))

export function addCheckCommand(program: Command, ctx: { engine: () => Engine; io: Io; setExit: (code: number) => void }): void {
  program
    .command('check')
    .description("check a tournament's submitted rosters against an event profile (exit 0 all legal, 1 any illegal, 2 any unreadable)")
    .requiredOption('--event <file>', 'event profile (schemas/event.schema.json)')
    .argument('<paths...>', 'roster files or folders of them')
    .option('--json', 'the report as JSON')
    .option('--csv', 'the report as CSV, a row per submission')
    .option('--html', 'the report as one self-contained HTML page')
    .option('-o, --out <file>', 'write the report to a file instead of the screen')
    .option(
      '--previous <report.json>',
      "the JSON report of the last check (--json): each player's resubmission is compared with the roster checked then, and changes beyond what was flagged are warned"
    )
    .option(
      '--book <file>',
      "also write the list book (every legal roster's sheet after an index by player) to this PDF, and the judges' copy (every submission, with the event's verdicts) beside it as <name>-judges.pdf"
    )
    .action(async (paths: string[], opts: { event: string; json?: boolean; csv?: boolean; html?: boolean; out?: string; book?: string; previous?: string }) => {
      const [{ checkEventFiles, readPreviousReport }, { filesRead, listBooks, reportSummary, reportText }, { writeFileAtomic, writesToStandardOutput }] =
        await Promise.all([import('../services/event'), import('../services/event-report'), import('../files/write-file')])
      const event = readEventProfile(opts.event)
      const files = submittedFiles(paths)
      const engine = ctx.engine()
      let previous
      if (opts.previous) {
        // The command line reads reports of up to 200 MB (the app, one of a roster's size).
        const read = readPreviousReport({ path: opts.previous, name: opts.previous }, 200 * 1024 * 1024, 'write one with --json')
        if (!read.ok) {
          ctx.io.err(`muster check: ${read.message}\n`)
          return ctx.setExit(2)
        }
        previous = read.report
      }
      const { report, submissions } = await checkEventFiles(engine, event, files, previous)
      const text = reportText(report, opts.html ? 'html' : opts.csv ? 'csv' : opts.json ? 'json' : 'text')
      if (opts.out) {
        // never onto what it read: the profile, a submission, or a print-out submitted beside one
        const inputs = [opts.event, ...filesRead(submissions)]
        writeFileAtomic(opts.out, text, { inputs, library: libraryPath() })
        // -o /dev/stdout: the report went to standard output, so where it went is said apart
        ;(writesToStandardOutput(opts.out) ? ctx.io.err : ctx.io.out)(`${reportSummary(report)}; report written to ${shorten(opts.out)}\n`)
      } else ctx.io.out(text)
      if (opts.book) {
        const judgesFile = opts.book.replace(/(\.pdf)?$/i, '-judges.pdf')
        const inputs = [opts.event, ...(opts.out ? [opts.out] : []), ...filesRead(submissions)]
        const books = await listBooks(engine, report, submissions)
        for (const [file, judges] of [
          [opts.book, false],
          [judgesFile, true]
        ] as const) {
          const book = judges ? books.judges : books.book
          writeFileAtomic(file, Buffer.from(book.pdf), { inputs: [...inputs, ...(judges ? [opts.book] : [])], library: libraryPath() })
          ctx.io.err(
            `${judges ? "Judges' copy" : 'List book'}: ${countOf(book.entries.length, 'roster')}${book.left.length ? `, ${book.left.length} not printable` : ''}, written to ${shorten(file)}\n`
          )
        }
      }
      ctx.setExit(report.summary.unreadable ? 2 : report.summary.illegal ? 1 : 0)
    })
}
