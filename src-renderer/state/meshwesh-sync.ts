// A Meshwesh sync as the window sees it: the main process's status (asked at start, then polled, one
// ask at a time, while a sync runs), the dialog open or not (the menu's Armies > Get lists from
// Meshwesh opens it), start and cancel, and the report of a sync this window started or saw running,
// until the player has seen it. After a publish the army lists the window keeps are asked again.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { MeshweshReport, MeshweshStatus, RulesetSummary } from '../../src-main/ipc/contract'
import { api } from '../api'
import { forgetDataCaches } from '../hooks'

/** How often the window asks how a sync is doing. */
const POLL_MS = 250

export function useMeshweshSync(rulesets: RulesetSummary[], onPublished: () => void) {
  const [status, setStatus] = useState<MeshweshStatus | null>(null)
  const [open, setOpen] = useState(false)
  const [error, setError] = useState('')
  // The report of a sync this window started or saw running, until the player has seen it.
  const [report, setReport] = useState<MeshweshReport | null>(null)
  // Whether the sync shown was the first (Get lists) or an update, for the dialog's title.
  const [first, setFirst] = useState<boolean | null>(null)
  // A sync is under way that this window has not yet seen end.
  const watching = useRef(false)

  const refresh = useCallback(
    (): Promise<MeshweshStatus | null> =>
      api()
        .meshweshStatus()
        .then((r) => {
          if (!r.ok) {
            setError(r.error.message)
            return null
          }
          const s = r.value
          setStatus(s)
          if (s.running) watching.current = true
          else if (watching.current) {
            // It ended: its report, once; after a publish the army lists the window keeps are asked again.
            watching.current = false
            if (s.lastReport) setReport(s.lastReport)
            if (s.lastReport?.status === 'published') {
              forgetDataCaches()
              onPublished()
            }
          }
          return s
        }),
    [onPublished]
  )

  useEffect(() => void refresh(), [refresh])
  // The menu's Armies > Get lists from Meshwesh (or Update).
  useEffect(
    () =>
      api().onCommand?.((c) => {
        if (c === 'meshwesh') setOpen(true)
      }),
    []
  )

  // While a sync runs: its progress, one poll at a time.
  const running = status?.running ?? false
  useEffect(() => {
    if (!running) return
    let live = true
    let timer = 0
    const tick = async () => {
      const s = await refresh()
      if (live && (s === null || s.running)) timer = window.setTimeout(() => void tick(), POLL_MS)
    }
    timer = window.setTimeout(() => void tick(), POLL_MS)
    return () => {
      live = false
      window.clearTimeout(timer)
    }
  }, [running, refresh])

  /** factsOnly undefined: as the player last chose (Resume, Try again). `full`: the extras asked again too. */
  async function start(baseUrl: string, factsOnly?: boolean, full?: boolean) {
    setError('')
    setReport(null)
    const r = await api().meshweshSync({ baseUrl, ...(factsOnly !== undefined ? { factsOnly } : {}), ...(full ? { full } : {}) })
    if (!r.ok) return setError(r.error.message)
    watching.current = true
    setFirst(!has)
    setStatus(r.value)
  }

  async function cancel() {
    const r = await api().meshweshCancel()
    if (!r.ok) setError(r.error.message)
    void refresh()
  }

  const close = () => {
    setOpen(false)
    setError('')
    // Seen: the bar goes back to saying what the player has.
    if (!running) setReport(null)
  }

  const ruleset = rulesets.find((r) => r.id === status?.ruleset)
  const rulesetName = ruleset?.shortName ?? status?.ruleset ?? ''
  const bundled = ruleset?.armies.filter((a) => a.source === 'bundled').length ?? 0
  const has = (status?.lists ?? 0) > 0
  const action = has ? 'Update from Meshwesh' : 'Get lists from Meshwesh'
  // A sync's progress and report keep the title it started under (the first one publishes: "has" changes).
  const title = (running || report) && first !== null ? (first ? 'Get lists from Meshwesh' : 'Update from Meshwesh') : action

  return { status, open, setOpen, error, report, running, start, cancel, close, rulesetName, bundled, has, action, title }
}
