// The argument schemas of the games' calls (contract.ts names the calls): kept apart so the contract
// stays one readable page. Each is checked by ajv in the main process before its handler runs; the
// service (services/games.ts) checks the rest against the game's sheet, in players' words.
import Type, { type Static } from 'typebox'
import type { AgreedResult, GameListOptions, RecordOf, StartGameRequest } from '../services/game-types'
import type { Tap } from '../../src-shared/play/types'
import { tapSchema } from '../services/tap-schema'

export const gameId = Type.String({ minLength: 1, maxLength: 64 })
const path = Type.String({ minLength: 1, maxLength: 4096 })
/** A share code pasted: capped far above any code, so a long paste gets the share code's own words. */
const code = Type.String({ minLength: 1, maxLength: 8_000_000 })
const slug = Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 64 })
const playerName = Type.String({ maxLength: 200 })
const side = Type.Union([Type.Literal(0), Type.Literal(1)])

const rosterSource = Type.Union([
  Type.Object({ library: gameId }, { additionalProperties: false }),
  Type.Object({ file: path }, { additionalProperties: false }),
  Type.Object({ code }, { additionalProperties: false })
])
const opponentSource = Type.Union([
  ...rosterSource.anyOf,
  Type.Object({ ruleset: slug, army: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false })
])

export const startGameRequest = Type.Object(
  {
    mine: rosterSource,
    opponent: opponentSource,
    players: Type.Optional(Type.Object({ mine: Type.Optional(playerName), opponent: Type.Optional(playerName) }, { additionalProperties: false }))
  },
  { additionalProperties: false }
)

/** One tap: its shape (services/tap-schema.ts, the phone's posts are checked with it too); whether its unit, flag and amount fit the game is the service's to say. */
export const tap = tapSchema

export const agreedResult = Type.Object({ winner: Type.Union([side, Type.Null()]) }, { additionalProperties: false })

export const gameListOptions = Type.Object(
  {
    roster: Type.Optional(gameId),
    player: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    finished: Type.Optional(Type.Boolean()),
    ruleset: Type.Optional(slug),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    offset: Type.Optional(Type.Integer({ minimum: 0 }))
  },
  { additionalProperties: false }
)

export const recordOf = Type.Union([
  Type.Object({ roster: gameId }, { additionalProperties: false }),
  Type.Object({ player: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false })
])

// Type errors here if the service's shapes and these schemas part ways.
type Same<A, B> = [A, B] extends [B, A] ? true : never
const _agree: [
  Same<Static<typeof startGameRequest>, StartGameRequest>,
  Same<Static<typeof tap>, Tap>,
  Same<Static<typeof agreedResult>, AgreedResult>,
  Same<Static<typeof gameListOptions>, GameListOptions>,
  Same<Static<typeof recordOf>, RecordOf>
] = [true, true, true, true, true]
