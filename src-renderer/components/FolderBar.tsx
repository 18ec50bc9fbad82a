// The library's folders as one line of toggle buttons: every roster, those in no folder, then each
// folder by name, each with its count; new folder, and rename or delete the folder shown.
import type { FolderList, FolderSummary } from '../../src-main/ipc/contract'
import type { FolderChoice } from '../state/folders'
import styles from './FolderBar.module.css'

function FolderButton({ name, count, pressed, onClick }: { name: string; count: number | undefined; pressed: boolean; onClick: () => void }) {
  return (
    <button className={styles.folder} aria-pressed={pressed} onClick={onClick} title={name}>
      <span className={styles.folderName}>{name}</span>
      {count !== undefined && <span className={styles.folderCount}>{count.toLocaleString('en')}</span>}
    </button>
  )
}

export function FolderBar({
  list,
  choice,
  onChoose,
  onNew,
  onRename,
  onDelete
}: {
  list: FolderList | null
  choice: FolderChoice
  onChoose: (choice: FolderChoice) => void
  onNew: () => void
  onRename: (folder: FolderSummary) => void
  onDelete: (folder: FolderSummary) => void
}) {
  const folders = list?.folders ?? []
  const chosen = typeof choice === 'string' ? folders.find((f) => f.id === choice) : undefined
  return (
    <div className={styles.folderBar}>
      <div className={styles.folderList} role="group" aria-label="Folders">
        <FolderButton name="All rosters" count={list?.all} pressed={choice === undefined} onClick={() => onChoose(undefined)} />
        {folders.length > 0 && <FolderButton name="No folder" count={list?.unfiled} pressed={choice === null} onClick={() => onChoose(null)} />}
        {folders.map((f) => (
          <FolderButton key={f.id} name={f.name} count={f.count} pressed={choice === f.id} onClick={() => onChoose(f.id)} />
        ))}
      </div>
      <div className={styles.folderActions}>
        <button onClick={onNew}>New folder…</button>
        {chosen && (
          <>
            <button onClick={() => onRename(chosen)}>Rename folder…</button>
            <button onClick={() => onDelete(chosen)}>Delete folder…</button>
          </>
        )}
      </div>
    </div>
  )
}
