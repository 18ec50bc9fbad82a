// One army list: dates, nation, who may be the general, and every option with its troop types,
// limits and why it is restricted (dates, sub-faction, ally), and the battle cards it offers.
import type { ArmyDetails, OptionSummary } from '../../src-main/ipc/contract'
import { formatRange, ratingLines } from './format'

function limits(o: OptionSummary): string {
  if (o.max === null) return o.min > 0 ? `${o.min}+` : 'any'
  return o.min === o.max ? String(o.min) : `${o.min}-${o.max}`
}

export function ArmyView({ army, onBack }: { army: ArmyDetails; onBack: () => void }) {
  const own = army.options.filter((o) => !o.ally)
  const allied = army.options.filter((o) => o.ally)
  const allies = [...new Map(allied.map((o) => [o.ally!.id, o.ally!])).values()]
  return (
    <div className="army-view">
      <button className="back" onClick={onBack}>
        ← All armies
      </button>
      <h2>{army.name}</h2>
      <p className="meta">
        {army.dates.map(formatRange).join(', ')}
        {army.era && ` · ${army.era}`}
        {army.region && ` · ${army.region}`}
        {army.tags.length > 0 && ` · ${army.tags.join(', ')}`}
      </p>
      {army.generals.length > 0 && <p>General: {army.generals.join(' or ')}</p>}
      {(army.ratings.length > 0 || army.topography.length > 0) && (
        <ul className="ratings" aria-label="Ratings and home topography">
          {ratingLines(army.ratings).map((line) => (
            <li key={line}>{line}</li>
          ))}
          {army.topography.length > 0 && <li>Home topography: {army.topography.join(', ')}</li>}
        </ul>
      )}
      <OptionTable options={own} caption="Troop options" />
      {allies.map((a) => (
        <OptionTable key={a.id} options={allied.filter((o) => o.ally!.id === a.id)} caption={`${a.internal ? 'Optional contingent' : 'Allies'}: ${a.name}${a.availability ? ` (${a.availability})` : ''}`} />
      ))}
      {army.battleCards.length > 0 && (
        <table className="options">
          <caption>Battle cards</caption>
          <thead>
            <tr>
              <th>Card</th>
              <th>Offered on</th>
              <th>Cost</th>
            </tr>
          </thead>
          <tbody>
            {army.battleCards.map((c) => (
              <tr key={c.code}>
                <td>
                  {c.name} <span className="muted">({c.code})</span>
                </td>
                <td>{c.offers.map((o) => `${o.optionName ?? 'the army'}${o.note ? ` (${o.note})` : ''}${o.max !== null ? `, at most ${o.max}` : ''}`).join('; ')}</td>
                <td className="muted">{c.costText}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {army.notes.length > 0 && (
        <details>
          <summary>Notes on this list</summary>
          <ul>
            {army.notes.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  )
}

function OptionTable({ options, caption }: { options: OptionSummary[]; caption: string }) {
  return (
    <table className="options">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th>Option</th>
          <th>Troops</th>
          <th>Count</th>
          <th>Restrictions</th>
        </tr>
      </thead>
      <tbody>
        {options.map((o) => (
          <tr key={o.key}>
            <td>
              {o.name}
              {o.battleLine && <span className="badge">battle line{o.battleLine === 'half' ? ' (half)' : ''}</span>}
            </td>
            <td>
              {o.troops.map((t) => `${t.name}${t.cost !== null ? ` (${t.cost})` : ''}`).join(o.sameType ? ' or ' : ', ')}
              {o.sameType && <span className="muted"> (all one type)</span>}
            </td>
            <td>{limits(o)}</td>
            <td className="muted">{[o.availability, o.restriction].filter(Boolean).join('; ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
