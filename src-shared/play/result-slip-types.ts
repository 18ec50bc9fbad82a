// Generated from schemas/result-slip.schema.json by scripts/schema-types.ts: do not edit by hand.
// Change the schema, then run `npx tsx scripts/schema-types.ts`; npm test fails while this file is out of date.

/**
 * A game's result, as its result code carries it (src-shared/play/result-code.ts): written by the tracker, the phone page and `muster game --result-code`, read by `muster game --decode` and by an organiser's Muster. Each side's roster is named by its check code, never held whole.
 */
export interface ResultSlip {
  format: 'muster-result'
  version: 1
  ruleset: {
    id: string
    /**
     * The ruleset data version the game was scored under.
     */
    dataVersion: string
  }
  /**
   * The day the game was played (ISO date).
   */
  date?: string
  /**
   * @minItems 2
   * @maxItems 2
   */
  sides: ResultSide[]
  /**
   * Whether the game has ended (by the rules of play or by the players' agreement).
   */
  over: boolean
  /**
   * The index of the winning side; null for a draw or a game not decided.
   */
  winner: 0 | 1 | null
  /**
   * The result in players' words, from the ruleset's templates.
   */
  why: string
  /**
   * Whether the players agreed the result rather than the rules deciding it.
   */
  agreed: boolean
}
export interface ResultSide {
  /**
   * The check code of the side's roster (as printed on its sheet); null for an opponent known only by its army list.
   */
  checkCode: string | null
  player?: string
  army: string
  name: string
  /**
   * Only the roster lines that lost anything.
   *
   * @maxItems 1000
   */
  losses: {
    unit: number
    lost: number
  }[]
  flags: {
    [k: string]: boolean
  }
  /**
   * The side's loss in the ruleset's measure (its score against it).
   */
  lost: number
  /**
   * At its break or exhaustion point; absent when the ruleset has none.
   */
  spent?: boolean
  moraleDice?: number
  handSize?: number
  /**
   * Present, false, when the side's roster broke its army list's rules when the game was scored (an opponent known by its army list has none).
   */
  legal?: false
  /**
   * With legal: how many problems `muster check` finds in the roster.
   */
  issues?: number
}
