// The open roster and its undo history (zustand + zundo): every edit is one undoable step, except
// that typing in one field is one step: the keystrokes of a typing burst (same field, until it loses
// the focus or another edit comes between) make a single entry, so undo returns to the value before
// the typing began, not to a half-typed number.
//
// Every edit is the roster at once (autosave, leave, print and export read `doc`), but a − or + may be
// drawn a moment later (`drawn`): with the verdict it gets, in one frame, instead of the count now and
// the verdict a frame later (issue 27: count change to verdict on screen at 10 ms or less; ADR 0021).
import { create, useStore } from 'zustand'
import { temporal, type TemporalState } from 'zundo'
import type { RosterDocument } from '../../src-main/ipc/contract'
import { scheduleSave } from './autosave'

interface EditorState {
  id: string | null
  /** The roster as it is now: every edit, drawn or not yet. */
  doc: RosterDocument | null
  /**
   * What the screen shows while a stepped count waits for its verdict (an earlier `doc`); null when it
   * shows `doc`. Read it with `drawnDoc`.
   */
  waiting: RosterDocument | null
  /** Loads a roster: a fresh history, nothing to undo. */
  load(id: string, doc: RosterDocument): void
  close(): void
  /**
   * Changes the roster, and has it saved (state/autosave.ts). `field` names the field being typed in
   * ("unit:<id>:count", "roster:name"): an edit of the same field as the last one, in the same typing
   * burst, joins its undo step. Buttons and other discrete actions give none, so each is a step of
   * its own. `withVerdict`: draw the edit with its verdict (drawEvaluated), within DRAW_WAIT_MS.
   */
  edit(change: (doc: RosterDocument) => RosterDocument, field?: string, options?: { withVerdict?: boolean }): void
}

/** The roster as the screen draws it: the one waiting for its verdict, else the roster. */
export const drawnDoc = (s: Pick<EditorState, 'doc' | 'waiting'>): RosterDocument | null => s.waiting ?? s.doc

/** The longest a stepped count waits for its verdict before it is drawn anyway (a slow or failed check). */
export const DRAW_WAIT_MS = 50

/** The field of the typing burst under way: its first edit made the undo step the others join. */
let typing: string | null = null

/** Ends the typing burst (the field lost the focus; an undo or redo): the next keystroke is a new step. */
export function endTyping(): void {
  typing = null
}

let drawTimer: ReturnType<typeof setTimeout> | undefined

/** No draw pending: the next stepped count starts its own wait. */
function cancelDraw(): void {
  clearTimeout(drawTimer)
  drawTimer = undefined
}

/** Draws the roster as it is now (nothing waits any more). */
function drawNow(): void {
  cancelDraw()
  if (useEditor.getState().waiting !== null) useEditor.setState({ waiting: null })
}

/**
 * The verdict of this roster came (hooks.ts useRosterEvaluation): drawn now when it is the roster as
 * it is, the caller setting the verdict in the same React update. An earlier one's changes nothing.
 */
export function drawEvaluated(doc: RosterDocument): void {
  const s = useEditor.getState()
  if (s.waiting !== null && s.doc === doc) drawNow()
}

export const useEditor = create<EditorState>()(
  temporal(
    (set, get) => ({
      id: null,
      doc: null,
      waiting: null,
      load: (id, doc) => {
        typing = null
        cancelDraw()
        set({ id, doc, waiting: null })
        useEditor.temporal.getState().clear()
      },
      close: () => {
        typing = null
        cancelDraw()
        set({ id: null, doc: null, waiting: null })
        useEditor.temporal.getState().clear()
      },
      edit: (change, field, options) => {
        const { id, doc, waiting } = get()
        if (!doc) return
        const next = change(doc)
        if (next === doc) return
        // Drawn with its verdict, or now: an edit that is not a stepped count draws every edit before it too.
        const drawn = options?.withVerdict ? (waiting ?? doc) : null
        const history = useEditor.temporal.getState()
        if (field !== undefined && field === typing && history.pastStates.length > 0) {
          // The burst's step already holds the document from before the typing: this keystroke replaces
          // only what the step leads to (which undo keeps as its redo).
          history.pause()
          set({ doc: next, waiting: drawn })
          history.resume()
        } else {
          set({ doc: next, waiting: drawn })
        }
        typing = field ?? null
        if (drawn === null) drawNow()
        else drawTimer ??= setTimeout(drawNow, DRAW_WAIT_MS)
        if (id) scheduleSave(id, next)
      }
    }),
    { partialize: (s) => ({ doc: s.doc }), limit: 500, equality: (a, b) => a.doc === b.doc }
  )
)

/** After an undo or redo: the roster drawn as it now is, and saved. */
function afterStep(): void {
  typing = null
  drawNow()
  const { id, doc } = useEditor.getState()
  if (id && doc) scheduleSave(id, doc)
}

export const undo = () => {
  const before = useEditor.getState().doc
  useEditor.temporal.getState().undo()
  if (useEditor.getState().doc !== before) afterStep()
  else typing = null
}
export const redo = () => {
  const before = useEditor.getState().doc
  useEditor.temporal.getState().redo()
  if (useEditor.getState().doc !== before) afterStep()
  else typing = null
}

/** Subscribe to the undo history (for enabling the Undo and Redo buttons). */
export function useHistory<T>(selector: (s: TemporalState<{ doc: RosterDocument | null }>) => T): T {
  return useStore(useEditor.temporal, selector)
}
