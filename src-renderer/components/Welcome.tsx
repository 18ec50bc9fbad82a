// First run: what Muster is for (build, check an event, print) and the sample rosters of each
// ruleset, one click from being the user's own. Shown while the library is empty.
import { useEffect, useState } from 'react'
import type { RulesetSummary, SampleSummary } from '../../src-main/ipc/contract'
import { api } from '../api'
import { countOf, formatPoints } from '../format'
import styles from './Welcome.module.css'
import { ErrorLine } from './ErrorLine'

export function Welcome({
  rulesets,
  onNew,
  onEvent,
  onOpen
}: {
  rulesets: RulesetSummary[]
  onNew: () => void
  onEvent: () => void
  onOpen: (id: string) => void
}) {
  const [samples, setSamples] = useState<SampleSummary[] | null>(null)
  const [error, setError] = useState('')
  useEffect(() => {
    void api()
      .listSamples()
      .then((r) => (r.ok ? setSamples(r.value) : setError(r.error.message)))
  }, [])

  const [starting, setStarting] = useState(false)
  async function start(file: string) {
    if (starting) return // one roster per click, however fast the clicks
    setStarting(true)
    const r = await api().addSample(file)
    setStarting(false)
    if (r.ok) onOpen(r.value.id)
    else setError(r.error.message)
  }

  const rulesetName = (id: string) => rulesets.find((r) => r.id === id)?.name ?? id
  return (
    <div className={styles.welcome}>
      <h2>Welcome to Muster</h2>
      <p className={styles.lead}>
        Build army lists for ancient wargames that are checked as you go, check a whole tournament’s lists at once, and print them for the table. Everything
        stays on this computer.
      </p>
      <ol className={styles.jobs}>
        <li>
          <h3>Build an army</h3>
          <p>Pick a ruleset and an army list; Muster offers only what the list allows and adds up the points as you go.</p>
          <button className="primary" onClick={onNew}>
            Start a new roster
          </button>
        </li>
        <li>
          <h3>Check an event</h3>
          <p>Organisers: drop in every player’s list and get one report of who is legal, with reasons; then run the day.</p>
          <button onClick={onEvent}>Go to Events</button>
        </li>
        <li>
          <h3>Print for the table</h3>
          <p>Open a roster and choose Print / PDF for a roster sheet, unit cards or a quick-reference sheet.</p>
        </li>
      </ol>
      <h3 id="samples-heading">Or start from a sample army</h3>
      <ErrorLine error={error} />
      {samples === null ? (
        <p className="muted">Loading the samples…</p>
      ) : samples.length === 0 ? (
        <p className="muted">No sample rosters came with this copy of Muster.</p>
      ) : (
        <ul className={styles.samples} aria-labelledby="samples-heading">
          {samples.map((s) => (
            <li key={s.file}>
              <span className={styles.sampleRuleset}>{rulesetName(s.ruleset)}</span>
              <strong>{s.name}</strong>
              <span className="muted">
                {s.armyName} · {formatPoints(s.points)}
                {s.limit !== null ? ` / ${formatPoints(s.limit)}` : ''} points · {countOf(s.units, 'unit')}
              </span>
              <button onClick={() => void start(s.file)} disabled={starting} aria-label={`Start from this: ${s.name} (${rulesetName(s.ruleset)})`}>
                Start from this
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="muted">Have lists already? Drop .muster.json files here, choose Import…, or use Paste code… for a share code someone sent you.</p>
    </div>
  )
}
