// A scored game's result slip (schemas/result-slip.schema.json) and its result code: made the same
// way by the main side (`muster game --result-code`, the library) and by the phone page, so it lives
// here, browser-safe (no node: imports).
import { encodeResult, ResultCodeError, type ResultSlip } from './result-code'
import type { GameLosses, GameScore, PlaySheet, SideIndex } from './types'
import { todayIso } from './today'

export { todayIso }

/** What a slip is made of: the sheet, the losses and their score, and the game's date if it has one. */
export interface SlipSource {
  sheet: PlaySheet
  losses: GameLosses
  score: GameScore
  date?: string
}

/** The result slip of a scored game (only the lines that lost anything); its date the game's, else today's. */
export function resultSlip(game: SlipSource): ResultSlip {
  const { sheet, losses, score } = game
  const side = (i: SideIndex): ResultSlip['sides'][number] => {
    const s = score.sides[i]
    const p = sheet.sides[i]
    return {
      checkCode: p.checkCode,
      ...(p.player !== undefined ? { player: p.player } : {}),
      army: p.army,
      name: p.name,
      ...(p.legal === false ? { legal: false as const, issues: p.issues ?? 1 } : {}),
      losses: losses.sides[i].lost.flatMap((lost, unit) => (lost > 0 ? [{ unit, lost }] : [])),
      flags: losses.sides[i].flags,
      lost: s.lost,
      ...(s.spent !== undefined ? { spent: s.spent } : {}),
      ...(s.moraleDice !== undefined ? { moraleDice: s.moraleDice } : {}),
      ...(s.handSize !== undefined ? { handSize: s.handSize } : {})
    }
  }
  return {
    format: 'muster-result',
    version: 1,
    ruleset: { id: sheet.ruleset.id, dataVersion: sheet.ruleset.dataVersion },
    date: game.date ?? todayIso(),
    sides: [side(0), side(1)],
    over: score.result.over,
    winner: score.result.winner,
    why: score.result.why,
    agreed: losses.agreed !== undefined
  }
}

/** The result code of a scored game. Throws ResultCodeError when it would be too large. */
export function gameResultCode(game: SlipSource): string {
  return encodeResult(resultSlip(game))
}

/**
 * The result code of a finished game, or none and why: a result too large for a code (hundreds of
 * lines lost) still finishes its game, kept in the library without a code.
 */
export function finishedGameCode(game: SlipSource): { code: string } | { code: null; codeProblem: string } {
  try {
    return { code: gameResultCode(game) }
  } catch (e) {
    if (e instanceof ResultCodeError) return { code: null, codeProblem: `No result code for this game: ${e.message}` }
    throw e
  }
}
