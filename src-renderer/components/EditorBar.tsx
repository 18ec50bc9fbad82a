// The editor's bar: back to the library, the roster's name, year and points limit (checked as
// typed), undo and redo, and what to do with the roster (history, export, share, print), with
// whether its last edit is saved.
import type { ArmyDetails, RosterDocument, RulesetDetails } from '../../src-main/ipc/contract'
import { formatYear, parseYear } from '../format'
import type { SaveState } from '../state/autosave'
import { redo, undo, useHistory } from '../state/editor'
import { setRosterField } from '../state/edits'
import { CheckedInput, optional } from './CheckedInput'
import styles from './EditorBar.module.css'
import { NamedOptions } from './NamedOptions'

export function EditorBar({
  doc,
  ruleset,
  army,
  saved,
  edit,
  onClose,
  onHistory,
  onExport,
  onShare,
  onPrint
}: {
  doc: RosterDocument
  ruleset: RulesetDetails
  army: ArmyDetails
  saved: SaveState
  edit: (change: (d: RosterDocument) => RosterDocument, field?: string) => void
  onClose: () => void
  onHistory: () => void
  onExport: () => void
  onShare: () => void
  onPrint: () => void
}) {
  const canUndo = useHistory((s) => s.pastStates.length > 0)
  const canRedo = useHistory((s) => s.futureStates.length > 0)
  const saveText =
    saved.state === 'saved'
      ? `Saved (revision ${saved.revision})`
      : saved.state === 'retrying'
        ? 'Not saved yet. Retrying…'
        : saved.state === 'failed'
          ? 'Not saved'
          : 'Saving…'
  return (
    <header className={styles.editorBar}>
      <button onClick={onClose} title="Back to the library">
        ← Library
      </button>
      <div className={styles.titleBlock}>
        <input
          id="roster-name"
          className={styles.rosterName}
          aria-label="Roster name"
          value={typeof doc.name === 'string' ? doc.name : ''}
          placeholder="Untitled roster"
          onChange={(e) => edit((d) => setRosterField(d, 'name', e.target.value), 'roster:name')}
        />
        <span className={`muted ${styles.subtitle}`} title={`${ruleset.name} · ${army.name}`}>
          {ruleset.shortName} · {army.name}
        </span>
      </div>
      <label className="small">
        Year
        <CheckedInput<number | undefined>
          id="roster-year"
          className="year"
          aria-label="Year"
          placeholder="e.g. 55 BC"
          value={typeof doc.year === 'number' ? doc.year : undefined}
          format={(y) => (y === undefined ? '' : formatYear(y))}
          parse={optional((text) => {
            const y = parseYear(text)
            return y === null ? { ok: false, reason: `“${text}” is not a year: write 55 BC, 60 AD or -55` } : { ok: true, value: y }
          })}
          commitOn="blur"
          onValid={(y) => edit((d) => setRosterField(d, 'year', y), 'roster:year')}
          inForce={(y) => (y === undefined ? 'no year is set' : `${formatYear(y)} still applies`)}
        />
      </label>
      {army.subFactions.length > 0 && (
        <label className="small">
          Part of the list
          <select
            id="roster-subFaction"
            className={styles.subFaction}
            aria-label="Part of the list"
            title={
              army.subFactionRequired ? 'Some options and their minimums are for one part of the list only' : 'Some options are for one part of the list only'
            }
            value={typeof doc.subFaction === 'string' ? doc.subFaction : ''}
            onChange={(e) => edit((d) => setRosterField(d, 'subFaction', e.target.value || undefined))}
          >
            <option value="">{army.subFactionRequired ? 'Choose…' : 'Not chosen'}</option>
            <NamedOptions items={army.subFactions} />
          </select>
        </label>
      )}
      <label className="small">
        Limit
        <CheckedInput<number | undefined>
          id="roster-pointsLimit"
          className="limit"
          inputMode="numeric"
          aria-label="Points limit"
          placeholder={ruleset.defaultPointsLimit === null ? 'none' : String(ruleset.defaultPointsLimit)}
          value={typeof doc.pointsLimit === 'number' ? doc.pointsLimit : undefined}
          format={(n) => (n === undefined ? '' : String(n))}
          parse={optional((text) => {
            const n = Number(text)
            return /^\d+$/.test(text) && n >= 1 && n <= 1_000_000
              ? { ok: true, value: n }
              : { ok: false, reason: 'The points limit is a whole number of points, 1 or more' }
          })}
          commitOn="blur"
          onValid={(n) => edit((d) => setRosterField(d, 'pointsLimit', n), 'roster:pointsLimit')}
          inForce={(n) =>
            n === undefined
              ? ruleset.defaultPointsLimit === null
                ? 'no limit is set'
                : `the usual ${ruleset.defaultPointsLimit} still applies`
              : `${n} still applies`
          }
        />
      </label>
      <div className="spacer" />
      <button onClick={undo} disabled={!canUndo} title="Undo (Ctrl+Z)" aria-label="Undo">
        ↶<span className="wide-only"> Undo</span>
      </button>
      <button onClick={redo} disabled={!canRedo} title="Redo (Ctrl+Shift+Z)" aria-label="Redo">
        ↷<span className="wide-only"> Redo</span>
      </button>
      <button onClick={onHistory} title="Revision history">
        History
      </button>
      <button onClick={onExport} title="Export as a .muster.json file (Ctrl+E)">
        Export
      </button>
      <button onClick={onShare} title="Copy the roster as text, or as a share code another Muster opens">
        Share
      </button>
      <button onClick={onPrint} title="Print or export a PDF (Ctrl+P)">
        Print / PDF
      </button>
      <span
        className={`${styles.saveState} ${saved.state}`}
        role="status"
        title={saved.state === 'retrying' || saved.state === 'failed' ? `Not saved: ${saved.message}` : saveText}
      >
        {saved.state === 'saved' ? (
          <>
            Saved<span className="wide-only"> (revision {saved.revision})</span>
          </>
        ) : (
          saveText
        )}
      </span>
    </header>
  )
}
