// One table's result on the Rounds tab: typed (the winner or a draw, and the score if known), from
// the result slip's code (pasted, or read from its QR by SlipReader), or as a phone sent it. A table
// with a result says it and where it came from; replacing it asks first. The main process's refusal
// (a forged slip, a winner not at the table) is said in words beside the table.
import { useState, type FormEvent } from 'react'
import type { EventDayTable } from '../../src-main/ipc/contract'
import { api } from '../api'
import type { EventDay } from '../state/event-day'
import { ConfirmDialog } from './ConfirmDialog'
import { SOURCE_WORDS, resultWords } from './event-day-words'

/** A score field's number: null when empty, NaN when not a number of zero or more. */
const scoreOf = (text: string): number | null => (text.trim() === '' ? null : /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : NaN)

export function EventDayResult({
  eventId,
  round,
  table,
  day,
  onReadQr
}: {
  eventId: string
  round: number
  table: EventDayTable
  day: EventDay
  /** Opens the QR reader; its code comes back through the callback. */
  onReadQr: (use: (code: string) => void) => void
}) {
  const [editing, setEditing] = useState(false)
  const [asking, setAsking] = useState(false)
  const [winner, setWinner] = useState('')
  const [scores, setScores] = useState<[string, string]>(['', ''])
  const [slipOpen, setSlipOpen] = useState(false)
  const [slip, setSlip] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const n = table.table
  const done = resultWords(table)
  const replace = table.result !== null

  async function record(input: { winner: string; score?: [number, number] } | { slip: string }) {
    setBusy(true)
    setError('')
    const r = await day.change(() => api().recordEventResult(eventId, { round, table: n, ...input, ...(replace ? { replace: true } : {}) }))
    setBusy(false)
    if (!r.ok) return setError(r.message)
    setEditing(false)
    setSlipOpen(false)
    setSlip('')
    setWinner('')
    setScores(['', ''])
  }
  function save(e: FormEvent) {
    e.preventDefault()
    if (!winner) return setError('Choose the winner, or a draw.')
    const [a, b] = scores.map(scoreOf)
    if (Number.isNaN(a) || Number.isNaN(b)) return setError('A score is a number of 0 or more.')
    if ((a === null) !== (b === null)) return setError('Give both scores, or neither.')
    void record({ winner, ...(a !== null && b !== null ? { score: [a, b] as [number, number] } : {}) })
  }
  function takeSlip(code: string) {
    // a code wrapped over lines or copied with spaces is the same code
    const clean = code.replace(/\s+/g, '')
    if (!clean) return setError('Paste the result code from the slip first.')
    void record({ slip: clean })
  }

  if (table.players.length === 1) return <span className="muted">Bye: scores as a win</span>
  const [a, b] = table.players
  const entry = !table.result || editing
  return (
    <div className="event-day-result">
      {!entry && (
        <div className="event-day-result-done">
          <strong>{done}</strong> <span className="badge">{table.resultSource ? SOURCE_WORDS[table.resultSource] : 'kept'}</span>{' '}
          <button onClick={() => setAsking(true)} aria-label={`Replace the result of table ${n}…`}>
            Replace…
          </button>
        </div>
      )}
      {entry && (
        <>
          <form className="event-day-entry" onSubmit={save} aria-label={`Result of table ${n}`}>
            <label>
              Winner{' '}
              <select value={winner} onChange={(e) => setWinner(e.target.value)} aria-label={`Winner at table ${n}`}>
                <option value="">choose…</option>
                <option value={a}>{a}</option>
                <option value={b}>{b}</option>
                <option value="draw">Draw</option>
              </select>
            </label>
            <span className="event-day-score" role="group" aria-label={`Score at table ${n} (optional)`}>
              <input
                inputMode="decimal"
                value={scores[0]}
                onChange={(e) => setScores([e.target.value, scores[1]])}
                aria-label={`${a}’s score`}
                placeholder="A"
              />
              <span aria-hidden="true">:</span>
              <input
                inputMode="decimal"
                value={scores[1]}
                onChange={(e) => setScores([scores[0], e.target.value])}
                aria-label={`${b}’s score`}
                placeholder="B"
              />
            </span>
            <button type="submit" className="primary" disabled={busy} aria-label={`Save the result of table ${n}`}>
              Save
            </button>
            <button type="button" aria-expanded={slipOpen} onClick={() => setSlipOpen((o) => !o)} aria-label={`Paste slip code for table ${n}`}>
              Paste slip code
            </button>
            <button type="button" onClick={() => onReadQr(takeSlip)} aria-label={`Read slip QR for table ${n}`}>
              Read slip QR
            </button>
            {editing && (
              <button type="button" onClick={() => setEditing(false)}>
                Cancel
              </button>
            )}
          </form>
          {slipOpen && (
            <form
              className="event-day-slip"
              onSubmit={(e) => {
                e.preventDefault()
                takeSlip(slip)
              }}
            >
              <label>
                Result code from the slip of table {n}
                <textarea rows={2} value={slip} onChange={(e) => setSlip(e.target.value)} placeholder="MR1…" spellCheck={false} />
              </label>
              <button type="submit" disabled={busy}>
                Use slip
              </button>
            </form>
          )}
        </>
      )}
      <p className="event-day-error" aria-live="polite">
        {error}
      </p>
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
        </ConfirmDialog>
      )}
    </div>
  )
}
