// Data hooks over the IPC client: the verdict of the open roster and what can be added to it (latest
// answer wins), ruleset and army details (cached), and autosave of every edit as a library revision.
import { useEffect, useRef, useState } from 'react'
import type { ArmyDetails, Result, RulesetDetails } from '../../src-main/ipc/contract'
import type { OptionsAnswer, Verdict } from '../../src-main/rules/types'
import type { RosterDocument } from '../../src-main/store/types'
import { api } from './api'
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

const rulesetCache = new Map<string, Promise<RulesetDetails | null>>()
const armyCache = new Map<string, Promise<ArmyDetails | null>>()

/** New rules data in force (lists from Meshwesh published): ruleset and army details are asked again. */
export function forgetDataCaches(): void {
  rulesetCache.clear()
  armyCache.clear()
}

/** `edition`: as a roster's data edition has it (its stats and costs), else the ruleset's own values. */
export function useRulesetDetails(id: string | undefined, edition?: string): RulesetDetails | null {
  const [value, setValue] = useState<RulesetDetails | null>(null)
  useEffect(() => {
    if (!id) return
    const key = edition ? `${id}@${edition}` : id
    let p = rulesetCache.get(key)
    if (!p) {
      // An edition the data no longer has: the ruleset's own values (the check says the edition is unknown).
      const own = () => api().rulesetDetails(id).then((r) => (r.ok ? r.value : null))
      p = edition ? api().rulesetDetails(id, edition).then((r) => (r.ok ? r.value : own())) : own()
      rulesetCache.set(key, p)
    }
    let live = true
    void p.then((v) => live && setValue(v))
    return () => {
      live = false
    }
  }, [id, edition])
  return value
}

export function useArmyDetails(ruleset: string | undefined, army: string | undefined): ArmyDetails | null {
  const [value, setValue] = useState<ArmyDetails | null>(null)
  useEffect(() => {
    if (!ruleset || !army) return
    const key = `${ruleset}/${army}`
    let p = armyCache.get(key)
    if (!p) {
      p = api().armyDetails(ruleset, army).then((r) => (r.ok ? r.value : null))
      armyCache.set(key, p)
    }
    let live = true
    void p.then((v) => live && setValue(v))
    return () => {
      live = false
    }
  }, [ruleset, army])
  return value
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
