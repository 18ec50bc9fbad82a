// The `muster` command line: validate, info, rulesets, schema. Exit codes: 0 all legal, 1 any
// roster illegal, 2 any file unreadable or bad arguments/data.
// Start-up: each command loads what it needs when it runs (`await import(...)` in its action: the
// library's SQLite, the PDF and event-report code, the Meshwesh importer, the file writer), so
// `muster validate` loads none of them. esbuild keeps a dynamically imported module unevaluated
// until then. The build (scripts/build-cli.mjs) adds what else a start must not pay for: ready-made
// structure validators and a V8 code cache of the bundle. `npm run bench` times a start.
import { perUnitText } from '../../src-shared/unit-names'
import { formatNumber } from '../../src-shared/words'
import { Command, CommanderError, Option } from 'commander'
import { createEngine, DataError, type Engine } from '../rules'
import { projectAjv } from '../rules/schemas'
import { precompiledStructures } from '../rules/precompiled'
import { own } from '../rules/own'
import { structureValidators } from './structure-validators'
import { userDataDirs, userDataFolder, withoutDamagedCatalogue } from '../services/user-data'
import { rulesetListing } from '../services/catalogue'
import { addLibraryCommands } from './library'
import { addCollectionCommands } from './collection'
import { addCheckCommand } from './check'
import { addPairCommand } from './pair'
import { addNewCommand } from './new'
import { addExportCommands } from './export'
import { addShareCommand } from './share'
import { addGameHistoryCommands } from './games'
import { addGameCommand } from './game'
import { addPlayCommand } from './play'
import { addRecheckCommand } from './recheck'
import { addMeshweshCommands } from './meshwesh'
import type { Roster, Verdict } from '../rules/types'
import { expandPaths, readRosterFile } from '../files/read-json'
import {
  amendmentLines,
  cardsLine,
  cardsTable,
  datesText,
  figureText,
  issueLine,
  unreadableLine,
  shorten,
  SHOWN_MAX,
  table,
  terminalSafe,
  verdictHeader
} from './format'

export { terminalSafe } from './format'
import { countOf, oneLine } from '../rules/messages'

export const EXIT_OK = 0
export const EXIT_INVALID = 1
export const EXIT_UNREADABLE = 2

interface Io {
  out: (s: string) => void
  err: (s: string) => void
}

const defaultIo: Io = {
  out: (s) => {
    process.stdout.write(s)
  },
  err: (s) => {
    process.stderr.write(s)
  }
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value]
}

interface GlobalOptions {
  data?: string[]
  userData?: boolean
}

/** The bundled data, then the Meshwesh catalogue and the user's data folder (imported armies...) where they exist, then --data folders. */
function dataDirs(opts: GlobalOptions): string[] {
  return [...(opts.userData !== false ? userDataDirs() : []), ...(opts.data ?? [])]
}

/** The structure validators the build compiled into the bundle (none from the sources): a start does not compile its ruleset's. */
const precompiled = precompiledStructures(structureValidators)

function engineFrom(opts: GlobalOptions, extraDirs: string[] = [], warn: (s: string) => void = defaultIo.err): Engine {
  const made = withoutDamagedCatalogue([...dataDirs(opts), ...extraDirs], (dirs) => createEngine({ dataDirs: dirs, precompiled }))
  if (made.warning) warn(`muster: warning: ${made.warning}\n`)
  return made.value
}

