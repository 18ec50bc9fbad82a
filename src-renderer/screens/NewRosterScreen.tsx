// New roster: pick a ruleset, then an army from a searchable list (name, list number or category;
// year, region and era filters; driven by the keys, virtualised for ~700 lists) that shows the chosen
// army's source, historical enemies and related lists (one click chooses one), a year where the list
// has dated options, the points limit (ruleset default), the values (data edition) where the ruleset
// has editions, optionally the army list's minimums as a starting army. "By what I own" sorts the
// armies by the share of each the player's collection fields, and says it on each row. What is
// chosen is state/new-roster-choice.ts, Create state/new-roster-create.ts; this screen draws them.
import type { RulesetSummary } from '../../src-main/ipc/contract'
import { EditionSelect } from '../components/EditionSelect'
import { ArmyFilter, ArmyList, ArmySearch } from '../components/ArmyList'
import { ArmyLinks, ArmyName, sourceText } from '../components/ArmyLinks'
import { noneOwnedText, ownedCountText, OwnedShare, OwnedToggle } from '../components/OwnedShare'
import { useNewRosterChoice } from '../state/new-roster-choice'
import { useNewRosterCreate } from '../state/new-roster-create'
import { formatRanges } from '../../src-shared/years'
import { countOf } from '../format'
import listStyles from '../components/ArmyList.module.css'
import links from '../components/ArmyLinks.module.css'
import styles from './NewRosterScreen.module.css'
import { ErrorLine } from '../components/ErrorLine'
import { Field, YearField } from '../components/Field'

const ROW_HEIGHT = 34

