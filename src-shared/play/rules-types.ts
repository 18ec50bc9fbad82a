// Generated from schemas/play.schema.json by scripts/schema-types.ts: do not edit by hand.
// Change the schema, then run `npx tsx scripts/schema-types.ts`; npm test fails while this file is out of date.

export type PlayId = string
export type PlayText = string
/**
 * A json-logic expression, as in the ruleset's figures (with ceil, floor, round, lookup).
 */
export type PlayFormula = unknown
/**
 * An id formulas read by name: a side value, a flag. Not one of the names the side context already has.
 */
export type PlayValueId = string

/**
 * What a game at the table needs of a ruleset (ruleset.json `play`): what a side loses and in what measure, the side's live values, how a game ends, the per-unit aids, the turn sequence and the pre-battle sheet. Formulas are json-logic, as in the figures; every word is a label here, none in code. Each entry comes from the ruleset's seed.
 */
export interface PlayRules {
  /**
   * For the data's keepers: where the rules of play come from and any decision made where the seed is silent.
   */
  description?: string
  /**
   * What a side loses, per roster line.
   */
  loss: {
    /**
     * The measure of loss in players' words, singular and plural (stand / stands).
     */
    measure: {
      id: PlayId
      one: PlayText
      other: PlayText
    }
    label: PlayText
    capacity: PlayFormula
    value?: PlayFormula
    /**
     * Each counted item of a roster line is its own unit at the table (a line of 6 warbands is six units, each destroyed on its own): the sheet tracks one part per item, its capacity and value read with a count of 1. A game file's loss still names the roster line (`unit`), with an optional `part`; a line's `lost` without `part` fills its parts in order.
     */
    each?: boolean
  }
  /**
   * Side-level facts the players mark (a camp sacked, an eagle captured, an army that quit the field): formulas read them as flags.<id> (true or false).
   */
  flags?: PlayFlagDef[]
  /**
   * The side's values, in order: what the tracker shows. Well-known ids: lost (required: the loss total, in the measure or its worth), spent (at the break or exhaustion point), moraleDice, handSize, threshold.
   *
   * @minItems 1
   */
  side: PlaySideValueDef[]
  headline?: PlayValueId
  /**
   * How a game ends: each rule in order, tried for both sides; the first that holds decides. A rule that holds for both sides at once, so that each would win by it (both armies quit the field in the same turn), makes the game a draw: the rules give neither side the win over the other, and both reasons are said. Where equal losses past a threshold leave a game undecided, the data's `undecided` words should say so.
   */
  end: PlayEndRule[]
  undecided: PlayText
  /**
   * Per-unit aids the seed gives (a reaction test, rally modifiers, control targets).
   */
  aids?: PlayAid[]
  /**
   * The turn sequence, step by step.
   */
  turnSequence?: {
    label: PlayText
    detail?: string
  }[]
  /**
   * What the pre-battle sheet shows per side.
   */
  preBattle?: PlayPreBattleDef[]
  /**
   * Notes under the pre-battle rows (a set-up roll, who deploys first).
   */
  preBattleNotes?: PlayText[]
}
export interface PlayFlagDef {
  id: PlayValueId
  label: PlayText
  description?: string
}
export interface PlaySideValueDef {
  id: PlayValueId
  label: PlayText
  description?: string
  formula: PlayFormula
}
export interface PlayEndRule {
  id: PlayId
  when: PlayFormula
  /**
   * Who wins when the rule holds: the side it was tried for, its enemy, or no one (the game is over without a winner).
   */
  winner: 'me' | 'enemy' | 'none'
  why: PlayText
}
export interface PlayAid {
  id: PlayId
  label: PlayText
  /**
   * What the aid is for, in players' words: the tracker shows it above the inputs.
   */
  description?: string
  /**
   * For the data's keepers: the seed's place for the aid and every reading made where the seed is unclear (an OCR'd chart's bounds, whether modifiers add up).
   */
  reference?: string
  for?: PlayFormula
  inputs?: PlayAidInput[]
  /**
   * @minItems 1
   */
  outputs: {
    id: PlayValueId
    label: PlayText
    formula: PlayFormula
  }[]
}
export interface PlayAidInput {
  id: PlayValueId
  label: PlayText
  kind: 'check' | 'number' | 'choice'
  /**
   * What the input adds to factors: a check's value when ticked; a number's value times the number entered (a factor counted per unit, 'each friendly unit within 15 inches'). A number without one adds nothing (a dice total).
   */
  value?: number
  options?: {
    id: PlayId
    label: PlayText
    /**
     * What the option adds to factors when chosen ('plus OR minus 3': none 0, plus 3, minus -3).
     */
    value?: number
  }[]
  min?: number
  max?: number
}
export interface PlayPreBattleDef {
  id: PlayId
  label: PlayText
  formula: PlayFormula
}
