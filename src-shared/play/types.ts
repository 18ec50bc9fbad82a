// Game day's shapes, shared by every part that plays a game: the main side prepares a PlaySheet from two
// rosters (or a roster and an army list) and the ruleset's rules of play (ruleset.json `play`); the
// tracker (app and phone page), `muster game` and the result slip read it with the engine in this
// folder. A sheet is self-contained (no ruleset files needed to score it), so it can travel in a URL
// fragment to a phone. Words come from the data, never from code.
import type { PlayRules } from './rules-types'

export type { PlayRules }

/** A value a formula gave: what the tracker shows. */
export type PlayValue = number | string | boolean | null

/** One roster line (or, for an opponent known only by army list, one troop entry of the list), ready to play. */
export interface PlayUnit {
  /** What the tracker calls it: the unit's own name, else its troop type's name (with the count). */
  label: string
  troop: string
  troopName: string
  category?: string
  tags: string[]
  /** The roster line's index in the roster's `units` (absent in sheets made before lines were split: the unit's own index). */
  line?: number
  /** Which counted item of the line this unit is (0-based), when the rules track each apart (play.loss.each). */
  part?: number
  /** The roster line's count (stands, figures, units), as written in the roster; 1 for one part of a line. */
  count: number
  /** How much of the ruleset's measure of loss the line holds (play.loss.capacity). */
  capacity: number
  /** What one measure lost is worth to the enemy's score (play.loss.value; 1 when the data gives none). */
  value: number
  /** The roster line's attribute values (class, quality, grade...). */
  attributes: Record<string, PlayValue>
  /** What the roster marks the line as, in the data's words: the labels of its yes/no attributes that are yes. */
  marks?: string[]
  /** The line's unit figures (the ruleset's unitFigures), as the roster shows them. */
  figures: Record<string, PlayValue>
}

export interface PlaySide {
  /** The roster's player, when it names one. */
  player?: string
  /** The roster's name, else the army's title. */
  name: string
  /** The army's title ("115a Later Macedonian"), src-shared/army-title.ts. */
  army: string
  /** The roster's check code; null for an opponent known only by army list. */
  checkCode: string | null
  /** Present, false, when the roster breaks its army list's rules (a game of it is still played). */
  legal?: false
  /** With legal: how many problems the check finds (errors). */
  issues?: number
  points: number
  /** The roster's army-level figures (ruleset `figures`), by id: what side formulas read as `figures`. */
  figures: Record<string, PlayValue>
  units: PlayUnit[]
}

/** A labelled line of the pre-battle sheet: one value per side. */
export interface PreBattleRow {
  label: string
  values: [string, string]
}

export interface PlaySheet {
  format: 'muster-play-sheet'
  version: 1
  ruleset: { id: string; name: string; shortName: string; dataVersion: string }
  rules: PlayRules
  /** The ruleset tables the formulas read (lookup / tables.x). */
  tables: Record<string, unknown>
  sides: [PlaySide, PlaySide]
  /** Before the battle: facts per side and notes (who is likelier to invade, the set-up roll...). */
  preBattle: { rows: PreBattleRow[]; notes: string[] }
}

export type SideIndex = 0 | 1

/** One tap at the table. A game is its sheet and the list of its taps, replayed in order. */
export type Tap =
  | { kind: 'loss'; side: SideIndex; unit: number; delta: number }
  | { kind: 'flag'; side: SideIndex; flag: string; value: boolean }
  | { kind: 'round'; round: number; at: string }
  | { kind: 'agreed'; winner: SideIndex | null }

/** What each side has lost: per unit line, in the ruleset's measure, and its flags. */
export interface SideLosses {
  lost: number[]
  flags: Record<string, boolean>
}

export interface GameLosses {
  sides: [SideLosses, SideLosses]
  /** A result the players agreed on (the rules name none, or they stop early). */
  agreed?: { winner: SideIndex | null }
}

/**
 * The side values with a meaning of their own (play.schema.json `side`): the score, the slip and every
 * door read these by id; `lost` is required of every ruleset's rules of play.
 */
export const WELL_KNOWN_SIDE_VALUES = ['lost', 'spent', 'moraleDice', 'handSize'] as const
export type WellKnownSideValue = (typeof WELL_KNOWN_SIDE_VALUES)[number]

/** A side's standing as its rules of play compute it. */
export interface SideScore {
  /** In the ruleset's measure (for some rulesets, the victory points of what was lost). */
  lost: number
  /** At its break or exhaustion point (absent when the ruleset has none). */
  spent?: boolean
  moraleDice?: number
  handSize?: number
  /** Every side value the data defines, labelled, in the data's order: what the tracker shows. */
  values: Array<{ id: string; label: string; value: PlayValue }>
}

export interface GameResult {
  over: boolean
  winner: SideIndex | null
  /** In players' words, from the data's templates. */
  why: string
}

export interface GameScore {
  sides: [SideScore, SideScore]
  result: GameResult
}
