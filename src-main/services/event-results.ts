// Results from the players' phones (issue 41 §3): an event's results page served by the local server
// (serve/server.ts, security/local-server.md) on this computer or the venue's network, under a secret
// token. Players see the current round's tables and send their table's result with the table's PIN
// (printed on its result slip): who won and the score, or game day's result code; it goes through the
// event's own checks and is kept with source 'phone' (services/event-results-page.ts). The app sees it when it reads the event again (getEventDay); the
// CLI (`muster event serve`) prints each one as it comes in.
import type { Db } from '../store/open'
import * as events from '../store/events'
import { qrDataUrl, readPhoneAssets, servedHost, startPhoneServer } from '../serve'
import type { ResultsServing } from './event-day-types'
import type { ResultsTables } from '../../src-shared/event-results'
import { countOf } from '../rules/messages'
import { resultsApp, type PhoneResult } from './event-results-page'
import type { GuardOptions } from './event-results-guard'

export { eventTables, type PhoneResult } from './event-results-page'
// What the CLI's door shows and says: the event by its id's start, where the built page is, the link's QR code, the refusals in words.
export { findEventId } from '../store/events'
export { findPhoneDir, NoNetwork, PhonePageMissing, terminalQr } from '../serve'

export interface ResultsServer {
  eventId: string
  /** The page's link, with its secret token. */
  url: string
  close(): Promise<void>
  /** Resolves when serving stops. */
  closed: Promise<void>
}

/** An event's results page served until close(). `dir`: the built phone pages (findPhoneDir); `onResult`: after each result a phone sent is kept. */
export async function serveResults(opts: {
  db: Db
  dir: string
  eventId: string
  lan?: boolean
  port?: number
  onResult?: (r: PhoneResult) => void
  /** How many posts an address and wrong PINs a table may make (event-results-guard.ts); tests set the clock. */
  guard?: GuardOptions
}): Promise<ResultsServer> {
  events.getEvent(opts.db, opts.eventId)
  const assets = readPhoneAssets(opts.dir, 'results.html')
  const host = servedHost(opts.lan === true, "this computer is on no network: connect it to the venue's network, the one the players' phones are on")
  const server = await startPhoneServer({ assets, app: resultsApp(opts.db, opts.eventId, opts.onResult, opts.guard), host, port: opts.port ?? 0 })
  return { eventId: opts.eventId, url: server.url, close: () => server.close(), closed: server.closed }
}

// The app's results page: one event at a time, for the whole process (the IPC handlers are rebuilt
// when the data reloads; the server is not, and a reloaded window asks what is served: eventResultsServing).
let serving: { server: ResultsServer; lan: boolean } | null = null

/** What the app's page serves, as serveEventResults answered it: the QR code made again from the link. */
const servingOf = async ({ server, lan }: { server: ResultsServer; lan: boolean }): Promise<ResultsServing> => ({
  eventId: server.eventId,
  url: server.url,
  qr: await qrDataUrl(server.url),
  lan
})

/** Serves the event's results page (one event at a time; a second call stops the first). */
export async function serveEventResults(db: Db, dir: string, eventId: string, options: { lan?: boolean } = {}): Promise<ResultsServing> {
  await stopEventResults()
  const server = await serveResults({ db, dir, eventId, lan: options.lan === true })
  const now = { server, lan: options.lan === true }
  serving = now
  void server.closed.then(() => {
    if (serving === now) serving = null
  })
  return servingOf(now)
}

/** What the app's results page serves now (it outlives a reload of the window): as serveEventResults answered, or null. */
export async function eventResultsServing(): Promise<ResultsServing | null> {
  return serving ? servingOf(serving) : null
}

/** Stops serving the results page (only if it is `eventId`'s, when given: an event deleted); whether it was served. */
export async function stopEventResults(eventId?: string): Promise<boolean> {
  const was = serving
  if (was && eventId !== undefined && was.server.eventId !== eventId) return false
  serving = null
  if (was) await was.server.close()
  return was !== null
}

/** Where a round stands, for the organiser serving it: "round 2: 8 tables to play, 3 with a result". */
export function roundWords(t: ResultsTables): string {
  if (t.round === null) return 'no round paired yet: pair one, and the players see it when they refresh'
  const games = t.tables.filter((x) => x.players.length === 2)
  return `round ${t.round}: ${countOf(games.length, 'table')} to play, ${games.filter((x) => x.result).length} with a result`
}
