// An event's results page as routes of the local server (serve/server.ts): GET /<token>/tables, the
// current round's tables; POST /<token>/pin, a table's result PIN checked; POST /<token>/result, a
// table's result from a player's phone with its PIN. Before anything is written a post passes, in
// turn: the address's rate (event-results-guard.ts, 429), its shape (400), the event still being in the
// library (410), the table being open to a result (a table of the latest round, no bye, no result yet:
// a narrow read, no write lock), the table's PIN
// (event-result-pins.ts; a few wrong ones and the table is locked for a while, 429). Then the event's
// own recordResult takes it (the checks of a result typed by the organiser; kept with source 'phone').
// A refusal is answered 4xx with its words, and nothing is written.
import Ajv from 'ajv'
import Type from 'typebox'
import { NO_LONGER_RUN, type PinPost, type ResultAnswer, type ResultPost, type ResultsTable, type ResultsTables } from '../../src-shared/event-results'
import type { RouteAnswer, Sender, ServedApp } from '../serve'
import type { Db } from '../store/open'
import { StoreError } from '../store/rosters'
import { latestTables, tableState } from '../store/event-results'
import { EARLIER_ROUND, recordResult } from './event-day-results'
import { resultFields } from './event-result-schema'
import { eventPins, samePin } from './event-result-pins'
import { ResultsGuard, type GuardOptions } from './event-results-guard'

// the shape every door checks a result with (the app's IPC too), and the table's PIN
const pin = Type.String({ minLength: 1, maxLength: 20 })
const pinSchema = Type.Object({ round: resultFields.round, table: resultFields.table, pin }, { additionalProperties: false })
const postSchema = Type.Object({ ...resultFields, pin }, { additionalProperties: false })

let ajv: Ajv | undefined
const compile = <T>(schema: object) => {
  let check: ((v: unknown) => boolean) | undefined
  return (v: unknown): v is T => (check ??= (ajv ??= new Ajv({ strict: true, strictTuples: false })).compile(schema))(v)
}
const postShape = compile<ResultPost>(postSchema)
const pinShape = compile<PinPost>(pinSchema)

/** The errors that are a result refused in words (nothing written): the event's, the slip check's, the store's. */
const REFUSALS = new Set(['EventDayError', 'SlipRefused', 'StoreError'])

type Named = NonNullable<ResultsTable['result']>
const named = (players: readonly string[], result: { winner: 0 | 1 | null; score?: [number, number] }): Named => ({
  winner: result.winner === null ? null : players[result.winner],
  ...(result.score ? { score: result.score } : {})
})

/** The current round's tables, from one narrow read (no roster is read); null: the event is no longer in the library. */
export function currentTables(db: Db, eventId: string): ResultsTables | null {
  const read = latestTables(db, eventId)
  if (!read) return null
  const tables = read.tables.map((t) => ({ table: t.table, players: t.players, result: t.result ? named(t.players, t.result) : null }))
  return { event: read.name, round: read.round, tables }
}

/** The current round's tables (as currentTables); an event not in the library is refused in words. */
export function eventTables(db: Db, eventId: string): ResultsTables {
  const tables = currentTables(db, eventId)
  if (!tables) throw new StoreError('invalid', `no event with id '${eventId}' in the library`)
  return tables
}

export type PhoneResult = Extract<ResultAnswer, { result: unknown }>

const answer = (status: number, error: string): RouteAnswer => ({ status, body: { error } satisfies ResultAnswer })
const GONE = answer(410, NO_LONGER_RUN)

