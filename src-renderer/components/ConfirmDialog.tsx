// Asks before something that cannot be taken back (an event deleted, a player dropped, a result
// replaced): what happens, Cancel first, then the action; a refusal is said inside the dialog.
import { useState, type ReactNode } from 'react'
import { Dialog, DialogActions } from './Dialog'

export function ConfirmDialog({
  title,
  action,
  onConfirm,
  onClose,
  children
}: {
  title: string
  /** The action's button: "Delete event". */
  action: string
  /** Does it; an error message when refused (the dialog stays), null when done (the dialog closes). */
  onConfirm: () => Promise<string | null>
  onClose: () => void
  children: ReactNode
}) {
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  async function confirm() {
    setBusy(true)
    const refused = await onConfirm()
    setBusy(false)
    if (refused) setError(refused)
    else onClose()
  }
  return (
    <Dialog title={title} onClose={onClose}>
      {children}
      <DialogActions error={error} onCancel={onClose} cancelFirst>
        <button className="primary" disabled={busy} onClick={() => void confirm()}>
          {action}
        </button>
      </DialogActions>
    </Dialog>
  )
}
