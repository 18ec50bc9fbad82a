// Tournament checking's calls: submitted files checked against an event profile, the list book,
// first-round pairings. contract.ts assembles them into the one contract.
import Type, { type Static } from 'typebox'
import type { EventReport } from '../event/types'
import type { PairReport } from '../services/pair-report'
import { anyObject, Args, call, type PdfMade } from './contract-parts'

/**
 * A submitted file of an event (or the last check's report): where it is, read by the main process
 * at each check, and the name the report gives it (its path under the folder chosen).
 */
const eventFile = Type.Object(
  { path: Type.String({ minLength: 1, maxLength: 4096 }), name: Type.String({ minLength: 1, maxLength: 1000 }) },
  { additionalProperties: false }
)
const eventFiles = Type.Array(eventFile, { maxItems: 5000 })
export type EventFile = Static<typeof eventFile>

export const eventCalls = {
  /**
   * (event, files, previous?): checks submitted roster files against an event profile; the report with its HTML and CSV.
   * `previous`, the JSON report of the last check (a user file), says for each resubmission what changed since.
   */
  checkEventFiles: call(Args(anyObject, eventFiles, Type.Optional(eventFile))).answers<{ report: EventReport; html: string; csv: string }>(),
  /** (event, files, judges, previous?): the list book (judges: false) or the judges' copy of the same check, as PDF bytes (binary), kept for savePdf. */
  eventBook: call(Args(anyObject, eventFiles, Type.Boolean(), Type.Optional(eventFile))).answers<PdfMade & { rosters: number; left: number }>(),
  /** (event, files): proposed first-round pairings of the submissions (as `muster pair`), with the CSV of them. */
  eventPairing: call(Args(anyObject, eventFiles)).answers<{ report: PairReport; csv: string }>(),
  /**
   * (purpose): the main process shows the open dialog: submitted files, a folder of them (its .json
   * files at any depth, named by their path under it), or the last check's report (one file). The files
   * chosen, not read yet (each check reads them afresh); null: cancelled.
   */
  pickEventFiles: call(Args(Type.Enum(['files', 'folder', 'previous']))).answers<EventFile[] | null>()
}
