// Points used against the limit, legal or not, and the ruleset's derived figures.
import type { AmendmentState, RulesetDetails, Verdict } from '../../src-main/ipc/contract'
import { rosterState, type RosterState } from '../../src-shared/verdict'
import { formatPoints, nounFor } from '../format'
import { perUnitText, type CalledUnit } from '../../src-shared/unit-names'
import { AmendmentToggles } from './AmendmentToggles'
import { EditionSelect } from './EditionSelect'
import styles from './PointsHeader.module.css'

const STATE_WORDS = { legal: 'Legal', unfinished: 'Unfinished', illegal: 'Illegal' } as const

/** Legal; unfinished (only things still to add: a minimum, the general); or illegal (a rule broken). */
export function verdictState(verdict: Verdict): RosterState {
  const errors = verdict.issues.filter((i) => i.severity === 'error')
  return rosterState(verdict.valid, errors.length, errors.filter((i) => i.todo).length)
}

export function PointsHeader({
  verdict,
  checkFailed = null,
  ruleset,
  units = [],
  edition,
  onEdition,
  onAmendment
}: {
  verdict: Verdict | null
  /** Why the roster as it is now could not be checked: the verdict shown is an earlier version's, and says so. */
  checkFailed?: string | null
  ruleset: RulesetDetails | null
  /** The roster's units, so a per-unit figure names them. */ units?: readonly CalledUnit[]
  /** The roster's data edition, if it names one. */ edition?: string
  onEdition?: (edition: string | undefined) => void
  /** An optional rule turned on or off (the roster's settings, beside its values). */ onAmendment?: (amendment: AmendmentState, on: boolean) => void
}) {
  if (!verdict)
    return (
      <div className={styles.pointsHeader}>
        {checkFailed ? (
          <p role="alert" className="check-failed">
            This roster could not be checked: {checkFailed}
          </p>
        ) : (
          'Checking…'
        )}
      </div>
    )
  const share = verdict.limit ? Math.min(100, (verdict.points / verdict.limit) * 100) : 0
  const over = verdict.limit !== null && verdict.points > verdict.limit
  const state = verdictState(verdict)
  const label = (id: string) => ruleset?.figures.find((f) => f.id === id)?.label ?? id
  return (
    <div className={styles.pointsHeader}>
      {/* One status that stays on the page: its words change, so a screen reader hears each verdict. */}
      <div
        className={`${styles.verdictBadge} ${styles[checkFailed ? 'unchecked' : state]}`}
        role="status"
        aria-live="polite"
        aria-describedby={checkFailed ? 'check-failed-why' : undefined}
        title={!checkFailed && state === 'unfinished' ? 'Nothing is wrong yet, but the army is not complete: see the to-do list' : undefined}
      >
        {checkFailed ? 'Not checked' : STATE_WORDS[state]}
      </div>
      <div className={styles.pointsBlock}>
        <div className={styles.pointsText}>
          <strong>{formatPoints(verdict.points)}</strong>
          {verdict.limit !== null
            ? ` / ${formatPoints(verdict.limit)} ${nounFor(verdict.limit, 'point')}`
            : ` ${nounFor(verdict.points, 'point')} (no limit set)`}
        </div>
        {verdict.limit !== null && (
          <div className={styles.bar} aria-hidden="true">
            <div className={over ? `${styles.fill} over` : styles.fill} style={{ width: `${share}%` }} />
          </div>
        )}
      </div>
      <dl className={`${styles.figures} ${styles.inline}`}>
        {Object.entries(verdict.figures)
          .filter(([k]) => k !== 'points')
          .map(([k, v]) => (
            <div key={k}>
              <dt>{label(k)}</dt>
              <dd>{typeof v === 'number' ? formatPoints(v) : perUnitText(v, units, (id) => ruleset?.troops.find((t) => t.id === id)?.name, formatPoints)}</dd>
            </div>
          ))}
      </dl>
      {checkFailed && (
        <p className="check-failed" id="check-failed-why">
          Latest changes not checked ({checkFailed}): what is shown is the last version checked.
        </p>
      )}
      {ruleset && onEdition && <EditionSelect ruleset={ruleset} value={edition} onChange={onEdition} id="roster-edition" className="small" />}
      {onAmendment && !checkFailed && <AmendmentToggles amendments={verdict.amendments} onChange={onAmendment} />}
    </div>
  )
}
