// Generated from schemas/ruleset.schema.json by scripts/schema-types.ts: do not edit by hand.
// Change the schema, then run `npx tsx scripts/schema-types.ts`; npm test fails while this file is out of date.

import type { PlayRules } from '../../src-shared/play/rules-types'

/**
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "id".
 */
export type Id = string
/**
 * A json-logic expression (https://jsonlogic.com), plus the engine's ceil/floor/round operations.
 *
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "jsonLogic".
 */
export type JsonLogic = unknown
/**
 * A flat cost per count, or a table keyed by attribute values (nested in the order of `by`).
 *
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "costSpec".
 */
export type CostSpec =
  | number
  | {
      /**
       * @minItems 1
       */
      by: AttrId[]
      table: {
        [k: string]: unknown
      }
    }
/**
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "attrId".
 */
export type AttrId = string
/**
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "constraint".
 */
export type Constraint = CountConstraint | RatioConstraint | PerConstraint | RequiresConstraint | ExcludesConstraint | AttributeConstraint
export type CountConstraint = ConstraintFields & {
  kind: 'count'
  select: Selector
}
/**
 * count = figures/stands/units as the roster counts them; units = roster entries; points = cost.
 *
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "measure".
 */
export type Measure = 'count' | 'units' | 'points'
export type RatioConstraint = ConstraintFields & {
  kind: 'ratio'
  select: Selector
}
export type PerConstraint = ConstraintFields & {
  kind: 'per'
  select: Selector
  of: Selector
  /**
   * per: max units allowed for every N of `of`.
   */
  every: number
  max: number
}
export type RequiresConstraint = ConstraintFields & {
  kind: 'requires'
  select: Selector
  then: Selector
}
export type ExcludesConstraint = ConstraintFields & {
  kind: 'excludes'
  select: Selector
  then: Selector
}
export type AttributeConstraint = ConstraintFields & {
  kind: 'attribute'
  select: Selector
  attribute: AttrId
  /**
   * @minItems 1
   */
  allowed: (string | boolean)[]
}
/**
 * Names every JavaScript object already has (Object.prototype's): refused as ids and attribute names, so a shared file cannot name a key that code reading it would take for one of them.
 *
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "reservedName".
 */
export type ReservedName =
  | '__proto__'
  | '__defineGetter__'
  | '__defineSetter__'
  | '__lookupGetter__'
  | '__lookupSetter__'
  | 'constructor'
  | 'hasOwnProperty'
  | 'isPrototypeOf'
  | 'propertyIsEnumerable'
  | 'prototype'
  | 'toLocaleString'
  | 'toString'
  | 'valueOf'
/**
 * Negative = BC.
 *
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "year".
 */
export type Year = number
/**
 * @minItems 1
 *
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "dateRanges".
 */
export type DateRanges = DateRange[]

/**
 * One ruleset's troop types, costs, attributes, composition constraints and derived-figure formulas (data/rulesets/<id>/ruleset.json).
 */
