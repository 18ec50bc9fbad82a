// The round counter and its timer. A new round is a tap (saved with the game, and undoable); the timer
// is the table's stopwatch for the round under way: started and paused here, started afresh each round.
import { useEffect, useState } from 'react'
import type { Tap } from '../../src-shared/play/types'

const mmss = (ms: number) => {
  const s = Math.floor(ms / 1000)
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}

export function RoundTimer({ round, onTap, now = Date.now }: { round: number; onTap: (t: Tap) => void; now?: () => number }) {
  // Kept per round: a new round (or an undone one) starts the stopwatch again from zero.
  const [clock, setClock] = useState({ round, banked: 0, since: null as number | null })
  const [, tick] = useState(0)
  if (clock.round !== round) setClock({ round, banked: 0, since: clock.since === null ? null : now() })
  const running = clock.since !== null
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => tick((n) => n + 1), 1000)
    return () => clearInterval(timer)
  }, [running])
  const elapsed = clock.banked + (clock.since === null ? 0 : now() - clock.since)
  const toggle = () => setClock((c) => (c.since === null ? { ...c, since: now() } : { ...c, banked: c.banked + now() - c.since, since: null }))
  const next = () => {
    onTap({ kind: 'round', round: round + 1, at: new Date(now()).toISOString() })
    // the next round's clock runs from the tap
    setClock({ round: round + 1, banked: 0, since: now() })
  }
  return (
    <div className="play-round" role="group" aria-label="Round">
      <span className="play-round-number">Round {round}</span>
      <span className="play-clock" role="timer" aria-label={`Round time ${mmss(elapsed)}`}>
        {mmss(elapsed)}
      </span>
      <button className="play-big" onClick={toggle}>
        <span aria-hidden="true">{running ? '❚❚' : '▶'}</span> {running ? 'Pause' : 'Start'}
      </button>
      <button className="play-big" onClick={next}>
        Start round {round + 1}
      </button>
    </div>
  )
}
