// The app shell: Library, Armies and the roster editor; theme (following the OS unless chosen);
// menu commands from the main process and keyboard shortcuts; reopens the last roster. The data is
// state/app-data.ts, the screens and leaving them state/app-navigation.ts, the menu and keys
// state/app-commands.ts, the theme state/theme.ts; this shell draws them.
import { useState } from 'react'
import styles from './App.module.css'
import { ArmyBrowser } from './ArmyBrowser'
import { EditorScreen } from './screens/EditorScreen'
import { LibraryScreen } from './screens/LibraryScreen'
import { NewRosterScreen } from './screens/NewRosterScreen'
import { EventScreen } from './screens/EventScreen'
import { CollectionScreen } from './screens/CollectionScreen'
import { PlayScreen } from './screens/PlayScreen'
import { MeshweshSync } from './components/MeshweshSync'
import { useAppCommands } from './state/app-commands'
import { useAppData, useAppStart } from './state/app-data'
import { useAppNavigation, type Screen } from './state/app-navigation'
import { useSystemTheme } from './state/theme'

/** A message ending in a full stop (or other end mark) as it came, else with one added: never "..". */
const sentence = (message: string) => (/[.!?…]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`)

/** The main navigation's screens, in its order (the editor and New roster are reached from the library). */
const mainScreens: Array<{ id: Screen; label: string }> = [
  { id: 'library', label: 'Library' },
  { id: 'armies', label: 'Armies' },
  { id: 'event', label: 'Events' },
  { id: 'collection', label: 'Collection' },
  { id: 'play', label: 'Play' }
]

export function App() {
  const data = useAppData()
  const { rulesets, error, setError, dataWarnings, setDataWarnings, dataGeneration, reloadRulesets } = data
  const nav = useAppNavigation(setError)
  const { screen, setScreen, go, unsaved, setUnsaved, openRoster, leaveEditor, revision, createdNotices, setCreatedNotices } = nav
  useSystemTheme()
  useAppStart(data, nav.openLastRoster)
  const { focusSearch, editorCommand } = useAppCommands(screen, nav.screenRef, go)
  const [newFrom, setNewFrom] = useState<{ rulesetId: string; armyId: string } | null>(null)
  // The library's Play: that roster as mine on the Play screen.
  const [playWith, setPlayWith] = useState<{ id: string; n: number } | null>(null)
  // Once opened, the event check stays mounted (hidden), so its report survives a trip to the editor.
  const [eventVisited, setEventVisited] = useState(false)
  if (screen === 'event' && !eventVisited) setEventVisited(true)

  return (
    <div className={styles.app}>
      <header className={styles.topbar}>
        <h1>Muster</h1>
        <nav aria-label="Main">
          {mainScreens.map((t) => (
            <button key={t.id} className={screen === t.id ? 'tab active' : 'tab'} aria-current={screen === t.id} onClick={() => void go(t.id)}>
              {t.label}
            </button>
          ))}
        </nav>
        <span className={styles.tagline}>Army lists for ancient wargames, checked</span>
      </header>
      {error && (
        <p className={`load-error ${styles.banner}`} role="alert">
          {error}
          <button aria-label="Dismiss" onClick={() => setError('')}>
            ✕
          </button>
        </p>
      )}
      {dataWarnings.length > 0 && (
        <div className={`${styles.banner} ${styles.dataWarnings}`} role="status" aria-label="Your data">
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
        <div className={`${styles.banner} ${styles.unsaved}`} role="alert">
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
          <span className={styles.actions}>
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
      <main className={styles.screen}>
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
          <div className={styles.screen} hidden={screen !== 'event'}>
            <EventScreen rulesets={rulesets} onOpen={(id) => void openRoster(id)} />
          </div>
        )}
        {screen === 'collection' && rulesets.length > 0 && <CollectionScreen rulesets={rulesets} />}
        {screen === 'play' && <PlayScreen key={playWith?.n ?? 0} rulesets={rulesets} mine={playWith?.id} />}
        {screen === 'editor' && (
          <>
            {createdNotices.length > 0 && (
              <div className={`${styles.banner} ${styles.createdNotices}`} role="status" aria-label="About this roster">
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