export interface Ruleset {
  $schema?: string
  id: Id
  name: string
  /**
   * The name where space is short (the library's column, the editor's bar); the full name otherwise.
   */
  shortName?: string
  /**
   * Bumped whenever a number or rule in this folder changes; stored with every checked roster.
   */
  dataVersion: string
  source: {
    /**
     * Seed file the numbers come from.
     */
    seed: string
    title?: string
    /**
     * Decisions taken where the seed is garbled or silent.
     */
    notes?: string[]
  }
  /**
   * What a unit's count counts, and so what the cost is per.
   */
  costUnit: 'figure' | 'stand' | 'unit'
  /**
   * Army size when the roster sets none; null = no limit unless the roster or event sets one.
   */
  defaultPointsLimit: number | null
  /**
   * Warn (never fail) when a roster spends less than its points limit: the ruleset expects armies built to the limit.
   */
  warnUnderLimit?: boolean
  /**
   * Where defaultPointsLimit comes from, or why there is none. New roster says it with an army built to that size; where there is none, it asks the player for a size instead of building a lone commander.
   */
  armySize?: {
    /**
     * In players' words (shown in New roster and by muster new): where the size comes from; with a null defaultPointsLimit, why the rules give no size.
     */
    source: string
    /**
     * For whoever keeps the data, never shown: the seed and the fact sheet's section it is read from.
     */
    reference?: string
  }
  /**
   * What 'Start from the list's minimums' leaves to the player when it tops an army up to its size: troop types it adds only where the list requires them.
   */
  startingArmy?: {
    /**
     * Troop types by id, category or tag (any given field matches).
     */
    leaveOut: {
      /**
       * @minItems 1
       */
      troops?: Id[]
      /**
       * @minItems 1
       */
      categories?: string[]
      /**
       * @minItems 1
       */
      troopTags?: string[]
    }
    /**
     * Whose choice it is and why (Muster's, where the seed says nothing).
     */
    why: string
  }
  armiesFrom?: Id
  /**
   * The army-wide facts an army list of this ruleset may carry (a rating, the home ground...), in the order they are shown and printed.
   */
  armyFacts?: ArmyFactDef[]
  /**
   * Unit attributes this ruleset defines, by id.
   */
  attributes: {
    [k: string]: AttributeDef
  }
  /**
   * The game numbers a troop type may carry (move, ranges, factors...), by id, with labels for reports.
   */
  stats: {
    [k: string]: StatDef
  }
  /**
   * The ruleset gives every army a camp that one stand may garrison.
   */
  camp?: {
    /**
     * What a sacked camp is worth before its garrison.
     */
    value: number
    garrisonMax?: number
  }
  /**
   * Battle cards army lists may offer (Triumph!): what each is called, what a roster's count of it means, what it costs. Army lists say which cards they offer; rosters say which they take.
   */
  battleCards?: BattleCardDef[]
  /**
   * @minItems 1
   */
  troopTypes: TroopType[]
  /**
   * Lookup tables that formulas read as tables.<name>.<key>.
   */
  tables?: {
    [k: string]: {
      [k: string]: unknown
    }
  }
  constraints: Constraint[]
  /**
   * The rules' optional amendments (optional rules a player may play or not): what each brings to an army (troop types, unit attributes, constraints), which armies it may be played with, and which it is on for unless the roster or the event says otherwise.
   */
  amendments?: Amendment[]
  /**
   * Numbers derived per unit (json-logic over unit, troop, tables).
   */
  unitFigures?: UnitFigureDef[]
  play?: PlayRules
  /**
   * Army-level derived figures (json-logic over the checked roster).
   */
  figures: FigureDef[]
}
export interface ArmyFactDef {
  id: Id
  /**
   * As shown and printed before the value.
   */
  label: string
  /**
   * Between two values in force at once; default " or " (either may be used).
   */
  join?: string
  /**
   * The field of a Meshwesh army list this fact is imported from: a list of { value, note } or { values }.
   */
  meshwesh?: string
}
/**
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "attributeDef".
 */
export interface AttributeDef {
  label: string
  /**
   * For a boolean attribute that marks a unique role (the general, an eagle): an entry where it is true has count 1.
   */
  onePerEntry?: boolean
  type: 'enum' | 'boolean'
  /**
   * @minItems 1
   */
  values?: string[]
  valueLabels?: {
    [k: string]: string
  }
  description?: string
  /**
   * The usual value of this attribute, by another attribute's value (a unit class by its status): what a new unit is offered with first.
   */
  usualBy?: {
    attribute: string
    values: {
      [k: string]: string
    }
  }
  /**
   * For a boolean role added by an update (a C-in-C tick): how a roster that marks no unit either way, an older file, reads. The first unit that can carry the role has it and the others do not; with two or more such units the roster is told `notice` ({unit} names the first). formerDefault: what an unmarked unit read as in rosters that mark some units false and none true (the role's default before).
   */
  unmarked?: {
    notice: string
    formerDefault?: boolean
  }
}
export interface StatDef {
  label: string
  unit?: string
  description?: string
}
/**
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "battleCard".
 */
export interface BattleCardDef {
  /**
   * The two-letter code army lists use.
   */
  code: string
  name: string
  /**
   * army: offered by the list as a whole; troop: offered on a troop option, taken for that option's stands.
   */
  scope: 'army' | 'troop'
  /**
   * What a roster's count of this card means. Absent: the card is taken once, with no count.
   */
  counts?: 'cards' | 'stands'
  /**
   * Most of this card (its counts over all entries) one army may take.
   */
  maxCount?: number
  /**
   * Not a card of its own: the list uses this code to mark the troops another card (this one) covers. A roster takes that card instead; this code is refused with a hint.
   */
  marks?: string
  /**
   * Cards of which this one may be taken instead, where the list offers them (it then covers their entries too).
   */
  takenFor?: string[]
  /**
   * Troop cards: whether the option must have stands in the roster (default true; false for a card taken instead of them).
   */
  needsStands?: boolean
  cost: JsonLogic
  /**
   * Stands an army that takes this card may not field.
   */
  excludes?: {
    select: Selector
    severity?: 'error' | 'warning'
    message: string
  }
  /**
   * What the card is for, in the project's own words.
   */
  description?: string
  /**
   * Where the cost comes from, and how sure it is.
   */
  source?: string
}
/**
 * Which units a constraint looks at. All given fields must match.
 *
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "selector".
 */
