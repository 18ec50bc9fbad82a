// The army list beside the roster, as the engine answers "what can I add?": each option's troop
// types with their profile and cost; a troop that can be taken adds a ready, legal unit in one click,
// one that cannot says why before the click (its dates, an ally, a limit, the points, the rule it
// would break). Search, "hide what I cannot take", "only what I own" (the collection's unused
// figures cap what is offered, with the reason), battle-line and one-type badges; allied
// contingents stay folded until taken and are never shown as errors while optional.
import { useState } from 'react'
import type { ArmyDetails, OptionSummary, OptionsAnswer, RosterUnit, RulesetDetails, Verdict } from '../../src-main/ipc/contract'
import { attributeWords, countOf, formatPoints, profileLine, profileTitle, factLines } from '../format'
import { RulesList } from './RulesList'
import { LeftOut } from './LeftOut'
import { useOwnedLeft } from '../hooks'
import { notOwnedReason, ownedFor } from '../../src-shared/owned'
import styles from './OptionsPanel.module.css'

// The panel's name, read aloud and how the editor's hooks find its search and buttons in the page.
export const OPTIONS_PANEL_LABEL = 'Army list options'
export const inOptionsPanel = (selector: string) => `[aria-label="${OPTIONS_PANEL_LABEL}"] ${selector}`

type Entry = { available: true; unit: RosterUnit; costEach: number } | { available: false; reason: string; costEach?: number }

function limitText(o: OptionSummary): string {
  return o.max === null ? (o.min ? `${o.min}+` : 'any') : o.min === o.max ? String(o.max) : `${o.min}-${o.max}`
}

