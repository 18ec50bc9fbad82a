// The Standings tab: what they stand after ("After round 3: 4 of 6 results in"), then rank, player
// (a dropped one marked), army, club, won-drawn-lost with any byes beside them ("1-0-0 +1 bye", as the
// PDF and the CLI say it: a bye is none of the three), score and each tie-break of the profile in its
// order and labelled as the event labels it: the one standings row every view shows.
import type { EventDayState } from '../../src-main/ipc/contract'
import { countOf } from '../format'
import { score } from './event-day-words'
import { TableHead } from './TableHead'
import styles from './EventDay.module.css'

type Row = EventDayState['standings'][number]
/** "2-1-0", "1-0-0 +1 bye" (the byes muted); the column is left-aligned so each W-D-L stays under the last. */
function Record({ r }: { r: Row }) {
  return (
    <>
      {`${r.won}-${r.drawn}-${r.lost}`}
      {r.byes > 0 && <span className="muted">{` +${countOf(r.byes, 'bye')}`}</span>}
    </>
  )
}

/** "After round 3: all 6 results in", "After round 3: 4 of 6 results in (the round is not over)". */
export function standingsLine(after: EventDayState['standingsAfter']): string {
  if (!after) return ''
  const whole = after.resultsIn === after.tables
  return whole
    ? `After round ${after.round}: all ${after.tables} results in`
    : `After round ${after.round}: ${after.resultsIn} of ${after.tables} results in (the round is not over)`
}

export function EventDayStandings({ state }: { state: EventDayState }) {
  if (state.standings.length === 0) return <p className="empty">No standings yet: they start with round 1’s results.</p>
  const clubs = state.standings.some((s) => s.club || s.country)
  const line = standingsLine(state.standingsAfter)
  return (
    <div className="event-day-standings-view">
      {line && (
        <p
          className={
            state.standingsAfter && state.standingsAfter.resultsIn < state.standingsAfter.tables
              ? `${styles.eventDayAfter} ${styles.open}`
              : styles.eventDayAfter
          }
        >
          {line}
        </p>
      )}
      <table className={`roster-table ${styles.eventDayTable} ${styles.eventDayStandings}`} aria-label="Standings">
        <TableHead
          columns={[
            { label: 'Rank', className: 'num' },
            'Player',
            'Army',
            clubs && 'Club / country',
            { label: 'W-D-L', className: styles.eventDayWdl, title: 'Games won, drawn, lost; a bye is none of them (+1 bye)' },
            { label: 'Score', className: 'num' },
            ...state.tiebreaks.map((t) => ({ key: t.id, label: t.label, className: 'num' }))
          ]}
        />
        <tbody>
          {state.standings.map((s) => (
            <tr key={s.id} className={s.dropped ? styles.eventDayDropped : undefined}>
              <td className="num">{s.rank}</td>
              <th scope="row">
                {s.player}
                {s.dropped && <span className="badge">dropped</span>}
              </th>
              <td className={styles.eventDayArmy}>{s.armyTitle}</td>
              {clubs && <td>{[s.club, s.country].filter(Boolean).join(' · ')}</td>}
              <td className={styles.eventDayWdl}>
                <Record r={s} />
              </td>
              <td className={`num ${styles.eventDayScoreCell}`}>
                <strong>{score(s.score)}</strong>
              </td>
              {state.tiebreaks.map((t) => (
                <td key={t.id} className="num">
                  {s.tiebreaks[t.id] === undefined ? '' : score(s.tiebreaks[t.id])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
