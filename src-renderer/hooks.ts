// Data hooks over the IPC client: the verdict of the open roster and what can be added to it (latest
// answer wins), ruleset and army details (kept in the one data cache, data-cache.ts), and the open
// roster's save state (the editor's store has each edit saved: state/editor.ts, state/autosave.ts).
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { flushSync } from 'react-dom'
import type { ArmyDetails, ArmyFielded, Evaluation, OptionsAnswer, OwnedLeft, Result, RosterDocument, RulesetDetails, Verdict } from '../src-main/ipc/contract'
import { api } from './api'
import { cached, cacheGeneration, clear as clearDataCache, onClear } from './data-cache'
import { markSaved, useSaveStates, type SaveState } from './state/autosave'
import { drawEvaluated, drawnDoc, redo, undo, useEditor } from './state/editor'
import { shortcut } from './shortcuts'
import { optionsKey } from '../src-shared/options-key'

export interface RosterEvaluation {
  /** The latest verdict (kept while the next edit's is on its way). */
  verdict: Verdict | null
  /** Why the roster as it is now could not be checked (the verdict shown is then an earlier version's); null when it was. */
  checkFailed: string | null
  /** What can be added and why not; `stale` while it answers an earlier version of what decides it. */
  options: { answer: OptionsAnswer | null; stale: boolean; error: string | null }
}

/**
 * The open roster's verdict and options: one call per edit (evaluateRoster, one check in the main
 * process, which remembers it for the save that follows), the latest answer winning. Everything the
 * editor shows about the roster reads this one answer. The roster is the editor's (state/editor.ts),
 * asked about the moment it changes, while React is still drawing the edit, not after it.
 */
export function useRosterEvaluation(): RosterEvaluation {
  // The roster as drawn: what is offered is said of what the player sees.
  const doc = useEditor(drawnDoc)
  const [state, setState] = useState<{ value: Evaluation | null; forDoc: RosterDocument | null; error: string | null }>({
    value: null,
    forDoc: null,
    error: null
  })
  useEffect(() => {
    let asked: RosterDocument | null = null
    let seq = 0
    let live = true
    const ask = (next: RosterDocument | null) => {
      if (!next || next === asked) return
      asked = next
      const mine = ++seq
      const answered = (error: string | null, value?: Evaluation) => {
        if (!live || mine !== seq) return
        const update = () =>
          setState((s) => (error === null && value ? { value, forDoc: next, error: null } : { value: s.value, forDoc: s.forDoc, error: error ?? 'no answer' }))
        if (useEditor.getState().waiting === null) return update()
        // A stepped count waiting for this verdict (state/editor.ts): both drawn in one render, now.
        flushSync(() => {
          update()
          drawEvaluated(next)
        })
      }
      api()
        .evaluateRoster(next)
        .then(
          (r) => (r.ok ? answered(null, r.value) : answered(r.error.message)),
          (e: unknown) => answered(e instanceof Error ? e.message : String(e))
        )
    }
    ask(useEditor.getState().doc)
    const unsubscribe = useEditor.subscribe((editor) => ask(editor.doc))
    return () => {
      live = false
      unsubscribe()
    }
  }, [])
  const { value, forDoc, error } = state
  // An answer for a name or notes edit of the same roster offers the same: not stale. A failed
  // evaluation leaves the last answer marked as an earlier roster's.
  const stale = !doc || !forDoc || (forDoc !== doc && optionsKey(forDoc) !== optionsKey(doc))
  // A failure is said, not left as a list that waits for ever.
  return { verdict: value?.verdict ?? null, checkFailed: error, options: { answer: error ? null : (value?.options ?? null), stale, error } }
}

/**
 * What the collection still has for the open roster once its units have taken theirs (the editor's
 * "only what I own"), asked again on each edit while `enabled`; null while off or not yet answered.
 */
export function useOwnedLeft(enabled: boolean): { owned: OwnedLeft | null; error: string | null } {
  const [state, setState] = useState<{ owned: OwnedLeft | null; error: string | null }>({ owned: null, error: null })
  useEffect(() => {
    if (!enabled) return
    let seq = 0
    let live = true
    let asked: RosterDocument | null = null
    const ask = (doc: RosterDocument | null) => {
      if (!doc || doc === asked) return
      asked = doc
      const mine = ++seq
      void api()
        .ownedLeft(doc)
        .then((r) => {
          if (live && mine === seq) setState(r.ok ? { owned: r.value, error: null } : { owned: null, error: r.error.message })
        })
    }
    // Of the roster as drawn, as the rows it marks are.
    ask(drawnDoc(useEditor.getState()))
    const unsubscribe = useEditor.subscribe((editor) => ask(drawnDoc(editor)))
    return () => {
      live = false
      unsubscribe()
    }
  }, [enabled])
  // Off: nothing (an answer from when it was last on is not shown, and is asked again when it is turned on).
  return enabled ? state : { owned: null, error: null }
}

