// The Rounds tab: "Pair round N" as the event says it can (else why not), then each round's tables,
// the latest open: the players (or the bye), why they were paired, and the result or its entry
// (EventDayResult). Reading a slip's QR opens one SlipReader for the screen, whose code goes to the
// table that asked.
import { useState } from 'react'
import type { EventDayPlayer, EventDayRound, EventDayState } from '../../src-main/ipc/contract'
import { api } from '../api'
import { countOf } from '../format'
import type { EventDay } from '../state/event-day'
import { EventDayResult } from './EventDayResult'
import { SlipReader } from './SlipReader'

function Seat({ name, players }: { name: string; players: Map<string, EventDayPlayer> }) {
  const p = players.get(name)
  return (
    <div>
      <div className="pairing-player">{name}</div>
      {p?.armyTitle && <div className="muted small-text">{p.armyTitle}</div>}
    </div>
  )
}

function Round({ r, state, day, onReadQr }: { r: EventDayRound; state: EventDayState; day: EventDay; onReadQr: (use: (code: string) => void) => void }) {
  const players = new Map(state.players.map((p) => [p.name, p]))
  const latest = r.round === state.rounds.length
  return (
    <details className="event-day-round" open={latest}>
      <summary>
        <h4>Round {r.round}</h4>
        <span className={r.open ? 'badge todo' : 'badge ok'}>{r.open ? `${countOf(r.open, 'table')} without a result` : 'all results in'}</span>
      </summary>
      <table className="roster-table event-day-table event-day-tables" aria-label={`Round ${r.round} tables`}>
        <thead>
          <tr>
            <th scope="col" className="num">
              Table
            </th>
            <th scope="col">Players</th>
            <th scope="col">Why</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {r.tables.map((t) => (
            <tr key={t.table} className={t.players.length === 1 ? 'pairing-bye' : undefined}>
              <td className="num">{t.table}</td>
              <td>
                <div className="event-day-seats">
                  <Seat name={t.players[0]} players={players} />
                  {t.players.length === 2 ? (
                    <>
                      <span className="muted event-day-v">v</span>
                      <Seat name={t.players[1]} players={players} />
                    </>
                  ) : (
                    <span className="muted event-day-v">bye</span>
                  )}
                </div>
              </td>
              <td className="event-day-why">{t.why}</td>
              <td>
                <EventDayResult eventId={state.id} round={r.round} table={t} day={day} onReadQr={onReadQr} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}

export function EventDayRounds({ state, day }: { state: EventDayState; day: EventDay }) {
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  // The table whose "Read slip QR" opened the reader: its code goes there.
  const [reading, setReading] = useState<{ use: (code: string) => void } | null>(null)
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
      <div className="event-day-bar">
        <button className="primary" disabled={!state.next.canPair || busy} onClick={() => void pair()} aria-describedby={whyNot ? 'event-day-next' : undefined}>
          Pair round {next}
        </button>
        {whyNot && (
          <span id="event-day-next" className={state.next.canPair ? 'muted' : 'event-day-why-not'}>
            {state.next.why}
          </span>
        )}
      </div>
      <p className="event-day-error" aria-live="polite">
        {error}
      </p>
      {state.rounds.length === 0 && <p className="empty">No round paired yet.</p>}
      {[...state.rounds].reverse().map((r) => (
        <Round key={r.round} r={r} state={state} day={day} onReadQr={(use) => setReading({ use })} />
      ))}
      {reading && (
        <SlipReader
          onCode={(code) => {
            setReading(null)
            reading.use(code)
          }}
          onClose={() => setReading(null)}
        />
      )}
    </div>
  )
}
