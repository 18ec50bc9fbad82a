// The folder dialogs of the library: name a new folder or rename one, delete one (its rosters stay,
// in no folder), and move a roster to a folder. Each says in words what the library refused.
import { useState, type FormEvent } from 'react'
import type { FolderSummary, RosterRow } from '../../src-main/ipc/contract'
import { api } from '../api'
import { countOf } from '../format'
import { Dialog, DialogActions } from './Dialog'
import styles from './FolderBar.module.css'

/** The longest name the library takes (the store says so too). */
const FOLDER_NAME_MAX = 80

type Answer = { ok: true } | { ok: false; error: { message: string } }

/** Runs a library call; its error, if any, is shown in the dialog, which stays open. */
function useCall() {
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const run = async <T extends Answer>(call: () => Promise<T>, done: (answer: T & { ok: true }) => void) => {
    setBusy(true)
    const r = await call()
    setBusy(false)
    if (r.ok) done(r as T & { ok: true })
    else setError(r.error.message.replace(/^./, (c) => c.toUpperCase()))
  }
  return { error, setError, busy, run }
}

/** New folder (folder undefined) or rename one. */
export function FolderNameDialog({
  folder,
  onDone,
  onClose
}: {
  folder?: FolderSummary
  onDone: (folder: { id: string; name: string }) => void
  onClose: () => void
}) {
  const [name, setName] = useState(folder?.name ?? '')
  const { error, setError, busy, run } = useCall()
  const errorId = 'folder-name-error'
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!name.trim()) return setError('A folder name cannot be empty')
    if (folder)
      void run(
        () => api().renameFolder(folder.id, name),
        (r) => onDone(r.value)
      )
    else
      void run(
        () => api().createFolder(name),
        (r) => onDone({ id: r.value, name: name.trim() })
      )
  }
  return (
    <Dialog title={folder ? `Rename folder “${folder.name}”` : 'New folder'} onClose={onClose}>
      <form onSubmit={submit}>
        <label className={`stacked ${styles.folderNameField}`}>
          Folder name
          <input
            data-autofocus
            type="text"
            value={name}
            maxLength={FOLDER_NAME_MAX}
            autoComplete="off"
            aria-invalid={error !== '' || undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setName(e.target.value)
              setError('')
            }}
          />
        </label>
        <DialogActions error={error} errorId={errorId} onCancel={onClose}>
          <button type="submit" className="primary" disabled={busy || name.trim() === '' || name.trim() === folder?.name}>
            {folder ? 'Rename' : 'Create folder'}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  )
}

/** Asks first; the folder goes, its rosters stay in the library, in no folder. */
export function DeleteFolderDialog({ folder, onDone, onClose }: { folder: FolderSummary; onDone: (rosters: number) => void; onClose: () => void }) {
  const { error, busy, run } = useCall()
  return (
    <Dialog title={`Delete folder “${folder.name}”?`} onClose={onClose}>
      <p>
        {folder.count === 0
          ? 'The folder is empty.'
          : folder.count === 1
            ? 'Its roster stays in the library, under No folder.'
            : `Its ${countOf(folder.count, 'roster')} stay in the library, under No folder.`}{' '}
        No roster is deleted.
      </p>
      <DialogActions error={error} onCancel={onClose} cancelFirst>
        <button
          className="primary"
          disabled={busy}
          onClick={() =>
            void run(
              () => api().deleteFolder(folder.id),
              (r) => onDone(r.value)
            )
          }
        >
          Delete folder
        </button>
      </DialogActions>
    </Dialog>
  )
}

/** Which folder a roster goes in (or none): one choice of the list, the roster's own checked. */
export function MoveToFolderDialog({
  row,
  folders,
  onDone,
  onClose
}: {
  row: RosterRow
  folders: FolderSummary[]
  onDone: (row: RosterRow) => void
  onClose: () => void
}) {
  const [target, setTarget] = useState<string | null>(row.folderId)
  const { error, busy, run } = useCall()
  const choices: Array<{ id: string | null; name: string }> = [{ id: null, name: 'No folder' }, ...folders]
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void run(
      () => api().moveToFolder(row.id, target),
      (r) => onDone(r.value)
    )
  }
  return (
    <Dialog title="Move to folder" onClose={onClose}>
      <form onSubmit={submit}>
        <fieldset className={styles.folderChoices}>
          <legend>Folder for “{row.name}”</legend>
          {choices.map((c) => (
            <label key={c.id ?? ''} className="radio">
              <input
                type="radio"
                name="folder"
                data-autofocus={c.id === row.folderId ? true : undefined}
                checked={target === c.id}
                onChange={() => setTarget(c.id)}
              />{' '}
              {c.name}
              {c.id === row.folderId && <span className="muted"> (now)</span>}
            </label>
          ))}
        </fieldset>
        <DialogActions error={error} onCancel={onClose}>
          <button type="submit" className="primary" disabled={busy || target === row.folderId}>
            Move
          </button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
