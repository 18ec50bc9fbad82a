// "Recheck": what a data change does to the library. Two questions, one table:
// - with the data in force now (new army lists, an update): the rosters whose points or verdict
//   differ from what the library stored when they were saved; "Update the library" stores the new
//   results (the rosters themselves do not change);
// - under other values of a ruleset (one of its data editions, or its own): each of its rosters as it
//   is against under those values, the problems they bring and clear; "Use these values" switches
//   every roster of that ruleset (a revision each, marked where the result changed).
// Opened by the player, or by the library at start when the data changed since it last looked.
import { useEffect, useState } from 'react'
import type { LibraryImpact, RulesetSummary, RulesetValues } from '../../src-main/ipc/contract'
import { api } from '../api'
import { flushSaves } from '../state/autosave'
import { countOf, formatPoints } from '../format'
import { Dialog } from './Dialog'
import { ActionTableHead } from './ActionTableHead'
import styles from './RecheckDialog.module.css'
import { ErrorLine } from './ErrorLine'

const verdict = (valid: boolean | null) => (valid === null ? 'unchecked' : valid ? 'legal' : 'not legal')

/** The select's value for a ruleset's values: "" is the data in force, else "ruleset" or "ruleset/edition". */
const valuesKey = (v: RulesetValues | null) => (v === null ? '' : v.edition === null ? v.ruleset : `${v.ruleset}/${v.edition}`)
const valuesOf = (key: string): RulesetValues | null => {
  if (!key) return null
  const [ruleset, edition] = key.split('/')
  return { ruleset, edition: edition ?? null }
}

