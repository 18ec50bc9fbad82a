// Event day's calls (issue 41): an event run in the library - players from their rosters, Swiss rounds,
// results typed, from a slip code or from the players' phones, standings, the printed sheets and the
// published page. One service (services/event-day.ts) behind these and `muster event`.
import Type from 'typebox'
import type { EnterReport, EventExport, PairedRound } from '../services/event-day'
import type { EventDayState, EventDaySummary, ResultsServing } from '../services/event-day-types'
import { anyObject, Args, call, id, type PdfMade } from './contract-parts'
import type { TableResult } from '../event/day-types'
import { organiserResultSchema } from '../services/event-result-schema'

const eventFile = Type.Object(
  { path: Type.String({ minLength: 1, maxLength: 4096 }), name: Type.String({ minLength: 1, maxLength: 1000 }) },
  { additionalProperties: false }
)
const playerName = Type.String({ minLength: 1, maxLength: 200 })
const round = Type.Integer({ minimum: 1, maximum: 1000 })

/** One table's result as the organiser enters it: a winner (a player at the table, or 'draw') with an optional score, or a slip code (services/event-result-schema.ts, the phones' posts are checked with it too). */
export const eventResultInput = organiserResultSchema

export const eventSheet = Type.Union([
  Type.Object({ kind: Type.Literal('standings') }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('pairings'), round: Type.Optional(round) }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('slips'), round: Type.Optional(round) }, { additionalProperties: false })
])

export const eventDayCalls = {
  /** The events of the library, newest change first. */
  listEvents: call(Args()).answers<EventDaySummary[]>(),
  /** (profile, files?): an event made from an event profile (checked as the event check reads one), with the rosters chosen entered in the same change (all or nothing); its id. */
  createEvent: call(Args(anyObject, Type.Optional(Type.Array(eventFile, { maxItems: 5000 })))).answers<{ id: string; entered?: EnterReport }>(),
  /** (id, profile): the event's profile changed (scoring, tie-breaks, rounds, constraints, players' clubs); rounds paired stay as they were; the event after it. */
  updateEventProfile: call(Args(id, anyObject)).answers<EventDayState>(),
  /** (id): the event whole: players, rounds with their tables and results, standings, what can be done next. */
  getEventDay: call(Args(id)).answers<EventDayState>(),
  /** (id): the event and everything in it deleted; whether there was one. */
  deleteEvent: call(Args(id)).answers<boolean>(),
  /** (id, files): rosters entered (files chosen with pickEventFiles), all or none; illegal ones held back with reasons. */
  enterEventRosters: call(Args(id, Type.Array(eventFile, { minItems: 1, maxItems: 5000 }))).answers<EnterReport>(),
  /** (id, player): a held player paired all the same, by the organiser's word. */
  overrideEventPlayer: call(Args(id, playerName)).answers<{ player: string }>(),
  /** (id, player): a player dropped: never paired again; their results stay. */
  dropEventPlayer: call(Args(id, playerName)).answers<{ player: string }>(),
  /** (id, player): a dropped player back in, paired again from the next round. */
  reinstateEventPlayer: call(Args(id, playerName)).answers<{ player: string }>(),
  /** (id): the next round paired (round 1 by history, later rounds Swiss), each table with why. */
  pairEventRound: call(Args(id)).answers<PairedRound>(),
  /** (id, result): a table's result kept; refused in words (unknown table, a bye, a winner not there, a forged slip, a second result without replace). */
  recordEventResult: call(Args(id, eventResultInput)).answers<{
    round: number
    table: number
    players: string[]
    result: TableResult
    /** Said when the change reaches past its round: a later round was paired on the result replaced. */
    warning?: string
  }>(),
  /** (id, sheet): standings, a round's pairings or its result slips as a PDF (kept for savePdf). */
  eventDayPdf: call(Args(id, eventSheet)).answers<PdfMade>(),
  /** (id): the event as one self-contained HTML page (standings, pairings, each player's list), to save or put online. */
  publishEvent: call(Args(id)).answers<{ html: string; fileName: string }>(),
  /** (id): the whole event as JSON (schemas/event-export.schema.json). */
  exportEventDay: call(Args(id)).answers<EventExport>(),
  /**
   * (id, options?): serves the results page to the players' phones from this computer (127.0.0.1;
   * `lan`: open to the venue network) until stopped or the window closes; one event at a time. Results
   * sent come into the event as 'phone' results (a slip checked as any slip is).
   */
  serveEventResults: call(
    Args(id, Type.Optional(Type.Object({ lan: Type.Optional(Type.Boolean()) }, { additionalProperties: false })))
  ).answers<ResultsServing>(),
  /** Stops serving the results page; whether it was served. */
  stopEventResults: call(Args()).answers<boolean>(),
  /** What the results page serves now (it outlives a reload of the window), or null. */
  eventResultsServing: call(Args()).answers<ResultsServing | null>()
}

/** The calls above, by name: what ipc/event-day-handlers.ts implements. */
export type EventDayChannels = keyof typeof eventDayCalls
