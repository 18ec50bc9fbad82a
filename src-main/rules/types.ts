// Types of the ruleset data (data/rulesets) and of the engine's answers. The JSON Schemas in
// schemas/ are the source of truth for the data: the data and roster types are generated from them
// (scripts/schema-types.ts writes src-main/generated-types/) and re-exported here; the engine's answers are below.

import type { Constraint } from '../generated-types/ruleset'
import type { RosterUnit } from '../generated-types/roster'

export type Severity = 'error' | 'warning'

// The ruleset format, generated from schemas/ruleset.schema.json (src-main/generated-types/ruleset.ts).
export type {
  Amendment,
  AttrId,
  AttributeDef,
  ArmyCondition,
  AttributeConstraint,
  BattleCardDef,
  Constraint,
  CostSpec,
  CountConstraint,
  DateRange,
  DateRanges,
  ExcludesConstraint,
  FigureDef,
  Id,
  JsonLogic,
  Measure,
  PerConstraint,
  Provenance,
  RatioConstraint,
  RequiresConstraint,
  Ruleset,
  Selector,
  StatDef,
  TroopAttribute,
  TroopType,
  UnitFigureDef,
  Year
} from '../generated-types/ruleset'

/** What a constraint says: the discriminant of the `Constraint` union. */
export type ConstraintKind = Constraint['kind']

// The army-list and cost-table formats, generated from schemas/army.schema.json and costs.schema.json.
export type { Edition } from '../generated-types/edition'
export type { Ally, Army, ArmyFacts, ArmyOption, BattleCardEntry, Contingent, FactValue, ForSubFactions } from '../generated-types/army'
export type { CostTable } from '../generated-types/costs'

// The roster format, generated from schemas/roster.schema.json (src-main/generated-types/roster.ts).
export type { Roster, RosterCamp, RosterCard, RosterUnit } from '../generated-types/roster'

export interface Issue {
  code: string
  severity: Severity
  /** JSON Pointer into the roster. */
  path: string
  /** Id of the data rule (constraint id, army option, or a built-in check name). */
  rule: string
  message: string
  hint?: string
  /** Something still to be added (a minimum, the general), not a rule broken: a to-do of an unfinished roster. */
  todo?: boolean
  /** A text or list past the roster format's length limit (codes too-long, too-many): that limit. */
  limit?: number
  /**
   * For a to-do: what settles it, so the editor can take the player there or do it in one click:
   * the army-list options or troop types to add from, or a role to mark on one of these units.
   */
  remedy?: { options?: string[]; troops?: string[]; role?: { attribute: string; units: number[] } }
  /**
   * Set when the rule is Muster's own reading or list, not the rules' (data `source.kind` 'muster'):
   * where it comes from, in players' words. The message says so too.
   */
  musterList?: string
}

/**
 * One of the ruleset's optional amendments the roster's army may play, and whether it is in force.
 * Read-only: a roster that chooses none shares its army's states with every other such verdict.
 */
export interface AmendmentState {
  readonly id: string
  readonly label: string
  readonly description: string
  /** Where the rules give it and whom for, in players' words. */
  readonly source: string
  readonly inForce: boolean
  /** What it is for this army when neither the roster nor the event says (on for the armies the rules wrote it for). */
  readonly byDefault: boolean
  /** The unit attributes (roles such as the eagle) that exist only under it: not offered while it is off. */
  readonly attributes?: readonly string[]
}

export type FigureValue = number | Record<string, number>

export interface UnitReport {
  index: number
  troop: string
  troopName: string
  count: number
  cost: number
  costEach: number
  option?: string
  optionName?: string
  ally?: string
  battleLine?: string
  figures: Record<string, number>
}

/** One battle card the roster takes; `cost` is what this entry adds (a card's whole cost sits on its first entry). */
export interface CardReport {
  index: number
  code: string
  name: string
  count: number
  cost: number
  option?: string
  optionName?: string
}

export interface Verdict {
  valid: boolean
  points: number
  limit: number | null
  figures: Record<string, FigureValue>
  issues: Issue[]
  ruleset?: string
  army?: string
  dataVersion?: string
  /** The data edition the roster was checked under, when not the ruleset's own values. */
  edition?: { id: string; name: string }
  /** The part of a list in parts the roster is set to (its subFaction), with the list's name for it. */
  subFaction?: { id: string; name: string }
  /** The ruleset's optional amendments this army may play (none: left out), and which are in force (shared: never written to). */
  amendments?: readonly AmendmentState[]
  units?: UnitReport[]
  cards?: CardReport[]
}

// What can be added to a roster (rules/options.ts).

export interface OfferedUnit {
  /** The option's key: its id, or `<ally>.<contingent>.<option>` for allied ones. */
  option: string
  optionName: string
  troop: string
  troopName: string
  /** Set for allied options. */
  ally?: string
}

export interface AvailableOption extends OfferedUnit {
  /** A unit that can be appended to the roster's units as it is. */
  unit: RosterUnit
  costEach: number
}

export type UnavailableCode =
  | 'roster-invalid'
  | 'out-of-date'
  | 'year-required'
  | 'other-part'
  | 'ally-not-taken'
  | 'ally-out-of-date'
  | 'other-ally-taken'
  | 'limit-reached'
  | 'points'
  | 'not-allowed'

export interface UnavailableOption extends OfferedUnit {
  code: UnavailableCode
  reason: string
  /** Its cost a count, where that does not depend on attributes (the roster's data edition's). */
  costEach?: number
}

/**
 * An allied (or optional) contingent not yet taken whose options have minimums: it is taken whole,
 * its minimums together (one unit alone would leave the others short). Either the units to append
 * and their cost, or why it cannot be taken (as a unit, it is not offered beyond the points left).
 */
export interface ContingentOffer {
  ally: string
  contingent: string
  /** "Judaean client allies: Late Judaean". */
  name: string
  /** The units to append: present only when it can be taken. */
  units?: RosterUnit[]
  /** What its minimums cost; also given when they cannot be taken for the points. */
  cost?: number
  reason?: string
}

/** An option of the (shared) army list this ruleset bars outright: never offered, said once with the rule. */
export interface LeftOutOption {
  option: string
  optionName: string
  /** The troop types it would field. */
  troops: string[]
  /** The rule that bars it, in players' words. */
  reason: string
}

/**
 * A battle card the list offers, on one of its entries (the army's or an option's): takeable, or why
 * not (its part of the list, years or troops; its option's stands; the points left, as for a unit).
 * Its count is set on the card taken.
 */
export interface CardOfferAnswer {
  card: string
  option: string | null
  /** What taking it (one card, or one stand) adds to the roster's points now. */
  cost?: number
  reason?: string
}

/**
 * One pass over a roster: its verdict and what can be added to it, from one check (the options are
 * tried against that verdict). What the editor asks after each edit.
 */
export interface Evaluation {
  verdict: Verdict
  options: OptionsAnswer
}

export interface OptionsAnswer {
  available: AvailableOption[]
  unavailable: UnavailableOption[]
  contingents: ContingentOffer[]
  leftOut: LeftOutOption[]
  cards: CardOfferAnswer[]
}