async function importArmies(
  opts: GlobalOptions,
  from: string,
  cmd: { out?: string; dryRun?: boolean; json?: boolean; factsOnly?: boolean },
  io: Io
): Promise<number> {
  const { importMeshwesh, meshweshRuleset } = await import('../import/import-armies')
  const engine = engineFrom(opts, [], io.err)
  const triumph = meshweshRuleset(engine)
  const out = cmd.dryRun ? undefined : (cmd.out ?? userDataFolder())
  const report = importMeshwesh(from, { ajv: projectAjv(), triumph, eras: engine.registry.eras, out, factsOnly: cmd.factsOnly })
  if (out && report.imported.length) {
    // Prove the written lists load and cross-check like bundled ones.
    createEngine({ dataDirs: [...dataDirs(opts).filter((d) => d !== out), out] })
  }
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
  for (const file of listed) {
    const read = readRosterFile(file)
    if (!read.ok) {
      exit = EXIT_UNREADABLE
      if (opts.json) chunks.push(JSON.stringify({ file, valid: false, error: { place: read.place, message: read.message } }) + '\n')
      else io.err(`${unreadableLine(read)}\n`)
      continue
    }
    // The JSON lines show units only when asked: the engine leaves them out, not this loop.
    const v = engine.check(read.data, { units: Boolean(opts.units) || !opts.json })
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

/** `muster options FILE`: what can be added to the roster, ready to append, and what cannot and why. */
function options(engine: Engine, file: string, opts: { json?: boolean }, io: Io): number {
  const read = readRosterFile(file)
  if (!read.ok) {
    io.err(`${unreadableLine(read)}\n`)
    return EXIT_UNREADABLE
  }
  // One check: the verdict and the options from one evaluation, as the editor has them.
  const { verdict: v, options: answer } = engine.evaluate(read.data)
  if (!v.ruleset || !v.army) {
    io.err(`${oneLine(`${shorten(file)}: ${v.issues[0]?.message ?? 'not a roster'}`)}\n`)
    return EXIT_UNREADABLE
  }
  if (opts.json) {
    io.out(JSON.stringify({ file, ...answer }, null, 2) + '\n')
    return EXIT_OK
  }
  const loaded = engine.ruleset(v.ruleset)!
  const attributes = (unit: Record<string, unknown>) =>
    Object.entries(unit)
      .flatMap(([k, value]) => {
        // A roster's keys are the file's: only the ruleset's own attributes are read.
        const def = own(loaded.ruleset.attributes, k)
        if (!def) return []
        return typeof value === 'boolean' ? (value ? def.label : '') : (own(def.valueLabels, String(value)) ?? String(value))
      })
      .filter(Boolean)
      .join(', ')
  const lines = [verdictHeader(file, v, engine)]
  if (answer.available.length) {
    const rows = [
      ['Troop', 'Option', 'Count', 'Each', 'Cost', 'As'],
      ...answer.available.map((a) => [
        a.troopName,
        a.optionName,
        String(a.unit.count),
        figureText(a.costEach),
        figureText(a.costEach * a.unit.count),
        attributes(a.unit) || '-'
      ])
    ]
    lines.push('', `Can add (${answer.available.length}):`, table(rows).replace(/^/gm, '  '))
  }
  // A contingent is taken whole (its minimums together): one that cannot be taken is listed with the
  // units that cannot be added, with its reason, as the editor greys it.
  const takeable = answer.contingents.filter((c) => c.units)
  const refused = answer.contingents.filter((c) => !c.units)
  // A battle card the roster cannot take (its part of the list, years, troops, the points left) is listed there too.
  const context = engine.armyContext(v.ruleset, v.army)
  const cardName = (code: string) => {
    const def = context.cards.get(code)?.def
    return def ? `${def.name} (${def.code})` : code
  }
  const barredCards = answer.cards.filter((c) => c.reason)
  const cannot = answer.unavailable.length + refused.length + barredCards.length
  if (cannot) {
    lines.push(
      '',
      `Cannot add (${cannot}):`,
      ...answer.unavailable.flatMap((u) => [`  ${u.troopName} (${u.optionName})`, `      ${u.reason}`]),
      ...refused.flatMap((c) => [`  Contingent ${c.name}${c.cost !== undefined ? ` (its minimums, ${countOf(c.cost, 'point')})` : ''}`, `      ${c.reason}`]),
      ...barredCards.flatMap((c) => [
        `  Battle card ${cardName(c.card)}${c.option ? ` on ${context.options.get(c.option)?.label ?? c.option}` : ''}`,
        `      ${c.reason}`
      ])
    )
  }
  if (answer.leftOut.length) {
    lines.push('', `Not in this ruleset (${answer.leftOut.length}):`, ...answer.leftOut.flatMap((l) => [`  ${l.optionName}`, `      ${l.reason}`]))
  }
  if (takeable.length) {
    lines.push(
      '',
      'Contingents, taken whole (their minimums together):',
      ...takeable.flatMap((c) => [
        `  ${c.name}`,
        `      ${c.units!.map((u) => `${u.count} ${loaded.troops.get(u.troop)?.name ?? u.troop}`).join(', ')}: ${countOf(c.cost ?? 0, 'point')}`
      ])
    )
  }
  io.out(lines.join('\n') + '\n')
  return EXIT_OK
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

/** The whole `muster` command tree; each command's action reports its exit code through setExit. */
function buildProgram(io: Io, setExit: (code: number) => void): Command {
  const program = new Command()
    .name('muster')
    .description('Check ancient-wargame army rosters against their ruleset and army list.')
    .addOption(
      new Option('--data <dir>', 'a folder of your own rulesets, armies or costs.json, laid over the bundled ones (repeatable)').argParser(collect).default([])
    )
    .option('--no-user-data', `leave out your data folder (${userDataFolder()}; set MUSTER_DATA to move it) and the Meshwesh catalogue`)
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .showHelpAfterError('(run `muster --help` for usage)')

  program
    .command('validate')
    .description('check roster files (folders: every .json inside); exit 0 all legal, 1 any illegal, 2 any unreadable')
    .argument('<files...>', 'roster files or folders')
    .option('--json', 'one JSON verdict per file, one per line')
    .option('--units', 'with --json: include per-unit costs and figures')
    .option('-q, --quiet', 'print only rosters with issues')
    .action((files: string[], opts: { json?: boolean; units?: boolean; quiet?: boolean }) => {
      setExit(validate(engineFrom(program.opts(), [], io.err), files, opts, io))
    })

  program
    .command('info')
    .description('points, figures, units and troop stats of one roster')
    .argument('<file>', 'roster file')
    .option('--json', 'the full verdict as JSON')
    .action((file: string, opts: { json?: boolean }) => {
      setExit(info(engineFrom(program.opts(), [], io.err), file, opts, io))
    })

  program
    .command('options')
    .description('what can be added to a roster (a unit ready to append, with its cost) and what cannot, and why')
    .argument('<file>', 'roster file')
    .option(
      '--json',
      '{available: [{option, troop, unit, costEach, ...}], unavailable: [{option, troop, code, reason, ...}], contingents: [...], leftOut: [{option, optionName, troops, reason}], cards: [{card, option, cost, reason?}]}'
    )
    .action((file: string, opts: { json?: boolean }) => {
      setExit(options(engineFrom(program.opts(), [], io.err), file, opts, io))
    })

  program
    .command('rulesets')
    .description('list rulesets and their armies with dates')
    .option('--json', 'as JSON')
    .action((opts: { json?: boolean }) => {
      setExit(rulesets(engineFrom(program.opts(), [], io.err), opts, io))
    })

  program
    .command('schema')
    .description('print the structural JSON Schema of rosters for one army')
    .requiredOption('--ruleset <id>', 'ruleset id')
    .requiredOption('--army <id>', 'army id')
    .action((opts: { ruleset: string; army: string }) => {
      const engine = engineFrom(program.opts(), [], io.err)
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
      setExit(await importArmies(program.opts(), cmd.fromMeshwesh, cmd, io))
    })

  addLibraryCommands(program, { engine: () => engineFrom(program.opts(), [], io.err), io, setExit })
  addCollectionCommands(program, { engine: () => engineFrom(program.opts(), [], io.err), io, setExit })
  addRecheckCommand(program, { engine: (extra) => engineFrom(program.opts(), extra, io.err), io, setExit })
  addCheckCommand(program, { engine: () => engineFrom(program.opts(), [], io.err), io, setExit })
  addPairCommand(program, { engine: () => engineFrom(program.opts(), [], io.err), io, setExit })
  addNewCommand(program, { engine: () => engineFrom(program.opts(), [], io.err), io, setExit })
  addExportCommands(program, { engine: () => engineFrom(program.opts(), [], io.err), io, setExit })
  addShareCommand(program, { engine: () => engineFrom(program.opts(), [], io.err), io, setExit })
  addGameCommand(program, { engine: () => engineFrom(program.opts(), [], io.err), io, setExit })
  addPlayCommand(program, { engine: () => engineFrom(program.opts(), [], io.err), io, setExit })
  addMeshweshCommands(program, { io, setExit })
  addGameHistoryCommands(program, { io, setExit })
  return program
}

/**
 * Every command and subcommand, as typed after `muster` ("library import", "help"): what the
 * suite's run of the shipped CLI (test/cli/shipped.test.ts) must cover, read from the built bundle.
 */
export function commandPaths(): string[] {
  const quiet: Io = { out: () => {}, err: () => {} }
  const paths: string[] = []
  const walk = (cmd: Command, prefix: string[]) => {
    // commander adds a `help` subcommand to every command that has subcommands
    if (cmd.commands.length) paths.push([...prefix, 'help'].join(' '))
    for (const sub of cmd.commands) {
      paths.push([...prefix, sub.name()].join(' '))
      walk(sub, [...prefix, sub.name()])
    }
  }
  walk(
    buildProgram(quiet, () => {}),
    []
  )
  return paths
}

/**
 * The longest line of messages a run prints. Names and paths are shortened where they are put in a
 * line (SHOWN_MAX); capLines catches any still longer, whatever made them. Not 400: a sync's
 * "Added (40): …" line names 12 lists, and verify's line for an old code with a long file name runs
 * past 400, and both must stay whole.
 */
export const LINE_MAX = 1000

/** A run of characters without a space longer than any word: a path, a name, a tag or an argument. */
const LONG_WORD = new RegExp(`\\S{${SHOWN_MAX + 1},}`, 'g')

/**
 * Messages as printed: in a line longer than SHOWN_MAX, each word longer than it (a path or an
 * argument given whole, wherever it came from: an error's message, commander's) cut in its middle;
 * then a line still longer than LINE_MAX cut in its middle too.
 */
export function capLines(s: string): string {
  if (s.length <= SHOWN_MAX) return s
  return s
    .split('\n')
    .map((line) => {
      if (line.length <= SHOWN_MAX) return line
      const cut = line.replace(LONG_WORD, (word) => shorten(word))
      return cut.length > LINE_MAX ? shorten(cut, LINE_MAX) : cut
    })
    .join('\n')
}

/**
 * Whether the command prints data on standard output, to be kept whole for a program to read: JSON,
 * CSV or HTML, roster text or JSON with `-o -`, a share code or the roster it holds, a result code, a schema,
 * the phone page's link and QR code (`play`). All
 * else printed, and all on standard error, is messages: no line of it runs past LINE_MAX.
 */
function printsData(cmd: Command): boolean {
  const o = cmd.opts<Record<string, unknown>>()
  if (o.json || o.csv || o.html || o.output === '-' || o.out === '-') return true
  if (cmd.name() === 'schema' || cmd.name() === 'play') return true
  return (cmd.name() === 'share' && o.output === undefined) || (cmd.name() === 'game' && o.resultCode === true)
}

export async function run(argv: string[], rawIo: Io = defaultIo): Promise<number> {
  let data = false
  const io: Io = { out: (s) => rawIo.out(data ? terminalSafe(s) : capLines(terminalSafe(s))), err: (s) => rawIo.err(capLines(terminalSafe(s))) }
  let exit = EXIT_OK
  const program = buildProgram(io, (code) => (exit = code))
  program.hook('preAction', (_program, action) => {
    data = printsData(action)
  })

  try {
    await program.parseAsync(argv, { from: 'user' })
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.exitCode === 0 ? EXIT_OK : EXIT_UNREADABLE
    }
    // only a library command, which has loaded the store, can throw these
    const store = e instanceof Error && (e.name === 'LibraryError' || e.name === 'StoreError') ? await import('../store') : undefined
    if (store && (e instanceof store.LibraryError || e instanceof store.StoreError)) {
      io.err(`muster: ${e.message}\n`)
      return e instanceof store.StoreError && e.code === 'not-found' ? EXIT_INVALID : EXIT_UNREADABLE
    }
    if (e instanceof DataError) {
      io.err(`muster: bad ruleset data: ${e.file}: ${e.problems.join('; ')}\n`)
      return EXIT_UNREADABLE
    }
    // only a command that writes, which has loaded the file writer, can throw this
    const files = e instanceof Error && e.name === 'WriteRefused' ? await import('../files/write-file') : undefined
    if (files && e instanceof files.WriteRefused) {
      io.err(`muster: ${shorten(e.message, 2 * SHOWN_MAX)}; nothing was written\n`)
      return EXIT_UNREADABLE
    }
    const errno = (e as NodeJS.ErrnoException).code
    if (typeof errno === 'string' && /^E[A-Z]+$/.test(errno)) {
      const path = (e as NodeJS.ErrnoException).path
      const { writeErrorText } = await import('../files/write-file')
      io.err(`muster: ${path ? `${shorten(path)}: ` : ''}${writeErrorText(e as NodeJS.ErrnoException)}\n`)
      return EXIT_UNREADABLE
    }
    io.err(`muster: ${e instanceof Error ? e.message : JSON.stringify(e)}\n`)
    if (process.env.MUSTER_DEBUG && e instanceof Error) io.err(`${e.stack}\n`)
    return EXIT_UNREADABLE
  }
  return exit
}
