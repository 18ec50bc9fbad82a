// Data hooks over the IPC client: the verdict of the open roster and what can be added to it (latest
// answer wins, asked the moment the editor's roster changes), ruleset and army details and what the
// collection fields (queries of the one query layer, query.ts), and the open roster's save state (the
// editor's store has each edit saved: state/editor.ts, state/autosave.ts).
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { flushSync } from 'react-dom'
import type { ArmyDetails, ArmyFielded, Evaluation, OptionsAnswer, OwnedLeft, Result, RosterDocument, RulesetDetails, Verdict } from '../src-main/ipc/contract'
import { api } from './api'
import { answerOf, askedAfresh, forgetAll, keeping, keptAnswer, queryClient } from './query'
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

/** A number per roster object, for a query key that names one version of the roster without hashing it. */
const versions = new WeakMap<object, number>()
let lastVersion = 0
const versionOf = (doc: RosterDocument) => versions.get(doc) ?? (versions.set(doc, ++lastVersion), lastVersion)

/**
 * What the collection still has for the open roster once its units have taken theirs (the editor's
 * "only what I own"), asked again on each edit while `enabled`, the answer for the roster as drawn
 * winning; null while off or not yet answered.
 */
export function useOwnedLeft(enabled: boolean): { owned: OwnedLeft | null; error: string | null } {
  // Of the roster as drawn, as the rows it marks are; nothing read (no redraw) while off.
  const doc = useEditor((s) => (enabled ? drawnDoc(s) : null))
  const { data } = useQuery(
    {
      queryKey: ['ownedLeft', doc ? versionOf(doc) : null],
      queryFn: () => api().ownedLeft(doc!),
      enabled: enabled && doc !== null,
      placeholderData: keepPreviousData,
      ...askedAfresh
    },
    queryClient
  )
  // Off: nothing (an answer from when it was last on is not shown, and is asked again when it is turned on).
  if (!enabled || !data) return { owned: null, error: null }
  return data.ok ? { owned: data.value, error: null } : { owned: null, error: data.error.message }
}

type Fielded = { byArmy: Map<string, ArmyFielded> | null; error: string | null }
const fieldedByArmy = (r: Result<ArmyFielded[]>): Fielded =>
  r.ok ? { byArmy: new Map(r.value.map((a) => [a.army, a])), error: null } : { byArmy: null, error: r.error.message }

/**
 * "Armies I can field": each army of a ruleset with the share of it the collection fields, by army
 * id, asked when `enabled` (and again for another ruleset); null while off or not yet answered.
 */
export function useArmiesFielded(rulesetId: string, enabled: boolean): Fielded {
  const { data } = useQuery(
    {
      queryKey: ['armiesFielded', rulesetId],
      queryFn: () => api().armiesFielded(rulesetId),
      enabled: enabled && !!rulesetId,
      select: fieldedByArmy,
      ...askedAfresh
    },
    queryClient
  )
  return enabled && data ? data : { byArmy: null, error: null }
}

/** New rules data in force (lists from Meshwesh published): every answer the query layer keeps is asked again. */
export function forgetDataCaches(): void {
  forgetAll()
}

/** A ruleset's details, as rulesetDetails gives them: the edition's values, else the ruleset's own; null on a failure (not kept). */
function rulesetQuery(id: string, edition?: string) {
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
  return { queryKey: ['rulesetDetails', id, edition ?? null], ask, keep: (v: RulesetDetails | null) => v !== null }
}

function armyQuery(ruleset: string, army: string) {
  return { queryKey: ['armyDetails', ruleset, army], ask: () => api().armyDetails(ruleset, army), keep: (r: Result<ArmyDetails>) => r.ok }
}

/**
 * A ruleset's details, kept until new rules data is in force. `edition`: as a roster's data edition
 * has it (its stats and costs), else the ruleset's own values. An edition the data no longer has:
 * the ruleset's own values (the check says the edition is unknown).
 */
export function rulesetDetails(id: string, edition?: string): Promise<RulesetDetails | null> {
  const q = rulesetQuery(id, edition)
  return keptAnswer(q.queryKey, q.ask, q.keep)
}

/** An army's details, kept until new rules data is in force; a failure is not kept. */
export function armyDetails(ruleset: string, army: string): Promise<Result<ArmyDetails>> {
  const q = armyQuery(ruleset, army)
  return keptAnswer(q.queryKey, q.ask, q.keep)
}

/**
 * What a kept query answers, asked again when its key changes and when new rules data is in force;
 * until the new answer is in, the last one stays. No query: nothing is asked.
 */
function useKept<T>(q: { queryKey: unknown[]; ask: () => Promise<T>; keep: (value: T) => boolean } | null): T | null {
  const { data, error } = useQuery(
    { queryKey: q?.queryKey ?? ['none'], queryFn: q ? keeping(q.ask, q.keep) : () => null, enabled: q !== null, placeholderData: keepPreviousData },
    queryClient
  )
  return answerOf(data as T | undefined, error)
}

export function useRulesetDetails(id: string | undefined, edition?: string): RulesetDetails | null {
  return useKept(id ? rulesetQuery(id, edition) : null)
}

export function useArmyDetails(ruleset: string | undefined, army: string | undefined): ArmyDetails | null {
  const r = useKept(ruleset && army ? armyQuery(ruleset, army) : null)
  return r?.ok ? r.value : null
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
