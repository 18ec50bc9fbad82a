// One evaluation per edit: the editor asks for a roster's verdict and options in one call
// (engine.evaluate: one check, the options tried against it), and the answer is remembered for
// that very document, so when autosave stores it a moment later the library's summary reuses the
// verdict instead of checking the roster again. Remembered by the document's JSON text: the
// renderer sends a fresh copy each time, so identity would never match. An edit of the name or
// notes alone (the same options key, src-shared/options-key.ts) is checked, and keeps the options
// of the edit before: a keystroke in the name does not try every candidate unit again.
import type { Engine } from '../rules'
import type { Evaluation, Verdict } from '../rules/types'
import { optionsKey, type OptionsInputs } from '../../src-shared/options-key'

export interface Evaluator {
  /** The verdict and the options of a roster, from one check (remembered). */
  evaluate(roster: unknown): Evaluation
  /** The verdict alone: the remembered one when this document was evaluated lately, else a check. */
  verdict(roster: unknown): Verdict
}

/** An evaluator that keeps the last `keep` evaluations (the open roster's latest edits). */
export function rememberingEvaluator(engine: Engine, keep = 4): Evaluator {
  const remembered = new Map<string, Evaluation>()
  let last: { optionsKey: string; evaluation: Evaluation } | undefined
  const keyOf = (roster: unknown): string | undefined => {
    try {
      return JSON.stringify(roster)
    } catch {
      return undefined // not JSON (a cycle): never remembered
    }
  }
  return {
    evaluate(roster) {
      const key = keyOf(roster)
      const known = key === undefined ? undefined : remembered.get(key)
      if (known) return known
      const sameOffers = key !== undefined && typeof roster === 'object' && roster !== null ? optionsKey(roster as OptionsInputs) : undefined
      const evaluation: Evaluation =
        last && sameOffers !== undefined && last.optionsKey === sameOffers
          ? { verdict: engine.check(roster), options: last.evaluation.options }
          : engine.evaluate(roster)
      if (sameOffers !== undefined) last = { optionsKey: sameOffers, evaluation }
      if (key !== undefined) {
        remembered.set(key, evaluation)
        // A Map keeps insertion order: the first key is the oldest.
        if (remembered.size > keep) remembered.delete(remembered.keys().next().value!)
      }
      return evaluation
    },
    verdict(roster) {
      const key = keyOf(roster)
      return (key === undefined ? undefined : remembered.get(key)?.verdict) ?? engine.check(roster)
    }
  }
}