export function RecheckDialog({
  rulesets,
  initial,
  onOpen,
  onUpdated,
  onSwitched,
  onClose
}: {
  rulesets: RulesetSummary[]
  /** The library's own check at start, after the data changed: shown as it is, not asked again. */
  initial?: LibraryImpact[]
  onOpen: (id: string) => void
  onUpdated: (count: number) => void
  onSwitched: (text: string) => void
  onClose: () => void
}) {
  const [values, setValues] = useState<RulesetValues | null>(null)
  const [impacts, setImpacts] = useState<LibraryImpact[] | null>(initial ?? null)
  const [error, setError] = useState('')
  const [asked, setAsked] = useState(initial === undefined)
  const [busy, setBusy] = useState(false)
  const withEditions = rulesets.filter((r) => r.editions.length > 0)
  const ruleset = values && rulesets.find((r) => r.id === values.ruleset)
  const valuesName =
    ruleset && values
      ? values.edition === null
        ? `${ruleset.shortName}’s own values`
        : (ruleset.editions.find((e) => e.id === values.edition)?.name ?? values.edition)
      : ''

  useEffect(() => {
    if (!asked) return
    let live = true
    // No argument at all for the data in force (an undefined one would cross as null).
    void (values ? api().libraryImpact(values) : api().libraryImpact()).then((r) => {
      if (!live) return
      if (r.ok) setImpacts(r.value)
      else setError(r.error.message)
    })
    return () => {
      live = false
    }
  }, [values, asked])

  async function update() {
    const r = await api().refreshSummaries(impacts!.map((i) => i.id))
    if (r.ok) onUpdated(r.value)
    else setError(r.error.message)
  }

  async function takeValues() {
    setBusy(true)
    const count = await api().listRosters({ ruleset: values!.ruleset, limit: 1 })
    if (!count.ok) {
      setBusy(false)
      return setError(count.error.message)
    }
    const total = count.value.total
    if (
      !window.confirm(
        `Switch ${total === 1 ? 'the' : `all ${total}`} ${ruleset!.shortName} ${total === 1 ? 'roster' : 'rosters'} of the library (not the trash) to ${valuesName}? Those already on it stay as they are; each other one gets a new revision, which its History can undo.`
      )
    )
      return setBusy(false)
    // Edits still waiting to be saved go in first, so none lands afterwards with the old values.
    if (!(await flushSaves())) {
      setBusy(false)
      return setError('Some edits are not saved yet (the library is busy): try again in a moment.')
    }
    const r = await api().useValues(values!)
    setBusy(false)
    if (!r.ok) return setError(r.error.message)
    const { switched, changed } = r.value
    onSwitched(
      switched === 0
        ? `Every ${ruleset!.shortName} roster already uses ${valuesName}`
        : `${countOf(switched, `${ruleset!.shortName} roster`)} now ${switched === 1 ? 'uses' : 'use'} ${valuesName}${changed ? `; ${changed} ${changed === 1 ? 'checks' : 'check'} differently, marked “data changed”` : ''} (each has a new revision in its history)`
    )
  }

  const nowIllegal = impacts?.filter((i) => i.before.valid && !i.after.valid).length ?? 0
  return (
    <Dialog title={initial ? 'The rules data changed' : 'Recheck the library'} onClose={onClose} wide>
      {initial && !asked && (
        <p>
          Muster’s army lists or rules data changed since the library was last checked (new army lists were imported, or Muster was updated). These rosters now
          check differently: the library shows their new points and verdicts, and marks them “data changed” until each is saved again or the marks are cleared.
        </p>
      )}
      {withEditions.length > 0 && (
        <label className={styles.recheckValues}>
          Check with{' '}
          <select
            value={valuesKey(values)}
            onChange={(e) => {
              setValues(valuesOf(e.target.value))
              setAsked(true)
              setImpacts(null)
              setError('')
            }}
          >
            <option value="">the data in force now, against the saved results</option>
            {withEditions.map((r) => (
              <optgroup key={r.id} label={r.name}>
                <option value={r.id}>{r.shortName}’s own values</option>
                {r.editions.map((e) => (
                  <option key={e.id} value={`${r.id}/${e.id}`}>
                    {e.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
      )}
      {!impacts && !error && <p role="status">Checking every roster…</p>}
      <ErrorLine error={error} />
      {impacts && impacts.length === 0 && (
        <p role="status">
          {values ? `Every ${ruleset?.shortName ?? ''} roster checks the same under ${valuesName}.` : 'Every roster checks as it did when it was saved.'}
        </p>
      )}
      {impacts && impacts.length > 0 && (
        <>
          <p role="status">
            {impacts.length === 1 ? '1 roster checks' : `${impacts.length} rosters check`} differently{values ? ` under ${valuesName}` : ''} ({nowIllegal} no
            longer legal).
          </p>
          <ImpactTable impacts={impacts} onOpen={onOpen} lastColumn={values ? 'What changes' : 'Now'} />
        </>
      )}
      <div className="buttons">
        <button onClick={onClose}>Close</button>
        {asked && !values && impacts && impacts.length > 0 && (
          <button
            className="primary"
            onClick={() => void update()}
            title="Store the new points and verdicts in the library (the rosters themselves do not change)"
          >
            Update the library
          </button>
        )}
        {values && impacts && ruleset && (
          <button
            className="primary"
            disabled={busy}
            onClick={() => void takeValues()}
            title={`Every ${ruleset.shortName} roster is checked and printed with these values from now on (a new revision each; History undoes it)`}
          >
            Use {valuesName} for every {ruleset.shortName} roster
          </button>
        )}
      </div>
    </Dialog>
  )
}

/**
 * Rosters whose points or verdict change, before and after, each with Open (to the editor): the
 * recheck's table, and a Meshwesh sync's report of what the new lists did to the library.
 */
export function ImpactTable({
  impacts,
  onOpen,
  lastColumn = 'Now',
  caption = 'Rosters whose points or verdict change',
  errorsShown
}: {
  impacts: LibraryImpact[]
  onOpen: (id: string) => void
  lastColumn?: string
  caption?: string
  /** How many of a roster's problems the last column names (the rest counted); all by default. */
  errorsShown?: number
}) {
  return (
    <table className={styles.impact}>
      <caption className="visually-hidden">{caption}</caption>
      <ActionTableHead columns={['Roster', 'Points', 'Verdict', lastColumn]} action="Open" />
      <tbody>
        {impacts.map((i) => (
          <tr key={i.id}>
            <td>{i.name}</td>
            <td className="nowrap">
              {i.before.points === null ? '–' : formatPoints(i.before.points)} → {formatPoints(i.after.points)}
            </td>
            <td className="nowrap">
              {verdict(i.before.valid)} → {verdict(i.after.valid)}
            </td>
            <td className="muted">{i.added || i.gone ? <Changes added={i.added ?? []} gone={i.gone ?? []} /> : errorsText(i.after.errors, errorsShown)}</td>
            <td>
              <button onClick={() => onOpen(i.id)} aria-label={`Open ${i.name}`}>
                Open
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** A roster's problems in a cell: the first `shown` of them, and a word that there are more. */
function errorsText(errors: string[], shown = errors.length): string {
  return [...errors.slice(0, shown), ...(errors.length > shown ? ['(more in the editor)'] : [])].join(' ')
}

function Changes({ added, gone }: { added: string[]; gone: string[] }) {
  if (added.length === 0 && gone.length === 0) return <>Points only</>
  return (
    <ul className={styles.impactChanges}>
      {added.map((m, n) => (
        <li key={`a${n}`}>
          <span className="visually-hidden">New problem: </span>
          <span aria-hidden="true">+ </span>
          {m}
        </li>
      ))}
      {gone.map((m, n) => (
        <li key={`g${n}`}>
          <span className="visually-hidden">Cleared: </span>
          <span aria-hidden="true">− </span>
          {m}
        </li>
      ))}
    </ul>
  )
}
