// Every issue of the verdict; clicking one selects the unit (or field) it names.
import type { Issue } from '../../src-main/ipc/contract'
import { countOf } from '../format'
import { canCut } from '../state/edits'
import styles from './IssuesPanel.module.css'

export function unitIndexOf(path: string): number | null {
  const m = /^\/units\/(\d+)/.exec(path)
  return m ? Number(m[1]) : null
}

/**
 * onCut: a name or notes past the format's limit (a roster an earlier Muster saved) offers "Cut to N
 * characters", the way to shorten a unit's notes, which the editor has no field for.
 */
/** What settles a to-do in one click (mark this stand the general, add the minimum), from the editor. */
export interface IssueFix {
  label: string
  apply: () => void
}

export function IssuesPanel({
  issues,
  notChecked = false,
  onSelect,
  onCut,
  fixFor
}: {
  issues: Issue[]
  /**
   * The roster as it is could not be checked: `earlier` when the issues are the last checked
   * version's, `never` when no version was checked.
   */
  notChecked?: false | 'earlier' | 'never'
  onSelect: (issue: Issue) => void
  onCut?: (issue: Issue) => void
  fixFor?: (issue: Issue) => IssueFix | undefined
}) {
  // Rules broken first, then what is still to add (a minimum, the general): an unfinished army is not a wrong one.
  const broken = issues.filter((i) => !i.todo)
  const todo = issues.filter((i) => i.todo)
  const errors = broken.filter((i) => i.severity === 'error').length
  const item = (i: Issue, n: number) => {
    const fix = i.todo ? fixFor?.(i) : undefined
    return (
      <li key={`${i.code}${i.path}${n}`} className={i.todo ? 'todo' : i.severity}>
        <button className={styles.issue} onClick={() => onSelect(i)} title={i.path.startsWith('/units/') ? 'Go to the unit' : 'Go to where it is settled'}>
          <span className={styles.sev}>{i.todo ? 'to do' : i.severity}</span> {i.message}
          {i.hint && <span className={styles.hint}> {i.hint}</span>}
        </button>
        {fix && (
          <button className={styles.issueFix} onClick={fix.apply}>
            {fix.label}
          </button>
        )}
        {onCut && i.code === 'too-long' && i.limit !== undefined && canCut(i.path) && (
          <button className={styles.issueFix} onClick={() => onCut(i)}>
            Cut to {i.limit.toLocaleString('en-GB')} characters
          </button>
        )}
      </li>
    )
  }
  return (
    <section className={styles.issuesPanel} aria-label="Validation">
      <h2>
        {notChecked
          ? 'Not checked'
          : issues.length === 0
            ? 'No issues'
            : [errors && countOf(errors, 'error'), broken.length - errors && countOf(broken.length - errors, 'warning'), todo.length && `${todo.length} to do`]
                .filter(Boolean)
                .join(', ')}
      </h2>
      {notChecked && (
        <p className="check-failed">
          {notChecked === 'never'
            ? 'This roster could not be checked.'
            : `Latest changes not checked; ${issues.length ? 'these were found in the last version checked' : 'the last version checked had none'}.`}
        </p>
      )}
      {broken.length > 0 && <ul className={styles.issues}>{broken.map(item)}</ul>}
      {todo.length > 0 && (
        <>
          {broken.length > 0 && <h3 className={styles.todoHeading}>Still to add</h3>}
          <ul className={styles.issues} aria-label="Still to add">
            {todo.map(item)}
          </ul>
        </>
      )}
    </section>
  )
}
