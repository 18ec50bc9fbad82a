// Generated from schemas/roster.schema.json by scripts/schema-types.ts: do not edit by hand.
// Change the schema, then run `npx tsx scripts/schema-types.ts`; npm test fails while this file is out of date.

/**
 * One army roster, the same in a *.muster.json file, the library, the CLI and on the IPC wire. Per-ruleset and per-army rules (troop ids, attributes, limits) are checked by the schema the engine compiles for the roster's ruleset and army (`muster schema --ruleset R --army A`). Every text and list has a length limit no army needs to reach (names, the player and ids 200 characters (a unit's id 64), the roster's notes 5,000, a unit's notes 1,000, a battle card's 500, 100 units, 30 battle cards): within them a roster prints in about 2 seconds at most, where a 100,000-character name or a 20,000-character word took minutes (issue 26, docs/adr/0017-length-limits.md).
 */
export interface Roster {
  $schema?: string
  format: 'muster-roster'
  version: 1
  name?: string
  /**
   * Who fields the army (tournament submissions).
   */
  player?: string
  /**
   * Bundled ruleset ids; a user's --data folder may add more.
   */
  ruleset: string
  /**
   * Army list id of that ruleset (kebab-case).
   */
  army: string
  /**
   * Negative = BC. Picks the dated options of the army list.
   */
  year?: number
  /**
   * The data edition of the ruleset the roster is built and checked under (its editions/<id>.json); absent: the ruleset's own values.
   */
  edition?: string
  /**
   * The ruleset's dataVersion when the roster was last saved, for the record (the check uses the data in force).
   */
  dataVersion?: string
  /**
   * Which of the army list's subFactions this army is (lists that have them): picks the options marked for it.
   */
  subFaction?: string
  /**
   * Overrides the ruleset's default army size.
   */
  pointsLimit?: number
  /**
   * Free text for the player: about two pages of print.
   */
  notes?: string
  /**
   * The ruleset's optional amendments (its `amendments`) this roster plays, by id: true on, false off. One left out is as the ruleset has it for the army (on for the armies the rules wrote it for). An event profile's `amendments` replace these at the event.
   */
  amendments?: {
    [k: string]: boolean
  }
  camp?: RosterCamp
  /**
   * At most 30 entries (Triumph! has 27 cards; a card's count says how many). Rulesets with battle cards (Triumph!): the cards this army takes. Their points count toward the army's total.
   *
   * @maxItems 30
   */
  battleCards?: RosterCard[]
  /**
   * The army's units: no ruleset's army comes near 100 entries (a unit's count may be up to 100,000 figures).
   *
   * @maxItems 100
   */
  units: RosterUnit[]
}
/**
 * Rulesets with a camp (Triumph!): which unit puts one stand in it.
 */
export interface RosterCamp {
  /**
   * The `id` of the garrisoning unit.
   */
  garrison?: string
}
export interface RosterCard {
  /**
   * The card's code in the ruleset (e.g. FC, Fortified Camp).
   */
  card: string
  /**
   * Cards the ruleset counts: how many cards, or how many stands the card is taken for. Default 1.
   */
  count?: number
  /**
   * Troop cards: the army-list option the card is taken on. When absent: the army-wide offer, else the first option offering the card that has stands in the roster.
   */
  option?: string
  notes?: string
}
export interface RosterUnit {
  /**
   * Troop-type id of the ruleset.
   */
  troop: string
  /**
   * Figures (wrg-1969, wrg-mk2), stands (triumph) or units (cca-miniatures, portable-ancients).
   */
  count: number
  /**
   * Stable id of this entry within the roster (referenced by camp.garrison, figures per commander).
   */
  id?: string
  /**
   * Army-list option the unit is taken from; inferred when only one fits.
   */
  option?: string
  name?: string
  /**
   * Printed on the unit's card, continued on the next card where it needs more room.
   */
  notes?: string
  /**
   * Attributes the ruleset defines for the troop type: status, class, grade, general, quality, eagle...
   */
  [k: string]: string | boolean | number | undefined
}
