// The data a roster's printed sheets are made under (its ruleset as its data edition has it) and the
// check code they carry: apart from the printing code (index.ts re-exports it), so what needs only a
// roster's code (the play sheet, play/sheet.ts) loads none of the line breaker's tables.
import type { Engine, LoadedRuleset } from '../rules'
import type { Roster } from '../rules/types'
import { checkCode, type CodeVersion } from './check-code'
import { codeData, type CodedData } from '../rules/data-in-force'

/** The ruleset a roster is printed with: as its data edition has it (costs and stats on the sheet as the verdict counted them). */
export function printedRuleset(engine: Engine, r: Roster): LoadedRuleset | undefined {
  return typeof r.ruleset === 'string'
    ? (engine.ruleset(r.ruleset, typeof r.edition === 'string' ? r.edition : undefined) ?? engine.ruleset(r.ruleset))
    : undefined
}

/**
 * What a roster's check code covers besides the roster, and what its sheets say of the data
 * (rules/data-in-force.ts), under the ruleset it is printed with. Undefined for a roster of no
 * known ruleset.
 */
export function printedData(engine: Engine, roster: Roster): CodedData | undefined {
  const loaded = printedRuleset(engine, roster)
  return loaded ? codeData(loaded, roster) : undefined
}

/**
 * The check code a roster's printed sheets carry, over the data in force for it (issue 26): what
 * `muster share --decode`, the event check and any other place that names a roster's code without
 * printing it says, so it never disagrees with the print-out.
 */
export function printedCheckCode(engine: Engine, roster: Roster, version?: CodeVersion): string | undefined {
  const data = printedData(engine, roster)
  return data ? checkCode(roster, data.version, version) : undefined
}

/** What a roster's sheet says after its data version: undefined with the stock data. */
export function printedDataNote(engine: Engine, roster: Roster): string | undefined {
  return printedData(engine, roster)?.note
}
