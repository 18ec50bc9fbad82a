// Printed rosters carry a check code; when a roster's PDF is submitted beside its roster file, the
// code is read back and compared with the one computed from the file. (Filled in with the printing
// module: until then nothing is attached.)
import type { Engine } from '../rules'
import type { EventReport, Submission } from './check-event'

export function attachPrintedCodes(_engine: Engine, _report: EventReport, _submissions: Submission[]): void {}
