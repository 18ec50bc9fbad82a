// Resubmissions on the Event check screen: the picker of the last check's JSON report, and the line
// under a player's row saying what changed since. The wording is the HTML report's (src-shared).
import type { EventFile, EventRow } from '../../src-main/ipc/contract'
import { changesHeading, NOT_FLAGGED } from '../../src-shared/resubmissions'
import { api } from '../api'
import styles from './Resubmissions.module.css'

const baseName = (file: string) => file.split(/[\\/]/).pop() ?? file

/** "Previous report…": the main process shows its open dialog (and reads the file at each check); the chosen name, and Clear. */
export function PreviousReportPicker({
  value,
  onChange,
  onError
}: {
  value: EventFile | null
  onChange: (file: EventFile | null) => void
  onError: (message: string) => void
}) {
  async function pick() {
    const r = await api().pickEventFiles('previous')
    if (!r.ok) onError(r.error.message)
    else if (r.value?.[0]) onChange(r.value[0])
  }
  return (
    <div className={styles.eventPrevious}>
      <button type="button" onClick={() => void pick()} title="The JSON report a previous check saved: each resubmission then says what changed since">
        Previous report…
      </button>
      {value ? (
        <>
          <span className={styles.eventPreviousName} title={value.name}>
            {value.name}
          </span>
          <button type="button" className={styles.eventPreviousClear} onClick={() => onChange(null)} aria-label={`Clear the previous report ${value.name}`}>
            Clear
          </button>
        </>
      ) : (
        <span className="muted">none: resubmissions are not compared</span>
      )}
    </div>
  )
}

/** The row under a player's: what changed since the last check, changes beyond what it flagged marked in words. */
export function SinceRow({ row, columns }: { row: EventRow; columns: number }) {
  const s = row.resubmission
  if (!s) return null
  const file = baseName(s.previousFile)
  const beyond = new Set(s.unflagged)
  return (
    <tr className={styles.eventSinceRow}>
      <td />
      <td colSpan={columns - 1}>
        <span className={`${styles.eventSinceHead}${s.unflagged.length ? ` ${styles.beyond}` : s.changes.length ? '' : ` ${styles.same}`}`}>
          {changesHeading(s)}
        </span>
        <span className="muted">
          {' '}
          · {s.previousValid ? 'legal' : 'illegal'} then{file !== baseName(row.file) ? `, as ${file}` : ''}
        </span>
        {s.changes.length > 0 && (
          <ul className={styles.eventChanges} aria-label={`Changes by ${row.player ?? baseName(row.file)}`}>
            {s.changes.map((c, i) => (
              <li key={i} className={beyond.has(c) ? styles.beyond : undefined}>
                {beyond.has(c) && <span className={styles.eventTag}>{NOT_FLAGGED}</span>} {c}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  )
}