export function OptionsPanel({
  army,
  ruleset,
  verdict,
  answer,
  stale,
  error,
  year,
  onAdd,
  onTake
}: {
  army: ArmyDetails
  ruleset: RulesetDetails
  verdict: Verdict | null
  answer: OptionsAnswer | null
  /** The answer is for an earlier version of the roster: no offer is taken until the new one comes. */
  stale: boolean
  /** Why the army list could not be worked out, if it could not. */
  error: string | null
  year: number | undefined
  onAdd: (unit: RosterUnit, label: string) => void
  /** Takes a contingent whole: its minimums, appended together. */
  onTake: (units: RosterUnit[]) => void
}) {
  const [query, setQuery] = useState('')
  const [hideUnavailable, setHideUnavailable] = useState(false)
  const [onlyOwned, setOnlyOwned] = useState(false)
  const { owned, error: ownedError } = useOwnedLeft(onlyOwned)
  const troops = new Map(ruleset.troops.map((t) => [t.id, t]))
  const used = new Map<string, number>()
  for (const u of verdict?.units ?? []) if (u.option) used.set(u.option, (used.get(u.option) ?? 0) + u.count)
  const takenAllies = new Set((verdict?.units ?? []).flatMap((u) => (u.ally ? [u.ally] : [])))
  const entries = new Map<string, Entry>()
  for (const a of answer?.available ?? []) {
    // Only what I own: an offer capped at the figures still unused (fewer than the list's usual
    // number, when that is all there is), or held back, saying why, when none are.
    const left = owned ? ownedFor(owned, a.unit).left : Infinity
    const unit = left > 0 && left < a.unit.count ? { ...a.unit, count: left } : a.unit
    const notOwned = owned && notOwnedReason(owned, unit, troops.get(a.troop)?.name ?? a.troopName)
    entries.set(
      `${a.option}/${a.troop}`,
      notOwned ? { available: false, reason: notOwned, costEach: a.costEach } : { available: true, unit, costEach: a.costEach }
    )
  }
  for (const u of answer?.unavailable ?? []) entries.set(`${u.option}/${u.troop}`, { available: false, reason: u.reason, costEach: u.costEach })
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean)
  const matches = (o: OptionSummary) => {
    const text = `${o.name} ${o.troops.map((t) => t.name).join(' ')} ${o.ally?.name ?? ''}`.toLowerCase()
    return words.every((w) => text.includes(w))
  }
  const shownTroops = (o: OptionSummary) => o.troops.filter((t) => !hideUnavailable || entries.get(`${o.key}/${t.id}`)?.available !== false)

  const groups = new Map<string, { title: string; ally: OptionSummary['ally']; options: OptionSummary[] }>()
  for (const o of army.options) {
    if (!matches(o) || shownTroops(o).length === 0) continue
    const key = o.ally ? o.ally.id : ''
    const title = o.ally
      ? `${o.ally.internal ? 'Optional contingent' : 'Allies'}: ${o.ally.name}${o.ally.availability ? ` (${o.ally.availability})` : ''}`
      : 'Army list'
    const group = groups.get(key) ?? { title, ally: o.ally, options: [] }
    group.options.push(o)
    groups.set(key, group)
  }

  const optionList = (options: OptionSummary[], required: boolean) => (
    <ul>
      {options.map((o) => {
        const n = used.get(o.key) ?? 0
        const label = o.name
        return (
          <li key={o.key} className={styles.option}>
            <div className={styles.optionHead}>
              <span className={styles.optionName}>{label}</span>
              {o.battleLine && (
                <span className="badge" title={o.battleLine === 'all' ? 'All of these stands are battle line' : 'Half of these stands are battle line'}>
                  {o.battleLine === 'all' ? 'Battle line' : '½ battle line'}
                </span>
              )}
              {o.sameType && (
                <span className="badge" title="All stands of this option must be one troop type">
                  One type
                </span>
              )}
              <span
                className={required && n < o.min ? `${styles.optionCount} short` : styles.optionCount}
                title={`${n} taken; the list allows ${limitText(o)}`}
              >
                {n} / {limitText(o)}
              </span>
            </div>
            {o.restriction && <div className={styles.optionWhy}>{o.restriction}</div>}
            <ul className={styles.optionTroops}>
              {shownTroops(o).map((t) => {
                const entry = entries.get(`${o.key}/${t.id}`)
                const troop = troops.get(t.id)
                const profile = troop ? profileLine(troop.stats) : ''
                // the engine's cost where it gave one (the roster's data edition), else the list's
                const cost = entry?.costEach ?? t.cost
                // What the unit comes as (irregular, class C, the eagle): the button says what it adds.
                const as = entry?.available && troop ? attributeWords(entry.unit, troop) : ''
                return (
                  <li
                    key={t.id}
                    className={entry?.available === false ? `${styles.troopOffer} ${styles.unavailable}` : styles.troopOffer}
                    title={troop ? profileTitle(troop.stats, troop.rules) : undefined}
                  >
                    <button
                      className="add-troop"
                      data-offer={`${o.key}/${t.id}`}
                      disabled={!entry?.available}
                      aria-disabled={stale || undefined}
                      onClick={() => entry?.available && !stale && onAdd(entry.unit, t.name)}
                      // the visible words in their order (troop, cost), then the option: WCAG 2.5.3, label in name
                      aria-label={`Add ${t.name}${as ? `, ${as}` : ''}${cost !== null && cost !== undefined ? `, ${countOf(cost, 'point')} each` : ''} (${label})`}
                      aria-describedby={entry?.available === false ? `why-${o.key}-${t.id}` : undefined}
                    >
                      + {t.name}
                      {as && <span className="as">, {as}</span>}
                      {cost !== null && cost !== undefined && (
                        <>
                          {' '}
                          <span className={styles.cost}>{formatPoints(cost)}</span>
                        </>
                      )}
                    </button>
                    {profile && <span className="profile">{profile}</span>}
                    {troop && troop.rules.length > 0 && <RulesList rules={troop.rules} />}
                    {entry?.available === false && (
                      <div className={styles.optionWhy} id={`why-${o.key}-${t.id}`}>
                        {entry.reason}
                      </div>
                    )}
                  </li>
                )
              })}
            </ul>
          </li>
        )
      })}
    </ul>
  )

  return (
    <aside className={styles.optionsPanel} aria-label={OPTIONS_PANEL_LABEL} aria-busy={stale}>
      <h2>{army.name}</h2>
      {army.generals.length > 0 && <p className="muted">General: {army.generals.join(' or ')}</p>}
      {army.facts.length > 0 && <p className={`muted ${styles.armyFactsLine}`}>{factLines(army.facts, year).join(' · ')}</p>}
      {error && (
        <p className="load-error" role="alert">
          The army list could not be worked out: {error}
        </p>
      )}
      <div className={styles.optionsTools}>
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search the list"
          aria-label="Search the army list"
          data-find
        />
        <label className="check">
          <input type="checkbox" checked={hideUnavailable} onChange={(e) => setHideUnavailable(e.target.checked)} />
          Hide what I cannot take
        </label>
        <label className="check">
          <input type="checkbox" checked={onlyOwned} onChange={(e) => setOnlyOwned(e.target.checked)} />
          Only what I own
        </label>
      </div>
      {onlyOwned && ownedError && (
        <p className="load-error" role="alert">
          Your collection could not be read: {ownedError}
        </p>
      )}
      {onlyOwned && owned && owned.troops.length === 0 && (
        <p className="muted">Your collection has nothing that counts in {ruleset.name}: add what you own on the Collection tab.</p>
      )}
      {groups.size === 0 && <p className="muted">{words.length ? `Nothing on the list matches “${query.trim()}”.` : 'Nothing can be added now.'}</p>}
      {[...groups.values()].map((g) =>
        g.ally ? (
          <details key={g.ally.id} className={`option-group ${styles.ally}`} open={takenAllies.has(g.ally.id) || words.length > 0}>
            <summary>
              {g.title}
              {takenAllies.has(g.ally.id) ? <span className="badge">taken</span> : <span className="muted"> · optional</span>}
            </summary>
            {(answer?.contingents ?? [])
              .filter((c) => c.ally === g.ally!.id)
              .map((c) => {
                // On the same terms as a unit: one that cannot be taken is greyed, with its reason.
                const why = `why-contingent-${c.ally}-${c.contingent}`
                return (
                  <div key={c.contingent} className={c.units ? styles.contingentOffer : `${styles.contingentOffer} ${styles.unavailable}`}>
                    {c.units ? (
                      <button
                        className="add-troop"
                        disabled={stale}
                        onClick={() => !stale && onTake(c.units!)}
                        aria-label={`Take ${c.name}: its minimums, ${countOf(c.units.length, 'unit')}, ${countOf(c.cost ?? 0, 'point')}`}
                      >
                        + Take {c.name.split(': ').pop()}{' '}
                        <span className={styles.cost}>
                          {countOf(c.units.length, 'unit')}, {countOf(c.cost ?? 0, 'point')}
                        </span>
                      </button>
                    ) : (
                      <>
                        <button
                          className="add-troop"
                          disabled
                          aria-label={`Take ${c.name}: its minimums${c.cost !== undefined ? `, ${countOf(c.cost, 'point')}` : ''}`}
                          aria-describedby={why}
                        >
                          + Take {c.name.split(': ').pop()}
                          {c.cost !== undefined && (
                            <>
                              {' '}
                              <span className={styles.cost}>{countOf(c.cost, 'point')}</span>
                            </>
                          )}
                        </button>
                        <div className={styles.optionWhy} id={why}>
                          {c.reason}
                        </div>
                      </>
                    )}
                  </div>
                )
              })}
            {optionList(g.options, takenAllies.has(g.ally.id))}
          </details>
        ) : (
          <section key="own" className="option-group">
            <h3>{g.title}</h3>
            {optionList(g.options, true)}
          </section>
        )
      )}
      {!words.length && <LeftOut army={army} />}
    </aside>
  )
}
