// The results page served to the players' phones, for the whole window: the main process serves one
// event at a time until Stop is pressed (or the window closes), so what it serves is kept here, not in
// an event's page: leaving the page (back to the list, another tab) keeps the phones' page up, and the
// list and every event's header can say which event is collecting results.
import { useSyncExternalStore } from 'react'
import type { ResultsServing } from '../../src-main/ipc/contract'

export interface Serving extends ResultsServing {
  /** The event's name, for "Collecting results for …". */
  eventName: string
}

let current: Serving | null = null
const listeners = new Set<() => void>()

export function setServing(s: Serving | null): void {
  current = s
  for (const l of listeners) l()
}

export const servingNow = (): Serving | null => current

function subscribe(l: () => void) {
  listeners.add(l)
  return () => void listeners.delete(l)
}

/** What is served now (any event), followed as it changes. */
export const useServing = (): Serving | null => useSyncExternalStore(subscribe, servingNow, servingNow)
