// One tap's shape, the one schema every door checks a tap with before the games service judges it
// against the game (services/games.ts tapProblem): the app's IPC (ipc/game-contract.ts) and the phone's
// posts (services/phone-game.ts). Whether its unit, flag and amount fit the game is the service's to say.
import Type from 'typebox'

const side = Type.Union([Type.Literal(0), Type.Literal(1)])

export const tapSchema = Type.Union([
  Type.Object(
    { kind: Type.Literal('loss'), side, unit: Type.Integer({ minimum: 0, maximum: 1000 }), delta: Type.Integer({ minimum: -100_000, maximum: 100_000 }) },
    { additionalProperties: false }
  ),
  Type.Object({ kind: Type.Literal('flag'), side, flag: Type.String({ minLength: 1, maxLength: 64 }), value: Type.Boolean() }, { additionalProperties: false }),
  Type.Object(
    { kind: Type.Literal('round'), round: Type.Integer({ minimum: 1, maximum: 1000 }), at: Type.String({ minLength: 1, maxLength: 40 }) },
    { additionalProperties: false }
  ),
  Type.Object({ kind: Type.Literal('agreed'), winner: Type.Union([side, Type.Null()]) }, { additionalProperties: false })
])
