// The projector view's round clock: a big countdown and the organiser's controls for it. Its state is
// kept in localStorage per event and round (projector-logic.ts: a start time and paused time, so it is
// wall-clock true), so closing the view, a reload or a second window shows the same time left.
import { useEffect, useState } from 'react'
import {
  addFive,
  clockKey,
  countdownText,
  pause,
  phaseOf,
  readClock,
  remainingMs,
  reset,
  resume,
  setMinutes,
  start,
  warningOf,
  type RoundClock as Clock
} from './projector-logic'
import styles from './ProjectorView.module.css'

function storedClock(key: string, minutes: number): Clock {
  try {
    return readClock(localStorage.getItem(key), minutes)
  } catch {
    return readClock(null, minutes) // storage refused (a locked-down profile): the clock still runs
  }
}

/** The round's clock, read from and written to localStorage, re-rendered while it runs. */
export function useRoundClock(eventId: string, round: number, minutes: number) {
  const key = clockKey(eventId, round)
  const [clock, setClock] = useState(() => storedClock(key, minutes))
  const [now, setNow] = useState(Date.now)
  // Another round (or event) shown in the same view: its own clock.
  const [shownKey, setShownKey] = useState(key)
  if (shownKey !== key) {
    setShownKey(key)
    setClock(storedClock(key, minutes))
  }
  const running = phaseOf(clock) === 'running'
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [running])
  // A second window on the same round (the organiser's screen and the projector's) follows this one.
  useEffect(() => {
    const follow = (e: StorageEvent) => {
      if (e.key === key) setClock(readClock(e.newValue, minutes))
    }
    window.addEventListener('storage', follow)
    return () => window.removeEventListener('storage', follow)
  }, [key, minutes])
  const change = (next: (c: Clock, at: number) => Clock) => {
    const at = Date.now()
    const updated = next(clock, at)
    setNow(at)
    setClock(updated)
    try {
      localStorage.setItem(key, JSON.stringify(updated))
    } catch {
      /* not kept: the clock runs for this view only */
    }
  }
  return { clock, now, change }
}

const WARNING_WORDS = { none: '', last15: 'Last 15 minutes', time: 'Time' } as const
const WARNING_CLASS = { none: '', last15: ` ${styles.warnLast15}`, time: ` ${styles.warnTime}` } as const

/** The countdown as the hall sees it. */
export function ClockFace({ clock, now, round }: { clock: Clock; now: number; round: number }) {
  const warning = warningOf(clock, now)
  const phase = phaseOf(clock)
  const left = countdownText(remainingMs(clock, now))
  const words = phase === 'ready' ? 'Not started' : WARNING_WORDS[warning] || (phase === 'paused' ? 'Paused' : '')
  return (
    <div className={`${styles.projectorClock}${WARNING_CLASS[warning]}${phase === 'ready' ? ` ${styles.ready}` : ''}`}>
      <div className={styles.projectorTime} role="timer" aria-label={`Time left in round ${round}: ${left}`}>
        {left}
      </div>
      {/* Said once when it changes, never each second. */}
      <p className={styles.projectorClockWords} role="status">
        {words}
        {phase === 'paused' && warning !== 'none' ? ' (paused)' : ''}
      </p>
    </div>
  )
}

/** Start, pause, resume, reset, +5 min and the round's length. */
export function ClockControls({ clock, change }: { clock: Clock; change: (next: (c: Clock, at: number) => Clock) => void }) {
  const phase = phaseOf(clock)
  const [length, setLength] = useState(String(clock.minutes))
  const [shown, setShown] = useState(clock.minutes)
  if (shown !== clock.minutes) {
    setShown(clock.minutes)
    setLength(String(clock.minutes))
  }
  const lengthOk = /^\d+$/.test(length) && Number(length) >= 1 && Number(length) <= 1440
  return (
    <div className="projector-clock-controls" role="group" aria-label="Round clock">
      {phase === 'ready' && (
        <button className="primary" onClick={() => change(start)}>
          Start clock
        </button>
      )}
      {phase === 'running' && <button onClick={() => change(pause)}>Pause clock</button>}
      {phase === 'paused' && (
        <button className="primary" onClick={() => change(resume)}>
          Resume clock
        </button>
      )}
      <button onClick={() => change(addFive)}>+5 min</button>
      <button onClick={() => change(reset)} disabled={phase === 'ready' && clock.addedMinutes === 0}>
        Reset clock
      </button>
      <label className={styles.projectorLength}>
        Round length
        <input
          type="number"
          min={1}
          max={1440}
          step={1}
          value={length}
          aria-invalid={!lengthOk || undefined}
          onChange={(e) => {
            setLength(e.target.value)
            const m = Number(e.target.value)
            if (/^\d+$/.test(e.target.value)) change((c) => setMinutes(c, m))
          }}
        />
        min
      </label>
      {!lengthOk && (
        <span className={styles.projectorLengthError} role="alert">
          A round lasts 1 to 1440 whole minutes.
        </span>
      )}
    </div>
  )
}
