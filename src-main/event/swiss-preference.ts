// The round-1 pairing reasons (./pairing.ts: historical enemies, shared dates, shared themes) as the
// Swiss pairing's preference between two players (./swiss.ts), from each player's roster as pairing
// reads it. Scores are worked out once per kind of army (pairScores), as round 1 does.
import type { EventPlayer } from './day-types'
import { NO_LINK, pairLinks, pairScores, type PairingEntry } from './pairing'
import type { SwissPreference } from './swiss-types'

/** The preference of players by their rosters, `entries` by player id; a player without one has no link. */
export function entryPreference(entries: ReadonlyMap<string, PairingEntry>): SwissPreference {
  const ids = [...entries.keys()]
  const index = new Map(ids.map((id, i) => [id, i]))
  const score = pairScores(ids.map((id) => entries.get(id)!))
  return {
    score: (a: EventPlayer, b: EventPlayer) => {
      const i = index.get(a.id)
      const j = index.get(b.id)
      return i === undefined || j === undefined ? 0 : score(i, j)
    },
    reasons: (a: EventPlayer, b: EventPlayer) => {
      const x = entries.get(a.id)
      const y = entries.get(b.id)
      return x && y ? pairLinks(x, y).reasons : [NO_LINK]
    }
  }
}
