// What the library has to say above the list: what was just done (with Undo), the rosters marked
// "data changed" (show only them, clear the marks), and the report of an import.
import type { ImportReport } from '../state/import-files'
import type { Notice } from '../state/library-actions'
import { countOf } from '../format'
import type { SetNotice } from './LibraryRow'

export function LibraryNotices({
  notice,
  setNotice,
  marked,
  onlyMarked,
  onShowOnlyMarked,
  onClearMarks,
  report,
  onDismissReport
}: {
  notice: Notice
  setNotice: SetNotice
  /** How many rosters are marked "data changed" (none said in the trash). */ marked: number
  onlyMarked: boolean
  onShowOnlyMarked: (only: boolean) => void
  onClearMarks: () => void
  report: ImportReport | null
  onDismissReport: () => void
}) {
  return (
    <>
      {notice && (
        <div className="notice" role="status">
          {notice.text}
          {notice.undo && (
            <button
              onClick={() => {
                notice.undo!()
                setNotice(null)
              }}
            >
              Undo
            </button>
          )}
          <button aria-label="Dismiss" onClick={() => setNotice(null)}>
            ✕
          </button>
        </div>
      )}
      {marked > 0 && (
        <div className="notice warn data-marks" role="status" aria-label="Data changed">
          {countOf(marked, 'roster')} {marked === 1 ? 'is' : 'are'} marked “data changed”: new rules data or other values changed{' '}
          {marked === 1 ? 'its' : 'their'} points or verdict.
          <button aria-pressed={onlyMarked} onClick={() => onShowOnlyMarked(!onlyMarked)}>
            {onlyMarked ? 'Show all' : 'Show only these'}
          </button>
          <button onClick={onClearMarks} title="Take the “data changed” mark off every roster (saving a roster takes its own off)">
            Clear all marks
          </button>
        </div>
      )}
      {report && (
        <div className={report.failed.length ? 'notice warn' : 'notice'} role="status" aria-label="Import report">
          Imported {countOf(report.imported.length, 'roster')}
          {report.failed.length > 0 && `; ${report.failed.length} not imported:`}
          <ul>
            {report.failed.map((f) => (
              <li key={f.source}>
                {f.source}: {f.reason}
              </li>
            ))}
          </ul>
          <button aria-label="Dismiss" onClick={onDismissReport}>
            ✕
          </button>
        </div>
      )}
    </>
  )
}
