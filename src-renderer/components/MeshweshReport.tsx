// The end of a Meshwesh sync in the dialog (MeshweshSync.tsx): one line, when the extras (historical
// enemies and themes) were last refreshed with Full refresh one click away, then the rosters it
// touched, the lists changed, added and removed, and what could not be fetched or failed the checks.
import { useEffect, useRef, type ReactNode } from 'react'
import type { MeshweshReport } from '../../src-main/ipc/contract'
import { countOf } from '../format'
import { ImpactTable } from './RecheckDialog'
import { armyTitle } from '../../src-shared/army-title'
import styles from './MeshweshSync.module.css'

export const dateText = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })
const listName = (l: { name: string; list: string }) => armyTitle({ name: l.name, listNumber: l.list })

/** "Historical enemies and themes last refreshed 3 Mar 2025." */
export function extrasText(refreshedAt: string | null, now = false): string {
  if (now) return 'Historical enemies and themes refreshed now.'
  return refreshedAt ? `Historical enemies and themes last refreshed ${dateText(refreshedAt)}.` : 'Historical enemies and themes not fetched yet.'
}

/** One part of the report: its lists under a line that counts them, shown open or folded; nothing when none. */
function Lists({
  title,
  n,
  open = false,
  columns = false,
  note,
  children
}: {
  title: string
  n: number
  open?: boolean
  columns?: boolean
  note?: string
  children: ReactNode
}) {
  if (n === 0) return null
  return (
    <details open={open || undefined}>
      <summary>
        {title}: {countOf(n, 'list')}
      </summary>
      {note && <p className={`muted ${styles.smallPrint}`}>{note}</p>}
      <ul className={columns ? `${styles.meshweshLists} ${styles.meshweshColumns}` : styles.meshweshLists}>{children}</ul>
    </details>
  )
}

/** A list not taken (not fetched, or failed the checks): its name, why, and whether the copy before it stays. */
function NotTaken({ list, kept }: { list: { name: string; reason: string; kept?: boolean }; /** Said when it stays. */ kept: string }) {
  return (
    <li>
      <strong>{list.name}</strong>: {list.reason}
      {list.kept ? ` (${kept})` : ''}
    </li>
  )
}

export function Report({
  report,
  onOpen,
  onAgain,
  onFull,
  onClose
}: {
  report: MeshweshReport
  onOpen: (id: string) => void
  onAgain: () => void
  /** A full refresh: the lists and every extra asked again. */
  onFull: () => void
  onClose: () => void
}) {
  const closeRef = useRef<HTMLButtonElement>(null)
  useEffect(() => closeRef.current?.focus(), [])
  const impact = report.impact
  const ended = report.status === 'published' || report.status === 'unchanged'
  const again = report.status === 'cancelled' ? 'Resume' : report.status === 'offline' || report.status === 'failed' ? 'Try again' : null
  const notFetched = report.extrasNotFetched.length + report.failed.length
  return (
    <div className={`${styles.meshweshSync} ${styles.meshweshReport}`}>
      <p role="status" className={`${styles.meshweshSummary} ${styles[report.status] ?? ''}`}>
        {report.message}
      </p>
      {ended && (
        <p className={`muted ${styles.smallPrint}`}>
          {countOf(report.downloaded, 'list')} downloaded, {report.unchanged} unchanged
          {report.resumed ? `; historical enemies of ${countOf(report.resumed, 'list')} fetched before the interruption` : ''}.{' '}
          <span className="meshwesh-extras">{extrasText(report.extrasRefreshedAt, report.extrasRefreshed)}</span>
        </p>
      )}
      {report.notes.map((n) => (
        <p key={n} className={`muted ${styles.smallPrint}`}>
          {n}
        </p>
      ))}
      {impact && impact.listsUsed.length === 0 && impact.rosters.length === 0 && (report.changed.length > 0 || report.removed.length > 0) && (
        <p className="muted">{impact.summary}</p>
      )}
      {impact && (impact.listsUsed.length > 0 || impact.rosters.length > 0) && (
        <section aria-labelledby="meshwesh-impact">
          <h3 id="meshwesh-impact">Your rosters</h3>
          <p>{impact.summary}</p>
          {impact.rosters.length > 0 && (
            <ImpactTable impacts={impact.rosters} onOpen={onOpen} caption="Rosters the new lists check differently" errorsShown={1} />
          )}
        </section>
      )}
      {notFetched > 0 && (
        <details open className="meshwesh-not-fetched">
          <summary>Not fetched{report.failed.length ? `: ${countOf(report.failed.length, 'list')}` : ''}</summary>
          <ul className={styles.meshweshLists}>
            {report.extrasNotFetched.map((x) => (
              <li key={x}>{x}</li>
            ))}
            {report.failed.map((f) => (
              <NotTaken key={f.id} list={f} kept="the last copy is kept" />
            ))}
          </ul>
        </details>
      )}
      <Lists title="Changed" n={report.changed.length} open={report.changed.length <= 12}>
        {report.changed.map((c) => (
          <li key={c.army}>
            <strong>{listName(c)}</strong>: {c.changes.join('; ')}
          </li>
        ))}
      </Lists>
      <Lists title="Added" n={report.added.length} columns>
        {report.added.map((a) => (
          <li key={a.army}>{listName(a)}</li>
        ))}
      </Lists>
      <Lists title="Removed by Meshwesh" n={report.removed.length} open note="Rosters on them still open and check, from the last copy.">
        {report.removed.map((r) => (
          <li key={r.army}>{listName(r)}</li>
        ))}
      </Lists>
      <Lists title="Failed the checks" n={report.rejected.length} open>
        {report.rejected.map((r) => (
          <NotTaken key={r.id} list={r} kept="the last good copy is kept" />
        ))}
      </Lists>
      <div className="buttons">
        {again && (
          <button type="button" onClick={onAgain}>
            {again}
          </button>
        )}
        {ended && (
          <button type="button" onClick={onFull} title="Fetch the lists and every list's historical enemies and themes again">
            Full refresh
          </button>
        )}
        <button type="button" ref={closeRef} className="primary" onClick={onClose} data-autofocus>
          Close
        </button>
      </div>
    </div>
  )
}
