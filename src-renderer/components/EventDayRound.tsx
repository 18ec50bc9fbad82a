// One round on the Rounds tab, made for entering 30 tables' results fast: a find box (a player or a
// table's number), "only tables without a result", one "Read a slip" (QR) and one "Paste a slip code"
// for the round (the slip goes to the table of the players it names: event-day-slip.ts), then each
// table with its players, why they were paired, its PIN for the phones and its result
// (EventDayResult). A bye is said as "Bye: Ann", never as a table the hall does not have.
import { useState, type FormEvent, type ReactNode } from 'react'
import type { EventDayPlayer, EventDayRound as Round, EventDayState } from '../../src-main/ipc/contract'
import { api } from '../api'
import { countOf } from '../format'
import type { EventDay } from '../state/event-day'
import { EventDayResult, winnerFieldId } from './EventDayResult'
import { slipTable } from './event-day-slip'
import { SlipReader } from './SlipReader'
import { TableHead } from './TableHead'
import styles from './EventDay.module.css'

function Seat({ name, player }: { name: string; player?: EventDayPlayer }) {
  return (
    <div>
      <div className="pairing-player">{name}</div>
      {player?.armyTitle && <div className="muted small-text">{player.armyTitle}</div>}
    </div>
  )
}

/** A slip's form (its code pasted, or the table it goes to): "Use slip" sends it, Cancel (if any) drops it. */
function SlipForm({ disabled, onUse, onCancel, children }: { disabled: boolean; onUse: () => void; onCancel?: () => void; children: ReactNode }) {
  const use = (e: FormEvent) => {
    e.preventDefault()
    onUse()
  }
  return (
    <form className={styles.eventDaySlip} onSubmit={use}>
      {children}
      <button type="submit" disabled={disabled}>
        Use slip
      </button>
      {onCancel && (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      )}
    </form>
  )
}

/** Lower case without accents: "Émilie" is found by "emil". */
const folded = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().trim()

/** Whether a table answers the find box: its number, or a part of a player's name. */
export function tableMatches(t: { table: number; players: string[] }, query: string): boolean {
  const q = folded(query)
  if (!q) return true
  if (/^\d+$/.test(q)) return t.table === Number(q)
  return t.players.some((p) => folded(p).includes(q))
}

/** A bye's why without its "bye: NAME" (said just before it). */
const byeWhy = (name: string, why: string) => {
  const said = `bye: ${name}`
  return why.toLocaleLowerCase().startsWith(said.toLocaleLowerCase()) ? why.slice(said.length).trim() : why
}

