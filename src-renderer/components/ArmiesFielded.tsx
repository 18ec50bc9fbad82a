// "Armies I can field": every army (of one ruleset, or all) with the share of its minimum the
// collection covers, and of a full army, best covered first as the answer comes; the first hundred,
// then a hundred more at a time.
import { useState } from 'react'
import type { ArmyFielded, RulesetSummary } from '../../src-main/ipc/contract'
import { api } from '../api'
import { useMainAnswer } from '../state/main-answer'
import { countOf } from '../format'
import { percent, shortNameOf } from './collection-words'
import styles from '../screens/CollectionScreen.module.css'
import { NamedOptions } from './NamedOptions'
import { ErrorLine } from './ErrorLine'
import { Field, SelectField } from './Field'

const PAGE = 100

export function ArmiesFielded({ rulesets, generation }: { rulesets: RulesetSummary[]; /** Changes whenever the collection does. */ generation: number }) {
  const [ruleset, setRuleset] = useState('')
  const [find, setFind] = useState('')
  const [armies, setArmies] = useState<ArmyFielded[] | null>(null)
  const [error, setError] = useState('')
  const [shown, setShown] = useState(PAGE)

  useMainAnswer(
    `${ruleset}\n${generation}`,
    () => (ruleset ? api().armiesFielded(ruleset) : api().armiesFielded()),
    (value) => {
      setArmies(value)
      setError('')
    },
    setError
  )

  /** A new ruleset or search shows its first page. */
  const showFirst = (set: (value: string) => void, value: string) => {
    set(value)
    setShown(PAGE)
  }
  const query = find.trim().toLowerCase()
  const matching = (armies ?? []).filter((a) => !query || a.name.toLowerCase().includes(query))
  return (
    <section className={styles.collectionPanel} aria-labelledby="armies-fielded-heading">
      <h3 id="armies-fielded-heading">Armies I can field</h3>
      <div className={styles.collectionFilters}>
        <SelectField label="Ruleset" value={ruleset} onValue={(v) => showFirst(setRuleset, v)} aria-label="Armies of ruleset">
          <option value="">All rulesets</option>
          <NamedOptions items={rulesets} />
        </SelectField>
        <Field label="Find army" type="search" value={find} onValue={(v) => showFirst(setFind, v)} placeholder="e.g. British" />
      </div>
      <ErrorLine error={error} />
      {armies === null && !error && <p className="muted">Working out what your collection fields…</p>}
      {armies !== null && (
        <>
          <p className="muted" role="status">
            {countOf(matching.length, 'army', 'armies')}
            {matching.length > shown ? `, the first ${shown} shown` : ''}. Minimum: what the list requires, covered by what you own. Full army: the share of the
            usual points limit you can field.
          </p>
          <table className={styles.armiesFielded}>
            <thead>
              <tr>
                <th scope="col">Army</th>
                <th scope="col">Rules</th>
                <th scope="col">Minimum</th>
                <th scope="col">Full army</th>
              </tr>
            </thead>
            <tbody>
              {matching.slice(0, shown).map((a) => (
                <tr key={`${a.ruleset}/${a.army}`}>
                  <td>{a.name}</td>
                  <td className="nowrap">{shortNameOf(rulesets, a.ruleset)}</td>
                  <td className={styles.coverageCell}>
                    {a.required === 0 ? (
                      <span className="muted">no minimum</span>
                    ) : (
                      <>
                        <span className={styles.coverageBar} aria-hidden="true">
                          <span style={{ width: percent(a.minimum) }} />
                        </span>
                        <span className="coverage-words">
                          {percent(a.minimum)} ({a.covered} of {a.required})
                        </span>
                      </>
                    )}
                  </td>
                  <td className="nowrap">
                    {a.full === null ? (
                      <span className="muted">no usual limit</span>
                    ) : (
                      // What could be fielded once the minimum is: "up to" while it is not.
                      `${a.minimum < 1 ? 'up to ' : ''}${percent(a.full)}`
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {matching.length > shown && <button onClick={() => setShown((n) => n + PAGE)}>Show {Math.min(PAGE, matching.length - shown)} more</button>}
        </>
      )}
    </section>
  )
}
