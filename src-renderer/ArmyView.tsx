// One army list: its list number, dates, nation and categories, where it comes from (bundled, or
// fetched from Meshwesh, whose authors' descriptions and notes are credited), its historical enemies
// and related lists (one click opens one), who may be the general, and every option with its troop
// types (each with its profile), limits and why it is restricted (dates, sub-faction, ally), and the
// battle cards it offers. "New roster from this army" starts one.
import { useEffect, useRef } from 'react'
import type { ArmyDetails, ArmySummary, OptionSummary, RulesetDetails } from '../src-main/ipc/contract'
import { formatRange, profileLine, profileTitle, factLines } from './format'
import { RulesList } from './components/RulesList'
import { LeftOut } from './components/LeftOut'
import { ArmyLinks, removedText, sourceText } from './components/ArmyLinks'
import styles from './ArmyView.module.css'
import links from './components/ArmyLinks.module.css'

function limits(o: OptionSummary): string {
  if (o.max === null) return o.min > 0 ? `${o.min}+` : 'any'
  return o.min === o.max ? String(o.min) : `${o.min}-${o.max}`
}

export function ArmyView({
  army,
  ruleset,
  armies,
  onBack,
  onNewRoster,
  onOpenArmy
}: {
  army: ArmyDetails
  ruleset: RulesetDetails | null
  armies: Map<string, ArmySummary>
  onBack: () => void
  onNewRoster: () => void
  onOpenArmy: (id: string) => void
}) {
  // A list opens at its top (its name, dates and source), not where the last one was scrolled to.
  const top = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // the pane that scrolls it, to its top (scrollIntoView would move the whole window too)
    for (let el = top.current?.parentElement; el; el = el.parentElement) {
      if (el.scrollHeight > el.clientHeight && /auto|scroll/.test(getComputedStyle(el).overflowY)) {
        el.scrollTop = 0
        break
      }
    }
  }, [army.id])
  const own = army.options.filter((o) => !o.ally)
  const allied = army.options.filter((o) => o.ally)
  const allies = [...new Map(allied.map((o) => [o.ally!.id, o.ally!])).values()]
  const removed = removedText(army)
  // The descriptions and notes of a fetched list are its authors', as the source publishes them.
  const credit = army.origin ? `The descriptions of options, allies and ratings below are the ${army.origin} list authors' notes, as published there.` : null
  return (
    <div className={styles.armyView} ref={top}>
      <button onClick={onBack}>← All armies</button>
      <div className={styles.armyTitle}>
        <h2>{army.name}</h2>
        <button className="primary" onClick={onNewRoster}>
          New roster from this army
        </button>
      </div>
      <p className="meta">
        {army.listNumber && `List ${army.listNumber} · `}
        {army.dates.map(formatRange).join(', ')}
        {army.era && ` · ${army.era}`}
        {army.region && ` · ${army.region}`}
        {army.tags.length > 0 && ` · ${army.tags.join(', ')}`}
      </p>
      <p className={links.armySource}>
        {sourceText(army)}
        {army.categories && army.categories.length > 0 && (
          <>
            {' · '}
            <span className="muted">Categories:</span> {army.categories.join(', ')}
          </>
        )}
      </p>
      {removed && <p className={`notice warn ${links.armyRemoved}`}>{removed}</p>}
      {((army.enemies?.length ?? 0) > 0 || (army.related?.length ?? 0) > 0) && (
        <div className={styles.armyRelations}>
          <ArmyLinks title="Historical enemies" ids={army.enemies} armies={armies} onOpen={onOpenArmy} />
          <ArmyLinks title="Related lists" ids={army.related} armies={armies} onOpen={onOpenArmy} />
        </div>
      )}
      {credit && <p className={styles.credit}>{credit}</p>}
      {army.generals.length > 0 && <p>General: {army.generals.join(' or ')}</p>}
      {army.facts.length > 0 && (
        <ul className={styles.armyFacts} aria-label="Army facts">
          {factLines(army.facts).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <OptionTable options={own} caption="Troop options" ruleset={ruleset} />
      <LeftOut army={army} />
      {allies.map((a) => (
        <OptionTable
          key={a.id}
          ruleset={ruleset}
          options={allied.filter((o) => o.ally!.id === a.id)}
          caption={`${a.internal ? 'Optional contingent' : 'Allies'}: ${a.name}${a.availability ? ` (${a.availability})` : ''}`}
        />
      ))}
      {army.battleCards.length > 0 && (
        <table className={styles.options}>
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
                <td>
                  {c.offers.map((o) => `${o.optionName ?? 'the army'}${o.note ? ` (${o.note})` : ''}${o.max !== null ? `, at most ${o.max}` : ''}`).join('; ')}
                </td>
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

function OptionTable({ options, caption, ruleset }: { options: OptionSummary[]; caption: string; ruleset: RulesetDetails | null }) {
  const troops = new Map((ruleset?.troops ?? []).map((t) => [t.id, t]))
  return (
    <table className={styles.options}>
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
              {o.troops.map((t, i) => {
                const troop = troops.get(t.id)
                return (
                  <div key={t.id} className={styles.troopLine} title={troop ? profileTitle(troop.stats, troop.rules) : undefined}>
                    {i > 0 && <span className="muted">{o.sameType ? 'or ' : ''}</span>}
                    {t.name}
                    {t.cost !== null && <span className="muted"> ({t.cost})</span>}
                    {troop && troop.stats.length > 0 && <span className="profile"> {profileLine(troop.stats)}</span>}
                    {troop && troop.rules.length > 0 && <RulesList rules={troop.rules} />}
                  </div>
                )
              })}
              {o.sameType && <span className="muted">all one type</span>}
            </td>
            <td>{limits(o)}</td>
            <td className="muted">{[o.availability, o.restriction].filter(Boolean).join('; ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
