// What every printed page of a roster is made from: the roster, the engine's verdict, the ruleset
// and army, the reference sheet, the check code and the paper.
import type { Roster, Ruleset, Verdict } from '../rules/types'
import type { Paper } from './layout'
import type { Reference } from './reference'

export interface PrintInput {
  roster: Roster
  verdict: Verdict
  ruleset: Ruleset
  armyName: string
  /** Army-wide facts printed under the army (the ruleset's armyFacts in force in the roster's year). */
  armyFacts?: Array<[string, string]>
  reference?: Reference
  checkCode: string
  /** After the data version, when the data in force is not stock: "checked with local data changes" (rules/data-in-force.ts codeData). */
  dataNote?: string
  paper: Paper
}
