// A question to the main process asked from a component, again whenever what it asks changes: its
// value or its error's message handed on as it comes, unless it was asked again since (an old answer
// coming late never overwrites the new one).
import { useEffect, useEffectEvent } from 'react'
import type { Result } from '../../src-main/ipc/contract'

/**
 * `asked` says what is asked (a ruleset's id with the collection's generation...): the call is made
 * again when it changes, and not at all while it is null. It must name every value `ask` reads that
 * can change: `ask` is an effect event (it sees the latest values but asks again only when `asked`
 * changes), so a value left out of `asked` is asked with only when something else changes it.
 */
export function useMainAnswer<T>(
  asked: string | number | null,
  ask: () => Promise<Result<T>>,
  onValue: (value: T) => void,
  onError: (message: string) => void
): void {
  const call = useEffectEvent(ask)
  const answered = useEffectEvent((r: Result<T>) => (r.ok ? onValue(r.value) : onError(r.error.message)))
  useEffect(() => {
    if (asked === null) return
    let live = true
    void call().then((r) => {
      if (live) answered(r)
    })
    return () => {
      live = false
    }
  }, [asked])
}
