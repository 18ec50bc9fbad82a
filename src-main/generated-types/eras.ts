// Generated from schemas/eras.schema.json by scripts/schema-types.ts: do not edit by hand.
// Change the schema, then run `npx tsx scripts/schema-types.ts`; npm test fails while this file is out of date.

import type { Id, Year } from './ruleset'

/**
 * Named periods used to label and filter armies (data/eras.json).
 */
export interface Eras {
  $schema?: string
  notes?: string[]
  /**
   * @minItems 1
   */
  eras: Era[]
}
export interface Era {
  id: Id
  name: string
  from: Year
  to: Year
}
