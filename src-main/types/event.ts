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
  armies?: {
    /**
     * Only these army ids.
     *
     * @minItems 1
     */
    allowed?: string[]
    banned?: string[]
  }
  /**
   * false: no allied contingents (default true).
   */
  allies?: boolean
  /**
   * Roster fields every submission must fill in.
   */
  requiredFields?: ('player' | 'name' | 'year' | 'notes')[]
  /**
   * The ruleset data version the event checks against; a different one is reported.
   */
  dataVersion?: string
}