export interface Selector {
  /**
   * @minItems 1
   */
  troops?: Id[]
  /**
   * @minItems 1
   */
  categories?: string[]
  /**
   * @minItems 1
   */
  troopTags?: string[]
  attributes?: {
    [k: string]: string | boolean | (string | boolean)[]
  }
  allied?: boolean
  not?: Selector
}
/**
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "troopType".
 */
export interface TroopType {
  id: Id
  name: string
  /**
   * Plural used in messages (defaults to the name).
   */
  plural?: string
  /**
   * The ruleset's own short code (e.g. Meshwesh troopTypeCode).
   */
  code?: string
  /**
   * Free grouping used by selectors: infantry, cavalry, foot, mounted, commander, engine...
   */
  category: string
  tags?: string[]
  cost: CostSpec
  /**
   * Count the editor starts a new unit at (default: 12 figures where costs are per figure, else 1).
   */
  defaultCount?: number
  /**
   * A unique role (a commander): each one is an entry of its own with count 1, so what the role brings (its grade, its action points) is counted once per entry. See docs/adr/0012-one-role-one-entry.md.
   */
  onePerEntry?: boolean
  attributes?: {
    [k: string]: TroopAttribute
  }
  stats?: {
    [k: string]: number | string | boolean | null
  }
  notes?: string[]
}
/**
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "troopAttribute".
 */
export interface TroopAttribute {
  required?: boolean
  /**
   * Subset of the attribute's values this troop type may take.
   *
   * @minItems 1
   */
  values?: string[]
  default?: string | boolean
}
/**
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "constraintFields".
 */
export interface ConstraintFields {
  id: string
  kind: 'count' | 'ratio' | 'per' | 'requires' | 'excludes' | 'attribute'
  severity?: 'error' | 'warning'
  /**
   * What the rule says, in our words, and where it comes from.
   */
  description?: string
  when?: ArmyCondition
  select?: Selector
  /**
   * Plural noun for the selected units, used in messages.
   */
  label?: string
  measure?: Measure
  min?: number
  max?: number
  of?: Selector
  ofMeasure?: Measure
  ofLabel?: string
  /**
   * per: max units allowed for every N of `of`.
   */
  every?: number
  then?: Selector
  thenLabel?: string
  attribute?: AttrId
  /**
   * @minItems 1
   */
  allowed?: (string | boolean)[]
  /**
   * Plain-English message; {placeholders} are filled from the check.
   */
  message: string
  hint?: string
  source?: Provenance
}
/**
 * When a constraint applies, by the army's nationality tags.
 *
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "armyCondition".
 */
export interface ArmyCondition {
  /**
   * @minItems 1
   */
  tagsAny?: string[]
  /**
   * @minItems 1
   */
  tagsNone?: string[]
}
/**
 * Whose rule this is. 'seed': the rules themselves say it. 'muster': Muster's own reading or list (the rules are silent), so a message that it refuses a roster says so and names where it comes from.
 *
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "provenance".
 */
export interface Provenance {
  kind: 'seed' | 'muster'
  /**
   * Where it comes from, in players' words (e.g. 'after DBA list II/7'): appended to the messages of a 'muster' rule.
   */
  note: string
}
/**
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "amendment".
 */
export interface Amendment {
  id: Id
  /**
   * Its name for players (the editor's toggle, `muster info`).
   */
  label: string
  /**
   * What it does, in our words.
   */
  description: string
  source: {
    /**
     * Seed file that gives the amendment.
     */
    seed: string
    /**
     * Where the rules give it and whom for, in players' words (shown beside the toggle).
     */
    text: string
  }
  for?: ArmyCondition
  /**
   * Army ids it is on for when neither the roster nor the event says (the armies the rules wrote it for); off for every other army.
   */
  defaultOn: Id[]
  /**
   * Troop types that exist only under it: a unit of one while it is off is an error.
   */
  troops?: Id[]
  /**
   * Boolean unit attributes that exist only under it (a role such as the eagle): marking one while it is off is an error.
   */
  attributes?: AttrId[]
  /**
   * Ids of the ruleset's constraints that apply only while it is in force.
   */
  constraints?: string[]
}
/**
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "unitFigure".
 */
export interface UnitFigureDef {
  id: AttrId
  label: string
  select?: Selector
  formula: JsonLogic
  description?: string
}
/**
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "figure".
 */
export interface FigureDef {
  id: AttrId
  label: string
  formula: JsonLogic
  perUnit?: Selector
  description?: string
}
/**
 * This interface was referenced by `Ruleset`'s JSON-Schema
 * via the `definition` "dateRange".
 */
export interface DateRange {
  from: Year
  to: Year
  note?: string
}
