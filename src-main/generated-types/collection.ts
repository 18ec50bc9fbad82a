// Generated from schemas/collection.schema.json by scripts/schema-types.ts: do not edit by hand.
// Change the schema, then run `npx tsx scripts/schema-types.ts`; npm test fails while this file is out of date.

import type { Id } from './ruleset'

/**
 * What a player owns (`muster collection export`, and what `muster collection import` reads): items of figures, each with its count and what it counts as in each ruleset. A file with a duplicate key, or any item out of range, is refused whole.
 */
export interface CollectionFile {
  $schema?: string
  format: 'muster-collection'
  version: 1
  exportedAt?: string
  /**
   * @maxItems 5000
   */
  items: CollectionItem[]
}
export interface CollectionItem {
  id: string
  name: string
  /**
   * How many stands (or figures, as `counted` says) the player owns.
   */
  count: number
  counted: 'stands' | 'figures'
  /**
   * Figures on each stand, where they differ from the kind's usual basing.
   */
  figuresPerStand?: number
  /**
   * How the stands are based, in the player's words (e.g. 40 x 20 mm).
   */
  basing?: string
  notes?: string
  kind?: Id
  /**
   * What the item counts as in each ruleset; `confirmed` once the player has accepted or changed Muster's proposal.
   */
  countsAs: {
    [k: string]: {
      troop: Id
      attributes?: {
        [k: string]: string | boolean
      }
      confirmed?: boolean
    }
  }
}
