// The app shell: Library, Armies and the roster editor; theme (following the OS unless chosen);
// menu commands from the main process and keyboard shortcuts; reopens the last roster.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { Command, RulesetSummary } from '../src-main/ipc/contract'
import { api } from './api'
import { ArmyBrowser } from './ArmyBrowser'
import { EditorScreen } from './screens/EditorScreen'
import { LibraryScreen } from './screens/LibraryScreen'
import { NewRosterScreen } from './screens/NewRosterScreen'
import { EventScreen } from './screens/EventScreen'
import { CollectionScreen } from './screens/CollectionScreen'
import { PlayScreen } from './screens/PlayScreen'
import { MeshweshSync } from './components/MeshweshSync'
import { redo, undo, useEditor } from './state/editor'
import { playMenu } from './state/play'
import { flushSaves, hasUnsavedEdits, pendingDocument, useSaveStates } from './state/autosave'
import { shortcut } from './shortcuts'

type Screen = 'library' | 'armies' | 'new' | 'editor' | 'event' | 'collection' | 'play'
const LAST_ROSTER = 'muster.lastRoster'

/** A message ending in a full stop (or other end mark) as it came, else with one added: never "..". */
const sentence = (message: string) => (/[.!?…]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`)

const systemDark = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false

/**
 * One dark palette in the CSS ([data-theme=dark]), chosen by prefers-color-scheme: the OS setting, or
 * the View menu's choice, which the main process applies (nativeTheme.themeSource) and stores once, in
 * its window state. The window keeps no copy of its own.
 */
function applyTheme() {
  document.documentElement.dataset.theme = systemDark() ? 'dark' : 'light'
}

/** Why a roster's edit (or any, without an id) is not saved yet, from its last failed save. */
function unsavedReason(id?: string): { message: string; retrying: boolean } {
  const states = useSaveStates.getState().states
  const failing = (id ? [states[id]] : Object.values(states)).find((s) => s?.state === 'retrying' || s?.state === 'failed')
  if (failing?.state === 'failed') return { message: failing.message, retrying: false }
  return { message: failing?.state === 'retrying' ? failing.message : 'it is still being saved', retrying: true }
}

/** Leaving the window's page: closing it, or reloading it after new army lists were imported. */
type Unload = 'close' | 'reload'

export function App() {
  const [rulesets, setRulesets] = useState<RulesetSummary[]>([])
  const [screen, setScreen] = useState<Screen>('library')
  const [newFrom, setNewFrom] = useState<{ rulesetId: string; armyId: string } | null>(null)
  // The library's Play: that roster as mine on the Play screen.
  const [playWith, setPlayWith] = useState<{ id: string; n: number } | null>(null)
  const [revision, setRevision] = useState(1)
  const [error, setError] = useState('')
  // What was left out of the user's data at start (an edition named like a bundled one...): shown until dismissed.
  const [dataWarnings, setDataWarnings] = useState<string[]>([])
  // What New roster's minimums builder chose or could not do: said once, in the editor it opens.
  const [createdNotices, setCreatedNotices] = useState<string[]>([])
  const [focusSearch, setFocusSearch] = useState(0)
  const [editorCommand, setEditorCommand] = useState<{ command: Command; n: number } | null>(null)
  // Once opened, the event check stays mounted (hidden), so its report survives a trip to the editor.
  const [eventVisited, setEventVisited] = useState(false)
  if (screen === 'event' && !eventVisited) setEventVisited(true)
  const load = useEditor((s) => s.load)
  const close = useEditor((s) => s.close)
  // Army lists fetched from Meshwesh are in force: the rulesets are asked again, the library shown afresh (its marks).
  const [dataGeneration, setDataGeneration] = useState(0)
  const askDataWarnings = useCallback(() => {
    void api()
      .dataWarnings()
      .then((r) => setDataWarnings(r.ok ? r.value : []))
  }, [])
  const reloadRulesets = useCallback(() => {
    askDataWarnings()
    void api()
      .listRulesets()
      .then((r) => {
        if (r.ok) setRulesets(r.value)
        else setError(r.error.message)
        setDataGeneration((n) => n + 1)
      })
  }, [askDataWarnings])

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
    [load]
  )

  // Leaving the editor (by any button, tab, menu or key) waits for its last edit to be saved. When
  // the library cannot take it yet, the user stays, told why, and may leave anyway: the edit keeps
  // being retried in the background (state/autosave.ts).
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

  useEffect(() => {
    applyTheme()
    const media = window.matchMedia?.('(prefers-color-scheme: dark)')
    media?.addEventListener('change', applyTheme)
    askDataWarnings()
    void api()
      .listRulesets()
      .then((r) => {
        if (r.ok) setRulesets(r.value)
        else setError(r.error.message)
        // then back to the roster that was open when the app last closed
        const last = localStorage.getItem(LAST_ROSTER)
        if (last) void openRoster(last)
      })
    return () => media?.removeEventListener('change', applyTheme)
  }, [openRoster, askDataWarnings])

  const command = useCallback(
    (c: Command) => {
      if (c === 'new') void go('new')
      else if (c === 'library' || c === 'open' || c === 'import') void go('library')
      else if (c === 'armies') void go('armies')
      else if (c === 'reload') void go('reload')
      else if (c === 'export' || c === 'print') setEditorCommand((prev) => ({ command: c, n: (prev?.n ?? 0) + 1 }))
      else if (c === 'undo') (screenRef.current === 'play' && playMenu.undo ? playMenu.undo : undo)()
      else if (c === 'redo') redo()
      else if (c.startsWith('theme-')) applyTheme()
    },
    [go]
  )

  useEffect(() => api().onCommand?.(command), [command])

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

  useEffect(() => {
    const keys = (e: KeyboardEvent) => {
      const s = shortcut(e)
      if (s === 'new') {
        e.preventDefault()
        void go('new')
      } else if (s === 'search' && screen === 'library') {
        e.preventDefault()
        setFocusSearch((n) => n + 1)
      } else if (s === 'search') {
        // The screen's own search (data-find): the editor's army list, the armies of New roster and Armies.
        const field = document.querySelector<HTMLInputElement>('main [data-find]')
        if (!field) return
        e.preventDefault()
        field.focus()
        field.select()
      }
    }
    window.addEventListener('keydown', keys)
    return () => window.removeEventListener('keydown', keys)
  }, [screen, go])

  return (
    <div className="app">
      <header className="topbar">
        <h1>Muster</h1>
        <nav aria-label="Main">
          <button className={screen === 'library' ? 'tab active' : 'tab'} aria-current={screen === 'library'} onClick={() => void go('library')}>
            Library
          </button>
          <button className={screen === 'armies' ? 'tab active' : 'tab'} aria-current={screen === 'armies'} onClick={() => void go('armies')}>
            Armies
          </button>
          <button className={screen === 'event' ? 'tab active' : 'tab'} aria-current={screen === 'event'} onClick={() => void go('event')}>
            Events
          </button>
          <button className={screen === 'collection' ? 'tab active' : 'tab'} aria-current={screen === 'collection'} onClick={() => void go('collection')}>
            Collection
          </button>
          <button className={screen === 'play' ? 'tab active' : 'tab'} aria-current={screen === 'play'} onClick={() => void go('play')}>
            Play
          </button>
        </nav>
        <span className="tagline">Army lists for ancient wargames, checked</span>
      </header>
      {error && (
        <p className="load-error banner" role="alert">
          {error}
          <button aria-label="Dismiss" onClick={() => setError('')}>
            ✕
          </button>
        </p>
      )}
      {dataWarnings.length > 0 && (
        <div className="banner data-warnings" role="status" aria-label="Your data">
          <div>
            <strong>Some of your data was left out</strong>
            <ul>
              {dataWarnings.map((w) => (
                <li key={w}>{sentence(w)}</li>
              ))}
            </ul>
          </div>
          <button aria-label="Dismiss" onClick={() => setDataWarnings([])}>
            ✕
          </button>
        </div>
      )}
      {unsaved && (
        <div className="banner unsaved" role="alert">
          <span>
            {unsaved.retrying ? (
              <>
                <strong>Your last change is not saved yet</strong>: {sentence(unsaved.message)} Muster keeps trying every few seconds.
              </>
            ) : (
              <>
                <strong>Your last change could not be saved</strong>: {sentence(unsaved.message)}
              </>
            )}
            {unsaved.next === 'reload' && ' New army lists were imported: Muster reloads once your change is saved.'}
          </span>
          <span className="actions">
            <button className="primary" onClick={() => void go(unsaved.next)}>
              Try again
            </button>
            <button onClick={() => void go(unsaved.next, true)}>
              {unsaved.next === 'close' ? 'Close anyway' : unsaved.next === 'reload' ? 'Reload anyway' : 'Leave anyway'}
            </button>
            <button onClick={() => setUnsaved(null)}>Stay</button>
          </span>
        </div>
      )}
      <main className="screen">
        <MeshweshSync rulesets={rulesets} showBar={screen === 'armies'} onPublished={reloadRulesets} onOpen={(id) => void openRoster(id)} />
        {screen === 'library' && (
          <LibraryScreen
            key={dataGeneration}
            rulesets={rulesets}
            onOpen={(id) => void openRoster(id)}
            onPlay={(id) => {
              setPlayWith((p) => ({ id, n: (p?.n ?? 0) + 1 }))
              void go('play')
            }}
            onNew={() => setScreen('new')}
            onEvent={() => void go('event')}
            focusSearch={focusSearch}
          />
        )}
        {screen === 'armies' && rulesets.length > 0 && (
          <ArmyBrowser
            rulesets={rulesets}
            onNewRoster={(rulesetId, armyId) => {
              setNewFrom({ rulesetId, armyId })
              setScreen('new')
            }}
          />
        )}
        {screen === 'new' && rulesets.length > 0 && (
          <NewRosterScreen
            key={newFrom ? `${newFrom.rulesetId}/${newFrom.armyId}` : 'new'}
            rulesets={rulesets}
            from={newFrom}
            onCreated={(id, _revision, notices) => {
              setNewFrom(null)
              setCreatedNotices(notices)
              void openRoster(id)
            }}
            onCancel={() => {
              setNewFrom(null)
              setScreen('library')
            }}
          />
        )}
        {/* kept once opened, so an organiser who opens a roster from the report finds the report again */}
        {eventVisited && rulesets.length > 0 && (
          <div className="screen" hidden={screen !== 'event'}>
            <EventScreen rulesets={rulesets} onOpen={(id) => void openRoster(id)} />
          </div>
        )}
        {screen === 'collection' && rulesets.length > 0 && <CollectionScreen rulesets={rulesets} />}
        {screen === 'play' && <PlayScreen key={playWith?.n ?? 0} rulesets={rulesets} mine={playWith?.id} />}
        {screen === 'editor' && (
          <>
            {createdNotices.length > 0 && (
              <div className="banner created-notices" role="status" aria-label="About this roster">
                <ul>
                  {createdNotices.map((n) => (
                    <li key={n}>{n}</li>
                  ))}
                </ul>
                <button aria-label="Dismiss" onClick={() => setCreatedNotices([])}>
                  ✕
                </button>
              </div>
            )}
            <EditorScreen initialRevision={revision} onClose={leaveEditor} command={editorCommand} />
          </>
        )}
      </main>
    </div>
  )
}
