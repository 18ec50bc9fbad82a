// The open roster and its undo history (zustand + zundo): every edit is one undoable step.
import { create, useStore } from 'zustand'
import { temporal, type TemporalState } from 'zundo'
import type { RosterDocument } from '../../../src-main/store/types'

interface EditorState {
  id: string | null
  doc: RosterDocument | null
  /** Loads a roster: a fresh history, nothing to undo. */
  load(id: string, doc: RosterDocument): void
  close(): void
  edit(change: (doc: RosterDocument) => RosterDocument): void
}

export const useEditor = create<EditorState>()(
  temporal(
    (set, get) => ({
      id: null,
      doc: null,
      load: (id, doc) => {
        set({ id, doc })
        useEditor.temporal.getState().clear()
      },
      close: () => {
        set({ id: null, doc: null })
        useEditor.temporal.getState().clear()
      },
      edit: (change) => {
        const doc = get().doc
        if (!doc) return
        const next = change(doc)
        if (next !== doc) set({ doc: next })
      }
    }),
    { partialize: (s) => ({ doc: s.doc }), limit: 500, equality: (a, b) => a.doc === b.doc }
  )
)

export const undo = () => useEditor.temporal.getState().undo()
export const redo = () => useEditor.temporal.getState().redo()

/** Subscribe to the undo history (for enabling the Undo and Redo buttons). */
export function useHistory<T>(selector: (s: TemporalState<{ doc: RosterDocument | null }>) => T): T {
  return useStore(useEditor.temporal, selector)
}
