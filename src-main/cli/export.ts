// `muster export FILE --pdf roster|cards|qrs` prints a roster to PDF, `--text` writes it as plain
// text; `muster verify FILE CODE` tells an organiser whether a roster file is the one whose
// printout carries CODE.
// Exit codes as the rest of the CLI: export 0 written (roster legal), 1 written but the roster is
// illegal, 2 nothing written; verify 0 match, 1 mismatch, 2 unreadable or bad arguments.
// The export code (document builders, pdfmake) is loaded when `export` or `verify` runs, so the
// other commands start without it.
import { basename, dirname, join } from 'node:path'
import { Command, Option } from 'commander'
import type { Engine, Verdict } from '../rules'
import { readRosterFile } from '../files/read-json'
import type { ExportKind, Paper } from '../export'
import { libraryPath } from '../user-data'
import { countOf, oneLine } from '../rules/messages'
import { pointsText } from './format'

const EXIT_OK = 0
const EXIT_INVALID = 1
const EXIT_UNREADABLE = 2

export interface ExportContext {
  engine: () => Engine
  io: { out(s: string): void; err(s: string): void }
  setExit(code: number): void
}

/**
 * What `--pdf` prints, in src-main/export's EXPORT_KINDS order, and how the written line names it.
 * Spelled out here so the CLI starts without loading the export code; the type keeps it complete.
 */
const KIND_NAMES: Record<ExportKind, string> = { roster: 'roster', cards: 'unit cards', qrs: 'quick reference' }
const EXPORT_KINDS = Object.keys(KIND_NAMES) as ExportKind[]

/** `legion.muster.json` + roster -> `legion-roster.pdf` (or `legion-roster.txt`), beside the roster. */
export function defaultOutput(file: string, kind: ExportKind, extension = 'pdf'): string {
  const stem = basename(file).replace(/(\.muster)?\.json$/i, '')
  return join(dirname(file), `${stem}-${kind}.${extension}`)
}

/** "legal" or "ILLEGAL, 2 errors", for the line saying what was written. */
function statusText(v: Verdict): string {
  return v.valid ? 'legal' : `ILLEGAL, ${countOf(v.issues.filter((i) => i.severity === 'error').length, 'error')}`
}

