// PROVISIONAL contract for a ruleset's rules of play (ruleset.json `play`). To be replaced by the type
// generated from schemas/play.schema.json (scripts/schema-types.ts), keeping these names.

/** A json-logic formula, as in the ruleset's figures. */
export type PlayFormula = unknown

export interface PlayRules {
  loss: {
    /** The measure, in players' words: { one: 'stand', other: 'stands' }. */
    measure: { id: string; one: string; other: string }
    /** Label of a side's loss total ("Victory points lost", "SP lost"). */
    label: string
    /** Per roster line: how much of the measure it holds. Context: { unit, count, troop, figures, tables }. */
    capacity: PlayFormula
    /** Per roster line: what one measure lost is worth (default 1). Same context. */
    value?: PlayFormula
  }
  /** Side-level facts the players mark (a camp sacked, an eagle captured, an army that quit the field). */
  flags?: Array<{ id: string; label: string; description?: string }>
  /**
   * The side's values, in order. Context: { units: [{ troop, category, tags, count, capacity, value,
   * lost, destroyed, attributes, figures }], flags, figures, points, tables }. Well-known ids:
   * lost (required), spent, moraleDice, handSize, threshold; a value may read those before it.
   */
  side: Array<{ id: string; label: string; description?: string; formula: PlayFormula }>
  /** How a game ends, tried in order for each side. Context: { me, enemy } (side values plus name). */
  end: Array<{ id: string; when: PlayFormula; winner: 'me' | 'none'; why: string }>
  /** Why, when no end rule holds yet. */
  undecided: string
  /** Per-unit aids the seed gives (reaction test, rally modifiers, control targets). */
  aids?: Array<{
    id: string
    label: string
    description?: string
    /** Per roster line: does the aid apply (default: every line). */
    for?: PlayFormula
    inputs?: Array<{
      id: string
      label: string
      kind: 'check' | 'number' | 'choice'
      value?: number
      options?: Array<{ id: string; label: string }>
      min?: number
      max?: number
    }>
    /** Context: the line's context plus { lost, inputs, factors (sum of ticked checks' values) }. */
    outputs: Array<{ id: string; label: string; formula: PlayFormula }>
  }>
  /** The turn sequence, step by step. */
  turnSequence?: Array<{ label: string; detail?: string }>
  /** What the pre-battle sheet shows per side: a figure of the roster or a formula over it. */
  preBattle?: Array<{ id: string; label: string; formula: PlayFormula }>
}
