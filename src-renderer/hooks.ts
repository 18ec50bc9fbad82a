// Data hooks over the IPC client: the verdict of the open roster and what can be added to it (latest
// answer wins), ruleset and army details (kept in the one data cache, data-cache.ts), and autosave
// of every edit as a library revision.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { ArmyDetails, Result, RulesetDetails } from '../src-main/ipc/contract'
import type { OptionsAnswer, Verdict } from '../src-main/rules/types'
import type { RosterDocument } from '../src-main/store/types'
import { api } from './api'
import { cached, cacheGeneration, clear as clearDataCache, onClear } from './data-cache'
import { markSaved, scheduleSave, useSaveStates, type SaveState } from './state/autosave'
import { redo, undo } from './state/editor'
import { shortcut } from './shortcuts'

/**
 * The main process's answer about the open roster, asked again whenever `key` changes; the latest
 * question's answer wins (a slow early one never overwrites it). `forKey` says which question the
 * answer is for, so a caller can tell an answer for an earlier roster; a failure is kept as words.
 */
function useLatestAnswer<T>(key: unknown, ask: (() => Promise<Result<T>>) | null): { value: T | null; forKey: unknown; error: string | null } {
  const [state, setState] = useState<{ value: T | null; forKey: unknown; error: string | null }>({ value: null, forKey: undefined, error: null })
  const seq = useRef(0)
  // `key` stands for everything the question depends on: a new `ask` function alone asks nothing.
  const latestAsk = useRef(ask)
  useEffect(() => {
    latestAsk.current = ask
  })
  useEffect(() => {
    const question = latestAsk.current
    if (!question) return
    const mine = ++seq.current
    void question().then((r) => {
      if (mine === seq.current) setState((s) => (r.ok ? { value: r.value, forKey: key, error: null } : { value: s.value, forKey: key, error: r.error.message }))
    })
  }, [key])
  return state
}

export function useVerdict(doc: RosterDocument | null): Verdict | null {
  return useLatestAnswer(doc, doc ? () => api().checkRoster(doc) : null).value
}

/**
 * What can be added to the open roster and why not (the engine's answer; latest answer wins), and
 * whether it is still the answer for an earlier version of the roster (an offer may no longer hold).
 * Asked again only when what decides it changes (units, cards, year, limit, the part of the list, the
 * data edition), not for a name or notes.
 */
export function useRosterOptions(doc: RosterDocument | null): { answer: OptionsAnswer | null; stale: boolean; error: string | null } {
  const key = doc ? JSON.stringify([doc.ruleset, doc.army, doc.units, doc.battleCards, doc.year, doc.pointsLimit, doc.subFaction, doc.edition]) : ''
  const { value, forKey, error } = useLatestAnswer(key, doc ? () => api().rosterOptions(doc) : null)
  // A failure is said, not left as a list that waits for ever.
  return { answer: error ? null : value, stale: forKey !== key, error }
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
  const own = () => api().rulesetDetails(id).then((r) => (r.ok ? r.value : null))
  const ask = () => (edition ? api().rulesetDetails(id, edition).then((r) => (r.ok ? r.value : own())) : own())
  return cached(`ruleset:${id}@${edition ?? ''}`, ask, (v) => v !== null)
}

/** An army's details, kept in the data cache until new rules data is in force; a failure is not kept. */
export function armyDetails(ruleset: string, army: string): Promise<Result<ArmyDetails>> {
  return cached(`army:${ruleset}/${army}`, () => api().armyDetails(ruleset, army), (r) => r.ok)
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
 * Saves each change of the open roster (after a short pause) as a new revision, through the
 * autosaver (state/autosave.ts), which retries a failed save and outlives the editor.
 */
export function useAutosave(id: string | null, doc: RosterDocument | null, initialRevision: number): SaveState {
  const first = useRef(true)
  useEffect(() => {
    first.current = true
    if (id) markSaved(id, initialRevision)
  }, [id, initialRevision])

  useEffect(() => {
    if (!id || !doc) return
    if (first.current) {
      first.current = false
      return
    }
    scheduleSave(id, doc)
  }, [id, doc])
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
