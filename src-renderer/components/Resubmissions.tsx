// Resubmissions on the Event check screen: the picker of the last check's JSON report, and the line
// under a player's row saying what changed since. The wording is the HTML report's (src-shared).
import type { EventFile, EventRow } from '../../src-main/ipc/contract'
import { changesHeading, NOT_FLAGGED } from '../../src-shared/resubmissions'
import { api } from '../api'

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
    <div className="event-previous">
      <button type="button" onClick={() => void pick()} title="The JSON report a previous check saved: each resubmission then says what changed since">
        Previous report…
      </button>
      {value ? (
        <>
          <span className="event-previous-name" title={value.name}>
            {value.name}
          </span>
          <button type="button" className="event-previous-clear" onClick={() => onChange(null)} aria-label={`Clear the previous report ${value.name}`}>
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
    <tr className="event-since-row">
      <td />
      <td colSpan={columns - 1}>
        <span className={`event-since-head${s.unflagged.length ? ' beyond' : s.changes.length ? '' : ' same'}`}>{changesHeading(s)}</span>
        <span className="muted">
          {' '}
          · {s.previousValid ? 'legal' : 'illegal'} then{file !== baseName(row.file) ? `, as ${file}` : ''}
        </span>
        {s.changes.length > 0 && (
          <ul className="event-changes" aria-label={`Changes by ${row.player ?? baseName(row.file)}`}>
            {s.changes.map((c, i) => (
              <li key={i} className={beyond.has(c) ? 'beyond' : undefined}>
                {beyond.has(c) && <span className="event-tag">{NOT_FLAGGED}</span>} {c}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  )
}