/** Words as a sentence: its first letter a capital, one full stop at its end. */
const sentence = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`.replace(/([^.])$/, '$1.')
/** Every refusal of a result worded alike: "Muster did not take this result. Table 2 of round 1 ...". */
const refusal = (words: string) => `Muster did not take this result. ${sentence(words)}`

/** What a post to one table must pass before its result is read: the event, the table open, its PIN (`null`: it may go on). */
function tableGate(db: Db, eventId: string, guard: ResultsGuard, post: PinPost, words: (w: string) => string): RouteAnswer | null {
  const pins = eventPins(db, eventId)
  if (!pins) return GONE
  const { round, table } = post
  const state = tableState(db, eventId, round, table)
  if (!state) return answer(422, words(`round ${round} has no table ${table}: tap your table in the list`))
  // before the PIN: an earlier round's table is closed to phones, its PIN right or wrong (recordResult says so again in its transaction)
  if (round !== state.latest) return answer(422, words(EARLIER_ROUND))
  if (state.bye) return answer(422, words(`table ${table} of round ${round} is a bye: it takes no result`))
  // refused from a read: a table done takes no result from a phone, so no write lock is taken for it
  if (state.done) return answer(422, words(`table ${table} of round ${round} already has a result: only the organiser can replace it, in Muster`))
  const key = `${round}/${table}`
  const locked = () =>
    answer(
      429,
      words(`table ${table} has had too many wrong PINs: ask the organiser to enter its result (or try again in ${minutes(guard.minutesLocked(key))})`)
    )
  if (guard.locked(key)) return locked()
  if (samePin(post.pin, pins(round, table))) return null
  const left = guard.wrongPin(key)
  if (left === 0) return locked()
  return answer(403, words(`that is not table ${table}'s PIN: it is on the table's result slip (${left} more ${left === 1 ? 'try' : 'tries'})`))
}

const minutes = (n: number) => (n === 1 ? '1 minute' : `${n} minutes`)

const TOO_MANY = (guard: ResultsGuard) =>
  answer(429, `Muster has had ${guard.postsPerMinute} posts from this phone in the last minute: wait a minute, then send it again.`)

/** A table's PIN checked, so the page asks for the result only once the player has the right one. */
export function checkPhonePin(db: Db, eventId: string, guard: ResultsGuard, body: unknown, from: Sender): RouteAnswer {
  if (!guard.post(from.address)) return TOO_MANY(guard)
  if (!pinShape(body)) return answer(400, "Muster did not understand this: send the round, the table and the table's PIN.")
  return tableGate(db, eventId, guard, body, sentence) ?? { status: 200, body: { table: body.table } }
}

/** A post from a phone taken, or refused in words. `onResult`: after each result kept. */
export function takePhoneResult(db: Db, eventId: string, guard: ResultsGuard, body: unknown, from: Sender, onResult?: (r: PhoneResult) => void): RouteAnswer {
  if (!guard.post(from.address)) return TOO_MANY(guard)
  if (!postShape(body)) return answer(400, 'Muster did not understand this result: send the round, the table, its PIN, and who won or the result code.')
  if ((body.winner === undefined) === (body.slip === undefined))
    return answer(400, 'Say who won (or that it was a draw), or paste the result code from the slip: one of them.')
  if (body.slip !== undefined && body.score) return answer(400, 'The result code carries its own score: send the code alone.')
  const gate = tableGate(db, eventId, guard, body, refusal)
  if (gate) return gate
  const { pin: _pin, ...result } = body
  try {
    const done = recordResult(db, eventId, { ...result, fromPhone: true })
    const kept: PhoneResult = { round: done.round, table: done.table, players: done.players, result: named(done.players, done.result) }
    onResult?.(kept)
    return { status: 200, body: kept }
  } catch (e) {
    // deleted between the read and the write: said as any other post to a deleted event
    if (e instanceof StoreError && !eventPins(db, eventId)) return GONE
    if (e instanceof Error && REFUSALS.has(e.name)) return answer(422, refusal(e.message))
    throw e
  }
}

/** The results page (results.html of the phone bundle) and its three routes; `guard`: its limits (tests set the clock). */
export function resultsApp(db: Db, eventId: string, onResult?: (r: PhoneResult) => void, guard: GuardOptions = {}): ServedApp {
  const limits = new ResultsGuard(guard)
  return {
    page: 'results.html',
    routes: {
      tables: {
        get: () => {
          const tables = currentTables(db, eventId)
          return tables ? { status: 200, body: tables } : GONE
        }
      },
      pin: { post: (body, from) => checkPhonePin(db, eventId, limits, body, from) },
      result: { post: (body, from) => takePhoneResult(db, eventId, limits, body, from, onResult) }
    }
  }
}
