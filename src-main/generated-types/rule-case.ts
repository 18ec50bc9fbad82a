// Generated from schemas/rule-case.schema.json by scripts/schema-types.ts: do not edit by hand.
// Change the schema, then run `npx tsx scripts/schema-types.ts`; npm test fails while this file is out of date.

/**
 * A hand-computed test case (test/rules/<ruleset>/*.json): a roster and what the engine must say of it. Every field is spelt exactly: a misspelt expectation would check nothing.
 */
export interface RuleCase {
  description: string
  /**
   * How the expected numbers were worked out from the seed, by hand.
   */
  computation?: string
  /**
   * Any JSON: cases test malformed rosters too.
   */
  roster: unknown
  expect: {
    valid: boolean
    points?: number
    limit?: number | null
    figures?: {
      [k: string]:
        | number
        | {
            [k: string]: unknown
          }
    }
    /**
     * Every issue the engine reports (in any order); none listed means none expected.
     */
    issues?: {
      code: string
      path: string
      rule: string
      severity?: 'error' | 'warning'
      /**
       * The rule is Muster's own list or reading, not the rules' (data source.kind 'muster'): the message must say so and name its source, which contains this text. An issue without it must not claim to be Muster's.
       */
      musterList?: string
    }[]
    /**
     * Battle cards in roster order, each with what it adds to the points.
     */
    cards?: {
      code: string
      cost: number
    }[]
  }
}
