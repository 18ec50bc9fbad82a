// The library's events (listEvents): each opened to run it, or deleted after asking. An event is made
// on the Check tab from the profile there (Run this event).
import { useState } from 'react'
import type { EventDaySummary, RulesetSummary } from '../../src-main/ipc/contract'
import { countOf, formatWhen } from '../format'
import { ActionTableHead } from './ActionTableHead'
import { ConfirmDialog } from './ConfirmDialog'
import { rulesetName } from './event-day-words'
import type { EventList } from '../state/event-day'
import { setServing, useServing } from '../state/phone-serving'
import { api } from '../api'
import styles from './EventDay.module.css'
import { ErrorLine } from './ErrorLine'

const progress = (e: EventDaySummary) => (e.rounds === 0 ? 'not paired yet' : `${e.roundsComplete} of ${countOf(e.rounds, 'round')} complete`)

/** Marks the event whose results page the phones can reach now. */
export function CollectingBadge() {
  return <span className={`badge ${styles.collecting}`}>collecting results from phones</span>
}

export function EventDayList({ list, rulesets, onOpen }: { list: EventList; rulesets: RulesetSummary[]; onOpen: (id: string) => void }) {
  const [deleting, setDeleting] = useState<EventDaySummary | null>(null)
  const { events, error } = list
  const serving = useServing()
  return (
    <section className={styles.eventDayList} aria-labelledby="event-day-list-title">
      <h3 id="event-day-list-title">Events</h3>
      <ErrorLine error={error} />
      {serving && (
        <p className={`notice ${styles.eventDayCollecting}`} role="status">
          <span>
            Collecting results from phones for <strong>{serving.eventName}</strong>.
          </span>
          <button onClick={() => onOpen(serving.eventId)}>Open it</button>
          <button
            onClick={() => {
              setServing(null)
              void api().stopEventResults()
            }}
          >
            Stop collecting results
          </button>
        </p>
      )}
      {events?.length === 0 && (
        <p className="empty">
          No event yet. On the Check tab, fill in the event’s profile, choose the submitted rosters and press <strong>Run this event</strong>.
        </p>
      )}
      {events && events.length > 0 && (
        <table className="roster-table">
          <ActionTableHead columns={['Event', 'Ruleset', { label: 'Players', className: 'num' }, 'Rounds', 'Changed']} action="Open or delete" />
          <tbody>
            {events.map((e) => (
              <tr key={e.id}>
                <td>
                  <strong>{e.name}</strong>
                  {serving?.eventId === e.id && <CollectingBadge />}
                </td>
                <td>{rulesetName(rulesets, e.ruleset)}</td>
                <td className="num">{e.players}</td>
                <td>{progress(e)}</td>
                <td className="when">{formatWhen(e.updatedAt)}</td>
                <td className="row-actions">
                  <button onClick={() => onOpen(e.id)} aria-label={`Open ${e.name}`}>
                    Open
                  </button>
                  <button onClick={() => setDeleting(e)} aria-label={`Delete ${e.name}…`}>
                    Delete…
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete the event “${deleting.name}”?`}
          action="Delete event"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            const r = await list.remove(deleting.id)
            return r.ok ? null : r.message
          }}
        >
          <p>
            Its {countOf(deleting.players, 'player')}, rounds and results go with it; the rosters in your library stay. Export it as JSON first to keep a copy.
          </p>
        </ConfirmDialog>
      )}
    </section>
  )
}
