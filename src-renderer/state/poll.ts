// Reading something again while another device may change it (the phones' results, a phone's taps).
import { useEffect, useRef } from 'react'

/** Runs `tick` every `ms` while `on`, and when the window regains focus; stopped on unmount. */
export function usePoll(on: boolean, ms: number, tick: () => void): void {
  const latest = useRef(tick)
  useEffect(() => {
    latest.current = tick
  })
  useEffect(() => {
    if (!on) return
    const run = () => latest.current()
    const timer = setInterval(run, ms)
    window.addEventListener('focus', run)
    return () => {
      clearInterval(timer)
      window.removeEventListener('focus', run)
    }
  }, [on, ms])
}