/**
 * "Armies I can field": each army of a ruleset with the share of it the collection fields, by army
 * id, asked when `enabled` (and again for another ruleset); null while off or not yet answered.
 */
export function useArmiesFielded(rulesetId: string, enabled: boolean): { byArmy: Map<string, ArmyFielded> | null; error: string | null } {
  const [state, setState] = useState<{ key: string; byArmy: Map<string, ArmyFielded> | null; error: string | null }>({ key: '', byArmy: null, error: null })
  useEffect(() => {
    if (!enabled || !rulesetId) return
    let live = true
    void api()
      .armiesFielded(rulesetId)
      .then((r) => {
        if (live)
          setState(
            r.ok ? { key: rulesetId, byArmy: new Map(r.value.map((a) => [a.army, a])), error: null } : { key: rulesetId, byArmy: null, error: r.error.message }
          )
      })
    return () => {
      live = false
    }
  }, [rulesetId, enabled])
  return enabled && state.key === rulesetId ? { byArmy: state.byArmy, error: state.error } : { byArmy: null, error: null }
}

/** New rules data in force (lists from Meshwesh published): every value the data cache keeps is asked again. */
export function forgetDataCaches(): void {
  clearDataCache()
}

/**
 * A ruleset's details, kept in the data cache until new rules data is in force. `edition`: as a
 * roster's data edition has it (its stats and costs), else the ruleset's own values. An edition the
 * data no longer has: the ruleset's own values (the check says the edition is unknown).
 */
export function rulesetDetails(id: string, edition?: string): Promise<RulesetDetails | null> {
  const own = () =>
    api()
      .rulesetDetails(id)
      .then((r) => (r.ok ? r.value : null))
  const ask = () =>
    edition
      ? api()
          .rulesetDetails(id, edition)
          .then((r) => (r.ok ? r.value : own()))
      : own()
  return cached(`ruleset:${id}@${edition ?? ''}`, ask, (v) => v !== null)
}

/** An army's details, kept in the data cache until new rules data is in force; a failure is not kept. */
export function armyDetails(ruleset: string, army: string): Promise<Result<ArmyDetails>> {
  return cached(
    `army:${ruleset}/${army}`,
    () => api().armyDetails(ruleset, army),
    (r) => r.ok
  )
}

/**
 * What `ask` answers (through the data cache), asked again when `key` changes and when the cache is
 * cleared; until the new answer is in, the last one stays. No key: nothing is asked.
 */
function useCachedAnswer<T>(key: string | null, ask: () => Promise<T | null>): T | null {
  const [value, setValue] = useState<T | null>(null)
  const generation = useSyncExternalStore(onClear, cacheGeneration)
  // `key` stands for everything the question depends on: a new `ask` function alone asks nothing.
  const latestAsk = useRef(ask)
  useEffect(() => {
    latestAsk.current = ask
  })
  useEffect(() => {
    if (key === null) return
    let live = true
    void latestAsk.current().then((v) => live && setValue(v))
    return () => {
      live = false
    }
  }, [key, generation])
  return value
}

export function useRulesetDetails(id: string | undefined, edition?: string): RulesetDetails | null {
  return useCachedAnswer(id ? `${id}@${edition ?? ''}` : null, () => rulesetDetails(id!, edition))
}

export function useArmyDetails(ruleset: string | undefined, army: string | undefined): ArmyDetails | null {
  return useCachedAnswer(ruleset && army ? `${ruleset}/${army}` : null, () => armyDetails(ruleset!, army!).then((r) => (r.ok ? r.value : null)))
}

/**
 * The open roster's save state. Each edit is saved (after a short pause) as a new revision by the
 * editor's store as it is made (state/editor.ts), through the autosaver (state/autosave.ts), which
 * retries a failed save and outlives the editor; the roster starts saved at the revision it opened at.
 */
export function useSaveState(id: string | null, initialRevision: number): SaveState {
  useEffect(() => {
    if (id) markSaved(id, initialRevision)
  }, [id, initialRevision])
  return useSaveStates((s) => (id ? s.states[id] : undefined)) ?? { state: 'saved', revision: initialRevision }
}

/** Ctrl+Z and Ctrl+Shift+Z (Cmd on a Mac) undo and redo the open roster, except behind a modal dialog. */
export function useUndoRedoKeys(): void {
  useEffect(() => {
    const keys = (e: KeyboardEvent) => {
      // Behind a modal dialog (Share, History, Print) the roster is not being edited.
      if (e.target instanceof Element && e.target.closest('dialog[open]')) return
      const s = shortcut(e)
      if (s === 'undo') {
        e.preventDefault()
        undo()
      } else if (s === 'redo') {
        e.preventDefault()
        redo()
      }
    }
    window.addEventListener('keydown', keys)
    return () => window.removeEventListener('keydown', keys)
  }, [])
}
