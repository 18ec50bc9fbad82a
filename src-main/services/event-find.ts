// An event named on the command line (`muster event show "Spring Cup"`): by its id, its id's first
// characters (store/events.ts findEventId), or its name (whole, any case). Two events of one name are
// refused with their ids; none is refused pointing at the list, in the organiser's words.
import * as events from '../store/events'
import type { Db } from '../store/open'
import { refuse } from './event-day-error'

const LIST = 'muster event list shows the events with their ids'

/** The id of the event `said` names: its id or its start, or its name (exact, any case). */
export function findEvent(db: Db, said: string): string {
  const wanted = said.trim()
  const named = events.eventSummaries(db).filter((e) => e.name.trim().toLowerCase() === wanted.toLowerCase() || e.id === wanted.toLowerCase())
  const exact = named.find((e) => e.id === wanted.toLowerCase())
  if (exact) return exact.id
  if (named.length > 1)
    refuse(`${named.length} events are called '${wanted}' (${named.map((e) => e.id.slice(0, 8)).join(', ')}): give the id of the one you mean`)
  if (named.length === 1) return named[0].id
  try {
    return events.findEventId(db, wanted)
  } catch (e) {
    // The store's own words for more than one id of that start are right as they are.
    if (e instanceof Error && /^no event/.test(e.message)) refuse(`no event with the id or name '${wanted}' in the library: ${LIST}`)
    throw e
  }
}
