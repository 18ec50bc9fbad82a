// The army browser: rulesets, their armies (search, year and era filters) and each army list.
import { useMemo, useState } from 'react'
import type { ArmyDetails, RulesetSummary } from '../../src-main/ipc/contract'
import { api } from './api'
import { armyMatches, formatRange, parseYear } from './format'
import { ArmyView } from './ArmyView'
import { useRulesetDetails } from './hooks'

export function ArmyBrowser({ rulesets, onNewRoster }: { rulesets: RulesetSummary[]; onNewRoster: (rulesetId: string, armyId: string) => void }) {
  const [selected, setSelected] = useState<string>(rulesets[0]?.id ?? '')
  const [query, setQuery] = useState('')
  const [error, setError] = useState<string>('')
  const [yearText, setYearText] = useState('')
  const [era, setEra] = useState('')
  const [army, setArmy] = useState<ArmyDetails | null>(null)

  const ruleset = rulesets.find((r) => r.id === selected)
  const details = useRulesetDetails(selected)
  const year = parseYear(yearText)
  const eras = useMemo(() => [...new Set((ruleset?.armies ?? []).map((a) => a.era).filter((e): e is string => !!e))], [ruleset])
  const armies = useMemo(() => {
    return (ruleset?.armies ?? []).filter((a) => armyMatches(a, query, year) && (!era || a.era === era))
  }, [ruleset, query, year, era])

  async function openArmy(id: string) {
    if (!ruleset) return
    const r = await api().armyDetails(ruleset.id, id)
    if (r.ok) setArmy(r.value)
    else setError(r.error.message)
  }

  return (
    <div className="browser">
      <div className="columns">
        <nav className="rulesets" aria-label="Rulesets">
          {rulesets.map((r) => (
            <button key={r.id} className={r.id === selected ? 'ruleset active' : 'ruleset'} onClick={() => { setSelected(r.id); setArmy(null); setEra('') }} aria-pressed={r.id === selected}>
              <span className="name">{r.name}</span>
              <span className="meta">
                {r.armies.length} armies · {r.defaultPointsLimit === null ? 'no default size' : `${r.defaultPointsLimit} points`} · per {r.costUnit}
              </span>
            </button>
          ))}
        </nav>
        <section className="armies" aria-label="Armies">
          {army ? (
            <ArmyView army={army} ruleset={details} onBack={() => setArmy(null)} onNewRoster={() => onNewRoster(selected, army.id)} />
          ) : (
            <>
              <div className="toolbar">
                <input type="search" placeholder="Search armies by name or nation" value={query} onChange={(e) => setQuery(e.target.value)} aria-label="Search armies" />
                <input className="year" placeholder="Year, e.g. 55 BC" value={yearText} onChange={(e) => setYearText(e.target.value)} aria-label="Fielded in year" aria-invalid={yearText.trim() !== '' && year === null} />
                <select value={era} onChange={(e) => setEra(e.target.value)} aria-label="Era">
                  <option value="">All eras</option>
                  {eras.map((e) => (
                    <option key={e}>{e}</option>
                  ))}
                </select>
              </div>
              <p className="count">
                {armies.length} of {ruleset?.armies.length ?? 0} armies
              </p>
              <table>
                <thead>
                  <tr>
                    <th>Army</th>
                    <th>Dates</th>
                    <th>Era</th>
                    <th>Nation and themes</th>
                  </tr>
                </thead>
                <tbody>
                  {armies.map((a) => (
                    <tr key={a.id} className="clickable" tabIndex={0} onClick={() => void openArmy(a.id)} onKeyDown={(e) => e.key === 'Enter' && void openArmy(a.id)}>
                      <td>{a.name}</td>
                      <td>{a.dates.map(formatRange).join(', ')}</td>
                      <td>{a.era ?? ''}</td>
                      <td>{a.tags.join(', ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </section>
        {error && (
          <p className="load-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  )
}
