// One table's result, as a player sends it from their phone: who won (or a draw) and, if they like,
// what each side destroyed; or the result code from game day's slip, pasted. Checked here only for
// what the form can see (a score is two numbers); Muster checks the rest and answers in words. Before
// anything is sent the page says it back ("Quin beat Bob, 7-2: send it?"), so a slip of the thumb
// (the wrong name tapped) is caught while it can still be changed.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { resultWords, type ResultPost, type ResultsTable } from '../src-shared/event-results'

const NUMBER = /^\d{1,6}(\.\d{1,2})?$/

/** A result about to be sent, and what it says. */
type Pending = { post: ResultPost; words: string }

export function ResultForm({
  round,
  table,
  pin,
  busy,
  onSend,
  onProblem,
  onEdit
}: {
  round: number
  table: Pick<ResultsTable, 'table'> & { players: [string, string] }
  /** The table's result PIN, as Muster took it. */
  pin: string
  busy: boolean
  /** Sends it: whether Muster took it (refused: the form again, Muster's words above it). */
  onSend: (post: ResultPost) => Promise<boolean>
  onProblem: (words: string) => void
  /** The player changed something: a problem said before no longer stands. */
  onEdit: () => void
}) {
  const [a, b] = table.players
  const [winner, setWinner] = useState<string | null>(null)
  const [score, setScore] = useState<[string, string]>(['', ''])
  const [slip, setSlip] = useState('')
  const [pending, setPending] = useState<Pending | null>(null)
  const id = (what: string) => `t${table.table}-${what}`

  const sendWinner = (e: FormEvent) => {
    e.preventDefault()
    if (winner === null) return onProblem(`Say who won: ${a}, ${b}, or a draw.`)
    const [sa, sb] = score.map((s) => s.trim())
    if ((sa === '') !== (sb === '')) return onProblem('Give both scores (what each side destroyed), or neither.')
    if (sa !== '' && (!NUMBER.test(sa) || !NUMBER.test(sb))) return onProblem('A score is a number of 0 or more, such as 4.')
    const scored = sa !== '' ? { score: [Number(sa), Number(sb)] as [number, number] } : {}
    const words = resultWords(table.players, { winner: winner === 'draw' ? null : winner, ...scored })
    setPending({ post: { round, table: table.table, pin, winner, ...scored }, words: `${words}.` })
  }
  const sendSlip = (e: FormEvent) => {
    e.preventDefault()
    const code = slip.replace(/\s+/g, '')
    if (!code) return onProblem("Paste the result code from the game's slip first (it starts MR1.).")
    setPending({
      post: { round, table: table.table, pin, slip: code },
      words: `The result code from table ${table.table}'s slip (${a} v ${b}): Muster reads who won from it.`
    })
  }

  if (pending)
    return (
      <Confirm
        pending={pending}
        busy={busy}
        onSend={() =>
          void onSend(pending.post).then((taken) => {
            if (!taken) setPending(null)
          })
        }
        onChange={() => {
          setPending(null)
          onEdit()
        }}
      />
    )

  return (
    <>
      <form className="results-form" onSubmit={sendWinner} onChange={onEdit} aria-label="Who won">
        <fieldset className="results-winner">
          <legend>Who won?</legend>
          {[a, b, 'draw'].map((w) => (
            <label key={w} className="results-choice">
              <input type="radio" name={id('winner')} value={w} checked={winner === w} onChange={() => setWinner(w)} />
              <span>{w === 'draw' ? 'A draw' : w}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="results-score">
          <legend>Score, if you like</legend>
          <p className="results-hint">What each side destroyed.</p>
          {[a, b].map((p, i) => (
            <label key={p} className="results-score-field">
              <span>
                {p}
                <span className="visually-hidden"> destroyed</span>
              </span>
              <input
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={score[i]}
                onChange={(e) => setScore((s) => (i === 0 ? [e.target.value, s[1]] : [s[0], e.target.value]))}
              />
            </label>
          ))}
        </fieldset>
        <button type="submit" className="results-send" disabled={busy}>
          Send the result
        </button>
      </form>
      <form className="results-form results-slip" onSubmit={sendSlip} onChange={onEdit} aria-label="Result code">
        <label htmlFor={id('slip')}>Or paste the result code from the game&apos;s slip</label>
        <textarea
          id={id('slip')}
          rows={3}
          placeholder="MR1.…"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          value={slip}
          onChange={(e) => setSlip(e.target.value)}
        />
        <button type="submit" className="results-send" disabled={busy}>
          Send the code
        </button>
      </form>
    </>
  )
}

/** The result said back before it is sent: send it, or go back and change it (the form keeps what was typed). */
function Confirm({ pending, busy, onSend, onChange }: { pending: Pending; busy: boolean; onSend: () => void; onChange: () => void }) {
  const box = useRef<HTMLElement>(null)
  // the question takes the place of the form: a screen reader lands on it, not on nothing
  useEffect(() => box.current?.focus(), [])
  return (
    <section ref={box} tabIndex={-1} className="results-confirm" aria-labelledby="results-confirm-title">
      <h3 id="results-confirm-title">Send this result?</h3>
      <p className="results-confirm-words">{pending.words}</p>
      <div className="results-confirm-actions">
        <button type="button" className="results-send" disabled={busy} onClick={onSend}>
          Send it
        </button>
        <button type="button" disabled={busy} onClick={onChange}>
          Change it
        </button>
      </div>
    </section>
  )
}
