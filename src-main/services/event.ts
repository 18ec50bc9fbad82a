// The event check: an organiser's submitted rosters checked against the event's profile, and, when
// the last check's report is given, each resubmission compared with what was checked then. One use
// case for `muster check` and the app's Event screen (and, through event-pairing.ts, the pairings).
import type { Engine } from '../rules'
import { checkEvent, type EventProfile, type EventReport, type Submission } from '../event/check-event'
import { compareWithPrevious } from '../event/resubmission'

export function checkSubmissions(engine: Engine, profile: EventProfile, submissions: Submission[], previous?: EventReport): EventReport {
  const report = checkEvent(engine, profile, submissions)
  if (previous) compareWithPrevious(report, previous, submissions, engine)
  return report
}
