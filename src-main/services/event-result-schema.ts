// One table result's shape, the one schema every door checks a result with before the event judges it
// against the table (services/event-day-results.ts recordResult): the app's IPC (ipc/event-day-contract.ts)
// and the players' phones (services/event-results-page.ts). Whether the winner sits at the table, the
// slip is that table's and a result may be replaced is the service's to say.
import Type from 'typebox'

/** The most a side can have destroyed: far past any game's, so a slip of a finger (1e9) is refused, not kept. */
export const MAX_SCORE = 1_000_000

export const resultRound = Type.Integer({ minimum: 1, maximum: 10_000 })
export const resultTable = Type.Integer({ minimum: 1, maximum: 100_000 })
/** What each player destroyed, in table order. */
export const resultScore = Type.Tuple([Type.Number({ minimum: 0, maximum: MAX_SCORE }), Type.Number({ minimum: 0, maximum: MAX_SCORE })])

/**
 * The fields of a result from any door: the round and table, then who won (a player at the table, or
 * 'draw') with a score, or a slip's code. A phone's post is these and the table's PIN (never replace).
 */
export const resultFields = {
  round: resultRound,
  table: resultTable,
  winner: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  score: Type.Optional(resultScore),
  slip: Type.Optional(Type.String({ minLength: 1, maxLength: 20_000 }))
}

/** A result as the organiser enters it: as a phone's, and `replace` to change one kept. */
export const organiserResultSchema = Type.Object({ ...resultFields, replace: Type.Optional(Type.Boolean()) }, { additionalProperties: false })
