// Generated from schemas/army.schema.json by scripts/schema-types.ts: do not edit by hand.
// Change the schema, then run `npx tsx scripts/schema-types.ts`; npm test fails while this file is out of date.

import type { Constraint, DateRanges, Id, Provenance } from './ruleset'

/**
 * One historical army list of a ruleset (data/rulesets/<id>/armies/<army>.json): what the army may field, when, and in what numbers.
 */
export interface Army {
  $schema?: string
  id: Id
  name: string
  dates: DateRanges
  /**
   * The list's usual value of an attribute (its troops' status): what a new unit is offered with first, where the rules allow it.
   */
  usual?: {
    [k: string]: string | boolean
  }
  /**
   * Nationality tags the ruleset's constraints test (Roman, Persian, Hellenic...). The first is the army's nationality in messages.
   */
  tags: string[]
  region?: string
  era?: string
  /**
   * Readings and decisions for this list, in our words.
   */
  notes?: string[]
  /**
   * Where the facts come from: Meshwesh id ('meshwesh') and list number ('list'); a list fetched by `muster meshwesh sync` also has 'origin': 'meshwesh' and 'fetched' (the date, YYYY-MM-DD).
   */
  source?: {
    [k: string]: string | number
  }
  /**
   * Thematic categories the source files the list under (Meshwesh's), for browsing, event pools and pairing.
   */
  categories?: string[]
  /**
   * Army ids of the list's historical enemies in the same ruleset (symmetric upstream); ids not loaded are ignored.
   */
  enemies?: Id[]
  /**
   * Army ids of associated lists (other sublists of one list number, successors...).
   */
  related?: Id[]
  facts?: ArmyFacts
  /**
   * Troop types that may be the general (Triumph! troopEntriesForGeneral). Empty: the list offers no general, so no roster of it is legal.
   *
   * @minItems 0
   */
  generals?: Id[]
  /**
   * The parts of the list a roster chooses between (a state, a faction, a theatre): options marked for some of them are taken only by those, and their minimums bind only those. The roster names its choice in subFaction.
   *
   * @minItems 2
   */
  subFactions?: {
    id: Id
    name: string
  }[]
  /**
   * Troop options. Empty only for a stub list (as a few imported ones are), which cannot be fielded.
   */
  options: ArmyOption[]
  allies?: Ally[]
  battleCards?: BattleCardEntry[]
  constraints?: Constraint[]
}
/**
 * Army-wide facts (a rating, the home ground...) by the id the ruleset's armyFacts declare; each a list of values, some for certain dates only, in the list's order.
 */
export interface ArmyFacts {
  /**
   * @minItems 1
   */
  [k: string]: FactValue[]
}
export interface FactValue {
  /**
   * A number (a rating) or a word (a terrain).
   */
  value: number | string
  dates?: DateRanges
  note?: string
}
/**
 * A troop option: which troop types, how many (summed over its types), when.
 */
export interface ArmyOption {
  id: Id
  name?: string
  /**
   * @minItems 1
   */
  troops: Id[]
  min?: number
  max?: number | null
  dates?: DateRanges
  /**
   * All stands of this option must be one troop type (Meshwesh note "all" on every entry).
   */
  sameType?: boolean
  /**
   * Meshwesh `core`: deployment only, never a legality check.
   */
  battleLine?: 'all' | 'half' | ''
  /**
   * Attribute values units of this option may take (narrower than the troop type's).
   */
  attributes?: {
    /**
     * @minItems 1
     */
    [k: string]: (string | boolean)[]
  }
  battleCards?: BattleCardEntry[]
  /**
   * Why the option is limited (shown to users), in our words.
   */
  restriction?: string
  source?: Provenance
  subFactions?: ForSubFactions
}
export interface BattleCardEntry {
  code: string
  min?: number | null
  max?: number | null
  as?: Id
  /**
   * The source's words on the entry (what the card stands for: 'pack donkeys', 'Wagon laager'), shown beside the offer. With unreadCondition, the note that states the condition.
   */
  note?: string
  subFactions?: ForSubFactions
  dates?: DateRanges
  /**
   * Troop types the card is for ('Ditches to protect Horde', 'only Pavise'): the roster takes it only with at least one stand of one of them (from the offering option, for an option's card).
   *
   * @minItems 1
   */
  needsTroops?: Id[]
  /**
   * The source puts a condition on the card that Muster cannot read ('no more than 2 stands of Mobile Infantry total', 'on Dailami only'): a roster that takes the card is warned, quoting the note where the list keeps it.
   */
  unreadCondition?: true
}
/**
 * Which of the army's subFactions may take this option or ally: only those listed, or all except those listed.
 */
export interface ForSubFactions {
  /**
   * @minItems 1
   */
  only?: Id[]
  /**
   * @minItems 1
   */
  except?: Id[]
}
/**
 * An ally option: one or two contingents taken together. An army takes at most one non-internal ally option.
 */
export interface Ally {
  id: Id
  name?: string
  dates?: DateRanges
  /**
   * An optional internal contingent: not an ally, not limited to one.
   */
  internal?: boolean
  subFactions?: ForSubFactions
  /**
   * @minItems 1
   */
  contingents: Contingent[]
}
export interface Contingent {
  id: Id
  name: string
  /**
   * The allied army list this contingent is drawn from.
   */
  list?: string
  /**
   * @minItems 1
   */
  options: ArmyOption[]
}
