// The one standings view (issue 41): the standings (standings.ts) with what every view prints beside
// a player (their army, club and country, games won, drawn and lost, byes, whether they dropped), and
// what they stand after, made once so the app, the CLI, the printed standings and the published page
// never count apart. Pure.
import type { EventProfile } from '../generated-types/event'
import type { EventPlayer, RoundRecord, StandingView } from './day-types'
import { standings } from './standings'

export interface PlayedRecord {
  won: number
  drawn: number
  lost: number
  byes: number
}

/** Games won, drawn and lost by each player id, from the tables with a result; and byes, counted from their round's pairing as the score counts them. */
export function playedRecords(rounds: RoundRecord[]): Map<string, PlayedRecord> {
  const out = new Map<string, PlayedRecord>()
  const of = (id: string) => out.get(id) ?? (out.set(id, { won: 0, drawn: 0, lost: 0, byes: 0 }), out.get(id)!)
  for (const r of rounds)
    for (const t of r.tables) {
      if (t.players.length === 1) of(t.players[0]).byes++
      if (t.players.length !== 2 || !t.result) continue
      const { winner } = t.result
      t.players.forEach((p, i) => {
        const rec = of(p)
        if (winner === null) rec.drawn++
        else if (winner === i) rec.won++
        else rec.lost++
      })
    }
  return out
}

/** The standings of these players as every view shows them (`player` their name, `id` the event's). Throws ScoringError. */
export function standingsView(players: EventPlayer[], rounds: RoundRecord[], profile: Pick<EventProfile, 'scoring' | 'tiebreaks'>): StandingView[] {
  const byId = new Map(players.map((p) => [p.id, p]))
  const records = playedRecords(rounds)
  return standings(players, rounds, profile).map((row) => {
    const p = byId.get(row.player)!
    const rec = records.get(p.id) ?? { won: 0, drawn: 0, lost: 0, byes: 0 }
    return {
      ...row,
      id: p.id,
      player: p.name,
      armyTitle: p.armyTitle,
      ...(p.club ? { club: p.club } : {}),
      ...(p.country ? { country: p.country } : {}),
      ...rec,
      dropped: p.status === 'dropped'
    }
  })
}

/** What the standings stand after: a round, and how many of its tables of two have a result. */
export interface StandingsAfter {
  round: number
  resultsIn: number
  tables: number
}

/**
 * What the standings stand after: the latest round that counts for anything in them, and how many of
 * its tables of two have a result; null: nothing counts yet. A bye scores once its round is paired
 * (as Best Coast Pairings counts it: the player has no game to wait for), so a round whose bye counts
 * is the round the standings are after, though none of its results is in ("after round 3: 0 of 8
 * results in"), never "after round 2: all results in" beside a score that holds round 3's bye.
 */
export function standingsAfter(
  rounds: ReadonlyArray<{ round: number; tables: ReadonlyArray<{ players: readonly string[]; result?: unknown }> }>
): StandingsAfter | null {
  for (let i = rounds.length - 1; i >= 0; i--) {
    const played = rounds[i].tables.filter((t) => t.players.length === 2)
    const resultsIn = played.filter((t) => t.result).length
    if (resultsIn || played.length < rounds[i].tables.length) return { round: rounds[i].round, resultsIn, tables: played.length }
  }
  return null
}
