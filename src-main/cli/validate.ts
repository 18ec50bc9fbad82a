// `muster validate FILES...` and `muster info FILE`: roster files checked, their verdicts as text
// or JSON. Exit codes: 0 all legal, 1 any roster illegal, 2 any file unreadable.
import type { Io } from './io'
import type { Command } from 'commander'
import type { Engine } from '../rules'
import type { Roster, Verdict } from '../rules/types'
import { expandPaths, readRosterBatch, readRosterFile } from '../files/read-json'
import { perUnitText } from '../../src-shared/unit-names'
import { formatNumber } from '../../src-shared/words'
import { amendmentLines, cardsLine, cardsTable, figureText, issueLine, unreadableLine, shorten, table, verdictHeader } from './format'
import type { ExportContext } from './export'

const EXIT_OK = 0
const EXIT_INVALID = 1
const EXIT_UNREADABLE = 2

/**
 * Files read before any of them is checked (validate), and the characters of text after which a
 * batch takes no more files: a batch of small rosters stays well inside the processor's caches,
 * and one of big files holds about what one 5 MB roster alone would.
 */
const BATCH_FILES = 64
const BATCH_CHARS = 256 * 1024

/** The verdict with its units last, as the JSON output has always listed them. */
function unitsLast(v: Verdict): Record<string, unknown> {
  const { units, ...rest } = v
  return { ...rest, units }
}

function validate(engine: Engine, files: string[], opts: { json?: boolean; units?: boolean; quiet?: boolean }, io: Io): number {
  let exit = EXIT_OK
  const chunks: string[] = []
  const flush = () => {
    if (chunks.length) io.out(chunks.join(''))
    chunks.length = 0
  }
  // A folder named is expanded to its .json files; one that has none is a mistake said at once.
  const listed = files.flatMap((p) => {
    const found = expandPaths([p])
    if (found.length === 0) {
      io.err(`muster validate: no roster files in ${shorten(p)} (a roster file ends in .json)\n`)
      exit = EXIT_UNREADABLE
    }
    return found
  })
  const units = Boolean(opts.units) || !opts.json
  for (let start = 0; start < listed.length;) {
    // A batch at a time: its files read, then checked, then written. Each step's code and data stay in
    // the processor's caches through the batch (10,000 files: ~11% less time than one file at a time).
    const reads = readRosterBatch(listed, start, BATCH_FILES, BATCH_CHARS)
    const verdicts: Array<Verdict | undefined> = []
    try {
      // The JSON lines show units only when asked: the engine leaves them out, not this loop.
      for (const read of reads) verdicts.push(read.ok ? engine.check(read.data, { units }) : undefined)
    } finally {
      // Written whatever happens: a check that fails (bad data) still leaves the lines of the files before it.
      for (let i = 0; i < verdicts.length; i++) {
        const file = listed[start + i]
        const read = reads[i]
        if (!read.ok) {
          exit = EXIT_UNREADABLE
          if (opts.json) chunks.push(JSON.stringify({ file, valid: false, error: { place: read.place, message: read.message } }) + '\n')
          else io.err(`${unreadableLine(read)}\n`)
          continue
        }
        const v = verdicts[i]!
        if (!v.valid && exit === EXIT_OK) exit = EXIT_INVALID
        // Units last, where asked for; without them, the verdict's own text after the file (no copy of it made).
        if (opts.json)
          chunks.push(opts.units ? `${JSON.stringify({ file, ...unitsLast(v) })}\n` : `{"file":${JSON.stringify(file)},${JSON.stringify(v).slice(1)}\n`)
        else if (!(opts.quiet && v.valid)) {
          const cards = cardsLine(v, engine)
          chunks.push([verdictHeader(file, v, engine), ...(cards ? [cards] : []), ...v.issues.map(issueLine)].join('\n') + '\n')
        }
        if (chunks.length >= 256) flush()
      }
      if (verdicts.length < reads.length) flush()
    }
    start += reads.length
  }
  flush()
  return exit
}

/** One roster file read and checked; a file that cannot be read is said in one line. */
function readAndCheck(engine: Engine, file: string, io: Io): { data: unknown; v: Verdict } | null {
  const read = readRosterFile(file)
  if (!read.ok) {
    io.err(`${unreadableLine(read)}\n`)
    return null
  }
  return { data: read.data, v: engine.check(read.data) }
}