export function NewRosterScreen({
  rulesets,
  onCreated,
  onCancel,
  from
}: {
  rulesets: RulesetSummary[]
  /** notices: what the minimums builder chose or could not do, for the editor to say once. */
  onCreated: (id: string, revision: number, notices: string[]) => void
  onCancel: () => void
  /** Started from an army in the Armies browser: that ruleset and army, chosen. */
  from?: { rulesetId: string; armyId: string } | null
}) {
  const choice = useNewRosterChoice(rulesets, from)
  const { rulesetId, chooseRuleset, ruleset, reveal, createButton, newRosterForm, all, byId, eras, regions, fielded, armies, army, removed } = choice
  const { yearText, setYearText, year, name, setName, edition, setEdition, details, chosenEdition, sizeOf, pickLinked, list } = choice
  const { query, yearText: yearFilter, era, setEra, region, setRegion, byOwned, setByOwned } = choice.filters
  const made = useNewRosterCreate(onCreated)
  const { limitText, setLimitText, start, setStart, busy, error } = made
  const create = () => made.create({ ruleset, army, name, yearText, year, edition: chosenEdition?.id })

  return (
    <section className="page" aria-label="New roster" ref={newRosterForm}>
      <h2>New roster</h2>
      <div className={styles.newGrid}>
        <fieldset>
          <legend>Ruleset</legend>
          {rulesets.map((r) => (
            <label key={r.id} className="radio">
              <input type="radio" name="ruleset" checked={r.id === rulesetId} onChange={() => chooseRuleset(r.id)} />
              <span>
                {r.name} <span className={`muted ${styles.rulesetSize}`}>{sizeOf(r) === null ? 'no default size' : countOf(sizeOf(r)!, 'point')}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className={styles.armyPicker}>
          <legend>Army</legend>
          <div className="toolbar">
            <ArmySearch
              filters={choice.filters}
              list={list}
              words={{ search: 'Name, list number (66a, 115) or category', year: 'In year…', yearLabel: 'Armies fielded in year' }}
            />
          </div>
          {ruleset && (regions.length > 0 || eras.length > 0) && (
            <div className={`toolbar ${styles.filters}`}>
              <ArmyFilter label="Region" all="All regions" values={regions} value={region} onChange={setRegion} />
              <ArmyFilter label="Era" all="All eras" values={eras} value={era} onChange={setEra} />
              <span className="count">
                {armies.length} of {all.length}
                {fielded.byArmy ? ownedCountText(byOwned) : ''}
              </span>
            </div>
          )}
          {ruleset && <OwnedToggle filter={byOwned} onChange={setByOwned} error={fielded.error} />}
          {!ruleset && <p className="muted">Choose a ruleset first: its army lists appear here.</p>}
          {ruleset && armies.length === 0 && (
            <p className="empty">{fielded.byArmy ? noneOwnedText(byOwned) : 'No army matches: try fewer words, or another year, region or era.'}</p>
          )}
          {armies.length > 0 && (
            <ArmyList
              {...list}
              label="Armies"
              className={listStyles.pick}
              rowHeight={ROW_HEIGHT}
              query={`${rulesetId}\n${query}\n${yearFilter}\n${era}\n${region}\n${reveal}\n${fielded.byArmy ? byOwned : ''}`}
              row={(a) => (
                <>
                  <span className={listStyles.armyName}>
                    <ArmyName army={a} />
                  </span>{' '}
                  {fielded.byArmy && <OwnedShare army={fielded.byArmy.get(a.id)} />}
                  <span className="muted">
                    {formatRanges(a.dates)}
                    {a.era ? ` · ${a.era}` : ''}
                    {a.region ? ` · ${a.region}` : ''}
                  </span>
                </>
              )}
            />
          )}
          {army && (
            <div className={styles.armyBrief} aria-label={`About ${army.name}`} role="group">
              <p className={links.armySource}>
                <strong>
                  <ArmyName army={army} />
                </strong>
                {' · '}
                {sourceText(army)}
                {army.categories && army.categories.length > 0 && <span className="muted"> · {army.categories.join(', ')}</span>}
              </p>
              {removed && <p className={`notice warn ${links.armyRemoved}`}>{removed}</p>}
              <ArmyLinks title="Historical enemies" ids={army.enemies} armies={byId} onOpen={pickLinked} />
              <ArmyLinks title="Related lists" ids={army.related} armies={byId} onOpen={pickLinked} />
            </div>
          )}
        </fieldset>
        <fieldset>
          <legend>Details</legend>
          <Field label="Name" value={name} onValue={setName} aria-label="Roster name" placeholder={army?.name ?? 'Roster name'} />
          <YearField label="Year" value={yearText} onValue={setYearText} aria-label="Year" placeholder="e.g. 216 BC" />
          <Field
            label="Points limit"
            value={limitText}
            onValue={setLimitText}
            type="number"
            min={1}
            aria-label="Points limit"
            placeholder={!ruleset ? '' : sizeOf(ruleset) === null ? 'none' : String(sizeOf(ruleset))}
          />
          {details && <EditionSelect ruleset={details} value={edition} onChange={setEdition} />}
          <label className="radio">
            <input type="radio" name="start" checked={start === 'empty'} onChange={() => setStart('empty')} /> Start empty
          </label>
          <label className="radio">
            <input type="radio" name="start" checked={start === 'minimums'} onChange={() => setStart('minimums')} /> Start from the list's minimums{' '}
            {ruleset && sizeOf(ruleset) === null && !limitText.trim()
              ? "(give the army's size above first: these rules set none)"
              : '(a legal army at the limit)'}
          </label>
          <label className="radio">
            <input type="radio" name="start" checked={start === 'owned'} onChange={() => setStart('owned')} /> Start from what I own (the list's minimums, from
            your collection)
          </label>
          <ErrorLine error={error} />
          <div className="buttons">
            <button onClick={onCancel}>Cancel</button>
            <button
              ref={createButton}
              className="primary"
              onClick={() => void create()}
              disabled={!army || busy}
              aria-busy={busy}
              aria-describedby={army ? undefined : 'create-needs'}
            >
              Create
            </button>
          </div>
          {!army && (
            <p className={`${styles.needs} muted`} id="create-needs">
              {ruleset ? 'To create the roster, choose an army from the list.' : 'To create a roster, choose a ruleset, then an army.'}
            </p>
          )}
        </fieldset>
      </div>
    </section>
  )
}