export function addExportCommands(program: Command, ctx: ExportContext): void {
  const { io } = ctx

  program
    .command('export')
    .description('print a roster to PDF (the roster sheet, unit cards, or a quick-reference sheet) or write it as plain text (exit 0 written, 1 written but the roster is illegal, 2 not written)')
    .argument('<file>', 'roster file')
    .addOption(new Option('--pdf <kind>', 'what to print').choices([...EXPORT_KINDS]).conflicts('text'))
    .option('--text', 'the roster sheet as plain text, for forums, mail and chat (with -o -: on standard output)')
    .option('--vs <file>', 'with --pdf qrs: the opponent roster; the sheet keeps the rows and columns for both armies')
    .addOption(new Option('--vs-army <id>', "with --pdf qrs: an army list of the roster's ruleset (an id from muster rulesets --json); the sheet keeps the rows and columns for the troops it can field, and sets its army facts beside yours").conflicts('vs'))
    .addOption(new Option('--paper <size>', 'paper size').choices(['a4', 'letter']).default('a4'))
    .option('-o, --output <file>', 'file to write (default: beside the roster, <name>-<kind>.pdf, or <name>-roster.txt with --text)')
    .action(async (file: string, opts: { pdf?: ExportKind; text?: boolean; vs?: string; vsArmy?: string; paper: Paper; output?: string }) => {
      if (!opts.pdf && !opts.text) {
        io.err(`muster export: say what to export: --pdf ${EXPORT_KINDS.join('|')}, or --text\n`)
        return ctx.setExit(EXIT_UNREADABLE)
      }
      if ((opts.vs || opts.vsArmy) && opts.pdf !== 'qrs') {
        io.err(`muster export: ${opts.vs ? '--vs' : '--vs-army'} only applies to --pdf qrs\n`)
        return ctx.setExit(EXIT_UNREADABLE)
      }
      const read = readRosterFile(file)
      if (!read.ok) {
        io.err(`${oneLine(`${read.place}: ${read.message}`)}\n`)
        return ctx.setExit(EXIT_UNREADABLE)
      }
      let opponent: unknown
      if (opts.vs) {
        const vs = readRosterFile(opts.vs)
        if (!vs.ok) {
          io.err(`${oneLine(`${vs.place}: ${vs.message}`)}\n`)
          return ctx.setExit(EXIT_UNREADABLE)
        }
        opponent = vs.data
      }
      const [{ ExportError, buildExport, PAPER, rosterText }, { writePdfFile }, { WriteRefused, writeErrorText, writeFileAtomic }] = await Promise.all([import('../export'), import('../export/write-pdf'), import('../files/write-file')])
      const engine = ctx.engine()
      const kind = opts.pdf ?? 'roster'
      let built
      try {
        built = opts.pdf ? buildExport(engine, read.data, { kind, paper: opts.paper, opponent, ...(opts.vsArmy ? { opponentArmy: opts.vsArmy } : {}), fileName: basename(file) }) : rosterText(engine, read.data)
      } catch (e) {
        if (e instanceof ExportError) {
          io.err(`${file}: ${e.message}\n`)
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
      const out = opts.output ?? defaultOutput(file, kind, 'doc' in built ? 'pdf' : 'txt')
      const guard = { inputs: [file, ...(opts.vs ? [opts.vs] : [])], library: libraryPath() }
      let what: string
      try {
        if ('doc' in built) {
          const written = await writePdfFile(built.doc, out, guard)
          what = `${KIND_NAMES[kind]}, ${countOf(written.pages, 'page')} ${PAPER[opts.paper].label}`
        } else {
          writeFileAtomic(out, built.text, guard)
          what = `roster as text, ${countOf(built.text.split('\n').length - 1, 'line')}`
        }
      } catch (e) {
        const err = e as NodeJS.ErrnoException
        io.err(`muster export: cannot write ${out}: ${e instanceof WriteRefused ? err.message : writeErrorText(err)}; nothing was written\n`)
        return ctx.setExit(EXIT_UNREADABLE)
      }
      io.out(`${out}: ${what}; ${basename(file)} ${statusText(v)}, ${pointsText(v)}, check code ${built.checkCode}\n`)
      ctx.setExit(exit)
    })

  program
    .command('verify')
    .description('recompute a roster file\'s check code and compare it with the one printed on its PDF (exit 0 match, 1 mismatch, 2 unreadable); without CODE, print the file\'s code')
    .argument('<file>', 'roster file')
    .argument('[code]', 'the check code printed on the roster: 32 letters and digits in groups of four (case, spaces and dashes do not matter; old 12-character codes are read too)')
    .action(async (file: string, code: string | undefined) => {
      const { checkCode, parseCode, WEAK_CODE_NOTE } = await import('../export/check-code')
      const read = readRosterFile(file)
      if (!read.ok) {
        io.err(`${oneLine(`${read.place}: ${read.message}`)}\n`)
        return ctx.setExit(EXIT_UNREADABLE)
      }
      const printed = code === undefined ? undefined : parseCode(code)
      if (code !== undefined && !printed) {
        io.err(`muster verify: '${code}' is not a check code (32 letters and digits in groups of four, as printed on the roster)\n`)
        return ctx.setExit(EXIT_UNREADABLE)
      }
      const data = read.data as { ruleset?: unknown }
      const rulesetId = data && typeof data === 'object' && typeof data.ruleset === 'string' ? data.ruleset : undefined
      const loaded = rulesetId ? ctx.engine().ruleset(rulesetId) : undefined
      if (!loaded) {
        io.err(`${file}: cannot compute a check code: ${rulesetId ? `unknown ruleset '${rulesetId}'` : 'the file names no ruleset'}\n`)
        return ctx.setExit(EXIT_UNREADABLE)
      }
      const computed = checkCode(read.data, loaded.ruleset.dataVersion, printed?.version)
      const dataText = `${loaded.ruleset.id} data ${loaded.ruleset.dataVersion}`
      if (!printed) {
        io.out(`${file}: check code ${computed} (${dataText})\n`)
        return ctx.setExit(EXIT_OK)
      }
      if (printed.code === computed) {
        const weak = printed.version === 2 ? '' : `; note: this is ${WEAK_CODE_NOTE}`
        io.out(`${file}: match: printed ${printed.code}, file ${computed} (${dataText})${weak}\n`)
        return ctx.setExit(EXIT_OK)
      }
      io.out(`${file}: MISMATCH: printed ${printed.code}, file ${computed} (${dataText}): this file is not the roster that was printed, or it was printed with other ruleset data\n`)
      ctx.setExit(EXIT_INVALID)
    })
}
