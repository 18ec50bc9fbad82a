// PLACEHOLDER (being built now): results from the players' phones, served on the venue network. The
// signatures are the contract the IPC door and the CLI call; the bodies are being written.
import type { Engine } from '../rules'
import type { Db } from '../store/open'
import type { ResultsServing } from './event-day-types'

/** Serves the event's results page (one event at a time; a second call stops the first). */
export async function serveEventResults(_db: Db, _engine: Engine, _dir: string, _eventId: string, _options: { lan?: boolean } = {}): Promise<ResultsServing> {
  throw new Error('not built yet')
}

/** Stops serving the results page; whether it was served. */
export async function stopEventResults(): Promise<boolean> {
  return false
}
