// The round counter and the table's clock, both read from the game's 'round' taps (saved with the
// game, undoable): the first press starts the clock with round 1, each next one starts the next
// round. A round's time runs from its tap, the game's from the first, so a reload or a resumed game
// keeps a running clock, and undoing a round takes the clock back to the round before.
import { useEffect, useState } from 'react'
import type { Tap } from '../../src-shared/play/types'
import play from './play.module.css'

/** "04:07", "1:02:09". */
export const clockText = (ms: number): string => {
  const s = Math.max(0, Math.floor(ms / 1000))
  const two = (n: number) => String(n).padStart(2, '0')
  const h = Math.floor(s / 3600)
  return h > 0 ? `${h}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}` : `${two(Math.floor(s / 60))}:${two(s % 60)}`
}

export function RoundTimer({
  round,
  roundAt,
  startedAt,
  onTap,
  now = Date.now
}: {
  round: number
  /** When the round under way was tapped (null: the clock not started). */
  roundAt: string | null
  /** When the first round was tapped: the game's clock. */
  startedAt: string | null
  onTap: (t: Tap) => void
  now?: () => number
}) {
  const [, tick] = useState(0)
  const running = roundAt !== null
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => tick((n) => n + 1), 1000)
    return () => clearInterval(timer)
  }, [running])
  const at = (iso: string | null) => (iso === null ? NaN : Date.parse(iso))
  const t = now()
  const roundTime = running ? clockText(t - at(roundAt)) : clockText(0)
  const gameTime = startedAt !== null ? clockText(t - at(startedAt)) : clockText(0)
  const next = running ? round + 1 : round
  return (
    <div className={play.playRound} role="group" aria-label="Round">
      <span className={play.playRoundNumber}>Round {round}</span>
      <span className={play.playClock} role="timer" aria-label={`Round time ${roundTime}`}>
        {roundTime}
      </span>
      <span className={`${play.playClockTotal} muted`} role="timer" aria-label={`Game time ${gameTime}`}>
        <span aria-hidden="true">game </span>
        {gameTime}
      </span>
      <button className={play.playBig} onClick={() => onTap({ kind: 'round', round: next, at: new Date(now()).toISOString() })}>
        {running ? `Start round ${next}` : 'Start the clock'}
      </button>
    </div>
  )
}
