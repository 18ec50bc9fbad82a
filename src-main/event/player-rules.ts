// The event's rules across its rosters (check-event.ts): one roster per player, and players whose
// names are only drawn alike. Names compared by their keys (src-shared/player-keys.ts): a look-alike
// or invisible character makes no other player.
import type { EventRow } from './types'
import { groupByLookAlike } from '../../src-shared/player-keys'
import { eventIssue } from './roster-rules'

/** Others named in a row's issue: five at most (a folder of one player's thousand files stays a short line). */
const MAX_NAMED = 5

/** The names of others, and how many more there were. */
function othersSaid(names: string[], all: number): string {
  const more = all - names.length
  return `${names.join(', ')}${more ? ` and ${more} more` : ''}`
}

/** Every submission of a player who sent several is flagged, naming the others by file. */
export function duplicatePlayers(byPlayer: EventRow[][]): void {
  for (const same of byPlayer) {
    if (same.length < 2) continue
    for (const row of same) {
      const others: string[] = []
      for (const r of same) if (r !== row && others.length < MAX_NAMED) others.push(r.file)
      row.issues.push(
        eventIssue(
          'event-duplicate-player',
          '/player',
          'one-roster-per-player',
          `${row.player} submitted ${same.length} rosters; also ${othersSaid(others, same.length - 1)}.`
        )
      )
    }
  }
}

/**
 * Players whose names are only drawn alike ("MaIlory" with a capital I, "Mal1ory", "Mallory"; but
 * also Amie and Arnie): a warning on each of their rows, for an organiser to tell whether they are
 * two players. Each player named by their first row.
 */
export function lookAlikePlayers(rows: EventRow[], byPlayer: EventRow[][]): void {
  const playerOf = new Map<EventRow, EventRow>()
  for (const same of byPlayer) for (const row of same) playerOf.set(row, same[0])
  for (const alike of groupByLookAlike(rows, (row) => row.player)) {
    const players = [...new Set(alike.map((row) => playerOf.get(row)!))]
    if (players.length < 2) continue
    for (const row of alike) {
      const own = playerOf.get(row)
      const others: string[] = []
      for (const p of players) {
        if (others.length === MAX_NAMED) break
        if (p !== own) others.push(`'${p.player}' (file ${p.file})`)
      }
      row.issues.push(
        eventIssue(
          'event-lookalike-player',
          '/player',
          'one-roster-per-player',
          `${row.player} looks like the same player as ${othersSaid(others, players.length - 1)}: check they are ${players.length > 2 ? 'different players' : 'two players'}.`,
          'warning'
        )
      )
    }
  }
}
