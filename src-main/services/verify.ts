// `muster verify`: a roster file's check code, over the data in force (issue 26), compared with the
// code printed on its sheet or read from the printed PDF itself, as `muster check` reads a print-out
// (event/printed-codes.ts, loaded only for a PDF: it brings pdf-lib).
import type { Engine } from '../rules'
import { checkCode, type CodeVersion } from '../export/check-code'
import { dataText } from '../export/layout'
import { codeData } from '../rules/data-in-force'
import type { PrintedVerdict } from '../event/printed-codes'

// A code as someone typed it, normalised, with its version; null if it cannot be a check code.
export { parseCode, type ParsedCode } from '../export/check-code'

export interface RosterCode {
  /** The file's code of this version (the current one when none is given) over the data in force. */
  codeOf(version?: CodeVersion): string
  /** The data it covers, in the printed sheets' words: "Triumph! data 1.1.0, checked with local data changes". */
  dataText: string
  /** Set when the data in force is not the stock data. */
  note?: string
}

/** The roster's check code over the data in force; a string says why none can be computed. */
export function rosterCode(engine: Engine, roster: unknown): RosterCode | string {
  const data = roster as { ruleset?: unknown }
  const rulesetId = data && typeof data === 'object' && typeof data.ruleset === 'string' ? data.ruleset : undefined
  const loaded = rulesetId ? engine.ruleset(rulesetId) : undefined
  if (!loaded) return `cannot compute a check code: ${rulesetId ? `unknown ruleset '${rulesetId}'` : 'the file names no ruleset'}`
  // The code covers the data in force for this roster, not only its version label.
  const inForce = codeData(loaded, roster)
  return {
    codeOf: (version) => checkCode(roster, inForce.version, version),
    dataText: dataText(loaded.ruleset, inForce.note),
    ...(inForce.note ? { note: inForce.note } : {})
  }
}

/** What the print-out `pdf` says of the roster: its entry and the code on every page, against the file's code. */
export async function verifyPrintout(code: RosterCode, pdf: string): Promise<PrintedVerdict> {
  const { judgePrintedCode, readPrintedCode } = await import('../event/printed-codes')
  return judgePrintedCode(pdf, await readPrintedCode(pdf), (version) => code.codeOf(version), code.note ? code.dataText : undefined)
}
