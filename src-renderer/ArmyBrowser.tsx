// The army browser: rulesets, their armies (search by name, list number or category; filters by year,
// region and era; a virtualised list driven by the keys) and each army list, whose historical enemies
// and related lists open with one click.
import { useEffect, useRef, useState } from 'react'
import type { ArmyDetails, RulesetSummary } from '../src-main/ipc/contract'
import { countOf, formatRange } from './format'
import { ArmyView } from './ArmyView'
import { ArmyFilter, ArmyList, ArmySearch } from './components/ArmyList'
import { ArmyName } from './components/ArmyLinks'
import { armyDetails, useRulesetDetails } from './hooks'
import { useArmyFilters } from './state/army-filters'
import { noneOwnedText, ownedCountText, OwnedShare, OwnedToggle } from './components/OwnedShare'
import listStyles from './components/ArmyList.module.css'
import styles from './ArmyBrowser.module.css'
import { ErrorLine } from './components/ErrorLine'

const ROW_HEIGHT = 36

export function ArmyBrowser({ rulesets, onNewRoster }: { rulesets: RulesetSummary[]; onNewRoster: (rulesetId: string, armyId: string) => void }) {
  const [selected, setSelected] = useState<string>(rulesets[0]?.id ?? '')
  const [error, setError] = useState<string>('')
  const [active, setActive] = useState('')
  const [army, setArmy] = useState<ArmyDetails | null>(null)
  const scroller = useRef<HTMLDivElement>(null)
  const view = useRef<HTMLElement>(null)
  /** Back from an army: the list takes the focus again, on the army that was open. */
  const [back, setBack] = useState(0)

  const ruleset = rulesets.find((r) => r.id === selected)
  const details = useRulesetDetails(selected)
  const filters = useArmyFilters(selected, ruleset)
  const { query, yearText, era, setEra, region, setRegion, byOwned, setByOwned } = filters
  const { all, byId, eras, regions, fielded, armies } = filters

  useEffect(() => {
    if (back) scroller.current?.focus()
  }, [back])

  /** Opens an army: from the list (it stays selected there, for Back), or from a link of the army shown. */
  async function openArmy(id: string, fromList = true) {
    if (!ruleset) return
    if (fromList) setActive(id)
    const r = await armyDetails(ruleset.id, id)
    if (r.ok) {
      setArmy(r.value)
      view.current?.scrollTo?.({ top: 0 })
    } else setError(r.error.message)
  }
  const list = { armies, active, onActive: setActive, onChoose: (id: string) => void openArmy(id), scroller }

  return (
    <div className={styles.browser}>
      <div className={styles.columns}>
        <nav className={styles.rulesets} aria-label="Rulesets">
          {rulesets.map((r) => (
            <button
              key={r.id}
              className={r.id === selected ? `${styles.ruleset} ${styles.active}` : styles.ruleset}
              onClick={() => {
                setSelected(r.id)
                setArmy(null)
                setEra('')
                setRegion('')
                setActive('')
              }}
              aria-pressed={r.id === selected}
            >
              <span className={styles.name}>{r.name}</span>
              <span className={styles.meta}>
                {countOf(r.armies.length, 'army', 'armies')} · {r.defaultPointsLimit === null ? 'no default size' : countOf(r.defaultPointsLimit, 'point')} ·
                per {r.costUnit}
              </span>
            </button>
          ))}
        </nav>
        <section className={army ? styles.armies : `${styles.armies} ${styles.listing}`} aria-label="Armies" ref={view}>
          {army ? (
            <ArmyView
              army={army}
              ruleset={details}
              armies={byId}
              onOpenArmy={(id) => void openArmy(id, false)}
              onBack={() => {
                setArmy(null)
                setBack((n) => n + 1)
              }}
              onNewRoster={() => onNewRoster(selected, army.id)}
            />
          ) : (
            <>
              <div className="toolbar">
                <ArmySearch
                  filters={filters}
                  list={list}
                  words={{ search: 'Search by name, list number (66a, 115) or category', year: 'Year, e.g. 55 BC', yearLabel: 'Fielded in year' }}
                />
                <ArmyFilter label="Region" all="All regions" values={regions} value={region} onChange={setRegion} />
                <ArmyFilter label="Era" all="All eras" values={eras} value={era} onChange={setEra} />
                <OwnedToggle filter={byOwned} onChange={setByOwned} error={fielded.error} />
              </div>
              <p className="count" role="status">
                {armies.length} of {all.length} armies{fielded.byArmy ? ownedCountText(byOwned) : ''}
                <span className={styles.keysHint}> · ↑ ↓ to move, Enter to open</span>
              </p>
              <div className={listStyles.armyListHead} aria-hidden="true">
                <span>Army</span>
                <span>Dates</span>
                <span>Era and region</span>
                <span>Categories and nation</span>
              </div>
              {armies.length > 0 ? (
                <ArmyList
                  {...list}
                  label="Armies"
                  className={listStyles.browse}
                  rowHeight={ROW_HEIGHT}
                  query={`${selected}\n${query}\n${yearText}\n${era}\n${region}\n${fielded.byArmy ? byOwned : ''}`}
                  row={(a) => (
                    <>
                      <span className={fielded.byArmy ? `${listStyles.armyName} ${listStyles.withOwned}` : listStyles.armyName}>
                        <span className={listStyles.ownedName}>
                          <ArmyName army={a} />
                        </span>
                        {fielded.byArmy && <OwnedShare army={fielded.byArmy.get(a.id)} />}
                      </span>{' '}
                      <span className="muted">{a.dates.map(formatRange).join(', ')}</span>{' '}
                      <span className="muted">{[a.era, a.region].filter(Boolean).join(' · ')}</span>{' '}
                      <span className="muted">{(a.categories ?? a.tags).join(', ')}</span>
                    </>
                  )}
                />
              ) : (
                <p className="empty">
                  {fielded.byArmy
                    ? noneOwnedText(byOwned)
                    : `No army of ${ruleset?.name ?? 'this ruleset'} matches: try fewer words, or another year, region or era.`}
                </p>
              )}
            </>
          )}
        </section>
        <ErrorLine error={error} />
      </div>
    </div>
  )
}
