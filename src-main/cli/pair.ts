// `muster pair --event EVENT.json PATHS...`: proposed first-round pairings of an event's submitted
// rosters (src-main/services/pairing.ts), as a table, JSON, CSV or one HTML page. The rosters are
// read and their players told apart by the event check itself (readSubmissions, checkEvent); those
// that cannot be read, and those of another ruleset than the event's, are listed as not paired.
// Exit 0 when paired, 2 when a file was unreadable or nothing could be paired (or bad arguments).
// The event, pairing and report code is loaded when `pair` runs.
import type { Command } from 'commander'
import type { Engine } from '../rules'
import type { EventRow } from '../event/check-event'
import type { PairingEntry } from '../services/pairing'
import type { NotExamined } from './pair-report'
import { readEventProfile, readSubmissions, type CheckIo } from './check'
import { libraryPath } from '../user-data'

/** Everything an error issue says, but that the player sent two rosters (pairing decides that itself). */
const legalButForDuplicates = (row: EventRow) => row.readable && !row.issues.some((i) => i.severity === 'error' && i.code !== 'event-duplicate-player')

export function addPairCommand(program: Command, ctx: { engine: () => Engine; io: CheckIo; setExit: (code: number) => void }): void {
  program
    .command('pair')
    .description("propose first-round pairings of an event's submitted rosters: historical enemies first, then armies of the same dates, then of a shared category; a bye when the count is odd (exit 0 paired, 2 any unreadable)")
    .requiredOption('--event <file>', 'event profile (schemas/event.schema.json)')
    .argument('<paths...>', 'roster files or folders of them')
    .option('--json', 'the pairings as JSON')
    .option('--csv', 'the pairings as CSV, a row per table')
    .option('--html', 'the pairings as one self-contained HTML page')
    .option('-o, --out <file>', 'write the pairings to a file instead of the screen')
    .action(async (paths: string[], opts: { event: string; json?: boolean; csv?: boolean; html?: boolean; out?: string }) => {
      const [{ checkEvent }, { pairEntries }, report, { writeFileAtomic }] = await Promise.all([import('../event/check-event'), import('../services/pairing'), import('./pair-report'), import('../files/write-file')])
      const event = readEventProfile(opts.event)
      const submissions = readSubmissions(paths)
      const engine = ctx.engine()
      const checked = checkEvent(engine, event, submissions)
      const loaded = engine.ruleset(event.ruleset)
      const entries: PairingEntry[] = []
      const notExamined: NotExamined[] = []
      for (const row of checked.rows) {
        const army = row.ruleset === event.ruleset && row.army ? loaded?.armies.get(row.army) : undefined
        if (!row.readable || !army || !row.army) {
          // the event check's own words: unreadable, another ruleset, an unknown army, not a roster
          const why = row.issues.find((i) => i.code === 'unreadable' || i.code === 'event-wrong-ruleset') ?? row.issues.find((i) => i.severity === 'error')
          notExamined.push({ file: row.file, player: row.player, reason: why?.message ?? `not a roster of ${checked.event.rulesetName}` })
          continue
        }
        const data = (row.document ?? {}) as { year?: unknown }
        entries.push({
          key: row.file,
          player: row.player,
          ruleset: event.ruleset,
          army: row.army,
          armyName: army.name,
          ...(typeof army.source?.list === 'string' ? { list: army.source.list } : {}),
          ...(typeof data.year === 'number' ? { year: data.year } : {}),
          dates: army.dates,
          ...(army.enemies ? { enemies: army.enemies } : {}),
          ...(army.categories ? { categories: army.categories } : {}),
          tags: army.tags,
          legal: legalButForDuplicates(row)
        })
      }
      if (!entries.length) {
        ctx.io.err(`muster pair: no roster of ${checked.event.rulesetName} to pair\n`)
        for (const n of notExamined) ctx.io.err(report.notExaminedLine(n))
        return ctx.setExit(2)
      }
      const pairing = pairEntries(entries)
      const result = report.pairReport(checked, pairing, notExamined)
      const text = opts.html ? report.toHtml(result) : opts.csv ? report.toCsv(result) : opts.json ? JSON.stringify(result, null, 2) + '\n' : report.toText(result)
      if (opts.out) {
        writeFileAtomic(opts.out, text, { inputs: [opts.event, ...submissions.map((s) => s.file)], library: libraryPath() })
        ctx.io.out(`${report.summaryLine(result)}; pairings written to ${opts.out}\n`)
      } else ctx.io.out(text)
      ctx.setExit(checked.summary.unreadable ? 2 : 0)
    })
}
