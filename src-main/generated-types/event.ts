// Generated from schemas/event.schema.json by scripts/schema-types.ts: do not edit by hand.
// Change the schema, then run `npx tsx scripts/schema-types.ts`; npm test fails while this file is out of date.

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
}
