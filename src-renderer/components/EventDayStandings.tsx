// The Standings tab: rank, player, score and each tie-break of the profile, in its order and labelled
// as the event labels it; a dropped player stays in the table, marked.
import type { EventDayState } from '../../src-main/ipc/contract'
import { score } from './event-day-words'

export function EventDayStandings({ state }: { state: EventDayState }) {
  const status = new Map(state.players.map((p) => [p.id, p.status]))
  if (state.standings.length === 0) return <p className="empty">No standings yet: they start with round 1’s results.</p>
  return (
    <table className="roster-table event-day-table event-day-standings" aria-label="Standings">
      <thead>
        <tr>
          <th scope="col" className="num">
            Rank
          </th>
          <th scope="col">Player</th>
          <th scope="col" className="num">
            Score
          </th>
          {state.tiebreaks.map((t) => (
            <th key={t.id} scope="col" className="num">
              {t.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {state.standings.map((s) => {
          const dropped = status.get(s.id) === 'dropped'
          return (
            <tr key={s.id} className={dropped ? 'event-day-dropped' : undefined}>
              <td className="num">{s.rank}</td>
              <th scope="row">
                {s.player}
                {dropped && <span className="badge">dropped</span>}
              </th>
              <td className="num">
                <strong>{score(s.score)}</strong>
              </td>
              {state.tiebreaks.map((t) => (
                <td key={t.id} className="num">
                  {s.tiebreaks[t.id] === undefined ? '' : score(s.tiebreaks[t.id])}
                </td>
              ))}
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