export function EventDayRound({ r, state, day }: { r: Round; state: EventDayState; day: EventDay }) {
  const players = new Map(state.players.map((p) => [p.name, p]))
  const latest = r.round === state.rounds.length
  const laterRound = state.rounds.length > r.round ? r.round + 1 : null
  const [query, setQuery] = useState('')
  const [onlyOpen, setOnlyOpen] = useState(false)
  const [pasting, setPasting] = useState(false)
  const [code, setCode] = useState('')
  const [reading, setReading] = useState(false)
  // A slip that names no table of the round: which table, as the organiser says.
  const [asking, setAsking] = useState<{ code: string; words: string } | null>(null)
  const [askTable, setAskTable] = useState('')
  const [said, setSaid] = useState<{ error: boolean; text: string }>({ error: false, text: '' })
  const [busy, setBusy] = useState(false)

  const games = r.tables.filter((t) => t.players.length === 2)
  const byes = r.tables.filter((t) => t.players.length === 1)
  const shown = games.filter((t) => tableMatches(t, query) && (!onlyOpen || t.result === null))

  /** After a table's result: the next table without one (in the order shown), its winner focused. */
  function moveOn(after: number) {
    setSaid({ error: false, text: '' }) // a slip's words are of an earlier try
    const open = shown.filter((t) => t.result === null && t.table !== after)
    const next = open.find((t) => t.table > after) ?? open[0]
    if (next) document.getElementById(winnerFieldId(r.round, next.table))?.focus()
  }

  async function takeSlip(raw: string, table?: number) {
    const clean = raw.replace(/\s+/g, '')
    if (!clean) return setSaid({ error: true, text: 'Paste the result code from the slip first.' })
    let at = table
    if (at === undefined) {
      const found = slipTable(clean, r, state.players)
      if ('error' in found) return setSaid({ error: true, text: found.error })
      if ('ask' in found) return setAsking({ code: clean, words: found.ask })
      at = found.table
    }
    setBusy(true)
    setSaid({ error: false, text: '' })
    const done = await day.change(() => api().recordEventResult(state.id, { round: r.round, table: at, slip: clean }))
    setBusy(false)
    if (!done.ok) return setSaid({ error: true, text: `Table ${at}: ${done.message}` })
    setSaid({ error: false, text: `Table ${at}: the slip’s result is kept.${done.value?.warning ? ` ${done.value.warning}` : ''}` })
    setCode('')
    setPasting(false)
    setAsking(null)
    setAskTable('')
  }

  return (
    <details className={styles.eventDayRound} open={latest}>
      <summary>
        <h4>Round {r.round}</h4>
        <span className={r.open ? 'badge todo' : 'badge ok'}>{r.open ? `${countOf(r.open, 'table')} without a result` : 'all results in'}</span>
      </summary>
      <div className={styles.eventDayRoundTools} role="group" aria-label={`Round ${r.round}: find and read slips`}>
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-label={`Find a player or table in round ${r.round}`}
          placeholder="Find a player or a table’s number"
        />
        <label className="radio">
          <input type="checkbox" checked={onlyOpen} onChange={(e) => setOnlyOpen(e.target.checked)} /> Only tables without a result
        </label>
        <span className={styles.eventDayToolsEnd}>
          <button onClick={() => setReading(true)}>Read a slip (QR)…</button>
          <button aria-expanded={pasting} onClick={() => setPasting((o) => !o)}>
            Paste a slip code…
          </button>
        </span>
      </div>
      {pasting && (
        <SlipForm disabled={busy} onUse={() => void takeSlip(code)}>
          <label>
            Result code from a slip of round {r.round} (it goes to the table of the players it names)
            <textarea rows={2} value={code} onChange={(e) => setCode(e.target.value)} placeholder="MR1…" spellCheck={false} data-autofocus />
          </label>
        </SlipForm>
      )}
      {asking && (
        <SlipForm
          disabled={busy || !askTable}
          onUse={() => {
            if (askTable) void takeSlip(asking.code, Number(askTable))
          }}
          onCancel={() => setAsking(null)}
        >
          <label>
            {asking.words}
            <select value={askTable} onChange={(e) => setAskTable(e.target.value)} aria-label="The slip’s table">
              <option value="">table…</option>
              {games.map((t) => (
                <option key={t.table} value={t.table}>
                  {t.table}: {t.players.join(' v ')}
                </option>
              ))}
            </select>
          </label>
        </SlipForm>
      )}
      <p className={said.error ? styles.eventDayError : styles.eventDaySaid} aria-live="polite">
        {said.text}
      </p>
      <table className={`roster-table ${styles.eventDayTable} ${styles.eventDayTables}`} aria-label={`Round ${r.round} tables`}>
        <TableHead columns={[{ label: 'Table', className: 'num' }, 'Players', 'Why', 'Result']} />
        <tbody>
          {shown.map((t) => (
            <tr key={t.table} className={t.resultSource === 'phone' ? styles.eventDayFromPhone : undefined}>
              <td className="num">
                <span className={styles.eventDayTableNo}>{t.table}</span>
                {t.pin && (
                  <span className={styles.eventDayPin} title="The table’s PIN: the phones’ results page asks for it">
                    PIN {t.pin}
                  </span>
                )}
              </td>
              <td>
                <div className={styles.eventDaySeats}>
                  <Seat name={t.players[0]} player={players.get(t.players[0])} />
                  <span className={`muted ${styles.eventDayV}`}>v</span>
                  <Seat name={t.players[1]!} player={players.get(t.players[1]!)} />
                </div>
              </td>
              <td className={styles.eventDayWhy}>{t.why}</td>
              <td>
                <EventDayResult eventId={state.id} round={r.round} table={t} day={day} laterRound={laterRound} onSaved={moveOn} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown.length === 0 && <p className="muted">{onlyOpen && !query ? 'Every table has its result.' : 'No table of this round matches.'}</p>}
      {byes.map((t) => (
        <p key={t.table} className={styles.eventDayBye}>
          <strong>Bye: {t.players[0]}</strong> <span className="muted">({byeWhy(t.players[0], t.why)}; scores as a win)</span>
        </p>
      ))}
      {reading && (
        <SlipReader
          onCode={(c) => {
            setReading(false)
            void takeSlip(c)
          }}
          onClose={() => setReading(false)}
        />
      )}
    </details>
  )
}
