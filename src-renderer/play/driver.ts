// What the tracker's components are driven by: a game's sheet and its taps, and two acts (tap, undo).
// The app drives them over IPC (state/play.ts), the phone page from local storage: the components
// never know which. Everything shown is computed here from the sheet and the taps, by the shared engine.
import type { GameLosses, GameScore, PlaySheet, Tap } from '../../src-shared/play/types'
import { replayTaps, scoreGame } from '../../src-shared/play/engine'

/** A game as the tracker sees it: the sheet both sides play from, and every tap so far, in order. */
export interface GameState {
  sheet: PlaySheet
  taps: Tap[]
}

/** What drives the tracker. `tap` and `undo` may answer at once (local storage) or later (IPC). */
export interface GameDriver {
  state: GameState
  tap(t: Tap): void | Promise<unknown>
  undo(): void | Promise<unknown>
  /** Why the last tap or undo could not be kept, in players' words (shown until the next one). */
  error?: string
  /** Ends a game that is over (the rules' result or an agreed one); absent where the driver ends games itself. */
  finish?(): void | Promise<unknown>
  /** The result code once the game is finished (null or absent before). */
  code?: string | null
}

/** The game replayed: each side's losses and flags, the score, and the round under way (1 before any round tap, as the library says). */
export interface GameView {
  losses: GameLosses
  score: GameScore
  round: number
  /** When the current round began (its tap's time), if a round was tapped. */
  roundAt: string | null
  /** When the first round was tapped (the game's clock started), if one was. */
  startedAt: string | null
}

export function viewOf(state: GameState): GameView {
  const losses = replayTaps(state.sheet, state.taps)
  let round = 1
  let roundAt: string | null = null
  let startedAt: string | null = null
  for (const t of state.taps)
    if (t.kind === 'round') {
      round = t.round
      roundAt = t.at
      startedAt ??= t.at
    }
  return { losses, score: scoreGame(state.sheet, losses), round, roundAt, startedAt }
}

/** The measure's word for n: "stand", "stands". */
export const measureWord = (sheet: PlaySheet, n: number): string => (n === 1 ? sheet.rules.loss.measure.one : sheet.rules.loss.measure.other)

/** A measure in players' words: "1 stand", "3 stands". */
export const measured = (sheet: PlaySheet, n: number): string => `${n} ${measureWord(sheet, n)}`

/** A value as the tracker prints it. */
export const shown = (v: unknown): string => (v === true ? 'yes' : v === false ? 'no' : v === null || v === undefined ? '–' : String(v))
