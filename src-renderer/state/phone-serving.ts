// The results page served to the players' phones, for the whole window: the main process serves one
// event at a time until Stop is pressed (or the window closes), so what it serves is kept here, not in
// an event's page: leaving the page (back to the list, another tab) keeps the phones' page up, and the
// list and every event's header can say which event is collecting results. The main process keeps
// serving across a reload of the window (after a Meshwesh import, say), so the store is filled again
// from it (readServing) when the event-day view mounts.
import { useSyncExternalStore } from 'react'
import type { ResultsServing } from '../../src-main/ipc/contract'
import { api } from '../api'

export interface Serving extends ResultsServing {
  /** The event's name, for "Collecting results for …". */
  eventName: string
}

let current: Serving | null = null
// Bumped by every setServing: a read started before a Collect or Stop pressed meanwhile is stale.
let changes = 0
const listeners = new Set<() => void>()

export function setServing(s: Serving | null): void {
  changes++
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

/** Said for a served event no longer in the library (deleted while its page was up). */
export const GONE_EVENT = 'an event no longer in your library'

/**
 * Asks the main process what it serves now and keeps that here; a Collect or Stop pressed while the
 * answer comes wins over it. Unanswered (an older main process), what is kept stays as it is.
 */
export async function readServing(): Promise<void> {
  const mine = changes
  try {
    const r = await api().eventResultsServing()
    if (!r.ok || mine !== changes) return
    if (!r.value) return setServing(null)
    const s = r.value
    const events = await api().listEvents()
    if (mine !== changes) return
    const name = events.ok ? events.value.find((e) => e.id === s.eventId)?.name : undefined
    const kept = current?.eventId === s.eventId ? current.eventName : undefined
    setServing({ ...s, eventName: name ?? kept ?? (events.ok ? GONE_EVENT : 'an event') })
  } catch {
    // no handler for the call: nothing known beyond what is kept
  }
}
