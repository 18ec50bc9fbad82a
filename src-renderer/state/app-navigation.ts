// Which screen the app shows, and leaving one: leaving the editor (by any button, tab, menu or key),
// closing or reloading the window, each waits for the last edit to be saved. When the library cannot
// take it yet, the user stays, told why, and may leave anyway: the edit keeps being retried in the
// background (state/autosave.ts). Also opening a roster in the editor, and the last one reopened.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { api } from '../api'
import { flushSaves, hasUnsavedEdits, pendingDocument, useSaveStates } from './autosave'
import { useEditor } from './editor'

export type Screen = 'library' | 'armies' | 'new' | 'editor' | 'event' | 'collection' | 'play'
/** Leaving the window's page: closing it, or reloading it after new army lists were imported. */
export type Unload = 'close' | 'reload'
const LAST_ROSTER = 'muster.lastRoster'

/** Why a roster's edit (or any, without an id) is not saved yet, from its last failed save. */
function unsavedReason(id?: string): { message: string; retrying: boolean } {
  const states = useSaveStates.getState().states
  const failing = (id ? [states[id]] : Object.values(states)).find((s) => s?.state === 'retrying' || s?.state === 'failed')
  if (failing?.state === 'failed') return { message: failing.message, retrying: false }
  return { message: failing?.state === 'retrying' ? failing.message : 'it is still being saved', retrying: true }
}

export function useAppNavigation(setError: (message: string) => void) {
  const [screen, setScreen] = useState<Screen>('library')
  const [revision, setRevision] = useState(1)
  // What New roster's minimums builder chose or could not do: said once, in the editor it opens.
  const [createdNotices, setCreatedNotices] = useState<string[]>([])
  const load = useEditor((s) => s.load)
  const close = useEditor((s) => s.close)

  const openRoster = useCallback(
    async (id: string) => {
      // An edit of this roster still being retried is newer than the library's copy: open that.
      if (pendingDocument(id)) await flushSaves([id])
      const r = await api().getRoster(id)
      if (!r.ok) {
        setError(r.error.message)
        localStorage.removeItem(LAST_ROSTER)
        return
      }
      load(id, pendingDocument(id) ?? r.value.document)
      // Saved on a list a Meshwesh list of the same number now supersedes: opened as that list, said once.
      if (r.value.moved) setCreatedNotices([r.value.moved])
      setRevision(r.value.row.revision)
      localStorage.setItem(LAST_ROSTER, id)
      setScreen('editor')
    },
    [load, setError]
  )
  /** Back to the roster that was open when the app last closed. */
  const openLastRoster = useCallback(() => {
    const last = localStorage.getItem(LAST_ROSTER)
    if (last) void openRoster(last)
  }, [openRoster])

  const [unsaved, setUnsaved] = useState<{ next: Screen | Unload; message: string; retrying: boolean } | null>(null)
  const screenRef = useRef(screen)
  // before any effect or event of the new screen can call go()
  useLayoutEffect(() => {
    screenRef.current = screen
  }, [screen])
  const closing = useRef<'no' | 'saving' | 'allowed'>('no')
  const go = useCallback(
    async (next: Screen | Unload, force = false) => {
      if (next === 'close' || next === 'reload') {
        // The page goes away only once every waiting edit is saved (or the user says so).
        if (!force && !(await flushSaves())) return setUnsaved({ next, ...unsavedReason() })
        closing.current = 'allowed'
        if (next === 'close') window.close()
        else window.location.reload()
        return
      }
      if (screenRef.current === 'editor' && next !== 'editor') {
        const id = useEditor.getState().id
        if (!force && id && !(await flushSaves([id]))) return setUnsaved({ next, ...unsavedReason(id) })
        close()
        localStorage.removeItem(LAST_ROSTER)
      }
      setUnsaved(null)
      setScreen(next)
    },
    [close]
  )
  const leaveEditor = useCallback(() => {
    setCreatedNotices([])
    void go('library')
  }, [go])

  // Closing the window with an edit not yet saved: hold the close, save, then close; when the save
  // fails, say so (Try again / Close anyway / Stay) instead of closing or doing nothing.
  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (closing.current === 'allowed' || !hasUnsavedEdits()) return
      e.preventDefault()
      e.returnValue = ''
      if (closing.current === 'saving') return
      closing.current = 'saving'
      void go('close').finally(() => closing.current === 'saving' && (closing.current = 'no'))
    }
    window.addEventListener('beforeunload', beforeUnload)
    return () => window.removeEventListener('beforeunload', beforeUnload)
  }, [go])

  return { screen, setScreen, screenRef, go, unsaved, setUnsaved, openRoster, openLastRoster, leaveEditor, revision, createdNotices, setCreatedNotices }
}
