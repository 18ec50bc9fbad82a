// The app's data from the main process: the rulesets installed, what was left out of the user's data
// at start (shown until dismissed), and the error of a failed ask. Asked at start, then (when army
// lists fetched from Meshwesh are in force) again, the library then shown afresh (dataGeneration).
import { useCallback, useEffect, useState } from 'react'
import type { RulesetSummary } from '../../src-main/ipc/contract'
import { api } from '../api'

export function useAppData() {
  const [rulesets, setRulesets] = useState<RulesetSummary[]>([])
  const [error, setError] = useState('')
  // What was left out of the user's data at start (an edition named like a bundled one...): shown until dismissed.
  const [dataWarnings, setDataWarnings] = useState<string[]>([])
  // Army lists fetched from Meshwesh are in force: the rulesets are asked again, the library shown afresh (its marks).
  const [dataGeneration, setDataGeneration] = useState(0)
  const askDataWarnings = useCallback(() => {
    void api()
      .dataWarnings()
      .then((r) => setDataWarnings(r.ok ? r.value : []))
  }, [])
  const askRulesets = useCallback(
    () =>
      api()
        .listRulesets()
        .then((r) => {
          if (r.ok) setRulesets(r.value)
          else setError(r.error.message)
        }),
    []
  )
  const reloadRulesets = useCallback(() => {
    askDataWarnings()
    void askRulesets().then(() => setDataGeneration((n) => n + 1))
  }, [askDataWarnings, askRulesets])
  return { rulesets, error, setError, dataWarnings, setDataWarnings, dataGeneration, askDataWarnings, askRulesets, reloadRulesets }
}

/** At start: the data warnings and rulesets asked, then `afterRulesets` (back to the roster open when the app last closed). */
export function useAppStart(data: ReturnType<typeof useAppData>, afterRulesets: () => void): void {
  const { askDataWarnings, askRulesets } = data
  useEffect(() => {
    askDataWarnings()
    void askRulesets().then(afterRulesets)
  }, [afterRulesets, askDataWarnings, askRulesets])
}
