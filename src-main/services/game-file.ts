// A game's result slip and result code (src-shared/play/result-slip.ts, re-exported), and a result code read back
// with the answer `muster game` gives; with game-score.ts's scoring of a game file, re-exported, so
// this is the one door to the game-file use case. `muster game FILE` loads only game-score.ts.
import type { Engine } from '../rules'
import { ajvValidators, type ProjectValidators } from '../rules/precompiled'
import { decodeResult, ResultCodeError, type ResultSlip } from '../../src-shared/play/result-code'
import { slipSchemaProblem } from './game-file-schema'
import { WELL_KNOWN_SIDE_VALUES } from '../../src-shared/play/types'
import { GameFileError, type GameAnswer, type GameSideAnswer } from './game-score'

export * from './game-score'

export { resultSlip, gameResultCode } from '../../src-shared/play/result-slip'

/**
 * A result code read back: its slip, checked against schemas/result-slip.schema.json, as `muster game`
 * answers. Throws GameFileError. `validators`: as scoreGameFile's.
 */
export function decodeResultCode(engine: Engine, code: string, validators: ProjectValidators = ajvValidators): { slip: ResultSlip; answer: GameAnswer } {
  let slip: ResultSlip
  try {
    slip = decodeResult(code, (doc) => slipSchemaProblem(doc, validators))
  } catch (e) {
    if (e instanceof ResultCodeError) throw new GameFileError(e.message)
    throw e
  }
  const loaded = engine.ruleset(slip.ruleset.id)
  const play = loaded?.ruleset.play
  // The slip's standing labelled as the rules of play label it, where this Muster has them.
  const labelOf = (id: string): string => play?.side.find((v) => v.id === id)?.label ?? (id === 'lost' ? (play?.loss.label ?? 'Lost') : id)
  const flagLabel = (id: string): string => play?.flags?.find((f) => f.id === id)?.label ?? id
  const side = (s: ResultSlip['sides'][number]): GameSideAnswer => {
    const { losses, flags, ...rest } = s
    return {
      ...rest,
      values: WELL_KNOWN_SIDE_VALUES.flatMap((id) => (s[id] !== undefined ? [{ id, label: labelOf(id), value: s[id] }] : [])),
      // The slip holds each line's index and loss only: the rosters' labels are not on it.
      losses,
      flags: Object.entries(flags).flatMap(([id, on]) => (on ? [{ id, label: flagLabel(id) }] : []))
    }
  }
  return {
    slip,
    answer: {
      ruleset: { id: slip.ruleset.id, ...(loaded ? { name: loaded.ruleset.name } : {}), dataVersion: slip.ruleset.dataVersion },
      ...(slip.date !== undefined ? { date: slip.date, dateFrom: 'given' as const } : {}),
      ...(play ? { measure: { label: play.loss.label, one: play.loss.measure.one, other: play.loss.measure.other } } : {}),
      sides: [side(slip.sides[0]), side(slip.sides[1])],
      result: { over: slip.over, winner: slip.winner, why: slip.why },
      agreed: slip.agreed
    }
  }
}
