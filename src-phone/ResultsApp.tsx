// An event's results page on a player's phone: the current round's tables; tap yours, type the table's
// result PIN (on its result slip), then say who won (and the score), or paste the result code from the
// game's slip, and confirm it. Muster's answer is read out (a live region) and shown above. The tables
// are read again whenever the page is shown again, and on Refresh (a pull of the page reloads it). A
// table with a result takes no other: the organiser replaces one. An event deleted is said, once.
import { useCallback, useEffect, useRef, useState } from 'react'
import { resultWords, type ResultPost, type ResultsTable, type ResultsTables } from '../src-shared/event-results'
import { checkPin, readTables, sendResult, type Unread } from './results-api'
import { ResultForm } from './ResultForm'
import { ResultPin } from './ResultPin'

type Said = { ok: boolean; words: string } | null

const pair = (t: ResultsTable): t is Omit<ResultsTable, 'players'> & { players: [string, string] } => t.players.length === 2

export function ResultsApp() {
  const [tables, setTables] = useState<ResultsTables | null>(null)
  const [unread, setUnread] = useState<string | null>(null)
  const [open, setOpen] = useState<number | null>(null)
  const [said, setSaid] = useState<Said>(null)
  const [busy, setBusy] = useState(false)
  /** The PIN Muster took for a table, by round and table ("1-3"): asked once a table. */
  const [pins, setPins] = useState<ReadonlyMap<string, string>>(new Map())
  /** The event is no longer run here: nothing more to ask. */
  const [gone, setGone] = useState(false)
  const answer = useRef<HTMLParagraphElement>(null)

  const lost = (why: Unread) => {
    if (!why.gone) return false
    setGone(true)
    setOpen(null)
    setSaid(null)
    setUnread(why.error)
    return true
  }

  const refresh = useCallback(
    () =>
      readTables().then((read) => {
        if ('error' in read) {
          if (read.gone) {
            setGone(true)
            setOpen(null)
          }
          return setUnread(read.error)
        }
        setUnread(null)
        setGone(false)
        setTables(read)
        document.title = `${read.event}: results`
      }),
    []
  )

  // the tables read at once, then again whenever the page is shown again (back from another app, a tab)
  useEffect(() => {
    void refresh()
    const shown = () => {
      if (document.visibilityState === 'visible') void refresh()
    }
    document.addEventListener('visibilitychange', shown)
    window.addEventListener('pageshow', shown)
    window.addEventListener('online', shown)
    return () => {
      document.removeEventListener('visibilitychange', shown)
      window.removeEventListener('pageshow', shown)
      window.removeEventListener('online', shown)
    }
  }, [refresh])

  const say = (s: Said) => {
    setSaid(s)
    // the answer sits above the form: bring it into sight (the live region reads it out)
    requestAnimationFrame(() => answer.current?.scrollIntoView?.({ block: 'nearest' }))
  }

  const send = async (post: ResultPost) => {
    setBusy(true)
    const done = await sendResult(post)
    setBusy(false)
    if ('error' in done) {
      if (!lost(done)) say({ ok: false, words: done.error })
      return false
    }
    say({ ok: true, words: `Muster has table ${done.table}'s result: ${resultWords(done.players, done.result)}.` })
    setOpen(null)
    void refresh()
    return true
  }

  const round = tables?.round ?? null
  const table = gone ? undefined : tables?.tables.find((t) => t.table === open)
  const pin = table && round !== null ? pins.get(`${round}-${table.table}`) : undefined

  const tryPin = async (typed: string) => {
    if (!table || round === null) return
    setBusy(true)
    const refused = await checkPin({ round, table: table.table, pin: typed })
    setBusy(false)
    if (refused) return lost(refused) || say({ ok: false, words: refused.error })
    setSaid(null)
    setPins((m) => new Map(m).set(`${round}-${table.table}`, typed))
  }
  const edited = () => setSaid((s) => (s?.ok === false ? null : s))
  return (
    <>
      <header className="phone-header">
        <h1>{tables?.event ?? 'Results'}</h1>
        <p className="phone-ruleset">{round === null ? 'Results from the tables' : `Round ${round}: results from the tables`}</p>
      </header>
      <main>
        <p ref={answer} role="status" aria-live="polite" className={said ? (said.ok ? 'results-said results-ok' : 'results-said phone-error') : 'results-said'}>
          {said?.words}
        </p>
        {unread && <p className="phone-error">{unread}</p>}
        {gone ? null : table && pair(table) && round !== null ? (
          <section aria-labelledby="results-form-title">
            <button type="button" className="results-back" onClick={() => setOpen(null)}>
              <span aria-hidden="true">‹</span> All tables
            </button>
            <h2 id="results-form-title" className="results-title">
              Table {table.table}: {table.players[0]} <span className="phone-vs">v</span> {table.players[1]}
            </h2>
            {pin === undefined ? (
              <ResultPin
                key={`${round}-${table.table}`}
                table={table.table}
                busy={busy}
                onPin={(typed) => void tryPin(typed)}
                onProblem={(words) => say({ ok: false, words })}
                onEdit={edited}
              />
            ) : (
              <ResultForm
                key={`${round}-${table.table}`}
                round={round}
                table={table}
                pin={pin}
                busy={busy}
                onSend={send}
                onProblem={(words) => say({ ok: false, words })}
                onEdit={edited}
              />
            )}
          </section>
        ) : (
          <Tables
            tables={tables}
            onOpen={(n) => {
              setSaid(null)
              setOpen(n)
              window.scrollTo?.(0, 0)
            }}
          />
        )}
      </main>
      <footer className="phone-footer">
        <p>Only the organiser can change a result once it is in.</p>
        <button type="button" onClick={() => void refresh()}>
          Refresh
        </button>
      </footer>
    </>
  )
}

