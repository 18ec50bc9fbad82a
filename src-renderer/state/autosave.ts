// Autosave that never drops an edit. Each roster's newest unsaved document waits here until the
// library has it: saved after a short pause, retried with a growing delay when a save fails (the
// library busy with another writer, a full disk...), kept across leaving the editor, and flushed
// (saved now, and awaited) before the editor is left. A newer document of a roster replaces the
// older one: it holds every edit of the older one.
import { create } from 'zustand'
import type { RosterDocument } from '../../src-main/ipc/contract'
import { api } from '../api'

export type SaveState =
  | { state: 'saved'; revision: number }
  | { state: 'pending' }
  | { state: 'saving' }
  | { state: 'retrying'; message: string; attempt: number }
  /** The library refused the document (the roster is gone, the document is not a roster): no retry. */
  | { state: 'failed'; message: string }

/** Errors a later attempt can get past (the library busy, a disk error); the others need the user. */
const RETRYABLE = new Set(['busy', 'cannot-write', 'failed'])

/**
 * What keeps an edit the library file can no longer take (it was moved, deleted or replaced under
 * Muster): Export writes the roster as it is on screen (EditorScreen's exportFile), and the new
 * file is imported once Muster has the library there open.
 */
export const KEEP_IT =
  'Your change is still on screen: to keep it, use Export (File → Export Roster…), which writes the roster as it is on screen to a file; then close Muster, open it again and import that file (File → Import Rosters…).'

/** The save state of each roster this window has edited. */
export const useSaveStates = create<{ states: Record<string, SaveState> }>()(() => ({ states: {} }))

const setState = (id: string, state: SaveState) => useSaveStates.setState((s) => ({ states: { ...s.states, [id]: state } }))

/** How long to wait after an edit, and between failed attempts (doubling up to the last). */
export const SAVE_DELAY_MS = 400
export const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000]

interface Pending {
  doc: RosterDocument
  timer?: ReturnType<typeof setTimeout>
  failures: number
}

const pending = new Map<string, Pending>()
const inFlight = new Map<string, Promise<boolean>>()

/** Saves a roster's pending document now (after any save already under way); true when the library has it. */
async function saveNow(id: string): Promise<boolean> {
  // Wait for every save already under way (a retry and a flush may both be waiting here).
  for (let running = inFlight.get(id); running; running = inFlight.get(id)) await running
  const entry = pending.get(id)
  if (!entry) return true
  clearTimeout(entry.timer)
  const doc = entry.doc
  setState(id, { state: 'saving' })
  const attempt = api()
    .saveRoster(id, doc)
    .then(
      (r) => (r.ok ? { ok: true as const, revision: r.value.revision } : { ok: false as const, code: r.error.code, message: r.error.message }),
      (e: unknown) => ({ ok: false as const, code: 'failed', message: e instanceof Error ? e.message : String(e) })
    )
    .then((r) => {
      const now = pending.get(id)
      if (r.ok) {
        if (now?.doc === doc) {
          pending.delete(id)
          setState(id, { state: 'saved', revision: r.revision })
        } else if (now) setState(id, { state: 'pending' }) // a newer edit came meanwhile: its own timer saves it
        return true
      }
      if (!now) return false
      if (!RETRYABLE.has(r.code)) {
        setState(id, { state: 'failed', message: r.code === 'replaced' ? `${r.message} ${KEEP_IT}` : r.message })
        return false
      }
      now.failures++
      const delay = RETRY_DELAYS_MS[Math.min(now.failures - 1, RETRY_DELAYS_MS.length - 1)]
      setState(id, { state: 'retrying', message: r.message, attempt: now.failures })
      clearTimeout(now.timer)
      now.timer = setTimeout(() => void saveNow(id), delay)
      return false
    })
  inFlight.set(id, attempt)
  try {
    return await attempt
  } finally {
    if (inFlight.get(id) === attempt) inFlight.delete(id)
  }
}

/** An edit: save this document of the roster after a short pause (replacing any older one waiting). */
export function scheduleSave(id: string, doc: RosterDocument, delay = SAVE_DELAY_MS): void {
  const entry = pending.get(id)
  if (entry) clearTimeout(entry.timer)
  const next: Pending = { doc, failures: entry?.failures ?? 0 }
  pending.set(id, next)
  const now = useSaveStates.getState().states[id]?.state
  const failing = now === 'retrying'
  // A new edit of a refused document is tried again (it may be what the library wanted). Already
  // pending: the same state, not a new object (each would draw the editor again, edit after edit).
  if (!failing && now !== 'pending') setState(id, { state: 'pending' })
  next.timer = setTimeout(() => void saveNow(id), failing ? RETRY_DELAYS_MS[Math.min(next.failures, RETRY_DELAYS_MS.length - 1)] : delay)
}

/** Saves the waiting documents of these rosters (all, when none are named) now and waits: true when they are all saved. */
export async function flushSaves(ids?: string[]): Promise<boolean> {
  const wanted = ids ?? [...pending.keys()]
  const results = await Promise.all(
    wanted.map(async (id) => {
      // An edit made while its predecessor was saving is saved too (a few rounds at most).
      for (let round = 0; round < 5 && pending.has(id); round++) if (!(await saveNow(id))) return false
      return !pending.has(id)
    })
  )
  return results.every(Boolean)
}

/** The newest document of a roster not yet in the library, if there is one. */
export const pendingDocument = (id: string): RosterDocument | undefined => pending.get(id)?.doc

/**
 * Before anything that reads the roster back from the library (print, export, rename, duplicate,
 * reopen): its waiting edit saved first. The reason in words when it cannot be saved yet.
 */
export async function savedFirst(id: string): Promise<string | null> {
  if (await flushSaves([id])) return null
  const state = useSaveStates.getState().states[id]
  if (state?.state === 'failed') return `Your last change could not be saved: ${state.message.replace(/[.!?]$/, '')}.`
  return `Your last change is not saved yet${state?.state === 'retrying' ? `: ${state.message}` : ''}. Muster keeps trying; try again in a moment.`
}

/** Whether any edit is still waiting to be saved. */
export const hasUnsavedEdits = (): boolean => pending.size > 0

/** The editor opened a roster at this revision: it starts saved. */
export function markSaved(id: string, revision: number): void {
  if (!pending.has(id)) setState(id, { state: 'saved', revision })
}
