// After the event's profile is saved (updateEventProfile): the players whose rosters, checked again
// under the new profile, changed status or reasons (the answer's `recheck`), in words: who is now held
// back and why, who is active again, who stays held for new reasons, and an overridden player's new
// reasons (they stay active, as the organiser said). Shown only when someone changed. What each was before comes from the state read
// before the change.
import type { EventDayPlayer, EventDayState } from '../../src-main/ipc/contract'
import { countOf } from '../format'
import styles from './EventDay.module.css'

export type Rechecked = NonNullable<EventDayState['recheck']>[number]

/** What the profile's change did to players, and what they were before it. */
export interface RecheckReport {
  recheck: Rechecked[]
  before: EventDayPlayer[]
}

const names = (rs: Rechecked[]) => rs.map((r) => r.player).join(', ')
const are = (n: number) => (n === 1 ? 'is' : 'are')

function Reasons({ rs, label }: { rs: Rechecked[]; label: string }) {
  return (
    <ul aria-label={label}>
      {rs.map((r) => (
        <li key={r.player}>
          <strong>{r.player}</strong>: {(r.reasons ?? []).join('; ')}
        </li>
      ))}
    </ul>
  )
}

export function RecheckNotice({ report, onClose }: { report: RecheckReport; onClose: () => void }) {
  const was = new Map(report.before.map((p) => [p.name, p]))
  const { recheck } = report
  const nowHeld = recheck.filter((r) => r.status === 'held' && was.get(r.player)?.status !== 'held')
  const stillHeld = recheck.filter((r) => r.status === 'held' && was.get(r.player)?.status === 'held')
  const active = recheck.filter((r) => r.status === 'active' && !was.get(r.player)?.overridden)
  const overridden = recheck.filter((r) => r.status === 'active' && was.get(r.player)?.overridden && r.reasons?.length)
  const passing = recheck.filter((r) => r.status === 'active' && was.get(r.player)?.overridden && !r.reasons?.length)
  const heldCount = nowHeld.length + stillHeld.length
  return (
    <div className={heldCount ? `notice warn ${styles.eventDayEntered}` : `notice ${styles.eventDayEntered}`} role="status" aria-label="Players checked again">
      <strong>Profile saved. Every roster was checked again under it:</strong>
      <button className={styles.eventDayDismiss} onClick={onClose} aria-label="Dismiss what the new profile changed">
        ✕
      </button>
      {nowHeld.length > 0 && (
        <>
          <p>
            {countOf(nowHeld.length, 'player')} {are(nowHeld.length)} now held back: {names(nowHeld)}.
          </p>
          <Reasons rs={nowHeld} label="Why they are held back now" />
        </>
      )}
      {active.length > 0 && (
        <p>
          {countOf(active.length, 'player')} {are(active.length)} active again: {names(active)}.
        </p>
      )}
      {stillHeld.length > 0 && (
        <>
          <p>Still held back, for new reasons: {names(stillHeld)}.</p>
          <Reasons rs={stillHeld} label="Their new reasons" />
        </>
      )}
      {overridden.length > 0 && (
        <>
          <p>Still active (you overrode their check), with new reasons for the record: {names(overridden)}.</p>
          <Reasons rs={overridden} label="New reasons of overridden players" />
        </>
      )}
      {passing.length > 0 && <p>Their rosters pass the check now (your override is no longer needed): {names(passing)}.</p>}
    </div>
  )
}
