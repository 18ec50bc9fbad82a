// "Recheck": every roster of the library checked with the data in force now (after new army lists or
// rules data), and the ones whose points or verdict changed since they were saved, before and after.
// Nothing changes until the player updates the library's stored results.
import { useEffect, useState } from 'react'
import type { LibraryImpact } from '../../../src-main/ipc/contract'
import { api } from '../api'
import { formatPoints } from '../format'
import { Dialog } from './Dialog'

const verdict = (valid: boolean | null) => (valid === null ? 'unchecked' : valid ? 'legal' : 'not legal')

export function RecheckDialog({ onOpen, onUpdated, onClose }: { onOpen: (id: string) => void; onUpdated: (count: number) => void; onClose: () => void }) {
  const [impacts, setImpacts] = useState<LibraryImpact[] | null>(null)
  const [error, setError] = useState('')
  useEffect(() => {
    let live = true
    void api()
      .libraryImpact()
      .then((r) => {
        if (!live) return
        if (r.ok) setImpacts(r.value)
        else setError(r.error.message)
      })
    return () => {
      live = false
    }
  }, [])

  async function update() {
    const r = await api().refreshSummaries(impacts!.map((i) => i.id))
    if (r.ok) onUpdated(r.value)
    else setError(r.error.message)
  }

  return (
    <Dialog title="Recheck with the data in force" onClose={onClose} wide>
      {!impacts && !error && <p role="status">Checking every roster…</p>}
      {error && (
        <p className="load-error" role="alert">
          {error}
        </p>
      )}
      {impacts && impacts.length === 0 && <p role="status">Every roster checks as it did when it was saved.</p>}
      {impacts && impacts.length > 0 && (
        <>
          <p role="status">
            {impacts.length === 1 ? '1 roster checks' : `${impacts.length} rosters check`} differently now ({impacts.filter((i) => i.before.valid && !i.after.valid).length} no longer legal).
          </p>
          <table className="impact">
            <caption className="visually-hidden">Rosters whose points or verdict changed</caption>
            <thead>
              <tr>
                <th>Roster</th>
                <th>Points</th>
                <th>Verdict</th>
                <th>Now</th>
                <th>
                  <span className="visually-hidden">Open</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {impacts.map((i) => (
                <tr key={i.id}>
                  <td>{i.name}</td>
                  <td>
                    {i.before.points === null ? '–' : formatPoints(i.before.points)} → {formatPoints(i.after.points)}
                  </td>
                  <td>
                    {verdict(i.before.valid)} → {verdict(i.after.valid)}
                  </td>
                  <td className="muted">{i.after.errors.join(' ')}</td>
                  <td>
                    <button onClick={() => onOpen(i.id)} aria-label={`Open ${i.name}`}>
                      Open
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <div className="buttons">
        <button onClick={onClose}>Close</button>
        {impacts && impacts.length > 0 && (
          <button className="primary" onClick={() => void update()} title="Store the new points and verdicts in the library (the rosters themselves do not change)">
            Update the library
          </button>
        )}
      </div>
    </Dialog>
  )
}
