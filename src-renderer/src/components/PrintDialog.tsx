// Print / Export PDF: the roster sheet, unit cards or a quick-reference sheet (optionally tailored
// to an opponent from the library), on A4 or US Letter.
import { useEffect, useState } from 'react'
import type { RosterRow } from '../../../src-main/store/types'
import { api } from '../api'
import { download } from '../download'
import { savedFirst } from '../state/autosave'
import { Dialog } from './Dialog'

type Kind = 'roster' | 'cards' | 'qrs'

const downloadPdf = (fileName: string, base64: string) => download(fileName, Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)), 'application/pdf')

export function PrintDialog({ id, ruleset, onClose }: { id: string; ruleset: string; onClose: () => void }) {
  const [kind, setKind] = useState<Kind>('roster')
  const [paper, setPaper] = useState<'a4' | 'letter'>(navigator.language === 'en-US' ? 'letter' : 'a4')
  const [opponent, setOpponent] = useState('')
  const [rivals, setRivals] = useState<RosterRow[]>([])
  const [state, setState] = useState<{ busy: boolean; message: string }>({ busy: false, message: '' })

  useEffect(() => {
    void api()
      .listRosters({ ruleset, limit: 200 })
      .then((r) => r.ok && setRivals(r.value.rows.filter((x) => x.id !== id)))
  }, [id, ruleset])

  async function make() {
    setState({ busy: true, message: 'Making the PDF…' })
    const unsaved = await savedFirst(id)
    if (unsaved) return setState({ busy: false, message: unsaved })
    const r = await api().exportPdf(id, kind, paper, ...(kind === 'qrs' && opponent ? [opponent] : []))
    if (!r.ok) return setState({ busy: false, message: r.error.message })
    downloadPdf(r.value.fileName, r.value.base64)
    setState({ busy: false, message: `Saved ${r.value.fileName} (check code ${r.value.checkCode})` })
  }

  return (
    <Dialog title="Print / Export PDF" onClose={onClose}>
        <fieldset>
          <legend>What</legend>
          {(
            [
              ['roster', 'Roster sheet, with the check code an organiser can verify'],
              ['cards', 'Unit reference cards, nine to a page, with cut marks'],
              ['qrs', 'Quick-reference sheet for the troop types in this roster']
            ] as Array<[Kind, string]>
          ).map(([k, label]) => (
            <label key={k} className="radio">
              <input type="radio" name="kind" checked={kind === k} onChange={() => setKind(k)} /> {label}
            </label>
          ))}
          {kind === 'qrs' && (
            <label>
              Against (optional)
              <select value={opponent} onChange={(e) => setOpponent(e.target.value)} aria-label="Opponent roster">
                <option value="">no opponent</option>
                {rivals.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </fieldset>
        <fieldset>
          <legend>Paper</legend>
          <label className="radio">
            <input type="radio" name="paper" checked={paper === 'a4'} onChange={() => setPaper('a4')} /> A4
          </label>
          <label className="radio">
            <input type="radio" name="paper" checked={paper === 'letter'} onChange={() => setPaper('letter')} /> US Letter
          </label>
        </fieldset>
        {state.message && <p role="status">{state.message}</p>}
        <div className="buttons">
          <button onClick={onClose}>Close</button>
          <button className="primary" disabled={state.busy} onClick={() => void make()}>
            Save PDF
          </button>
        </div>
    </Dialog>
  )
}
