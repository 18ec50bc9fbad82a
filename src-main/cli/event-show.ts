// `muster event list`, `muster event show ID` and `muster event delete ID`: the library's events, one
// event as the organiser's screen shows it (players, rounds with their tables and results, what can be
// done next), and an event deleted whole - through the service the app calls (services/event-day.ts).
import type { Io } from './io'
import type { Command } from 'commander'
import type { EventDayRound, EventDayState } from '../services/event-day-types'
import type { tableResultWords as TableResultWords } from '../../src-shared/table-result-words'
import { table } from './format'
import { countOf } from '../../src-shared/words'
import { withLibrary } from './library'
import { EVENT_ID_WORDS, eventCommand, eventServices } from './event-command'

const day = eventServices

const SOURCE: Record<string, string> = { typed: 'typed', slip: 'from a slip', phone: 'from a phone' }

/** "Bye: Dave Smyth" (a bye sits at no table in the hall), "Table 3: Ann v Bob". */
export const byeOrTableLine = (t: { table: number; players: [string, string] | [string] }): string =>
  t.players.length === 1 ? `Bye: ${t.players[0]}` : `Table ${t.table}: ${t.players[0]} v ${t.players[1]}`

/** A table's line: who plays whom (or the bye), its result in words and where it came from, or its result PIN while it has none. */
function tableLine(t: EventDayRound['tables'][number], tableResultWords: typeof TableResultWords): string {
  if (t.players.length === 1) return `  ${byeOrTableLine(t)}`
  const r = t.result
  const result = r ? `${tableResultWords(t.players, r)} (${SOURCE[t.resultSource ?? ''] ?? t.resultSource})` : 'no result yet'
  // A phone sends a result only to a table without one: its PIN matters until then.
  return `  ${byeOrTableLine(t)}: ${result}${t.pin && !r ? `; PIN ${t.pin}` : ''}`
}

/** The event as text: its players, then each round, then what comes next. */
/** `words`: src-shared/table-result-words.ts, loaded by the command that prints (its slip reading would otherwise load at every command's start). */
export function eventText(state: EventDayState, words: typeof TableResultWords): string {
  const players = state.players.map((p) => [
    p.name,
    p.armyTitle,
    p.status === 'held' ? `held back: ${(p.heldReasons ?? []).join('; ')}` : p.overridden ? `${p.status} (overridden)` : p.status,
    p.revision > 1 ? `roster ${p.revision}` : '',
    p.joinedRound > 1 ? `from round ${p.joinedRound}` : ''
  ])
  const rounds = state.rounds.flatMap((r) => [
    `Round ${r.round}${r.open ? ` (${r.open} ${r.open === 1 ? 'table' : 'tables'} without a result)` : ''}`,
    ...r.tables.map((t) => tableLine(t, words))
  ])
  // The PINs let a phone send a table's result: this screen is the organiser's, not the projector's.
  const pins = state.rounds.some((r) => r.tables.some((t) => t.pin && !t.result))
    ? ["PIN: the table's result PIN (on its slip) that the phones' results page asks for: the organiser's, not for the projector"]
    : []
  // players counted as `event list` counts them: all not dropped (held ones too)
  const dropped = state.players.filter((p) => p.status === 'dropped').length
  const counted = `${countOf(state.players.length - dropped, 'player')}${dropped ? ` (not counting ${dropped} dropped)` : ''}`
  return (
    [
      `${state.name}: ${counted}, ${countOf(state.rounds.length, 'round')} paired`,
      '',
      table([['player', 'army', 'status', '', ''], ...players]),
      ...(rounds.length ? ['', ...rounds, ...pins] : []),
      '',
      `Next: ${state.next.why}`
    ].join('\n') + '\n'
  )
}

export function addEventShowCommands(event: Command, io: Io): void {
  event
    .command('list')
    .description("the library's events, the latest changed first")
    .option('--json', 'as JSON')
    .action(async (opts: { json?: boolean }, cmd: Command) => {
      const { listEventDays } = await day()
      const rows = await withLibrary(cmd, (db) => listEventDays(db), { forReading: true })
      if (opts.json) return io.out(JSON.stringify(rows, null, 2) + '\n')
      if (!rows.length) return io.out('No events in the library yet: muster event create PROFILE.json makes one\n')
      io.out(
        table([
          ['id', 'event', 'ruleset', 'players', 'rounds', 'changed'],
          ...rows.map((e) => [
            e.id.slice(0, 8),
            e.name,
            e.ruleset,
            String(e.players),
            `${e.roundsComplete} of ${e.rounds} done`,
            e.updatedAt.slice(0, 16).replace('T', ' ')
          ])
        ]) + '\n'
      )
    })

  eventCommand(
    event,
    'show',
    'an event whole: its players (held ones with why), every round with its tables and results, and what can be done next',
    EVENT_ID_WORDS
  )
    .option('--json', 'as JSON')
    .action(async (id: string, opts: { json?: boolean }, cmd: Command) => {
      const { eventDayState, findEvent } = await day()
      const state = await withLibrary(cmd, (db) => eventDayState(db, findEvent(db, id)), { forReading: true })
      io.out(opts.json ? JSON.stringify(state, null, 2) + '\n' : eventText(state, (await import('../../src-shared/table-result-words')).tableResultWords))
    })

  eventCommand(
    event,
    'delete',
    'delete an event and everything in it (its players, rounds and results); back up the library first if in doubt',
    EVENT_ID_WORDS
  ).action(async (id: string, _opts: unknown, cmd: Command) => {
    const { deleteEvent, findEvent, eventName } = await day()
    const name = await withLibrary(cmd, (db) => {
      const found = findEvent(db, id)
      const was = eventName(db, found)
      deleteEvent(db, found)
      return was
    })
    io.out(`Event ${name} deleted\n`)
  })
}
