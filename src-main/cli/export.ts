// `muster export FILE --pdf roster|cards|qrs` prints a roster to PDF, `--text` writes it as plain
// text; `muster verify FILE CODE` tells an organiser whether a roster file is the one whose
// printout carries CODE.
// Exit codes as the rest of the CLI: export 0 written (roster legal), 1 written but the roster is
// illegal, 2 nothing written; verify 0 match, 1 mismatch or an old 12-character code (forgeable, never
// called a match), 2 unreadable or bad arguments.
// The export code (document builders, pdfmake) is loaded when `export` or `verify` runs, so the
// other commands start without it.
import type { Io } from './io'
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { Command, Option } from 'commander'
import type { Engine, Roster, Verdict } from '../rules'
import { readRosterFile } from '../files/read-json'
import type { ExportKind, Paper } from '../export'
import { PAPERS, PRINT_KINDS as EXPORT_KINDS } from '../../src-shared/print'
import { libraryPath } from '../services/user-data'
import { countOf } from '../../src-shared/words'
import { oneLine } from '../../src-shared/text'
import { unreadableLine, pointsText, shorten } from './format'
import { readOwnedItems } from './owned'

const EXIT_OK = 0
const EXIT_INVALID = 1
const EXIT_UNREADABLE = 2

export interface ExportContext {
  engine: () => Engine
  io: Io
  setExit(code: number): void
}

/**
 * What `--pdf` prints, in src-main/export's EXPORT_KINDS order, and how the written line names it.
 * Spelled out here so the CLI starts without loading the export code; the type keeps it complete.
 */
const KIND_NAMES: Record<ExportKind, string> = { roster: 'roster', cards: 'unit cards', qrs: 'quick reference' }

/** "2 of 9 units marked as proxies": what --mark-proxies did. */
function proxiesWords(marked: number, roster: unknown): string {
  const units =
    typeof roster === 'object' && roster !== null && Array.isArray((roster as { units?: unknown }).units) ? (roster as { units: unknown[] }).units.length : 0
  return `${marked} of ${countOf(units, 'unit')} marked as ${marked === 1 ? 'a proxy' : 'proxies'}`
}

/** `legion.muster.json` + roster -> `legion-roster.pdf` (or `legion-roster.txt`), beside the roster. */
export function defaultOutput(file: string, kind: ExportKind, extension = 'pdf'): string {
  const stem = basename(file).replace(/(\.muster)?\.json$/i, '')
  return join(dirname(file), `${stem}-${kind}.${extension}`)
}

/** "legal" or "ILLEGAL, 2 errors", for the line saying what was written. */
function statusText(v: Verdict): string {
  return v.valid ? 'legal' : `ILLEGAL, ${countOf(v.issues.filter((i) => i.severity === 'error').length, 'error')}`
}

