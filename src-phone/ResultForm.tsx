// One table's result, as a player sends it from their phone: who won (or a draw) and, if they like,
// what each side destroyed; or the result code from game day's slip, pasted. Checked here only for
// what the form can see (a score is two numbers); Muster checks the rest and answers in words.
import { useState, type FormEvent } from 'react'
import type { ResultPost, ResultsTable } from '../src-shared/event-results'

const NUMBER = /^\d{1,6}(\.\d{1,2})?$/

export function ResultForm({
  round,
  table,
  busy,
  onSend,
  onProblem,
  onEdit
}: {
  round: number
  table: Pick<ResultsTable, 'table'> & { players: [string, string] }
  busy: boolean
  onSend: (post: ResultPost) => void
  onProblem: (words: string) => void
  /** The player changed something: a problem said before no longer stands. */
  onEdit: () => void
}) {
  const [a, b] = table.players
  const [winner, setWinner] = useState<string | null>(null)
  const [score, setScore] = useState<[string, string]>(['', ''])
  const [slip, setSlip] = useState('')
  const id = (what: string) => `t${table.table}-${what}`

  const sendWinner = (e: FormEvent) => {
    e.preventDefault()
    if (winner === null) return onProblem(`Say who won: ${a}, ${b}, or a draw.`)
    const [sa, sb] = score.map((s) => s.trim())
    if ((sa === '') !== (sb === '')) return onProblem('Give both scores (what each side destroyed), or neither.')
    if (sa !== '' && (!NUMBER.test(sa) || !NUMBER.test(sb))) return onProblem('A score is a number of 0 or more, such as 4.')
    onSend({ round, table: table.table, winner, ...(sa !== '' ? { score: [Number(sa), Number(sb)] as [number, number] } : {}) })
  }
  const sendSlip = (e: FormEvent) => {
    e.preventDefault()
    const code = slip.replace(/\s+/g, '')
    if (!code) return onProblem("Paste the result code from the game's slip first (it starts MR1.).")
    onSend({ round, table: table.table, slip: code })
  }

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
