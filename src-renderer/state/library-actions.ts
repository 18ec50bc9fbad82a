// What the library does to rosters and says about it: a change goes through `act` (any unsaved edit
// of the roster goes in first, then the list is shown afresh), files are imported (picker or drop)
// with a report, and one notice says what was done, with Undo where it can be undone.
import { useState, type DragEvent } from 'react'
import type { Act, SetNotice } from '../components/LibraryRow'
import { savedFirst } from './autosave'
import { importDroppedFiles, pickAndImport, type ImportReport } from './import-files'
import { sayOnceShown } from './say-once-shown'

export type Notice = Parameters<SetNotice>[0]

export function useLibraryActions(refresh: () => Promise<void>) {
  const [notice, setNotice] = useState<Notice>(null)
  const [report, setReport] = useState<ImportReport | null>(null)
  const [dragging, setDragging] = useState(false)

  /** A change to a roster in the library: any edit of it still waiting to be saved goes in first. */
  const act: Act = async (id, call, text, undo) => {
    const unsaved = id ? await savedFirst(id) : null
    if (unsaved) return setNotice({ text: unsaved })
    const r = await call()
    // a refusal changed nothing: said at once; a change, once the list shows it
    if (!r.ok) {
      setNotice({ text: r.error?.message ?? 'Something went wrong' })
      return refresh()
    }
    await sayOnceShown(refresh, () => {
      if (text) setNotice({ text, undo })
    })
  }

  /** Files dropped (by their paths), or (none given) those the player picks in the open dialog main shows. */
  async function importFiles(files?: FileList | File[]) {
    const list = files ? [...files] : undefined
    if (list && !list.length) return
    const r = list ? await importDroppedFiles(list) : await pickAndImport()
    if (!r) return
    await sayOnceShown(refresh, () => (r.ok ? setReport(r.report) : setNotice({ text: r.message })))
  }

  /** Files dropped anywhere on the library are imported; the screen shows it while they are over it. */
  const dropTarget = {
    onDragOver: (e: DragEvent) => {
      e.preventDefault()
      setDragging(true)
    },
    onDragLeave: () => setDragging(false),
    onDrop: (e: DragEvent) => {
      e.preventDefault()
      setDragging(false)
      void importFiles(e.dataTransfer.files)
    }
  }

  return { notice, setNotice: setNotice as SetNotice, report, dismissReport: () => setReport(null), act, importFiles, dragging, dropTarget }
}

export type LibraryActions = ReturnType<typeof useLibraryActions>
