// Every saved revision of a roster, with its points and legality; Restore puts one back (as a new
// edit, so it can be undone).
import { useEffect, useState } from 'react'
import type { RevisionRow } from '../../src-main/ipc/contract'
import { api } from '../api'
import { formatPoints } from '../format'
import { Dialog } from './Dialog'
import { ActionTableHead } from './ActionTableHead'
import { ErrorLine } from './ErrorLine'

export function HistoryDialog({ id, onRestore, onClose }: { id: string; onRestore: (revision: number) => void; onClose: () => void }) {
  const [revisions, setRevisions] = useState<RevisionRow[] | null>(null)
  const [error, setError] = useState('')
  useEffect(() => {
    void api()
      .listRevisions(id)
      .then((r) => (r.ok ? setRevisions(r.value) : setError(r.error.message)))
  }, [id])
  return (
    <Dialog title="Revision history" onClose={onClose}>
      <ErrorLine error={error} />
      {revisions && (
        <table>
          <ActionTableHead columns={['Revision', 'Saved', 'Points', 'Legal']} action="Restore" />
          <tbody>
            {revisions.map((r) => (
              <tr key={r.revision}>
                <td>{r.revision}</td>
                <td>{new Date(r.savedAt).toLocaleString()}</td>
                <td>{r.points === null ? '?' : formatPoints(r.points)}</td>
                <td>{r.valid === null ? '?' : r.valid ? 'yes' : 'no'}</td>
                <td>
                  <button onClick={() => onRestore(r.revision)}>Restore</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="buttons">
        <button data-autofocus onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  )
}