/** Whether a file is a PDF by its contents (%PDF- in its first kilobyte, as readers allow), not its name. */
function isPdfFile(path: string): boolean {
  let fd: number | undefined
  try {
    // not opened unless a regular file: a FIFO would block the open
    if (!statSync(path).isFile()) return false
    fd = openSync(path, 'r')
    if (!fstatSync(fd).isFile()) return false
    const head = Buffer.alloc(1024)
    const n = readSync(fd, head, 0, head.length, 0)
    return head.subarray(0, n).includes('%PDF-')
  } catch {
    return false
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

export function addExportCommands(program: Command, ctx: ExportContext): void {
  const { io } = ctx

  program
    .command('export')
    .description(
      'print a roster to PDF (the roster sheet, unit cards, or a quick-reference sheet) or write it as plain text (exit 0 written, 1 written but the roster is illegal, 2 not written)'
    )
    .argument('<file>', 'roster file')
    .addOption(new Option('--pdf <kind>', 'what to print').choices([...EXPORT_KINDS]).conflicts('text'))
    .option('--text', 'the roster sheet as plain text, for forums, mail and chat (with -o -: on standard output)')
    .option('--vs <file>', 'with --pdf qrs: the opponent roster; the sheet keeps the rows and columns for both armies')
    .addOption(
      new Option(
        '--vs-army <id>',
        "with --pdf qrs: an army list of the roster's ruleset (an id from muster rulesets --json); the sheet keeps the rows and columns for the troops it can field, and sets its army facts beside yours"
      ).conflicts('vs')
    )
    .addOption(new Option('--paper <size>', 'paper size').choices([...PAPERS]).default('a4'))
    .option('--mark-proxies', "with --pdf roster: mark each unit your collection does not field as a proxy (the library's collection; MUSTER_DB or --db)")
    .option('--db <file>', 'the library whose collection --mark-proxies reads')
    .option('-o, --output <file>', 'file to write (default: beside the roster, <name>-<kind>.pdf, or <name>-roster.txt with --text)')
    .action(
      async (
        file: string,
        opts: { pdf?: ExportKind; text?: boolean; vs?: string; vsArmy?: string; paper: Paper; markProxies?: boolean; db?: string; output?: string }
      ) => {
        if (!opts.pdf && !opts.text) {
          io.err(`muster export: say what to export: --pdf ${EXPORT_KINDS.join('|')}, or --text\n`)
          return ctx.setExit(EXIT_UNREADABLE)
        }
        if ((opts.vs || opts.vsArmy) && opts.pdf !== 'qrs') {
          io.err(`muster export: ${opts.vs ? '--vs' : '--vs-army'} only applies to --pdf qrs\n`)
          return ctx.setExit(EXIT_UNREADABLE)
        }
        if (opts.markProxies && opts.pdf !== 'roster') {
          io.err('muster export: --mark-proxies only applies to --pdf roster (the roster sheet marks proxies)\n')
          return ctx.setExit(EXIT_UNREADABLE)
        }
        if (opts.db !== undefined && !opts.markProxies) {
          io.err('muster export: --db is read only with --mark-proxies\n')
          return ctx.setExit(EXIT_UNREADABLE)
        }
        const read = readRosterFile(file)
        if (!read.ok) {
          io.err(`${unreadableLine(read)}\n`)
          return ctx.setExit(EXIT_UNREADABLE)
        }
        let opponent: unknown
        if (opts.vs) {
          const vs = readRosterFile(opts.vs)
          if (!vs.ok) {
            io.err(`${unreadableLine(vs)}\n`)
            return ctx.setExit(EXIT_UNREADABLE)
          }
          opponent = vs.data
        }
        const [{ ExportError, exportRoster }, { WriteRefused, writeErrorText, writeFileAtomic, writesToStandardOutput }] = await Promise.all([
          import('../services/roster-export'),
          import('../files/write-file')
        ])
        const engine = ctx.engine()
        const kind = opts.pdf ?? 'roster'
        // The units the collection does not field, marked on the sheet as the app's Print marks them.
        let proxies: ReadonlySet<number> | undefined
        if (opts.markProxies) {
          const owned = await readOwnedItems(opts.db)
          if (!owned.ok) {
            io.err(`muster export: ${owned.message}; nothing was written\n`)
            return ctx.setExit(EXIT_UNREADABLE)
          }
          if (owned.items.length === 0) io.err('muster export: your collection is empty: every unit is marked as a proxy\n')
          const { proxyUnits } = await import('../services/collection')
          proxies = proxyUnits(engine, owned.items, read.data as Roster)
        }
        let built
        try {
          // The PDF made as the app's Print makes it (services/print.ts); written below, whole or not at all.
          built = await exportRoster(
            engine,
            read.data,
            opts.pdf
              ? {
                  kind,
                  paper: opts.paper,
                  opponent,
                  ...(opts.vsArmy ? { opponentArmy: opts.vsArmy } : {}),
                  ...(proxies ? { proxies } : {}),
                  fileName: basename(file)
                }
              : 'text'
          )
        } catch (e) {
          if (e instanceof ExportError) {
            io.err(`${shorten(file)}: ${e.message}\n`)
            return ctx.setExit(EXIT_UNREADABLE)
          }
          throw e
        }
        const v = built.verdict
        const exit = v.valid ? EXIT_OK : EXIT_INVALID
        if ('text' in built && opts.output === '-') {
          io.out(built.text)
          return ctx.setExit(exit)
        }
        const out = opts.output ?? defaultOutput(file, kind, 'pdf' in built ? 'pdf' : 'txt')
        const guard = { inputs: [file, ...(opts.vs ? [opts.vs] : [])], library: opts.db ?? libraryPath() }
        let what: string
        try {
          if ('pdf' in built) {
            writeFileAtomic(out, built.pdf, guard)
            what = `${KIND_NAMES[kind]}, ${countOf(built.pages, 'page')} ${built.paperLabel}${proxies ? `, ${proxiesWords(proxies.size, read.data)}` : ''}`
          } else {
            writeFileAtomic(out, built.text, guard)
            what = `roster as text, ${countOf(built.text.split('\n').length - 1, 'line')}`
          }
        } catch (e) {
          const err = e as NodeJS.ErrnoException
          io.err(`muster export: cannot write ${shorten(out)}: ${e instanceof WriteRefused ? e.reason : writeErrorText(err)}; nothing was written\n`)
          return ctx.setExit(EXIT_UNREADABLE)
        }
        // -o /dev/stdout: the file went to standard output, so what was written is said apart
        ;(writesToStandardOutput(out) ? io.err : io.out)(
          `${shorten(out)}: ${what}; ${shorten(basename(file))} ${statusText(v)}, ${pointsText(v)}, check code ${built.checkCode}\n`
        )
        ctx.setExit(exit)
      }
    )

  program
    .command('verify')
    .description(
      "recompute a roster file's check code and compare it with the one printed on its PDF (exit 0 match, 1 mismatch, an altered print-out or an old code, 2 unreadable, or a PDF whose pages Muster cannot read); without CODE, print the file's code"
    )
    .argument('<file>', 'roster file')
    .argument(
      '[code]',
      'the check code printed on the roster: 32 letters and digits in groups of four (case, spaces and dashes do not matter; old 12-character codes are read too), or the printed PDF itself (its code entry, if it still has one, and the code at the foot of every page must agree)'
    )
    .action(async (file: string, code: string | undefined) => {
      const { parseCode, rosterCode, verifyPrintout } = await import('../services/verify')
      const read = readRosterFile(file)
      if (!read.ok) {
        io.err(`${unreadableLine(read)}\n`)
        return ctx.setExit(EXIT_UNREADABLE)
      }
      // The print-out itself (legion-roster.pdf, or a PDF by any name): read as `muster check` reads it (event/printed-codes.ts).
      const asCode = code === undefined ? null : parseCode(code)
      const pdf = code !== undefined && !asCode && (isPdfFile(code) || /\.pdf$/i.test(code)) ? code : undefined
      const printed = asCode ?? undefined
      if (code !== undefined && !pdf && !printed) {
        io.err(`muster verify: '${code}' is not a check code (32 letters and digits in groups of four, as printed on the roster)\n`)
        return ctx.setExit(EXIT_UNREADABLE)
      }
      const fileCode = rosterCode(ctx.engine(), read.data)
      if (typeof fileCode === 'string') {
        io.err(`${shorten(file)}: ${fileCode}\n`)
        return ctx.setExit(EXIT_UNREADABLE)
      }
      const computed = fileCode.codeOf(printed?.version)
      // In the printed sheets' words (export/layout.ts dataText): "Triumph! data 1.1.0, checked with local data changes".
      const { dataText } = fileCode
      if (pdf) {
        const verdict = await verifyPrintout(fileCode, pdf)
        if (verdict.kind === 'missing' || verdict.kind === 'unreadable') {
          io.err(`muster verify: ${oneLine(verdict.message)}\n`)
          return ctx.setExit(EXIT_UNREADABLE)
        }
        if (verdict.kind === 'match')
          io.out(
            `${shorten(file)}: match: printed ${verdict.printed}, file ${verdict.computed} (${dataText}); ${verdict.note ? `the code on every page agrees, but ${verdict.note}` : "the PDF's entry and its pages agree"}\n`
          )
        else
          io.out(
            `${shorten(file)}: ${verdict.kind === 'old' ? 'old code: cannot be trusted, print again' : verdict.kind === 'altered' ? 'ALTERED' : 'MISMATCH'}: ${oneLine(verdict.message)} (${dataText})\n`
          )
        return ctx.setExit(verdict.kind === 'match' ? EXIT_OK : EXIT_INVALID)
      }
      if (!printed) {
        io.out(`${shorten(file)}: check code ${computed} (${dataText})\n`)
        return ctx.setExit(EXIT_OK)
      }
      if (printed.version !== 2) {
        // Old codes collide (two rosters with one code were found in minutes): a match proves nothing.
        io.out(
          `${shorten(file)}: old code: cannot be trusted, print again. ${printed.code} is an old 12-character check code, which can be forged (two rosters can share one), so it is never a match; print the roster again with this Muster, and its 32-character code must read ${fileCode.codeOf()} (${dataText})\n`
        )
        return ctx.setExit(EXIT_INVALID)
      }
      if (printed.code === computed) {
        io.out(`${shorten(file)}: match: printed ${printed.code}, file ${computed} (${dataText})\n`)
        return ctx.setExit(EXIT_OK)
      }
      io.out(
        `${shorten(file)}: MISMATCH: printed ${printed.code}, file ${computed} (${dataText}): this file is not the roster that was printed, or it was printed with other ruleset data\n`
      )
      ctx.setExit(EXIT_INVALID)
    })
}
