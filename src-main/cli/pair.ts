// `muster pair --event EVENT.json PATHS...`: proposed first-round pairings of an event's submitted
// rosters (src-main/services/pairing.ts), as a table, JSON, CSV or one HTML page. The rosters are
// read and their players told apart by the event check itself (services/event-input readSubmissions, then
// services/event-pairing.ts, which the app's Event check screen uses too); those that cannot be read,
// and those of another ruleset than the event's, are listed as not paired.
// Exit 0 when paired, 2 when a file was unreadable or nothing could be paired (or bad arguments).
// The event, pairing and report code is loaded when `pair` runs.
import type { Io } from './io'
import type { Command } from 'commander'
import type { Engine } from '../rules'
import { readEventProfile, submittedFiles } from './check'
import { readSubmissions } from '../services/event-input'
import { libraryPath } from '../services/user-data'
import { shorten } from './format'

export function addPairCommand(program: Command, ctx: { engine: () => Engine; io: Io; setExit: (code: number) => void }): void {
  program
    .command('pair')
    .description(
      "propose first-round pairings of an event's submitted rosters: historical enemies first, then armies of the same dates, then of a shared category; a bye when the count is odd (exit 0 paired, 2 any unreadable)"
    )
    .requiredOption('--event <file>', 'event profile (schemas/event.schema.json)')
    .argument('<paths...>', 'roster files or folders of them')
    .option('--json', 'the pairings as JSON')
    .option('--csv', 'the pairings as CSV, a row per table')
    .option('--html', 'the pairings as one self-contained HTML page')
    .option('-o, --out <file>', 'write the pairings to a file instead of the screen')
    .action(async (paths: string[], opts: { event: string; json?: boolean; csv?: boolean; html?: boolean; out?: string }) => {
      const [{ pairSubmissions }, report, { writeFileAtomic, writesToStandardOutput }] = await Promise.all([
        import('../services/event-pairing'),
        import('../services/pair-report'),
        import('../files/write-file')
      ])
      const event = readEventProfile(opts.event)
      const submissions = readSubmissions(submittedFiles(paths))
      const { checked, paired, report: result } = pairSubmissions(ctx.engine(), event, submissions)
      if (!paired) {
        ctx.io.err(`muster pair: no roster of ${checked.event.rulesetName} to pair\n`)
        for (const n of result.notExamined) ctx.io.err(report.notExaminedLine(n))
        return ctx.setExit(2)
      }
      const text = opts.html
        ? report.toHtml(result)
        : opts.csv
          ? report.toCsv(result)
          : opts.json
            ? JSON.stringify(result, null, 2) + '\n'
            : report.toText(result)
      if (opts.out) {
        writeFileAtomic(opts.out, text, { inputs: [opts.event, ...submissions.map((s) => s.file)], library: libraryPath() })
        ;(writesToStandardOutput(opts.out) ? ctx.io.err : ctx.io.out)(`${report.summaryLine(result)}; pairings written to ${shorten(opts.out)}\n`)
      } else ctx.io.out(text)
      ctx.setExit(checked.summary.unreadable ? 2 : 0)
    })
}
