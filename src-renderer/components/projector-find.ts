// The projector's "Find your table" pages (as the pairings PDF has one): every player of the round
// A to Z with their table, or their bye, so a crowd finds a name rather than reading every table.
import type { EventDayTable } from '../../src-main/ipc/contract'

export interface FindRow {
  player: string
  /** The table's number, or null for a bye. */
  table: number | null
}

/** The round's players A-Z (accents and case as a reader expects) with where they play. */
export function findRows(tables: EventDayTable[]): FindRow[] {
  const rows = tables.flatMap((t) => t.players.map((player) => ({ player, table: t.players.length === 2 ? t.table : null })))
  return rows.sort((a, b) => a.player.localeCompare(b.player, undefined, { sensitivity: 'base' }) || a.player.localeCompare(b.player))
}

/**
 * The pairings' rows in the order shown: the games, then each bye (said "Bye: Ann", no table
 * number: the hall has no such table).
 */
export const pairingRows = (tables: EventDayTable[]): EventDayTable[] => [
  ...tables.filter((t) => t.players.length === 2),
  ...tables.filter((t) => t.players.length === 1)
]
