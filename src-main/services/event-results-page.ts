// An event's results page as routes of the local server (serve/server.ts): GET /<token>/tables, the
// current round's tables, and POST /<token>/result, a table's result from a player's phone. A post is
// checked for its shape here, then taken by the event's own recordResult (the same checks as a result
// typed by the organiser or pasted from a slip; kept with source 'phone'); a refusal is answered 4xx
// with its words, and nothing is written. A table that has a result takes no other from a phone.
import Ajv from 'ajv'
import Type from 'typebox'
import type { ResultAnswer, ResultPost, ResultsTable, ResultsTables } from '../../src-shared/event-results'
import type { RouteAnswer, ServedApp } from '../serve'
import type { Db } from '../store/open'
import * as events from '../store/events'
import type { TableResult } from '../event/day-types'
import { recordResult } from './event-day-results'

const postSchema = Type.Object(
  {
    round: Type.Integer({ minimum: 1, maximum: 10_000 }),
    table: Type.Integer({ minimum: 1, maximum: 10_000 }),
    winner: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    score: Type.Optional(Type.Tuple([Type.Number({ minimum: 0, maximum: 1e6 }), Type.Number({ minimum: 0, maximum: 1e6 })])),
    slip: Type.Optional(Type.String({ minLength: 1, maxLength: 20_000 }))
  },
  { additionalProperties: false }
)

let checkPost: ((v: unknown) => boolean) | undefined
const postShape = (v: unknown): v is ResultPost => (checkPost ??= new Ajv({ strict: true, strictTuples: false }).compile(postSchema))(v)

/** The errors that are a result refused in words (nothing written): the event's, the slip check's, the store's. */
const REFUSALS = new Set(['EventDayError', 'SlipRefused', 'StoreError'])

const named = (players: string[], result: TableResult): NonNullable<ResultsTable['result']> => ({
  winner: result.winner === null ? null : players[result.winner],
  ...(result.score ? { score: result.score } : {})
})

/** The current round's tables, from one read of the event. */
export function eventTables(db: Db, eventId: string): ResultsTables {
  return db
    .transaction(() => {
      const event = events.getEvent(db, eventId)
      const rounds = events.eventRounds(db, eventId)
      const name = new Map(events.eventPlayers(db, eventId).map((p) => [p.id, p.name]))
      const round = rounds.at(-1)
      const tables = (round?.tables ?? []).map((t) => {
        const players = t.players.map((p) => name.get(p) ?? p) as ResultsTable['players']
        return { table: t.table, players, result: t.result ? named(players, t.result) : null }
      })
      return { event: event.name, round: round?.round ?? null, tables }
    })
    .deferred()
}

export type PhoneResult = Extract<ResultAnswer, { result: unknown }>

const refused = (status: number, error: string): RouteAnswer => ({ status, body: { error } satisfies ResultAnswer })

/** A refusal as the page shows it: the check's words, a clause ("table 2 ... already has a result") or whole sentences ("This result code is damaged ..."). */
const refusal = (words: string) =>
  /^\p{Lu}/u.test(words)
    ? `Muster did not take this result. ${words.replace(/([^.])$/, '$1.')}`
    : `Muster did not take this result: ${words.replace(/\.$/, '')}.`

/** A post from a phone taken, or refused in words. `onResult`: after each result kept. */
export function takePhoneResult(db: Db, eventId: string, body: unknown, onResult?: (r: PhoneResult) => void): RouteAnswer {
  if (!postShape(body)) return refused(400, 'Muster did not understand this result: send the round, the table, and who won or the result code.')
  if ((body.winner === undefined) === (body.slip === undefined))
    return refused(400, 'Say who won (or that it was a draw), or paste the result code from the slip: one of them.')
  if (body.slip !== undefined && body.score) return refused(400, 'The result code carries its own score: send the code alone.')
  try {
    const done = recordResult(db, eventId, { ...body, fromPhone: true })
    const answer: PhoneResult = { round: done.round, table: done.table, players: done.players, result: named(done.players, done.result) }
    onResult?.(answer)
    return { status: 200, body: answer }
  } catch (e) {
    if (e instanceof Error && REFUSALS.has(e.name)) return refused(422, refusal(e.message))
    throw e
  }
}

/** The results page (results.html of the phone bundle) and its two routes. */
export function resultsApp(db: Db, eventId: string, onResult?: (r: PhoneResult) => void): ServedApp {
  return {
    page: 'results.html',
    routes: {
      tables: { get: () => ({ status: 200, body: eventTables(db, eventId) }) },
      result: { post: (body) => takePhoneResult(db, eventId, body, onResult) }
    }
  }
}
