// Generated from schemas/counts-as.schema.json by scripts/schema-types.ts: do not edit by hand.
// Change the schema, then run `npx tsx scripts/schema-types.ts`; npm test fails while this file is out of date.

import type { Id } from './ruleset'

/**
 * What the same figures count as in each ruleset (data/collection/counts-as.json): a shared vocabulary of kinds of figures, each mapped to a troop type (and attribute values) of every ruleset, and how each ruleset counts what a collection holds.
 */
export interface CountsAsTable {
  $schema?: string
  dataVersion: string
  notes?: string[]
  /**
   * How each ruleset counts its units: in stands, in figures, or in units made of stands.
   */
  rulesets: {
    [k: string]: RulesetCounting
  }
  /**
   * @minItems 1
   */
  kinds: FigureKind[]
}
export interface RulesetCounting {
  counts: 'stands' | 'figures' | 'units'
  /**
   * For rulesets that count units: the stands a unit takes, unless its troop type is named in `troops`.
   */
  standsPerUnit?: number
  /**
   * Stands a unit of these troop types takes, where it differs from standsPerUnit.
   */
  troops?: {
    [k: string]: number
  }
  note?: string
}
export interface FigureKind {
  id: Id
  name: string
  /**
   * Figures on a stand of this kind when the item does not say (the usual basing).
   */
  figuresPerStand: number
  /**
   * What a stand of this kind counts as in each ruleset: a troop type and, where the troop type has them, attribute values.
   */
  troops: {
    [k: string]: CountsAs
  }
  note?: string
}
export interface CountsAs {
  troop: Id
  attributes?: {
    [k: string]: string | boolean
  }
}
