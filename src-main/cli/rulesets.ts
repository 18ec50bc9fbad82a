// The data's commands: `muster rulesets` (the rulesets and their armies), `muster schema` (the
// structural JSON Schema of one army's rosters) and `muster import-armies` (Meshwesh army lists
// converted into Muster army files; its importer is loaded only when it runs).
import type { Command } from 'commander'
import type { Engine } from '../rules'
import { oneLine } from '../../src-shared/text'
import { userDataFolder } from '../services/user-data'
import { rulesetListing } from '../services/catalogue'
import { datesText, shorten, table } from './format'
import type { ExportContext } from './export'

const EXIT_OK = 0
const EXIT_INVALID = 1
const EXIT_UNREADABLE = 2

type Io = ExportContext['io']

/** What the data's commands need beside the engine: the data folders in force (bundled, user, --data). */
export interface DataContext extends ExportContext {
  dataDirs: () => string[]
}

async function importArmies(
  ctx: DataContext,
  from: string,
  cmd: { out?: string; dryRun?: boolean; json?: boolean; factsOnly?: boolean },
  io: Io
): Promise<number> {
  const { importMeshweshLists } = await import('../services/meshwesh-import')
  const out = cmd.dryRun ? undefined : (cmd.out ?? userDataFolder())
  // The written lists are proved to load and cross-check like bundled ones (dataDirs).
  const report = importMeshweshLists(ctx.engine(), { from, out, factsOnly: cmd.factsOnly, dataDirs: ctx.dataDirs() })
  if (cmd.json) io.out(JSON.stringify(report, null, 2) + '\n')
  else {
    for (const i of report.imported) io.out(`${oneLine(`imported ${i.id}  ${i.name}${i.warnings.length ? `  (${i.warnings.join('; ')})` : ''}`)}\n`)
    for (const f of report.failed) io.err(`${oneLine(`${shorten(f.file)}: ${f.reason}`)}\n`)
    const total = report.imported.length + report.failed.length
    io.out(`${cmd.dryRun ? 'Checked' : 'Imported'} ${report.imported.length} of ${total} lists${out ? ` into ${out}` : ''}; ${report.failed.length} failed.\n`)
  }
  if (report.imported.length === 0 && report.failed.length > 0) return EXIT_UNREADABLE
  return report.failed.length ? EXIT_INVALID : EXIT_OK
}

function rulesets(engine: Engine, opts: { json?: boolean }, io: Io): number {
  const list = rulesetListing(engine)
  if (opts.json) {
    io.out(JSON.stringify(list, null, 2) + '\n')
    return EXIT_OK
  }
  const lines: string[] = []
  for (const rs of list) {
    const limit = rs.defaultPointsLimit === null ? 'no default limit' : `${rs.defaultPointsLimit} points`
    lines.push(`${rs.id}  ${rs.name} (data ${rs.dataVersion}; costs per ${rs.costUnit}; ${limit}; ${rs.armies.length} armies)`)
    lines.push(table(rs.armies.map((a) => [`  ${a.id}`, a.listNumber ?? '', a.name, datesText(a.dates)])))
    lines.push('')
  }
  io.out(lines.join('\n'))
  return EXIT_OK
}

export function addDataCommands(program: Command, ctx: DataContext): void {
  const { io, setExit } = ctx
  program
    .command('rulesets')
    .description('list rulesets and their armies with dates')
    .option('--json', 'as JSON')
    .action((opts: { json?: boolean }) => {
      setExit(rulesets(ctx.engine(), opts, io))
    })

  program
    .command('schema')
    .description('print the structural JSON Schema of rosters for one army')
    .requiredOption('--ruleset <id>', 'ruleset id')
    .requiredOption('--army <id>', 'army id')
    .action((opts: { ruleset: string; army: string }) => {
      const engine = ctx.engine()
      try {
        io.out(JSON.stringify(engine.structuralSchema(opts.ruleset, opts.army), null, 2) + '\n')
      } catch (e) {
        io.err(`muster schema: ${(e as Error).message}\n`)
        setExit(EXIT_UNREADABLE)
      }
    })

  program
    .command('import-armies')
    .description('convert Meshwesh army lists (a file, or a folder such as a Meshwesh snapshot) into Muster army files for triumph')
    .requiredOption('--from-meshwesh <path>', 'Meshwesh army-list JSON file or folder (with <id>.allyOptions.json beside each list for allies)')
    .option('--out <dir>', 'data folder to write into (default: your data folder)')
    .option('--dry-run', 'convert and check, write nothing')
    .option('--facts-only', 'keep only numbers, codes, dates and list names (no author descriptions or notes)')
    .option('--json', 'the report as JSON')
    .action(async (cmd: { fromMeshwesh: string; out?: string; dryRun?: boolean; json?: boolean; factsOnly?: boolean }) => {
      setExit(await importArmies(ctx, cmd.fromMeshwesh, cmd, io))
    })
}
