// Paste a share code into the library: the roster it holds becomes a new roster, or nothing happens
// and the dialog says why (a damaged or cut-off code never makes half a roster).
import { useState } from 'react'
import type { RosterRow } from '../../src-main/ipc/contract'
import { api } from '../api'
import { Dialog, DialogActions } from './Dialog'

export function PasteCodeDialog({ onImported, onClose }: { onImported: (row: RosterRow) => void; onClose: () => void }) {
  const [code, setCode] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  async function importCode() {
    setBusy(true)
    const r = await api().importShareCode(code)
    setBusy(false)
    if (r.ok) onImported(r.value)
    else setError(r.error.message)
  }

  return (
    <Dialog title="Paste a share code" onClose={onClose}>
      <label className="stacked">
        Share code (starts with MU1.)
        <textarea
          data-autofocus
          value={code}
          rows={5}
          spellCheck={false}
          className="code"
          aria-invalid={error !== '' || undefined}
          aria-describedby={error ? 'paste-code-error' : undefined}
          onChange={(e) => {
            setCode(e.target.value)
            setError('')
          }}
        />
      </label>
      <DialogActions error={error} errorId="paste-code-error" onCancel={onClose}>
        <button className="primary" disabled={busy || code.trim() === ''} onClick={() => void importCode()}>
          Add to library
        </button>
      </DialogActions>
    </Dialog>
  )
}
