// Army-wide facts as printed on a roster (a rating, the home ground...): the ruleset declares each
// fact with its label (armyFacts), the army list gives its values, some dated; printed is the value
// in force in the roster's year.
import { factValueText } from '../../src-shared/army-facts'
import { formatRanges } from './messages'
import type { Army, Ruleset } from './types'

/** When a fact's value holds, in words: its dates and its note ("55-54 BC: under Caesar"); null for neither. */
export function factWhen(v: { dates?: Array<{ from: number; to: number }> | null; note?: string | null }): string | null {
  return [v.dates ? formatRanges(v.dates) : null, v.note ?? null].filter(Boolean).join(': ') || null
}

/**
 * [label, value] for each fact the ruleset declares and the army gives, in the ruleset's order. With a
 * year, the values in force then (nothing when none applies); with none, every value with its dates.
 */
export function armyFactLines(ruleset: Ruleset, army: Army, year?: number): Array<[string, string]> {
  const lines: Array<[string, string]> = []
  for (const def of ruleset.armyFacts ?? []) {
    const values = army.facts?.[def.id] ?? []
    if (!values.length) continue
    const text = factValueText(
      values.map((v) => ({ ...v, when: factWhen(v) })),
      def.join,
      year
    )
    if (text !== null) lines.push([def.label, text])
  }
  return lines
}

/** The fact ids an army gives that its ruleset does not declare: a data error (nothing would show them). */
export function undeclaredFacts(ruleset: Ruleset, army: Army): string[] {
  const declared = new Set((ruleset.armyFacts ?? []).map((f) => f.id))
  return Object.keys(army.facts ?? {}).filter((id) => !declared.has(id))
}
