// The event day over IPC (issue 41): the library's events (listEvents, deleteEvent), one event read
// whole (getEventDay) and every change made to it by a call whose answer is followed by reading the
// event again, so what the screen shows is always the library's; and the results page served to the
// players' phones (serveEventResults, kept for the window in phone-serving.ts), during which the open
// event is read again every few seconds so the phones' results appear. Errors come back as the main
// process words them.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { EventDayState, EventDaySummary, Result, ResultsServing } from '../../src-main/ipc/contract'
import { api } from '../api'
import { setServing, useServing, type Serving } from './phone-serving'
import { usePoll } from './poll'

/** How often the event is read again while phones may send results. */
export const PHONE_POLL_MS = 3000

/** A call's answer: its value, or why not in words. */
export type Done<T> = { ok: true; value: T } | { ok: false; message: string }

const sentence = (message: string) => message.replace(/^./, (c) => c.toUpperCase())
const done = <T>(r: Result<T>): Done<T> => (r.ok ? { ok: true, value: r.value } : { ok: false, message: sentence(r.error.message) })

export interface EventList {
  /** null until first read. */
  events: EventDaySummary[] | null
  error: string
  refresh(): Promise<void>
  remove(id: string): Promise<Done<boolean>>
}

/** A change to the library: the call, its answer in words, then `refresh` whatever it answered. */
function useChange(refresh: () => Promise<unknown>) {
  return useCallback(
    async <T>(call: () => Promise<Result<T>>) => {
      const r = done(await call())
      await refresh()
      return r
    },
    [refresh]
  )
}

export function useEventList(): EventList {
  const [events, setEvents] = useState<EventDaySummary[] | null>(null)
  const [error, setError] = useState('')
  const take = useCallback((r: Result<EventDaySummary[]>) => {
    if (r.ok) setEvents(r.value)
    setError(r.ok ? '' : sentence(r.error.message))
  }, [])
  const refresh = useCallback(() => api().listEvents().then(take), [take])
  useEffect(() => {
    let live = true
    void api()
      .listEvents()
      .then((r) => live && take(r))
    return () => {
      live = false
    }
  }, [take])
  const change = useChange(refresh)
  const remove = useCallback((id: string) => change(() => api().deleteEvent(id)), [change])
  return { events, error, refresh, remove }
}

export interface EventDay {
  /** The event as the library has it (null until first read, or when it cannot be read). */
  state: EventDayState | null
  /** Why the event could not be read. */
  error: string
  refresh(): Promise<void>
  /** A change to the event: the call, then the event read again whatever it answered. */
  change<T>(call: () => Promise<Result<T>>): Promise<Done<T>>
}

export function useEventDay(id: string): EventDay {
  const [state, setState] = useState<EventDayState | null>(null)
  const [error, setError] = useState('')
  // A read overtaken by a later one is dropped, and any once the event's page is gone (its key is the id).
  const seq = useRef(0)
  const refresh = useCallback(() => {
    const mine = ++seq.current
    return api()
      .getEventDay(id)
      .then((r) => {
        if (mine !== seq.current) return
        if (r.ok) setState(r.value)
        setError(r.ok ? '' : sentence(r.error.message))
      })
  }, [id])
  useEffect(() => {
    const reads = seq
    void refresh()
    return () => {
      reads.current = -1e9
    }
  }, [refresh])
  const change = useChange(refresh)
  return { state, error, refresh, change }
}

export interface PhoneResults {
  /** The page served for this event (its link and QR), null when not. */
  serving: ResultsServing | null
  /** Another event whose results are being collected (starting here stops that). */
  other: Serving | null
  busy: boolean
  error: string
  /** Serves the page (again, when `lan` changes: a new link). */
  start(lan: boolean): Promise<void>
  stop(): Promise<void>
}

/**
 * The results page for the players' phones, for one event: while it is served and the event's page
 * is open the event is read again every few seconds (their results come in as 'phone' results).
 * Leaving the page does not stop it (state/phone-serving.ts): it is served until Stop is pressed.
 */
export function usePhoneResults(eventId: string, eventName: string, refresh: () => Promise<void>): PhoneResults {
  const now = useServing()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const serving = now?.eventId === eventId ? now : null
  const start = useCallback(
    async (lan: boolean) => {
      setBusy(true)
      setError('')
      const r = await api().serveEventResults(eventId, { lan })
      setBusy(false)
      setServing(r.ok ? { ...r.value, eventName } : null)
      if (!r.ok) setError(sentence(r.error.message))
    },
    [eventId, eventName]
  )
  const stop = useCallback(async () => {
    setServing(null)
    setError('')
    const r = await api().stopEventResults()
    if (!r.ok) setError(sentence(r.error.message))
  }, [])
  usePoll(serving !== null, PHONE_POLL_MS, () => void refresh())
  return { serving, other: now && !serving ? now : null, busy, error, start, stop }
}
