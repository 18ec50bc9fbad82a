// Sharing: a roster as one line of text (share/code.ts) and back. One use case for the app's Share
// and Paste share code (a library roster: library.ts) and `muster share` (a roster file): the same
// checks on the way out and in, so a code one makes the other reads.
import type { Engine } from '../rules'
import type { Roster, Verdict } from '../rules/types'
// Types only: `muster share` starts without SQLite (the library's side is in library.ts).
import type { DocumentChecks } from '../store'
import { printedCheckCode } from '../export'
import { decodeShareCode, encodeShareCode } from '../share/code'

// What a code refuses with, in the player's words, and the longest text read as a code.
export { MAX_SHARE_CODE_LENGTH, ShareCodeError } from '../share/code'

/**
 * A roster document's share code; a document that is not a roster is refused with what is wrong
 * (null code). Throws ShareCodeError for one too long for a code.
 */
export function shareDocument(checks: DocumentChecks, doc: unknown): { code: string; problem: null } | { code: null; problem: string } {
  const problem = checks.validate(doc)
  return problem ? { code: null, problem } : { code: encodeShareCode(doc), problem: null }
}

/** The roster a code holds, checked as a roster file is; throws ShareCodeError in the player's words. */
export function decodeRoster(checks: DocumentChecks, code: string): Roster {
  return decodeShareCode(code, checks.validate) as Roster
}

/**
 * What a decoded roster is: its verdict and the code its printed sheet carries, over the data in
 * force (a --data overlay, an imported list, a Meshwesh catalogue), never the stock data's alone (issue 26).
 */
export function decodedSummary(engine: Engine, roster: Roster): { verdict: Verdict; checkCode: string | undefined } {
  return { verdict: engine.check(roster), checkCode: printedCheckCode(engine, roster) }
}
