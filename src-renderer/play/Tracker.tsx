// The tracker at the table: both sides (side by side on a wide screen, one above the other on a phone),
// undo (button and Ctrl+Z), the round and its timer, and the result. Driven by a GameDriver, so the app
// (IPC) and the phone page (local storage) show the same thing from the same taps.
import { useEffect, useMemo } from 'react'
import type { SideIndex, Tap } from '../../src-shared/play/types'
import { viewOf, type GameDriver } from './driver'
import { ResultPanel } from './ResultPanel'
import { RoundTimer } from './RoundTimer'
import { SideTracker } from './SideTracker'
import play from './play.module.css'

/** The taps a player can take back: every kind (a round, a loss, a flag, an agreed result). */
const undoable = (taps: Tap[]) => taps.length > 0

export function Tracker({ driver, headingLevel = 2 }: { driver: GameDriver; headingLevel?: 2 | 3 }) {
  const { state } = driver
  const view = useMemo(() => viewOf(state), [state])
  const canUndo = undoable(state.taps)
  const tap = (t: Tap) => void driver.tap(t)

  // Ctrl+Z (Cmd+Z) takes the last tap back, unless the player is typing in a field (an aid's input).
  const undo = driver.undo
  useEffect(() => {
    const keys = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.key.toLowerCase() !== 'z') return
      const t = e.target as HTMLElement | null
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT')) return
      e.preventDefault()
      if (canUndo) void undo()
    }
    window.addEventListener('keydown', keys)
    return () => window.removeEventListener('keydown', keys)
  }, [undo, canUndo])

  const last = state.taps[state.taps.length - 1]
  // A finished game is kept as it ended: its controls stay on screen, disabled.
  const finished = driver.code !== undefined && driver.code !== null
  return (
    <div className={play.playTracker}>
      <fieldset className={play.playLive} disabled={finished}>
        <div className={play.playBarTop}>
          <RoundTimer round={view.round} roundAt={view.roundAt} startedAt={view.startedAt} onTap={tap} />
          <button className={`${play.playBig} play-undo`} disabled={!canUndo} onClick={() => void driver.undo()} aria-keyshortcuts="Control+Z">
            <span aria-hidden="true">↶</span> Undo
          </button>
          <span className={`${play.playLast} muted`} aria-live="polite">
            {last ? `Last: ${describe(state.sheet, last)}` : 'No tap yet'}
          </span>
        </div>
        {driver.error && (
          <p className={play.playError} role="alert">
            {driver.error}
          </p>
        )}
        <div className={play.playSides}>
          {([0, 1] as SideIndex[]).map((i) => (
            <SideTracker
              key={i}
              sheet={state.sheet}
              side={i}
              losses={view.losses.sides[i]}
              score={view.score.sides[i]}
              onTap={tap}
              headingLevel={headingLevel}
            />
          ))}
        </div>
      </fieldset>
      <ResultPanel
        state={state}
        result={view.score.result}
        agreed={view.losses.agreed !== undefined}
        onTap={tap}
        code={driver.code}
        onFinish={driver.finish && (() => void driver.finish?.())}
        headingLevel={headingLevel}
      />
    </div>
  )
}

/** The last tap in words, so a player sees what Undo would take back. */
function describe(sheet: GameDriver['state']['sheet'], t: Tap): string {
  if (t.kind === 'round') return `round ${t.round} started`
  if (t.kind === 'agreed') return t.winner === null ? 'a draw agreed' : `${sheet.sides[t.winner].name} wins, agreed`
  const side = sheet.sides[t.side]
  if (t.kind === 'flag') return `${sheet.rules.flags?.find((f) => f.id === t.flag)?.label ?? t.flag} ${t.value ? 'marked' : 'unmarked'} (${side.name})`
  return `${t.delta > 0 ? '+' : '−'}${Math.abs(t.delta)} ${side.units[t.unit]?.label ?? ''} (${side.name})`
}
