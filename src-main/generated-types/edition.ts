// Generated from schemas/edition.schema.json by scripts/schema-types.ts: do not edit by hand.
// Change the schema, then run `npx tsx scripts/schema-types.ts`; npm test fails while this file is out of date.

import type { CostSpec, Id, JsonLogic } from './ruleset'

/**
 * data/rulesets/<id>/editions/<edition>.json: one edition of a ruleset's data (a printing of its sheet, a list site's current table), as the differences from the ruleset's own values, which stay the default. An edition changes exactly the values it names, nothing else.
 */
export interface Edition {
  $schema?: string
  ruleset: Id
  id: Id
  /**
   * As shown and printed: "Meshwesh's current troop table".
   */
  name: string
  /**
   * Where its values come from.
   */
  source?: string
  notes?: string[]
  /**
   * By troop id: a new cost, and stats whose values change (null removes one).
   */
  troopTypes?: {
    [k: string]: {
      cost?: CostSpec
      stats?: {
        [k: string]: number | string | boolean | null
      }
    }
  }
  /**
   * By card code: a new cost formula.
   */
  battleCards?: {
    [k: string]: {
      cost: JsonLogic
    }
  }
  /**
   * A new army size.
   */
  defaultPointsLimit?: number | null
}
