// The one standings view (issue 41): the standings (standings.ts) with what every view prints beside
// a player (their army, club and country, games won, drawn and lost, whether they dropped), made once
// so the app, the CLI, the printed standings and the published page never count apart. Pure.
import type { EventProfile } from '../generated-types/event'
import type { EventPlayer, RoundRecord, StandingView } from './day-types'
import { standings } from './standings'

/** Games won, drawn and lost by each player id, from the tables with a result (a bye is none of them). */
export function playedRecords(rounds: RoundRecord[]): Map<string, { won: number; drawn: number; lost: number }> {
  const out = new Map<string, { won: number; drawn: number; lost: number }>()
  const of = (id: string) => out.get(id) ?? (out.set(id, { won: 0, drawn: 0, lost: 0 }), out.get(id)!)
  for (const r of rounds)
    for (const t of r.tables) {
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
    const rec = records.get(p.id) ?? { won: 0, drawn: 0, lost: 0 }
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
