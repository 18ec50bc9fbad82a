// Which of the library's dialogs is open: a folder's (new, rename, delete, move a roster), Paste code…
// or Recheck…, which the library also opens itself, once a session, when the data changed since it
// last looked.
import { useEffect, useState } from 'react'
import type { FolderSummary, LibraryImpact, RosterRow } from '../../src-main/ipc/contract'
import type { SetNotice } from '../components/LibraryRow'
import { api } from '../api'

export type FolderDialog = { kind: 'new' } | { kind: 'rename' | 'delete'; folder: FolderSummary } | { kind: 'move'; row: RosterRow } | null

/**
 * The library's check for new data is asked once a session, not each time the screen is shown. File >
 * Import army lists reloads the window (main.ts), which starts a new session: the import is noticed
 * at once.
 */
let dataUpdateAsked = false

export function useLibraryDialogs(refresh: () => Promise<void>, setNotice: SetNotice) {
  const [folderDialog, setFolderDialog] = useState<FolderDialog>(null)
  const [pasting, setPasting] = useState(false)
  // Recheck…, asked for (true) or opened by the library's own check at start (its findings).
  const [rechecking, setRechecking] = useState<boolean | LibraryImpact[]>(false)

  // Once a session: when the data changed since the library last looked (army lists imported, Muster
  // updated), the rosters it changed are marked and the report opens.
  useEffect(() => {
    if (dataUpdateAsked) return
    dataUpdateAsked = true
    void api()
      .dataUpdate()
      .then((r) => {
        if (!r.ok) return setNotice({ text: `The library could not be rechecked with the new data: ${r.error.message}` })
        if (r.value.impacts.length === 0) return
        setRechecking(r.value.impacts)
        void refresh()
      })
  }, [refresh, setNotice])

  return { folderDialog, setFolderDialog, pasting, setPasting, rechecking, setRechecking }
}

export type LibraryDialogState = ReturnType<typeof useLibraryDialogs>
