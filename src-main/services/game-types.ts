// The shapes of a game kept in the library (services/games.ts), as the IPC contract and the CLI carry
// them: types only, so the renderer can take them. The sheet, taps, losses and scores themselves are
// Game day's shared shapes (src-shared/play/types.ts).
import type { GameLosses, GameResult, GameScore, PlaySheet, SideIndex, Tap } from '../../src-shared/play/types'
import type { GameRecord } from '../store/types'
import type { GameQuery } from '../store/games'

export type { GameRecord }

/** Where my army comes from: a library roster (its id), a roster file on this computer (its path), or a share code. */
export type GameRosterSource = { library: string } | { file: string } | { code: string }

/** The opponent's army: as mine, or only an army list of a ruleset (no roster). */
export type GameOpponentSource = GameRosterSource | { ruleset: string; army: string }

export interface StartGameRequest {
  mine: GameRosterSource
  opponent: GameOpponentSource
  /** Who plays each side, when the roster names no player (or to say it otherwise): kept for the players' records. */
  players?: { mine?: string; opponent?: string }
}

/** A game as it stands after a tap or an undo: every tap in order, what they add up to, and the score. */
export interface GameProgress {
  taps: Tap[]
  losses: GameLosses
  score: GameScore
  /** The round the last round tap set (1 before any). */
  round: number
}

/** A finished game's result as the library keeps it: the rules' (or the players') result, its result code, and when. */
export interface StoredResult extends GameResult {
  /** The result slip's code (src-shared/play/result-code.ts); null where none could be made. */
  code: string | null
  /** Why there is no code, when there is none (a result too large for one): the game is finished all the same. */
  codeProblem?: string
  finishedAt: string
  /** The players agreed on it (the rules named no winner, or they stopped early). */
  agreed: boolean
}

/** One game of the library, whole: what the tracker resumes from. */
export interface GameState extends GameProgress {
  id: string
  sheet: PlaySheet
  startedAt: string
  updatedAt: string
  /** Null while it is being played. */
  result: StoredResult | null
}

/** One side of a game in a list. */
export interface GameSideSummary {
  name: string
  army: string
  player: string | null
  /** The library roster it was played with; null for a file, a share code, an army list, or a roster since deleted. */
  rosterId: string | null
}

/** One game in the history. */
export interface GameRow {
  id: string
  ruleset: string
  rulesetName: string
  startedAt: string
  updatedAt: string
  finishedAt: string | null
  sides: [GameSideSummary, GameSideSummary]
  /** How many taps it holds. */
  taps: number
  result: StoredResult | null
}

/** Which games to list: the store's query as it is. */
export type GameListOptions = GameQuery

/** Whose record: a library roster's, or a player's. */
export type RecordOf = { roster: string } | { player: string }

/** finishGame's optional word from the players: who won (null: a draw), when the rules name no winner or they stop early. */
export interface AgreedResult {
  winner: SideIndex | null
}
