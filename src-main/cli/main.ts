// The `muster` command line: the program, its global options (--data, --no-user-data), the engine
// every command is given, and how errors and long lines are printed. Each command is registered by
// its own file (validate.ts, options.ts, rulesets.ts, library.ts, game.ts...). Exit codes: 0 all
// legal, 1 any roster illegal, 2 any file unreadable or bad arguments/data.
// Start-up: each command loads what it needs when it runs (`await import(...)` in its action: the
// library's SQLite, the PDF and event-report code, the Meshwesh importer), so `muster validate` loads
// none of them (the file writer is loaded at every start: the data folders' caches use it). esbuild
// keeps a dynamically imported module unevaluated until then. The build (scripts/build-cli.mjs) adds what else a start must not pay for: ready-made
// structure validators and a V8 code cache of the bundle. `npm run bench` times a start.
import { Command, CommanderError, Option } from 'commander'
import type { Engine } from '../rules'
import { builtStructures, builtValidators } from '../services/built-validators'
import { structureValidators } from './structure-validators'
import { schemaValidators } from './schema-validators'
import { processIo, quietIo, type Io } from './io'
import { DataError, userDataDirs, userDataFolder, userEngine } from '../services/user-data'
import { addValidateCommands } from './validate'
import { addOptionsCommand } from './options'
import { addDataCommands } from './rulesets'
import { addLibraryCommands } from './library'
import { addCollectionCommands } from './collection'
import { addCheckCommand } from './check'
import { addPairCommand } from './pair'
import { addEventDayCommands } from './event-day'
import { addNewCommand } from './new'
import { addExportCommands } from './export'
import { addShareCommand } from './share'
import { addGameHistoryCommands } from './games'
import { addGameCommand } from './game'
import { addPlayCommand } from './play'
import { addRecheckCommand } from './recheck'
import { addMeshweshCommands } from './meshwesh'
import { shorten, SHOWN_MAX, terminalSafe } from './format'

export { terminalSafe } from './format'

export const EXIT_OK = 0
export const EXIT_INVALID = 1
export const EXIT_UNREADABLE = 2

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
const precompiled = builtStructures(structureValidators)
/** The same for the project schemas (a ruleset's reference data a sheet prints...), each made when first asked for. */
const validators = builtValidators(schemaValidators)

function engineFrom(opts: GlobalOptions, extraDirs: string[] = [], warn: (s: string) => void = processIo.err): Engine {
  const made = userEngine([...dataDirs(opts), ...extraDirs], { precompiled, validators })
  if (made.warning) warn(`muster: warning: ${made.warning}\n`)
  return made.value
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

  const engine = () => engineFrom(program.opts(), [], io.err)
  addValidateCommands(program, { engine, io, setExit })
  addOptionsCommand(program, { engine, io, setExit })
  addDataCommands(program, { engine, dataDirs: () => dataDirs(program.opts()), io, setExit })
  addLibraryCommands(program, { engine, io, setExit })
  addCollectionCommands(program, { engine, io, setExit })
  addRecheckCommand(program, { engine: (extra) => engineFrom(program.opts(), extra, io.err), io, setExit })
  addCheckCommand(program, { engine, io, setExit })
  addPairCommand(program, { engine, io, setExit })
  addEventDayCommands(program, { engine, io, setExit })
  addNewCommand(program, { engine, io, setExit })
  addExportCommands(program, { engine, io, setExit })
  addShareCommand(program, { engine, io, setExit })
  addGameCommand(program, { engine, io, setExit })
  addPlayCommand(program, { engine, io, setExit })
  addMeshweshCommands(program, { io, setExit })
  addGameHistoryCommands(program, { io, setExit })
  return program
}

/**
 * Every command and subcommand, as typed after `muster` ("library import", "help"): what the
 * suite's run of the shipped CLI (test/cli/shipped.test.ts) must cover, read from the built bundle.
 */
export function commandPaths(): string[] {
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
    buildProgram(quietIo, () => {}),
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

export async function run(argv: string[], rawIo: Io = processIo): Promise<number> {
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
    const library = e instanceof Error && (e.name === 'LibraryError' || e.name === 'StoreError') ? await import('../services/library-file') : undefined
    if (library && (e instanceof library.LibraryError || e instanceof library.StoreError)) {
      io.err(`muster: ${e.message}\n`)
      return e instanceof library.StoreError && e.code === 'not-found' ? EXIT_INVALID : EXIT_UNREADABLE
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
