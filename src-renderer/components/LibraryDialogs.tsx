// The library's dialogs, whichever is open: a folder's (new, rename, delete, move a roster to one),
// Paste code… and Recheck…. Each, once done, closes, says what it did, and what it changed is shown again.
import type { RulesetSummary } from '../../src-main/ipc/contract'
import { api } from '../api'
import { countOf } from '../format'
import { sayOnceShown } from '../state/say-once-shown'
import type { LibraryDialogState } from '../state/library-dialogs'
import type { LibraryList } from '../state/library-list'
import { DeleteFolderDialog, FolderNameDialog, MoveToFolderDialog } from './FolderDialogs'
import type { Act, SetNotice } from './LibraryRow'
import { PasteCodeDialog } from './PasteCodeDialog'
import { RecheckDialog } from './RecheckDialog'

export function LibraryDialogs({
  dialogs,
  list,
  rulesets,
  onOpen,
  act,
  setNotice
}: {
  dialogs: LibraryDialogState
  list: LibraryList
  rulesets: RulesetSummary[]
  onOpen: (id: string) => void
  act: Act
  setNotice: SetNotice
}) {
  const { folderDialog, setFolderDialog, rechecking, setRechecking, pasting, setPasting } = dialogs
  const { refresh, refreshFolders, folderName } = list

  /** A folder dialog finished: it closes, says what it did, and what it changed is shown again. */
  const folderDone = (notice: NonNullable<Parameters<SetNotice>[0]>, reshow: () => Promise<void>) => {
    setFolderDialog(null)
    void sayOnceShown(reshow, () => setNotice(notice))
  }
  /** Recheck… or Paste code… finished with a change: it closes, says so, and the list is shown again. */
  const done = (close: () => void, text: string) => {
    close()
    void sayOnceShown(refresh, () => setNotice({ text }))
  }

  return (
    <>
      {folderDialog?.kind === 'new' && (
        <FolderNameDialog
          onClose={() => setFolderDialog(null)}
          onDone={(f) => folderDone({ text: `Made the folder ${f.name}: Move… on a roster’s row puts it there` }, refreshFolders)}
        />
      )}
      {folderDialog?.kind === 'rename' && (
        <FolderNameDialog
          folder={folderDialog.folder}
          onClose={() => setFolderDialog(null)}
          onDone={(f) => folderDone({ text: `Renamed the folder ${folderDialog.folder.name} to ${f.name}` }, refreshFolders)}
        />
      )}
      {folderDialog?.kind === 'delete' && (
        <DeleteFolderDialog
          folder={folderDialog.folder}
          onClose={() => setFolderDialog(null)}
          onDone={(moved) => {
            if (list.folderChoice === folderDialog.folder.id) list.setFolderChoice(undefined)
            folderDone(
              {
                text: `Deleted the folder ${folderDialog.folder.name}${moved ? `; its ${countOf(moved, 'roster')} ${moved === 1 ? 'is' : 'are'} now in No folder` : ''}`
              },
              refresh
            )
          }}
        />
      )}
      {folderDialog?.kind === 'move' && (
        <MoveToFolderDialog
          row={folderDialog.row}
          folders={list.folderList}
          onClose={() => setFolderDialog(null)}
          onDone={(row) => {
            const from = folderDialog.row.folderId
            const text = row.folderId === null ? `Took ${row.name} out of ${folderName(from)}` : `Moved ${row.name} to ${folderName(row.folderId)}`
            const fromName = folderName(from)
            // Undo puts it back; if that folder was deleted meanwhile, in no folder, and says so.
            const undo = async () => {
              const back = await api().moveToFolder(row.id, from)
              if (back.ok || from === null || back.error.code !== 'not-found') return act(row.id, async () => back)
              return act(row.id, () => api().moveToFolder(row.id, null), `The folder ${fromName} was deleted meanwhile: ${row.name} is now in no folder`)
            }
            folderDone({ text, undo: () => void undo() }, refresh)
          }}
        />
      )}
      {rechecking !== false && (
        <RecheckDialog
          rulesets={rulesets}
          initial={rechecking === true ? undefined : rechecking}
          onSwitched={(text) => done(() => setRechecking(false), text)}
          onClose={() => setRechecking(false)}
          onOpen={(id) => {
            setRechecking(false)
            onOpen(id)
          }}
          onUpdated={(n) => done(() => setRechecking(false), `${n === 1 ? '1 roster' : `${n} rosters`} updated with the data in force`)}
        />
      )}
      {pasting && (
        <PasteCodeDialog onClose={() => setPasting(false)} onImported={(row) => done(() => setPasting(false), `Added ${row.name} from its share code`)} />
      )}
    </>
  )
}
