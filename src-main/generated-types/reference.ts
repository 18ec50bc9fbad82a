// Generated from schemas/reference.schema.json by scripts/schema-types.ts: do not edit by hand.
// Change the schema, then run `npx tsx scripts/schema-types.ts`; npm test fails while this file is out of date.

import type { Selector } from './ruleset'

export type Id = string
export type Key = string
export type Block = TableBlock | TroopsBlock | ModifiersBlock | ListBlock | TextBlock | FactsBlock
export type Cell = string | number | null
/**
 * A line of a modifiers group or a list: a text, or a text with a selector (ruleset.json semantics) printed only when a unit on the table (this roster's or, on a match-up sheet, the opponent's) matches it, e.g. a morale line that concerns only armies carrying an eagle.
 */
export type Line =
  | string
  | {
      text: string
      select: Selector
    }

/**
 * data/rulesets/<id>/reference.json: the tables a ruleset's quick-reference sheet prints, the short labels the roster and cards use, and the special rules printed on unit cards. Numbers are facts from the rule documents; where a source cell is garbled, the decision is recorded in `notes`. Rows and columns may carry selectors (as in ruleset.json) so that a sheet printed for one roster, or for a match-up, keeps only what concerns the troops on the table.
 */
export interface Reference {
  $schema?: string
  ruleset: Id
  /**
   * Heading of the sheet (default: Quick reference).
   */
  title?: string
  source: {
    /**
     * The rule document the numbers come from.
     */
    seed: string
    title?: string
  }
  /**
   * Decisions taken where the source was garbled, doubtful or silent.
   */
  notes: string[]
  /**
   * Page orientation of the sheet (default portrait).
   */
  orientation?: 'portrait' | 'landscape'
  /**
   * Short column labels for stats, unit figures and unit columns (by id) where the full label is too long for a narrow column; the full label is printed in the legend.
   */
  labels?: {
    [k: string]: string
  }
  /**
   * Extra numbers printed per unit on the roster and cards, read from one of the unit's attributes.
   */
  unitColumns?: UnitColumn[]
  /**
   * Special rules printed on the card of every unit the selector matches, in the project's own words.
   */
  cardRules?: CardRule[]
  /**
   * @minItems 1
   */
  sections: Section[]
}
export interface UnitColumn {
  id: Key
  label: string
  description?: string
  attribute: string
  values: {
    [k: string]: string
  }
}
export interface CardRule {
  select: Selector
  text: string
}
export interface Section {
  id: Id
  title: string
  /**
   * Start the section on a new page.
   */
  pageBreak?: boolean
  /**
   * @minItems 1
   */
  blocks: Block[]
}
export interface TableBlock {
  kind: 'table'
  id: Id
  title?: string
  note?: string
  fontSize?: number
  /**
   * Which rows to keep for a roster: none (all), own (rows whose `select` matches this roster, and whose `vs` matches the opponent when one is given), both-ways (also rows whose `select` matches the opponent and `vs` this roster; without an opponent, rows whose `select` or `vs` matches this roster). Rows without selectors are always kept.
   */
  tailor?: 'none' | 'own' | 'both-ways'
  /**
   * Columns with a `select` are kept when it matches this roster (own) or the opponent (vs, the default; without an opponent every column is kept).
   */
  columnsFor?: 'own' | 'vs'
  /**
   * With an opponent, print a second copy of the table for the opponent's side (rows for the opponent, columns for this roster) under this title.
   */
  mirror?: string
  /**
   * Template of a card line for every unit a row's `select` matches: {column key} is replaced by the row's cell.
   */
  onCards?: string
  /**
   * @minItems 1
   */
  columns: RefColumn[]
  /**
   * @minItems 1
   */
  rows: RefRow[]
}
export interface RefColumn {
  key: Key
  label: string
  select?: Selector
  align?: 'left' | 'center' | 'right'
  width?: number | ('auto' | '*')
}
export interface RefRow {
  cells: {
    [k: string]: Cell
  }
  select?: Selector
  vs?: Selector
}
/**
 * A table of the ruleset's troop types (from ruleset.json) for the troops on the table: this roster's and the opponent's.
 */
export interface TroopsBlock {
  kind: 'troops'
  id: Id
  title: string
  note?: string
  /**
   * Stat ids of ruleset.json, or `cost` / `code` / `category`.
   *
   * @minItems 1
   */
  stats: string[]
  /**
   * A stat id to sort the rows by.
   */
  sortBy?: string
  descending?: boolean
}
export interface ModifiersBlock {
  kind: 'modifiers'
  id: Id
  title: string
  note?: string
  /**
   * @minItems 1
   */
  groups: {
    value: string
    /**
     * @minItems 1
     */
    items: Line[]
  }[]
}
export interface ListBlock {
  kind: 'list'
  id: Id
  title: string
  /**
   * @minItems 1
   */
  items: Line[]
}
export interface TextBlock {
  kind: 'text'
  id: Id
  title?: string
  text: string
}
/**
 * On a match-up sheet only (a roster alone has its facts on its roster sheet): the army facts (ruleset.json armyFacts) of this roster and of the opponent (a roster in its year, or an army list in this roster's year) side by side, e.g. the ratings that decide who invades. Rows whose fact neither army gives are left out.
 */
export interface FactsBlock {
  kind: 'facts'
  id: Id
  title?: string
  /**
   * Printed under the table: how the facts decide the match-up.
   */
  note?: string
  /**
   * @minItems 1
   */
  facts: {
    fact: Id
    /**
     * On a match-up sheet, what the side with the higher number has, in a few words ("likelier to invade"): printed when each side has one number in force, as "you: ..." or "enemy: ..." ("even" when they are equal).
     */
    higher?: string
  }[]
}
