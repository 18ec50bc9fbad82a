// Generated from schemas/costs.schema.json by scripts/schema-types.ts: do not edit by hand.
// Change the schema, then run `npx tsx scripts/schema-types.ts`; npm test fails while this file is out of date.

import type { CostSpec, Id } from './ruleset'

/**
 * An optional costs.json in a ruleset folder: replaces the cost of the troop types it names. A user's --data folder may hold one to price a ruleset by their own table without touching code.
 */
export interface CostTable {
  $schema?: string
  ruleset: Id
  name?: string
  notes?: string[]
  costs: {
    [k: string]: CostSpec
  }
}
