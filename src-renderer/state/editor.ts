// The open roster and its undo history (zustand + zundo): every edit is one undoable step, except
// that typing in one field is one step: the keystrokes of a typing burst (same field, until it loses
// the focus or another edit comes between) make a single entry, so undo returns to the value before
// the typing began, not to a half-typed number.
import { create, useStore } from 'zustand'
import { temporal, type TemporalState } from 'zundo'
import type { RosterDocument } from '../../src-main/store/types'

interface EditorState {
  id: string | null
  doc: RosterDocument | null
  /** Loads a roster: a fresh history, nothing to undo. */
  load(id: string, doc: RosterDocument): void
  close(): void
  /**
   * Changes the roster. `field` names the field being typed in ("unit:<id>:count", "roster:name"):
   * an edit of the same field as the last one, in the same typing burst, joins its undo step.
   * Buttons and other discrete actions give none, so each is a step of its own.
   */
  edit(change: (doc: RosterDocument) => RosterDocument, field?: string): void
}

/** The field of the typing burst under way: its first edit made the undo step the others join. */
let typing: string | null = null

/** Ends the typing burst (the field lost the focus; an undo or redo): the next keystroke is a new step. */
export function endTyping(): void {
  typing = null
}

export const useEditor = create<EditorState>()(
  temporal(
    (set, get) => ({
      id: null,
      doc: null,
      load: (id, doc) => {
        typing = null
        set({ id, doc })
        useEditor.temporal.getState().clear()
      },
      close: () => {
        typing = null
        set({ id: null, doc: null })
        useEditor.temporal.getState().clear()
      },
      edit: (change, field) => {
        const doc = get().doc
        if (!doc) return
        const next = change(doc)
        if (next === doc) return
        const history = useEditor.temporal.getState()
        if (field !== undefined && field === typing && history.pastStates.length > 0) {
          // The burst's step already holds the document from before the typing: this keystroke replaces
          // only what the step leads to (which undo keeps as its redo).
          history.pause()
          set({ doc: next })
          history.resume()
        } else {
          set({ doc: next })
        }
        typing = field ?? null
      }
    }),
    { partialize: (s) => ({ doc: s.doc }), limit: 500, equality: (a, b) => a.doc === b.doc }
  )
)

export const undo = () => {
  typing = null
  useEditor.temporal.getState().undo()
}
export const redo = () => {
  typing = null
  useEditor.temporal.getState().redo()
}

/** Subscribe to the undo history (for enabling the Undo and Redo buttons). */
export function useHistory<T>(selector: (s: TemporalState<{ doc: RosterDocument | null }>) => T): T {
  return useStore(useEditor.temporal, selector)
}
