// First screen: the rulesets and armies Muster knows, and a roster checker (open a roster file,
// see its verdict). The full editor and library come with their own issues.
import { useEffect, useMemo, useState } from 'react'
import type { ArmyDetails, RulesetSummary } from '../../src-main/ipc/contract'
import type { Verdict } from '../../src-main/rules/types'
import { api } from './api'
import { formatPoints, formatRange, parseYear } from './format'
import { ArmyView } from './ArmyView'

export function App() {
  const [rulesets, setRulesets] = useState<RulesetSummary[]>([])
  const [selected, setSelected] = useState<string>('')
  const [query, setQuery] = useState('')
  const [error, setError] = useState<string>('')
  const [checked, setChecked] = useState<{ file: string; verdict: Verdict } | null>(null)
  const [yearText, setYearText] = useState('')
  const [era, setEra] = useState('')
  const [army, setArmy] = useState<ArmyDetails | null>(null)

  useEffect(() => {
    void api()
      .listRulesets()
      .then((r) => {
        if (r.ok) {
          setRulesets(r.value)
          setSelected(r.value[0]?.id ?? '')
        } else setError(r.error.message)
      })
  }, [])

  const ruleset = rulesets.find((r) => r.id === selected)
  const year = parseYear(yearText)
  const eras = useMemo(() => [...new Set((ruleset?.armies ?? []).map((a) => a.era).filter((e): e is string => !!e))], [ruleset])
  const armies = useMemo(() => {
    const q = query.trim().toLowerCase()
    return (ruleset?.armies ?? []).filter(
      (a) =>
        (!q || a.name.toLowerCase().includes(q) || a.tags.some((t) => t.toLowerCase().includes(q))) &&
        (year === null || a.dates.some((d) => year >= d.from && year <= d.to)) &&
        (!era || a.era === era)
    )
  }, [ruleset, query, year, era])

  async function openArmy(id: string) {
    if (!ruleset) return
    const r = await api().armyDetails(ruleset.id, id)
    if (r.ok) setArmy(r.value)
    else setError(r.error.message)
  }

  async function openRoster(file: File) {
    setError('')
    let data: unknown
    try {
      data = JSON.parse(await file.text())
    } catch (e) {
      setChecked(null)
      setError(`${file.name}: not valid JSON (${(e as Error).message})`)
      return
    }
    const r = await api().checkRoster(data)
    if (r.ok) setChecked({ file: file.name, verdict: r.value })
    else setError(`${file.name}: ${r.error.message}`)
  }

  return (
    <div className="app">
      <header className="topbar">
        <h1>Muster</h1>
        <span className="tagline">Army lists for ancient wargames, checked</span>
      </header>
      <main className="columns">
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
            <ArmyView army={army} onBack={() => setArmy(null)} />
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
        <section className="checker" aria-label="Check a roster">
          <h2>Check a roster</h2>
          <label className="file">
            Open a .muster.json file
            <input type="file" accept=".json,application/json" onChange={(e) => e.target.files?.[0] && void openRoster(e.target.files[0])} />
          </label>
          {error && <p className="load-error" role="alert">{error}</p>}
          {checked && <VerdictView file={checked.file} verdict={checked.verdict} ruleset={rulesets.find((r) => r.id === checked.verdict.ruleset)} />}
        </section>
      </main>
    </div>
  )
}

function VerdictView({ file, verdict, ruleset }: { file: string; verdict: Verdict; ruleset?: RulesetSummary }) {
  const label = (id: string) => ruleset?.figures.find((f) => f.id === id)?.label ?? id
  const army = ruleset?.armies.find((a) => a.id === verdict.army)
  return (
    <div className={verdict.valid ? 'verdict legal' : 'verdict illegal'}>
      <p className="status">
        <strong>{verdict.valid ? 'Legal' : 'Illegal'}</strong> · {file}
      </p>
      {ruleset && (
        <p className="what">
          {ruleset.name}
          {army && ` · ${army.name}`}
        </p>
      )}
      <p className="points">
        {formatPoints(verdict.points)}
        {verdict.limit !== null ? ` / ${formatPoints(verdict.limit)} points` : ' points (no limit set)'}
      </p>
      <dl className="figures">
        {Object.entries(verdict.figures).map(([k, v]) => (
          <div key={k}>
            <dt>{label(k)}</dt>
            <dd>{typeof v === 'number' ? formatPoints(v) : Object.entries(v).map(([n, x]) => `${n}: ${x}`).join(', ')}</dd>
          </div>
        ))}
      </dl>
      <ul className="issues">
        {verdict.issues.map((i, n) => (
          <li key={n} className={i.severity}>
            <span className="sev">{i.severity}</span> {i.message}
            {i.hint && <span className="hint"> {i.hint}</span>} <code>{i.path || '(roster)'}</code>
          </li>
        ))}
      </ul>
    </div>
  )
}
