// PLACEHOLDER (being built now): event day's printed sheets and published page. The signatures are the
// contract the IPC door and the CLI call; the bodies are being written.
import type { Engine } from '../rules'
import type { Db } from '../store/open'

export type EventSheet = { kind: 'standings' } | { kind: 'pairings'; round?: number } | { kind: 'slips'; round?: number }

/** Standings, a round's pairings (default: the latest round) or its per-table result slips, as PDF bytes. */
export async function eventDayPdf(_engine: Engine, _db: Db, _id: string, _sheet: EventSheet): Promise<{ fileName: string; pdf: Uint8Array }> {
  throw new Error('not built yet')
}

/** The event as one self-contained HTML page: standings, pairings of every round, each player's list. */
export function publishEventPage(_engine: Engine, _db: Db, _id: string): { html: string; fileName: string } {
  throw new Error('not built yet')
}
