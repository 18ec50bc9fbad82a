// How a resubmission is put in words, for the HTML report and the app's Event check screen alike:
// one phrasing of "what changed since the last check", whichever face shows it.
import { countOf } from './words'

/** What a row of the event report says of a resubmission (the shape of EventRow.resubmission). */
export interface ResubmissionWords {
  previousValid: boolean
  changes: string[]
  /** The changes that touch nothing the last check flagged. */
  unflagged: string[]
}

/** Marks a change that touches nothing the last check flagged (beside a colour, never instead of one). */
export const NOT_FLAGGED = 'not flagged'

/** "Changed since the last check (1 beyond what was flagged)", or "Same as at the last check". */
export function changesHeading(s: ResubmissionWords): string {
  if (!s.changes.length) return 'Same as at the last check'
  return `Changed since the last check (${s.unflagged.length ? `${s.unflagged.length} beyond what was flagged` : 'only what was flagged'})`
}

/**
 * A check's resubmissions in one line: "3 resubmissions: 2 changed (1 beyond what was flagged), 1
 * the same as before; 1 submission not in the last check". Null when none was compared.
 */
export function resubmissionSummary(rows: Array<{ readable: boolean; resubmission?: ResubmissionWords }>): string | null {
  const compared = rows.flatMap((r) => (r.resubmission ? [r.resubmission] : []))
  if (!compared.length) return null
  const changed = compared.filter((s) => s.changes.length).length
  const beyond = compared.filter((s) => s.unflagged.length).length
  const same = compared.length - changed
  // Readable rows the last report had no roster for: new players, or a player who changed their name.
  const fresh = rows.filter((r) => r.readable && !r.resubmission).length
  const parts = [
    changed ? `${changed} changed${beyond ? ` (${beyond} beyond what was flagged)` : ''}` : 'none changed',
    ...(changed && same ? [`${same} the same as before`] : [])
  ]
  return `${countOf(compared.length, 'resubmission')}: ${parts.join(', ')}${fresh ? `; ${countOf(fresh, 'submission')} not in the last check` : ''}`
}
