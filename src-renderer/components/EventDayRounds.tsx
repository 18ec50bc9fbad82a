// The Rounds tab: "Pair round N" as the event says it can (else why not), then each round
// (EventDayRound), the latest open.
import { useState } from 'react'
import type { EventDayState } from '../../src-main/ipc/contract'
import { api } from '../api'
import type { EventDay } from '../state/event-day'
import { EventDayRound } from './EventDayRound'
import styles from './EventDay.module.css'

export function EventDayRounds({ state, day }: { state: EventDayState; day: EventDay }) {
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const next = state.rounds.length + 1
  // When it can pair, the event's words are mostly the button's own: said only when they add to it.
  const whyNot = state.next.why && state.next.why !== `Pair round ${next}` ? state.next.why : ''

  async function pair() {
    setBusy(true)
    setError('')
    const r = await day.change(() => api().pairEventRound(state.id))
    setBusy(false)
    if (!r.ok) setError(r.message)
  }

  return (
    <div className="event-day-rounds">
      <div className={styles.eventDayBar}>
        <button className="primary" disabled={!state.next.canPair || busy} onClick={() => void pair()} aria-describedby={whyNot ? 'event-day-next' : undefined}>
          Pair round {next}
        </button>
        {whyNot && (
          <span id="event-day-next" className={state.next.canPair ? 'muted' : styles.eventDayWhyNot}>
            {state.next.why}
          </span>
        )}
      </div>
      <p className={styles.eventDayError} aria-live="polite">
        {error}
      </p>
      {state.rounds.length === 0 && <p className="empty">No round paired yet.</p>}
      {[...state.rounds].reverse().map((r) => (
        <EventDayRound key={r.round} r={r} state={state} day={day} />
      ))}
    </div>
  )
}
