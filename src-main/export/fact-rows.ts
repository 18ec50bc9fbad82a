// Both sides' army facts, a row a fact (its label from the ruleset), and which side the data says a
// higher number favours (a reference facts block's `higher`: "likelier to invade"). One computation
// for the quick-reference sheet's facts table (qrs.ts) and the play sheet's pre-battle rows (play/sheet.ts).
import type { ArmyFacts, Ruleset } from '../rules/types'
import type { FactsBlock } from './reference'
import { factValueText, valuesInForce } from '../../src-shared/army-facts'
import { factWhen } from '../rules/army-facts'

/** A side's army facts and the year they are read in (none: every value, with its dates). */
export interface FactSide {
  facts?: ArmyFacts
  year?: number
}

export interface FactRow {
  label: string
  mine: string | null
  theirs: string | null
  /** What a higher number means (the block's words), when the block says. */
  higher?: string
  /** Which side the higher number is on: null when either has no single number, or the block says nothing. */
  favours: 'mine' | 'theirs' | 'even' | null
}

/** The rows of a facts block for two sides (theirs absent: one side's values only, no edge). */
export function factRows(block: Pick<FactsBlock, 'facts'>, ruleset: Ruleset, own: FactSide, opponent?: FactSide): FactRow[] {
  const defs = new Map((ruleset.armyFacts ?? []).map((d) => [d.id, d]))
  const text = (side: FactSide | undefined, id: string): string | null => {
    const values = side?.facts?.[id]
    if (!values?.length) return null
    return factValueText(
      values.map((v) => ({ ...v, when: factWhen(v) })),
      defs.get(id)?.join,
      side!.year
    )
  }
  const number = (side: FactSide | undefined, id: string): number | null => {
    const values = side?.facts?.[id] ?? []
    const inForce = side?.year !== undefined ? valuesInForce(values, side.year) : [...new Set(values.map((v) => v.value))]
    return inForce.length === 1 && typeof inForce[0] === 'number' ? inForce[0] : null
  }
  return block.facts.flatMap((f): FactRow[] => {
    const def = defs.get(f.fact)
    if (!def) return []
    const mine = text(own, f.fact)
    const theirs = opponent ? text(opponent, f.fact) : null
    if (mine === null && theirs === null) return []
    const [a, b] = [number(own, f.fact), number(opponent, f.fact)]
    const favours = opponent && f.higher && a !== null && b !== null ? (a > b ? 'mine' : a < b ? 'theirs' : 'even') : null
    return [{ label: def.label, mine, theirs, ...(f.higher ? { higher: f.higher } : {}), favours }]
  })
}
