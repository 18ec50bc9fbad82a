// The event's players (Players tab): each with club and country, army, status (held back with its
// reasons, dropped, paired by the organiser's word) and roster revision. Rosters are added (late
// joiners too: they are paired from the next round) and what was entered is reported; a held player
// can be overridden, a player dropped after asking, and a dropped one reinstated after asking.
import { useState } from 'react'
import type { EnterReport, EventDayPlayer, EventDayState, EventFile, MusterBridge } from '../../src-main/ipc/contract'

type Entered = EnterReport['entered'][number]
import { api } from '../api'
import { countOf } from '../format'
import type { EventDay } from '../state/event-day'
import { ActionTableHead } from './ActionTableHead'
import { ConfirmDialog } from './ConfirmDialog'
import styles from './EventDay.module.css'

function Status({ p }: { p: EventDayPlayer }) {
  if (p.status === 'dropped') return <span className="badge">dropped</span>
  if (p.status === 'held')
    return (
      <>
        <span className="badge bad">held back</span>
        <ul className={styles.eventDayReasons} aria-label={`Why ${p.name} is held back`}>
          {(p.heldReasons ?? []).map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </>
    )
  return (
    <>
      <span className="badge ok">active</span>
      {p.overridden && <span className="badge todo">overridden</span>}
      {p.overridden && p.heldReasons && p.heldReasons.length > 0 && (
        <ul className={`${styles.eventDayReasons} muted`} aria-label={`Why ${p.name} was held back`}>
          {p.heldReasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </>
  )
}

/** Dropping a player and reinstating one, each asked first: the verb, the call, and what the dialog says. */
interface PlayerChange {
  verb: string
  run: MusterBridge['dropEventPlayer']
  words: (player: string, nextRound: number) => string
}
const drop: PlayerChange = {
  verb: 'Drop',
  run: (eventId, player) => api().dropEventPlayer(eventId, player),
  words: (player) => `${player} is not paired again. Their results so far stay, and so do their opponents’ scores.`
}
const reinstate: PlayerChange = {
  verb: 'Reinstate',
  run: (eventId, player) => api().reinstateEventPlayer(eventId, player),
  words: (player, nextRound) => `${player} is paired again from round ${nextRound}. Rounds they missed stay missed: no score for them.`
}

/** A player entered, with the revision when it replaced an earlier roster. */
const named = (e: Entered) => (e.revision > 1 ? `${e.player} (revision ${e.revision})` : e.player)

/** What the last entry did: who was entered (on one line), who is held back and why (a line each). */
export function EnterReportNotice({ report, onClose }: { report: EnterReport; onClose: () => void }) {
  const held = report.entered.filter((e) => e.status === 'held')
  const active = report.entered.filter((e) => e.status === 'active')
  const dropped = report.entered.filter((e) => e.status === 'dropped')
  return (
    <div className={held.length ? `notice warn ${styles.eventDayEntered}` : `notice ${styles.eventDayEntered}`} role="status" aria-label="Rosters entered">
      <strong>
        {countOf(report.entered.length, 'roster')} entered{held.length > 0 && `, ${held.length} held back`}
      </strong>
      <button className={styles.eventDayDismiss} onClick={onClose} aria-label="Dismiss the entry report">
        ✕
      </button>
      {active.length > 0 && <p>Active: {active.map(named).join(', ')}</p>}
      {dropped.length > 0 && <p>Still dropped: {dropped.map(named).join(', ')}</p>}
      {held.length > 0 && (
        <ul aria-label="Held back">
          {held.map((e) => (
            <li key={e.id}>
              <strong>{named(e)}</strong> held back: {(e.reasons ?? []).join('; ')}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export function EventDayPlayers({
  day,
  state,
  report,
  onReport
}: {
  day: EventDay
  state: EventDayState
  report: EnterReport | null
  onReport: (r: EnterReport | null) => void
}) {
  const [error, setError] = useState('')
  const [asking, setAsking] = useState<{ player: EventDayPlayer; change: PlayerChange } | null>(null)
  const paired = state.rounds.length

  async function add(what: 'files' | 'folder') {
    setError('')
    const picked = await api().pickEventFiles(what)
    if (!picked.ok) return setError(picked.error.message)
    if (!picked.value?.length) return
    const files: EventFile[] = picked.value
    const r = await day.change(() => api().enterEventRosters(state.id, files))
    if (r.ok) onReport(r.value)
    else setError(r.message)
  }
  async function override(p: EventDayPlayer) {
    setError('')
    const r = await day.change(() => api().overrideEventPlayer(state.id, p.name))
    if (!r.ok) setError(r.message)
  }

  return (
    <div className="event-day-players">
      <div className={styles.eventDayBar}>
        <button onClick={() => void add('files')}>Add rosters…</button>
        <button onClick={() => void add('folder')} title="A folder of submitted roster files: its .json files, in its folders too">
          Add a folder…
        </button>
        <span className="muted">
          {paired > 0 ? `Rosters added now are paired from round ${paired + 1}. ` : ''}A player’s second roster replaces the first as a new revision.
        </span>
      </div>
      <p className="load-error" aria-live="polite">
        {error}
      </p>
      {report && <EnterReportNotice report={report} onClose={() => onReport(null)} />}
      {state.players.length === 0 ? (
        <p className="empty">No player yet: add their rosters.</p>
      ) : (
        <table className={`roster-table ${styles.eventDayTable}`}>
          <ActionTableHead
            columns={['Player', 'Club / country', 'Army', 'Status', { label: 'Revision', className: 'num' }, { label: 'Joined', className: 'num' }]}
            action="Override, drop or reinstate"
          />
          <tbody>
            {state.players.map((p) => {
              const change = p.status === 'dropped' ? reinstate : drop
              return (
                <tr key={p.id} className={p.status === 'dropped' ? styles.eventDayDropped : undefined}>
                  <td>
                    <strong>{p.name}</strong>
                  </td>
                  <td>{[p.club, p.country].filter(Boolean).join(' · ') || <span className="muted">—</span>}</td>
                  <td>{p.armyTitle || <span className="muted">—</span>}</td>
                  <td>
                    <Status p={p} />
                  </td>
                  <td className="num">{p.revision}</td>
                  <td className="num">{p.joinedRound > 1 ? `round ${p.joinedRound}` : 'start'}</td>
                  <td className="row-actions">
                    {p.status === 'held' && (
                      <button onClick={() => void override(p)} aria-label={`Override ${p.name}`} title="Pair this roster all the same, by your word">
                        Override
                      </button>
                    )}
                    <button onClick={() => setAsking({ player: p, change })} aria-label={`${change.verb} ${p.name}…`}>
                      {change.verb}…
                    </button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
      {asking && (
        <ConfirmDialog
          title={`${asking.change.verb} ${asking.player.name}?`}
          action={`${asking.change.verb} player`}
          onClose={() => setAsking(null)}
          onConfirm={async () => {
            const r = await day.change(() => asking.change.run(state.id, asking.player.name))
            return r.ok ? null : r.message
          }}
        >
          <p>{asking.change.words(asking.player.name, paired + 1)}</p>
        </ConfirmDialog>
      )}
    </div>
  )
}