/** Past this many tables the list is long on a phone: a field finds a player's table by name. */
const FIND_FROM = 8

const folded = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

function Tables({ tables, onOpen }: { tables: ResultsTables | null; onOpen: (table: number) => void }) {
  const [find, setFind] = useState('')
  if (!tables) return <p className="muted">Reading the tables from Muster…</p>
  if (tables.round === null) return <p>No round is paired yet. Once the organiser pairs one, Refresh.</p>
  const open = tables.tables.filter((t) => pair(t) && t.result === null).length
  const wanted = folded(find.trim())
  const shown = wanted
    ? tables.tables.filter((t) => t.players.some((p) => folded(p).includes(wanted)) || (pair(t) && String(t.table) === wanted))
    : tables.tables
  return (
    <section aria-labelledby="results-tables-title">
      <h2 id="results-tables-title" className="results-title">
        {open === 0 ? `Every table of round ${tables.round} has its result` : 'Tap your table'}
      </h2>
      {tables.tables.length > FIND_FROM && (
        <div className="results-find">
          <label htmlFor="results-find">Find it: your name, or the table&apos;s number</label>
          <input id="results-find" type="search" autoComplete="off" value={find} onChange={(e) => setFind(e.target.value)} />
          {wanted && shown.length === 0 && <p className="muted">No table has a player called that.</p>}
        </div>
      )}
      <ul className="results-tables">
        {shown.map((t) => (
          <li key={t.table}>
            {pair(t) && t.result === null ? (
              <button type="button" className="results-table" onClick={() => onOpen(t.table)}>
                <span className="results-number">Table {t.table}</span>
                <span className="results-players">
                  {t.players[0]} <span className="phone-vs">v</span> {t.players[1]}
                </span>
                <span className="results-state">Send the result ›</span>
              </button>
            ) : (
              <div className="results-table results-done">
                {pair(t) ? (
                  <>
                    <span className="results-number">Table {t.table}</span>
                    <span className="results-players">
                      {t.players[0]} <span className="phone-vs">v</span> {t.players[1]}
                    </span>
                  </>
                ) : (
                  <>
                    <span className="results-number">Bye:</span>
                    <span className="results-players">{t.players[0]}</span>
                  </>
                )}
                <span className="results-state">{t.result ? `In: ${resultWords(t.players, t.result)}` : 'No result to send'}</span>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
