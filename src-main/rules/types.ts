// Types of the ruleset data (data/rulesets) and of the engine's answers. The JSON Schemas in
// schemas/ are the source of truth for the data; these types mirror them for the compiler.

export type Severity = 'error' | 'warning'
export type Measure = 'count' | 'units' | 'points'
export type JsonLogic = unknown

export interface DateRange {
  from: number
  to: number
  note?: string
}

export interface AttributeDef {
  label: string
  type: 'enum' | 'boolean'
  values?: string[]
  valueLabels?: Record<string, string>
  description?: string
}

export interface StatDef {
  label: string
  unit?: string
  description?: string
}

export type CostSpec = number | { by: string[]; table: Record<string, unknown> }

export interface TroopAttribute {
  required?: boolean
  values?: string[]
  default?: string | boolean
}

export interface TroopType {
  id: string
  name: string
  plural?: string
  code?: string
  category: string
  tags?: string[]
  cost: CostSpec
  defaultCount?: number
  attributes?: Record<string, TroopAttribute>
  stats?: Record<string, number | string | boolean | null>
  notes?: string[]
}

export interface Selector {
  troops?: string[]
  categories?: string[]
  troopTags?: string[]
  attributes?: Record<string, string | boolean | Array<string | boolean>>
  allied?: boolean
  not?: Selector
}

export interface ArmyCondition {
  tagsAny?: string[]
  tagsNone?: string[]
}

export interface Constraint {
  id: string
  kind: 'count' | 'ratio' | 'per' | 'requires' | 'excludes' | 'attribute'
  severity?: Severity
  description?: string
  when?: ArmyCondition
  select?: Selector
  label?: string
  measure?: Measure
  min?: number
  max?: number
  of?: Selector
  ofMeasure?: Measure
  ofLabel?: string
  every?: number
  then?: Selector
  thenLabel?: string
  attribute?: string
  allowed?: Array<string | boolean>
  message: string
  hint?: string
}

export interface UnitFigureDef {
  id: string
  label: string
  select?: Selector
  formula: JsonLogic
  description?: string
}

export interface FigureDef {
  id: string
  label: string
  formula: JsonLogic
  perUnit?: Selector
  description?: string
}

/** A battle card the ruleset defines (Triumph!); army lists offer them, rosters take them. */
export interface BattleCardDef {
  code: string
  name: string
  scope: 'army' | 'troop'
  counts?: 'cards' | 'stands'
  maxCount?: number
  needsStands?: boolean
  /** json-logic over {count}: points for all of this card in one army. */
  cost: JsonLogic
  excludes?: { select: Selector; severity?: Severity; message: string }
  description?: string
  source?: string
}

export interface Ruleset {
  id: string
  name: string
  /** For where space is short; `name` when not given. */
  shortName?: string
  dataVersion: string
  source: { seed: string; title?: string; notes?: string[] }
  costUnit: 'figure' | 'stand' | 'unit'
  defaultPointsLimit: number | null
  warnUnderLimit?: boolean
  armiesFrom?: string
  attributes: Record<string, AttributeDef>
  stats: Record<string, StatDef>
  camp?: { value: number; garrisonMax?: number }
  battleCards?: BattleCardDef[]
  troopTypes: TroopType[]
  tables?: Record<string, Record<string, unknown>>
  constraints: Constraint[]
  unitFigures?: UnitFigureDef[]
  figures: FigureDef[]
}

export interface BattleCardEntry {
  code: string
  min?: number | null
  max?: number | null
  note?: string
}

export interface ArmyOption {
  id: string
  name?: string
  troops: string[]
  min?: number
  max?: number | null
  dates?: DateRange[]
  sameType?: boolean
  battleLine?: 'all' | 'half' | ''
  attributes?: Record<string, Array<string | boolean>>
  battleCards?: BattleCardEntry[]
  restriction?: string
}

export interface Contingent {
  id: string
  name: string
  list?: string
  options: ArmyOption[]
}

export interface Ally {
  id: string
  name?: string
  dates?: DateRange[]
  internal?: boolean
  contingents: Contingent[]
}

export interface Rating {
  value: number
  dates?: DateRange[]
  note?: string
}

export interface Army {
  id: string
  name: string
  dates: DateRange[]
  tags: string[]
  region?: string
  era?: string
  notes?: string[]
  source?: Record<string, string | number>
  ratings?: { invasion?: Rating[]; maneuver?: Rating[] }
  topography?: string[]
  generals?: string[]
  options: ArmyOption[]
  allies?: Ally[]
  battleCards?: BattleCardEntry[]
  constraints?: Constraint[]
}

export interface CostTable {
  ruleset: string
  name?: string
  notes?: string[]
  costs: Record<string, CostSpec>
}

/** A roster as the file format defines it (see schemas/roster.schema.json). */
export interface RosterUnit {
  troop: string
  count: number
  id?: string
  option?: string
  name?: string
  notes?: string
  [attribute: string]: unknown
}

export interface RosterCard {
  card: string
  count?: number
  option?: string
  notes?: string
}

export interface Roster {
  format: 'muster-roster'
  version: 1
  name?: string
  player?: string
  ruleset: string
  army: string
  year?: number
  pointsLimit?: number
  notes?: string
  camp?: { garrison?: string }
  battleCards?: RosterCard[]
  units: RosterUnit[]
}

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

export type UnavailableCode = 'roster-invalid' | 'out-of-date' | 'year-required' | 'ally-not-taken' | 'ally-out-of-date' | 'other-ally-taken' | 'limit-reached' | 'points' | 'not-allowed'

export interface UnavailableOption extends OfferedUnit {
  code: UnavailableCode
  reason: string
}

/**
 * An allied (or optional) contingent not yet taken whose options have minimums: it is taken whole,
 * its minimums together (one unit alone would leave the others short). Either the units to append
 * and their cost, or why it cannot be taken.
 */
export interface ContingentOffer {
  ally: string
  contingent: string
  /** "Judaean client allies: Late Judaean". */
  name: string
  units?: RosterUnit[]
  cost?: number
  reason?: string
}

export interface OptionsAnswer {
  available: AvailableOption[]
  unavailable: UnavailableOption[]
  contingents: ContingentOffer[]
}
