// One table's result on the Rounds tab: the winner (or a draw) and the score if known, each score box
// named for its player; Enter saves and the round moves on to the next table without a result. A
// table with a result says it winner first and where it came from (a phone's marked to be checked);
// replacing it asks first, and says when a later round was paired on it. The main process's refusal
// (a winner not at the table) and its warning are said in words beside the table.
import { useState, type FormEvent, type KeyboardEvent } from 'react'
import type { EventDayTable } from '../../src-main/ipc/contract'
import { api } from '../api'
import type { EventDay } from '../state/event-day'
import { ConfirmDialog } from './ConfirmDialog'
import { SOURCE_WORDS, resultWords } from './event-day-words'
import styles from './EventDay.module.css'

/** A score field's number: null when empty, NaN when not a number of zero or more. */
const scoreOf = (text: string): number | null => (text.trim() === '' ? null : /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : NaN)

/** The id of a table's winner field: the round moves the focus there. */
export const winnerFieldId = (round: number, table: number): string => `event-day-winner-${round}-${table}`

function Source({ table }: { table: EventDayTable }) {
  const source = table.resultSource
  if (source === 'phone')
    return (
      <span className={`badge ${styles.phone}`} title="Sent from a player’s phone: check it with the players">
        from a phone
      </span>
    )
  return <span className="badge">{source ? SOURCE_WORDS[source] : 'kept'}</span>
}

export function EventDayResult({
  eventId,
  round,
  table,
  day,
  laterRound,
  onSaved
}: {
  eventId: string
  round: number
  table: EventDayTable
  day: EventDay
  /** The latest round paired after this one, when there is one (its pairings stand on this result). */
  laterRound: number | null
  /** A result kept here: the round moves the focus on. */
  onSaved: (table: number) => void
}) {
  const [editing, setEditing] = useState(false)
  const [asking, setAsking] = useState(false)
  const [winner, setWinner] = useState('')
  const [scores, setScores] = useState<[string, string]>(['', ''])
  const [error, setError] = useState('')
  const [warning, setWarning] = useState('')
  const [busy, setBusy] = useState(false)
  const n = table.table
  const done = resultWords(table)
  const replace = table.result !== null

  async function record(input: { winner: string; score?: [number, number] }) {
    setBusy(true)
    setError('')
    setWarning('')
    const r = await day.change(() => api().recordEventResult(eventId, { round, table: n, ...input, ...(replace ? { replace: true } : {}) }))
    setBusy(false)
    if (!r.ok) return setError(r.message)
    setWarning(r.value?.warning ?? '')
    setEditing(false)
    setWinner('')
    setScores(['', ''])
    onSaved(n)
  }
  function save(e: FormEvent) {
    e.preventDefault()
    if (!winner) return setError('Choose the winner, or a draw.')
    const [a, b] = scores.map(scoreOf)
    if (Number.isNaN(a) || Number.isNaN(b)) return setError('A score is a number of 0 or more.')
    if ((a === null) !== (b === null)) return setError('Give both scores, or neither.')
    void record({ winner, ...(a !== null && b !== null ? { score: [a, b] as [number, number] } : {}) })
  }
  // Enter on the winner's list saves too (a text field's Enter submits by itself).
  function enterSaves(e: KeyboardEvent<HTMLSelectElement>) {
    if (e.key !== 'Enter') return
    e.preventDefault()
    e.currentTarget.form?.requestSubmit()
  }

  if (table.players.length === 1) return <span className="muted">Bye: scores as a win</span>
  const [a, b] = table.players
  const entry = !table.result || editing
  const score = (i: 0 | 1, name: string) => (
    <label className={styles.eventDayScoreBox} title={name}>
      <span className={styles.eventDayScoreName}>{name}</span>
      <input
        inputMode="decimal"
        value={scores[i]}
        onChange={(e) => setScores(i === 0 ? [e.target.value, scores[1]] : [scores[0], e.target.value])}
        aria-label={`${name}’s score`}
      />
    </label>
  )
  return (
    <div className="event-day-result">
      {!entry && (
        <div className={styles.eventDayResultDone}>
          <strong>{done}</strong> <Source table={table} />
          <button className={styles.quiet} onClick={() => setAsking(true)} aria-label={`Replace the result of table ${n}…`}>
            Replace…
          </button>
        </div>
      )}
      {entry && (
        <form className={styles.eventDayEntry} onSubmit={save} aria-label={`Result of table ${n}`}>
          <select
            id={winnerFieldId(round, n)}
            value={winner}
            onChange={(e) => setWinner(e.target.value)}
            onKeyDown={enterSaves}
            aria-label={`Winner at table ${n}`}
            title="The winner (type a name’s first letter); Enter saves"
          >
            <option value="">winner…</option>
            <option value={a}>{a}</option>
            <option value={b}>{b}</option>
            <option value="draw">Draw</option>
          </select>
          <span className={styles.eventDayScore} role="group" aria-label={`Score at table ${n} (optional)`}>
            {score(0, a)}
            {score(1, b)}
          </span>
          <button type="submit" className={styles.quiet} disabled={busy} aria-label={`Save the result of table ${n}`}>
            Save
          </button>
          {editing && (
            <button type="button" className={styles.quiet} onClick={() => setEditing(false)}>
              Cancel
            </button>
          )}
        </form>
      )}
      <p className={styles.eventDayError} aria-live="polite">
        {error}
      </p>
      {warning && (
        <p className={styles.eventDayWarning} role="status">
          {warning}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title={`Replace the result of table ${n}?`}
          action="Replace result"
          onClose={() => setAsking(false)}
          onConfirm={() => {
            setEditing(true)
            return Promise.resolve(null)
          }}
        >
          <p>
            Round {round}, table {n}: {done} ({table.resultSource ? SOURCE_WORDS[table.resultSource] : 'kept'}). The result you enter next replaces it, and the
            standings follow.
          </p>
          {laterRound !== null && (
            <p className="notice warn">Round {laterRound} is already paired on this result: the standings change, its pairings do not.</p>
          )}
        </ConfirmDialog>
      )}
    </div>
  )
}
