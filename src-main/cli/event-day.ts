// `muster event create|enter|pair|result|standings|export`: an event run in the library (issue 41),
// through the one use case services/event-day.ts. Players are named by their roster's `player` field.
// Bad input is one line and exit 2, and nothing is written (each change is one transaction).
import type { Io } from './io'
import { InvalidArgumentError, type Command } from 'commander'
import type { Engine } from '../rules'
import { readRosterFile } from '../files/read-json'
import { readSubmissions } from '../services/event-input'
import { libraryPath } from '../services/user-data'
import { submittedFiles } from './check'
import { positiveInteger } from './numbers'
import { table, unreadableLine, shorten } from './format'
import { withLibrary } from './library'
import { addEventPrintCommands } from './event-print'
import { addEventServeCommand } from './event-serve'
import { addEventShowCommands, byeOrTableLine } from './event-show'
import { EVENT_ID_WORDS, eventCommand, eventServices } from './event-command'

const scoreOf = (v: string): [number, number] => {
  const m = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(v.trim())
  if (!m) throw new InvalidArgumentError('a score is A:B, two numbers (what each player destroyed)')
  return [Number(m[1]), Number(m[2])]
}

export function addEventDayCommands(program: Command, ctx: { engine: () => Engine; io: Io; setExit: (code: number) => void }): void {
  const { io } = ctx
  const event = program
    .command('event')
    .description(`run an event in the library: its players from their rosters, rounds, results and standings (default library ${libraryPath()})`)
    .option('--db <file>', 'library file')
  const day = eventServices

  event
    .command('create')
    .description('make an event from its profile (schemas/event.schema.json); prints its id')
    .argument('<profile>', 'event profile file')
    .option('--json', 'as JSON')
    .action(async (file: string, opts: { json?: boolean }, cmd: Command) => {
      const read = readRosterFile(file)
      if (!read.ok) throw new Error(unreadableLine(read))
      const { createEvent } = await day()
      const id = await withLibrary(cmd, (db) => createEvent(db, read.data, ctx.engine()))
      io.out(opts.json ? JSON.stringify({ id }) + '\n' : `${id}\n`)
    })

  eventCommand(
    event,
    'enter',
    "register players from their rosters (each by its 'player' field); an illegal roster is held back with its reasons; a player's new roster replaces their last",
    EVENT_ID_WORDS
  )
    .argument('<paths...>', 'roster files or folders of them')
    .option('--json', 'as JSON')
    .action(async (id: string, paths: string[], opts: { json?: boolean }, cmd: Command) => {
      const { enterRosters, findEvent } = await day()
      const submissions = readSubmissions(submittedFiles(paths))
      const report = await withLibrary(cmd, (db) => enterRosters(ctx.engine(), db, findEvent(db, id), submissions))
      if (opts.json) io.out(JSON.stringify(report, null, 2) + '\n')
      else {
        for (const e of report.entered)
          io.out(
            `${e.player}: ${e.status === 'held' ? `held back: ${(e.reasons ?? []).join('; ')}` : e.status}${e.revision > 1 ? ` (roster ${e.revision})` : ''}\n`
          )
      }
    })

  for (const [verb, what] of [
    ['drop', 'a player drops: never paired again (their results stay)'],
    ['reinstate', 'a dropped player back in play: paired again from the next round'],
    ['override', "pair a held player all the same (the organiser's word over the event check)"]
  ] as const)
    eventCommand(event, verb, what)
      .argument('<player>', "the player, as their roster's 'player' field names them")
      .action(async (id: string, player: string, _opts: unknown, cmd: Command) => {
        const service = await day()
        const change = { drop: service.dropPlayer, reinstate: service.reinstatePlayer, override: service.overridePlayer }[verb]
        const done = await withLibrary(cmd, (db) => change(db, service.findEvent(db, id), player))
        io.out(`${done.player}: ${done.status}\n`)
      })

  eventCommand(event, 'pair', 'pair the next round (round 1 by historical links; held and dropped players are never paired)')
    .option('--json', 'as JSON')
    .action(async (id: string, opts: { json?: boolean }, cmd: Command) => {
      const { pairRound, findEvent } = await day()
      const paired = await withLibrary(cmd, (db) => pairRound(ctx.engine(), db, findEvent(db, id)))
      if (opts.json) return io.out(JSON.stringify(paired, null, 2) + '\n')
      io.out(`Round ${paired.round}\n`)
      // A bye's why starts by calling it one: the line already has.
      for (const t of paired.tables) io.out(`  ${byeOrTableLine(t)}: ${t.players.length === 1 ? t.why.replace(/^bye: /i, '') : t.why}\n`)
    })

  eventCommand(
    event,
    'result',
    "a table's result: the winner (a player at the table) or draw, with the score if known, or a result slip's code (it knows its table)"
  )
    .option('--round <n>', 'the round (default: the latest paired)', positiveInteger)
    .option('--table <t>', 'the table (with --slip, the one its players sit at)', positiveInteger)
    .option('--winner <player>', "the winner's name, or draw")
    .option('--score <A:B>', 'what each player at the table destroyed, in table order', scoreOf)
    .option('--slip <code>', "game day's result slip code")
    .option('--replace', 'replace the result the table already has')
    .option('--json', 'as JSON')
    .action(
      async (
        id: string,
        opts: { round?: number; table?: number; winner?: string; score?: [number, number]; slip?: string; replace?: boolean; json?: boolean },
        cmd: Command
      ) => {
        if (opts.winner !== undefined && opts.slip !== undefined)
          throw new Error('give --winner PLAYER|draw or --slip CODE, not both: a slip carries its own result')
        if (opts.winner === undefined && opts.slip === undefined) throw new Error('give either --winner PLAYER|draw or --slip CODE')
        if (opts.slip !== undefined && opts.score) throw new Error('--score goes with --winner; a slip carries its own')
        const [{ recordResult, findEvent }, { resultAt }] = await Promise.all([day(), import('../services/event-result-at')])
        const done = await withLibrary(cmd, (db) => {
          const event = findEvent(db, id)
          return recordResult(db, event, { ...opts, ...resultAt(db, event, opts) })
        }).catch((e: unknown) => {
          // The service's words fit every door: this one says how to replace a result.
          if (e instanceof Error && e.name === 'EventDayError' && (e as { code?: string }).code === 'has-result')
            throw new Error(`${e.message} (give --replace)`)
          throw e
        })
        // A later round was paired on the result replaced: said beside the result, not instead of it.
        if (done.warning) io.err(`muster: ${done.warning}\n`)
        if (opts.json) return io.out(JSON.stringify(done, null, 2) + '\n')
        // loaded here: its slip reading (fflate) would otherwise load at every command's start
        const { tableResultWords } = await import('../../src-shared/table-result-words')
        io.out(`Round ${done.round}, table ${done.table}: ${tableResultWords(done.players, done.result)}\n`)
      }
    )

  eventCommand(
    event,
    'standings',
    "the standings: score by the profile's scoring, then its tie-breaks; each player's army, won-drawn-lost and byes, and who dropped"
  )
    .option('--json', 'as JSON')
    .option('--csv', 'as CSV, a row per player')
    .option('--html', 'as one self-contained HTML page')
    .action(async (id: string, opts: { json?: boolean; csv?: boolean; html?: boolean }, cmd: Command) => {
      const [{ eventDayState, findEvent }, { standingsReport }] = await Promise.all([day(), import('../services/event-standings')])
      const state = await withLibrary(cmd, (db) => eventDayState(db, findEvent(db, id)), { forReading: true })
      io.out(standingsReport(state, opts.json ? 'json' : opts.csv ? 'csv' : opts.html ? 'html' : 'text', table))
    })

  addEventShowCommands(event, io)

  addEventServeCommand(event, ctx)

  addEventPrintCommands(event, ctx)

  eventCommand(event, 'export', 'the whole event as JSON (schemas/event-export.schema.json)')
    .requiredOption('-o, --out <file>', 'the file to write')
    .action(async (id: string, opts: { out: string }, cmd: Command) => {
      const [{ exportEvent, findEvent }, { writeFileAtomic }] = await Promise.all([day(), import('../files/write-file')])
      const whole = await withLibrary(cmd, (db) => exportEvent(db, findEvent(db, id)), { forReading: true })
      writeFileAtomic(opts.out, JSON.stringify(whole, null, 2) + '\n', { inputs: [], library: (cmd.optsWithGlobals() as { db?: string }).db ?? libraryPath() })
      io.out(`Event ${whole.event.name} written to ${shorten(opts.out)}\n`)
    })
}
