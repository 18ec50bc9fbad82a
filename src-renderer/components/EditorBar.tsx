// The editor's bar: back to the library, the roster's name, year and points limit (checked as
// typed), undo and redo, and what to do with the roster (history, export, share, print), with
// whether its last edit is saved.
import type { ComponentProps } from 'react'
import type { ArmyDetails, RosterDocument, RulesetDetails } from '../../src-main/ipc/contract'
import { formatYear, parseYear } from '../format'
import type { SaveState } from '../state/autosave'
import { redo, undo, useHistory } from '../state/editor'
import type { useEditorCommands } from '../state/editor-commands'
import { setRosterField } from '../state/edits'
import { CheckedInput, optional } from './CheckedInput'
import styles from './EditorBar.module.css'
import { NamedOptions } from './NamedOptions'

type EditorCommands = ReturnType<typeof useEditorCommands>
type Edit = (change: (d: RosterDocument) => RosterDocument, field?: string) => void

/** One of the roster's numbers (its year, its points limit): checked as typed, taken when the player leaves the field, one undo step each. */
function RosterNumber({
  field,
  label,
  doc,
  edit,
  ...input
}: {
  field: 'year' | 'pointsLimit'
  label: string
  doc: RosterDocument
  edit: Edit
} & Omit<ComponentProps<typeof CheckedInput<number | undefined>>, 'id' | 'value' | 'onValid' | 'commitOn'>) {
  const value = doc[field]
  return (
    <label className="small">
      {label}
      <CheckedInput<number | undefined>
        {...input}
        id={`roster-${field}`}
        value={typeof value === 'number' ? value : undefined}
        commitOn="blur"
        onValid={(v) => edit((d) => setRosterField(d, field, v), `roster:${field}`)}
      />
    </label>
  )
}

export function EditorBar({
  doc,
  ruleset,
  army,
  saved,
  edit,
  onClose,
  commands
}: {
  doc: RosterDocument
  ruleset: RulesetDetails
  army: ArmyDetails
  saved: SaveState
  edit: Edit
  onClose: () => void
  /** History, Export, Share and Print: the editor's dialogs and file actions. */
  commands: Pick<EditorCommands, 'setHistory' | 'exportFile' | 'setSharing' | 'setPrinting'>
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
      <RosterNumber
        field="year"
        label="Year"
        doc={doc}
        edit={edit}
        className="year"
        aria-label="Year"
        placeholder="e.g. 55 BC"
        format={(y) => (y === undefined ? '' : formatYear(y))}
        parse={optional((text) => {
          const y = parseYear(text)
          return y === null ? { ok: false, reason: `“${text}” is not a year: write 55 BC, 60 AD or -55` } : { ok: true, value: y }
        })}
        inForce={(y) => (y === undefined ? 'no year is set' : `${formatYear(y)} still applies`)}
      />
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
      <RosterNumber
        field="pointsLimit"
        label="Limit"
        doc={doc}
        edit={edit}
        className="limit"
        inputMode="numeric"
        aria-label="Points limit"
        placeholder={ruleset.defaultPointsLimit === null ? 'none' : String(ruleset.defaultPointsLimit)}
        format={(n) => (n === undefined ? '' : String(n))}
        parse={optional((text) => {
          const n = Number(text)
          return /^\d+$/.test(text) && n >= 1 && n <= 1_000_000
            ? { ok: true, value: n }
            : { ok: false, reason: 'The points limit is a whole number of points, 1 or more' }
        })}
        inForce={(n) =>
          n === undefined
            ? ruleset.defaultPointsLimit === null
              ? 'no limit is set'
              : `the usual ${ruleset.defaultPointsLimit} still applies`
            : `${n} still applies`
        }
      />
      <div className="spacer" />
      <button onClick={undo} disabled={!canUndo} title="Undo (Ctrl+Z)" aria-label="Undo">
        ↶<span className="wide-only"> Undo</span>
      </button>
      <button onClick={redo} disabled={!canRedo} title="Redo (Ctrl+Shift+Z)" aria-label="Redo">
        ↷<span className="wide-only"> Redo</span>
      </button>
      <button onClick={() => commands.setHistory(true)} title="Revision history">
        History
      </button>
      <button onClick={() => void commands.exportFile()} title="Export as a .muster.json file (Ctrl+E)">
        Export
      </button>
      <button onClick={() => commands.setSharing(true)} title="Copy the roster as text, or as a share code another Muster opens">
        Share
      </button>
      <button onClick={() => commands.setPrinting(true)} title="Print or export a PDF (Ctrl+P)">
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