function info(engine: Engine, file: string, opts: { json?: boolean }, io: Io): number {
  const read = readAndCheck(engine, file, io)
  if (!read) return EXIT_UNREADABLE
  const { v } = read
  if (opts.json) {
    io.out(JSON.stringify({ file, ...unitsLast(v) }, null, 2) + '\n')
    return v.valid ? EXIT_OK : EXIT_INVALID
  }
  const lines = [verdictHeader(file, v, engine)]
  // The values of the edition the roster names: its troop types' stats as its cards and sheets print them.
  const loaded = v.ruleset ? engine.ruleset(v.ruleset, v.edition?.id) : undefined
  const amendments = amendmentLines(v, loaded && v.army ? loaded.armies.get(v.army)?.name : undefined)
  if (amendments.length) lines.push('', ...amendments)
  if (loaded) {
    const figureLabels = new Map(loaded.ruleset.figures.map((f) => [f.id, f.label]))
    lines.push('', 'Figures:')
    const rosterUnits = Array.isArray((read.data as Roster).units) ? (read.data as Roster).units : []
    for (const [id, value] of Object.entries(v.figures))
      lines.push(
        `  ${figureLabels.get(id) ?? (id === 'points' ? 'Points' : id)}: ${typeof value === 'number' ? figureText(value) : perUnitText(value, rosterUnits, (t) => loaded.troops.get(t)?.name, formatNumber)}`
      )
    const unitFigureIds = (loaded.ruleset.unitFigures ?? []).map((f) => f.id)
    const statIds = Object.keys(loaded.ruleset.stats)
    const rows = [['#', 'Troop', 'Count', 'Each', 'Cost', 'Option', ...unitFigureIds.map((id) => loaded.ruleset.unitFigures!.find((f) => f.id === id)!.label)]]
    const units = v.units ?? []
    for (const u of units) {
      rows.push([
        String(u.index + 1),
        u.troopName,
        String(u.count),
        figureText(u.costEach),
        figureText(u.cost),
        u.optionName ?? '-',
        ...unitFigureIds.map((id) => (u.figures[id] === undefined ? '-' : figureText(u.figures[id])))
      ])
    }
    if (units.length) lines.push('', 'Units:', table(rows).replace(/^/gm, '  '))
    const cards = cardsTable(v, loaded.ruleset)
    if (cards.length) lines.push('', ...cards)
    const used = [...new Set(units.map((u) => u.troop))]
    if (used.length && statIds.length) {
      const statRows = [
        ['Troop', ...statIds.map((s) => loaded.ruleset.stats[s].label + (loaded.ruleset.stats[s].unit ? ` (${loaded.ruleset.stats[s].unit})` : ''))]
      ]
      for (const id of used) {
        const t = loaded.troops.get(id)!
        statRows.push([t.name, ...statIds.map((s) => (t.stats?.[s] === undefined || t.stats?.[s] === null ? '-' : String(t.stats[s])))])
      }
      lines.push('', 'Troop types:', table(statRows).replace(/^/gm, '  '))
    }
  }
  if (v.issues.length) lines.push('', 'Issues:', ...v.issues.map(issueLine))
  io.out(lines.join('\n') + '\n')
  return v.valid ? EXIT_OK : EXIT_INVALID
}

export function addValidateCommands(program: Command, ctx: ExportContext): void {
  const { io, setExit } = ctx
  program
    .command('validate')
    .description('check roster files (folders: every .json inside); exit 0 all legal, 1 any illegal, 2 any unreadable')
    .argument('<files...>', 'roster files or folders')
    .option('--json', 'one JSON verdict per file, one per line')
    .option('--units', 'with --json: include per-unit costs and figures')
    .option('-q, --quiet', 'print only rosters with issues')
    .action((files: string[], opts: { json?: boolean; units?: boolean; quiet?: boolean }) => {
      setExit(validate(ctx.engine(), files, opts, io))
    })

  program
    .command('info')
    .description('points, figures, units and troop stats of one roster')
    .argument('<file>', 'roster file')
    .option('--json', 'the full verdict as JSON')
    .action((file: string, opts: { json?: boolean }) => {
      setExit(info(ctx.engine(), file, opts, io))
    })
}
