// Generated from schemas/event.schema.json by scripts/schema-types.ts: do not edit by hand.
// Change the schema, then run `npx tsx scripts/schema-types.ts`; npm test fails while this file is out of date.

export type TiebreakId = 'opponentsScore' | 'pointsDestroyed' | 'headToHead'

/**
 * A tournament's rules for submitted rosters, written by the organiser or the app: checked by `muster check --event` on top of the ruleset and army list.
 */
export interface EventProfile {
  $schema?: string
  format: 'muster-event'
  version: 1
  name: string
  /**
   * When the event is held (free text or ISO date).
   */
  date?: string
  ruleset: string
  /**
   * Replaces the roster's own limit and the ruleset default.
   */
  pointsLimit?: number
  /**
   * The period armies must come from: an army's dates must overlap it, and a roster's year (if any) must fall inside it. Negative = BC.
   */
  dates?: {
    from?: number
    to?: number
  }
  /**
   * Which armies may come: allowed ids, a pool by list number or category (any of them admits an army), and banned ids (always out).
   */
  armies?: {
    /**
     * Only these army ids.
     *
     * @minItems 1
     */
    allowed?: string[]
    banned?: string[]
    /**
     * Army pool: only armies of these Meshwesh list numbers ("66a"; "66" takes every sublist of 66). Allies must come from the pool too.
     *
     * @minItems 1
     */
    lists?: string[]
    /**
     * Army pool: only armies with one of these thematic categories or nationality tags ("Classical Greek"). Allies must come from the pool too.
     *
     * @minItems 1
     */
    categories?: string[]
  }
  /**
   * false: no allied contingents (default true).
   */
  allies?: boolean
  /**
   * Battle cards at this event (rulesets that have them): only the allowed ones, none of the banned.
   */
  battleCards?: {
    allowed?: string[]
    banned?: string[]
  }
  /**
   * Roster fields every submission must fill in.
   */
  requiredFields?: ('player' | 'name' | 'year' | 'notes')[]
  /**
   * The ruleset data version the event checks against; a different one is reported.
   */
  dataVersion?: string
  /**
   * The data edition of the ruleset every roster is checked under (its editions/<id>.json), whatever edition the roster names.
   */
  edition?: string
  /**
   * The ruleset's optional amendments played at the event, by id (true on, false off): they replace what a roster says; one left out is as the roster has it.
   */
  amendments?: {
    [k: string]: boolean
  }
  scoring?: EventScoring
  /**
   * The tie-breaks of players on equal score, in order (default opponentsScore, pointsDestroyed, headToHead): the sum of the opponents' scores, the sum of what the player destroyed, and the points among exactly the tied players when they all met.
   */
  tiebreaks?: TiebreakId[]
  /**
   * How many rounds the event plans.
   */
  rounds?: number
  /**
   * How long a round lasts, in minutes: the projector view's round clock counts it down (default 120).
   */
  roundMinutes?: number
  constraints?: EventConstraints
  /**
   * What the rosters do not say about the players: their club and country, each named as their roster's `player` field names them.
   */
  players?: EventProfilePlayer[]
}
/**
 * How a game scores in the standings: win, draw and loss points (default 3, 1 and 0), or a json-logic formula over one player's result that replaces them. A bye scores `byeScore`, else as a win.
 */
export interface EventScoring {
  /**
   * Points for a win (default 3).
   */
  win?: number
  /**
   * Points for a draw (default 1).
   */
  draw?: number
  /**
   * Points for a loss (default 0).
   */
  loss?: number
  /**
   * json-logic over one player's result, { won, drawn, lost (true or false), destroyed (what the player destroyed), lostPoints (what the player lost) } in the ruleset's measure (0 when the result gives none): the points it scores. Replaces win, draw and loss.
   */
  formula?: {
    [k: string]: unknown
  }
  /**
   * What a bye scores (default: a win's points; with a formula, the formula over a win with nothing destroyed or lost).
   */
  byeScore?: number
}
/**
 * What the Swiss pairing keeps to, as far as the field allows: players of one club or one country apart, and players who must sit at one table every round.
 */
export interface EventConstraints {
  /**
   * Keep players of the same club apart.
   */
  clubApart?: boolean
  /**
   * Keep players of the same country apart.
   */
  countryApart?: boolean
  fixedTables?: FixedTable[]
}
export interface FixedTable {
  /**
   * As the roster's `player` names them.
   */
  player: string
  table: number
}
export interface EventProfilePlayer {
  name: string
  club?: string
  country?: string
}
