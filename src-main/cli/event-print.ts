// `muster event print ID --standings|--pairings|--slips [--round N] -o FILE.pdf` and `muster event
// publish ID -o FILE.html`: the event's printed sheets and its published page (issue 41), through the
// service the app calls (services/event-day-print.ts). Each file is written whole or not at all; bad
// input is one line, exit 2, and nothing is written.
import type { Io } from './io'
import { Option, type Command } from 'commander'
import type { Engine } from '../rules'
import { PAPERS, type Paper } from '../../src-shared/print'
import { libraryPath } from '../services/user-data'
import { positiveInteger } from './numbers'
import { shorten } from './format'
import { eventCommand } from './event-command'
import { withLibrary } from './library'

const SHEETS = ['standings', 'pairings', 'slips'] as const
const SHEET_WORDS = { standings: 'standings', pairings: 'pairings', slips: 'result slips' } as const

interface PrintOptions {
  standings?: boolean
  pairings?: boolean
  slips?: boolean
  round?: number
  paper: Paper
  out: string
}

/** Written whole or not at all, never onto the library itself (files/write-file.ts). */
async function writeOut(cmd: Command, file: string, data: string | Uint8Array): Promise<void> {
  const { writeFileAtomic } = await import('../files/write-file')
  writeFileAtomic(file, data, { inputs: [], library: (cmd.optsWithGlobals() as { db?: string }).db ?? libraryPath() })
}

export function addEventPrintCommands(event: Command, ctx: { engine: () => Engine; io: Io }): void {
  const { io } = ctx
  const service = () => Promise.all([import('../services/event-day-print'), import('../services/event-find')])

  eventCommand(event, 'print', "print the standings, a round's pairings (a wall sheet) or its result slips (one per table) as a PDF")
    .option('--standings', 'the standings as they stand')
    .option('--pairings', "a round's pairings, each table with why")
    .option('--slips', "a round's result slips, three to a page")
    .option('--round <n>', 'the round (default: the latest paired)', positiveInteger)
    .addOption(new Option('--paper <size>', 'paper size').choices([...PAPERS]).default('a4'))
    .requiredOption('-o, --out <file>', 'the PDF file to write')
    .action(async (id: string, opts: PrintOptions, cmd: Command) => {
      const chosen = SHEETS.filter((k) => opts[k])
      if (chosen.length !== 1) throw new Error('say what to print: one of --standings, --pairings or --slips')
      const kind = chosen[0]
      if (kind === 'standings' && opts.round !== undefined) throw new Error('--round goes with --pairings or --slips: the standings are as they stand')
      const [{ eventDayPdf }, { findEvent }] = await service()
      const sheet = kind === 'standings' ? { kind, paper: opts.paper } : { kind, round: opts.round, paper: opts.paper }
      const made = await withLibrary(cmd, (db) => eventDayPdf(ctx.engine(), db, findEvent(db, id), sheet), { forReading: true })
      await writeOut(cmd, opts.out, made.pdf)
      io.out(`${made.round ? `Round ${made.round} ${SHEET_WORDS[kind]}` : 'Standings'} written to ${shorten(opts.out)}\n`)
    })

  eventCommand(event, 'publish', "the event as one self-contained HTML page: standings, every round's pairings and results, each player's list")
    .requiredOption('-o, --out <file>', 'the HTML file to write')
    .action(async (id: string, opts: { out: string }, cmd: Command) => {
      const [{ publishEventPage }, { findEvent }] = await service()
      const page = await withLibrary(cmd, (db) => publishEventPage(ctx.engine(), db, findEvent(db, id)), { forReading: true })
      await writeOut(cmd, opts.out, page.html)
      io.out(`Event page written to ${shorten(opts.out)}\n`)
    })
}
