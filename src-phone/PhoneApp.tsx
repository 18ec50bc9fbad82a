// The phone page's one screen: the tracker for both sides, the pre-battle sheet below it, and whether
// Muster has the taps (when it serves the page). Once the game is over the tracker shows its result
// code and takes no tap; Undo stays here until the game is finished (in Muster's library, for a served
// page), so a mistaken last tap can still be taken back.
import { useEffect, useState, useSyncExternalStore } from 'react'
import { PreBattleSheet } from '../src-renderer/play/PreBattleSheet'
import { Tracker } from '../src-renderer/play/Tracker'
import { startSync, type SyncState } from './sync'
import type { LocalGame } from './store'

const SYNC_WORDS: Record<SyncState, string> = {
  sent: 'Muster has every tap.',
  sending: 'Sending taps to Muster…',
  offline: 'Muster is out of reach: the taps are kept here and sent when it is back.',
  finished: "The game is finished and kept in Muster's library."
}

export function PhoneApp({ game, sync }: { game: LocalGame; sync: string | null }) {
  const driver = useSyncExternalStore(game.subscribe, game.driver)
  const [syncState, setSyncState] = useState<SyncState | null>(null)
  useEffect(() => (sync ? startSync(game, sync, setSyncState) : undefined), [game, sync])
  const [a, b] = game.sheet.sides
  const over = driver.code !== null && driver.code !== undefined
  return (
    <>
      <header className="phone-header">
        <h1>
          {a.name} <span className="phone-vs">v</span> {b.name}
        </h1>
        <p className="phone-ruleset">{game.sheet.ruleset.name}</p>
      </header>
      <main>
        {driver.error && (
          <p role="alert" className="phone-error">
            {driver.error}
          </p>
        )}
        <Tracker driver={driver} />
        {over && !game.finished && (
          <div className="phone-over">
            <button type="button" className="phone-undo" onClick={() => game.undo()}>
              <span aria-hidden="true">↶</span> Undo the last tap
            </button>
            {sync && (
              <button type="button" className="phone-finish" onClick={() => void game.finishInMuster?.()}>
                Finish the game
              </button>
            )}
            <p className="phone-over-note">
              {sync ? "Finish keeps the result in Muster's library; until then, Undo takes back a mistaken tap." : 'Undo takes back a mistaken last tap.'}
            </p>
          </div>
        )}
        <details className="phone-prebattle">
          <summary>Before the battle</summary>
          <PreBattleSheet sheet={game.sheet} />
        </details>
      </main>
      <footer className="phone-footer">
        {syncState && <p role="status">{SYNC_WORDS[syncState]}</p>}
        {/* A served game is Muster's: a new game starts there, never by clearing this one's taps */}
        {!sync && (
          <button
            type="button"
            className="phone-new"
            onClick={() => {
              if (window.confirm('Start a new game? The taps of this one are cleared from this phone.')) game.setTaps([])
            }}
          >
            New game
          </button>
        )}
      </footer>
    </>
  )
}

export function NoSheet({ why }: { why: string }) {
  return (
    <main className="phone-none">
      <h1>Muster at the table</h1>
      <p>{why}</p>
    </main>
  )
}
