// Generated from schemas/game.schema.json by scripts/schema-types.ts: do not edit by hand.
// Change the schema, then run `npx tsx scripts/schema-types.ts`; npm test fails while this file is out of date.

/**
 * What one roster line lost: `lost` in the ruleset's measure of loss (a whole number), or `destroyed`: all of it.
 */
export type GameFileLoss =
  | {
      unit: GameFileUnitRef
      part?: PartIndex
      /**
       * How much of the ruleset's measure of loss the line lost: a whole number (stands, SP, figures).
       */
      lost: number
    }
  | {
      unit: GameFileUnitRef
      part?: PartIndex
      destroyed: true
    }
/**
 * The roster line: its index into the roster's `units` (the first is 0), or the `id` the roster gives that unit.
 */
export type GameFileUnitRef = number | string
/**
 * Where the rules track each counted item of a roster line as its own unit (play.loss.each: a line of 6 warbands is six units), which of them (the first is 0). Without it, a line's `lost` fills its parts in order and `destroyed` is all of them.
 */
export type PartIndex = number

/**
 * A game at the table: two rosters and what each side has lost, read by `muster game` and scored by the ruleset's rules of play (ruleset.json `play`).
 */
export interface MusterGame {
  $schema?: string
  format: 'muster-game'
  version: 1
  /**
   * The day the game was played, an ISO date (2025-06-14). When absent, `muster game` and the result slip use today's date and say so.
   */
  date?: string
  /**
   * @minItems 2
   * @maxItems 2
   */
  sides: GameFileSide[]
  /**
   * A result the players agreed on: the rules of play name none, or they stopped early.
   */
  agreed?: {
    /**
     * The index of the winning side; null for a draw.
     */
    winner: 0 | 1 | null
  }
}
/**
 * One side. Besides the named members, a flag of the ruleset's rules of play (play.flags) may be written directly on the side by its id ("campSacked": true), as in `flags`.
 */
export interface GameFileSide {
  /**
   * Who played the side; goes on the result slip (over the roster's own player).
   */
  player?: string
  /**
   * A roster file's path, relative to the game file, or a roster (muster-roster) embedded whole.
   */
  roster:
    | string
    | {
        [k: string]: unknown
      }
  /**
   * @maxItems 1000
   */
  losses: GameFileLoss[]
  flags?: GameFileFlags
  /**
   * A flag of the ruleset's rules of play, by its id.
   */
  [k: string]: unknown
}
/**
 * The side's flags by id (play.flags of its ruleset).
 */
export interface GameFileFlags {
  [k: string]: boolean
}
