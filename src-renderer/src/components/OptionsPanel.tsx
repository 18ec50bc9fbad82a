// The army list beside the roster: each option's troop types and costs, limits, what is already
// used, and why it cannot be taken (date, ally, limit reached); one click adds a unit.
import type { ArmyDetails, OptionSummary } from '../../../src-main/ipc/contract'
import type { Verdict } from '../../../src-main/rules/types'
import { formatYear, ratingLines } from '../format'

function inDates(year: number | undefined, dates: Array<{ from: number; to: number }> | null): boolean {
  if (year === undefined || !dates) return true
  return dates.some((d) => year >= d.from && year <= d.to)
}

export function OptionsPanel({
  army,
  verdict,
  year,
  onAdd
}: {
  army: ArmyDetails
  verdict: Verdict | null
  year: number | undefined
  onAdd: (option: OptionSummary, troop: string) => void
}) {
  const used = new Map<string, number>()
  for (const u of verdict?.units ?? []) if (u.option) used.set(u.option, (used.get(u.option) ?? 0) + u.count)
  const groups = new Map<string, OptionSummary[]>()
  for (const o of army.options) {
    const key = o.ally ? `${o.ally.internal ? 'Optional contingent' : 'Allies'}: ${o.ally.name}${o.ally.availability ? ` (${o.ally.availability})` : ''}` : 'Army list'
    groups.set(key, [...(groups.get(key) ?? []), o])
  }
  return (
    <aside className="options-panel" aria-label="Army list options">
      <h3>{army.name}</h3>
      {army.generals.length > 0 && <p className="muted">General: {army.generals.join(' or ')}</p>}
      {(army.ratings.length > 0 || army.topography.length > 0) && (
        <p className="muted ratings-line">
          {[...ratingLines(army.ratings, year), ...(army.topography.length ? [`Home topography: ${army.topography.join(', ')}`] : [])].join(' · ')}
        </p>
      )}
      {[...groups].map(([title, options]) => (
        <div key={title} className="option-group">
          <h4>{title}</h4>
          <ul>
            {options.map((o) => {
              const n = used.get(o.key) ?? 0
              const full = o.max !== null && n >= o.max
              const available = inDates(year, o.dates) && inDates(year, o.ally?.dates ?? null)
              const dated = [o.availability, o.ally?.availability].filter(Boolean).join(', ')
              const why = !available ? `${dated}; not in ${year === undefined ? 'this year' : formatYear(year)}` : full ? `limit of ${o.max} reached` : null
              return (
                <li key={o.key} className={why ? 'option unavailable' : 'option'}>
                  <div className="option-head">
                    <span className="option-name">{o.name}</span>
                    <span className={n < o.min ? 'option-count short' : 'option-count'} title="used / allowed">
                      {n} / {o.max === null ? (o.min ? `${o.min}+` : 'any') : o.min === o.max ? o.max : `${o.min}-${o.max}`}
                    </span>
                  </div>
                  {(why || o.restriction) && <div className="option-why">{[why, o.restriction].filter(Boolean).join('; ')}</div>}
                  <div className="option-troops">
                    {o.troops.map((t) => (
                      <button key={t.id} className="add-troop" disabled={!!why} onClick={() => onAdd(o, t.id)} aria-label={`Add ${t.name} (${o.name})`} title={why ?? `Add ${t.name}`}>
                        + {t.name}
                        {t.cost !== null && <span className="cost">{t.cost}</span>}
                      </button>
                    ))}
                  </div>
                </li>
              )
            })}
          </ul>
        </div>
      ))}
    </aside>
  )
}
