// The roster editor: army list options, units, live points and figures, the validation panel
// (click an issue to reach its unit), undo/redo, autosave and revision history. The unit and card
// edits are state/editor-units.ts, the issues' fixes state/editor-issues.ts, the dialogs and file
// actions state/editor-commands.ts; this screen puts their parts together.
import type { Command } from '../../src-main/ipc/contract'
import { BattleCardsPanel } from '../components/BattleCardsPanel'
import { EditorBar } from '../components/EditorBar'
import { HistoryDialog } from '../components/HistoryDialog'
import { IssuesPanel } from '../components/IssuesPanel'
import { OptionsPanel } from '../components/OptionsPanel'
import { PointsHeader } from '../components/PointsHeader'
import { setAmendment } from '../components/AmendmentToggles'
import { PrintDialog } from '../components/PrintDialog'
import { RosterNotes } from '../components/RosterNotes'
import { ShareDialog } from '../components/ShareDialog'
import { UnitList } from '../components/UnitList'
import { useArmyDetails, useRosterEvaluation, useRulesetDetails, useSaveState, useUndoRedoKeys } from '../hooks'
import { drawnDoc, endTyping, useEditor } from '../state/editor'
import { useEditorCommands, useUnitView } from '../state/editor-commands'
import { useEditorIssues } from '../state/editor-issues'
import { useEditorUnits } from '../state/editor-units'
import { cutText, setRosterField } from '../state/edits'
import styles from './EditorScreen.module.css'

export function EditorScreen({
  initialRevision,
  onClose,
  command
}: {
  initialRevision: number
  onClose: () => void
  command?: { command: Command; n: number } | null
}) {
  const id = useEditor((s) => s.id)
  // As drawn: a stepped count is drawn with its verdict (state/editor.ts).
  const doc = useEditor(drawnDoc)
  const edit = useEditor((s) => s.edit)
  const ruleset = useRulesetDetails(doc?.ruleset, typeof doc?.edition === 'string' ? doc.edition : undefined)
  const army = useArmyDetails(doc?.ruleset, doc?.army)
  const { verdict, checkFailed, options: offers } = useRosterEvaluation()
  // While the roster as it is cannot be checked, the last verdict is an earlier version's: its
  // per-unit reports and its fixes (by unit position, by path) could point at the wrong unit now.
  const current = checkFailed === null ? verdict : null
  const [view, setView] = useUnitView()
  const saved = useSaveState(id, initialRevision)
  const units = useEditorUnits({ doc, edit, ruleset, army, current, offersStale: offers.stale })
  const { on, onCard, addTroop, takeContingent, selected, reveal } = units
  const { fixFor, selectIssue, cardReveal } = useEditorIssues({ doc, ruleset, offers, ...units })
  const commands = useEditorCommands(id, army, command)
  const { history, setHistory, sharing, setSharing, printing, setPrinting, restore } = commands
  useUndoRedoKeys()

  if (!doc || !id) return null
  if (!ruleset || !army) return <div className={styles.loading}>Loading {doc.army}…</div>

  return (
    // A field left (for another, or for a button) ends its typing burst: typing there again is a new undo step.
    <div className={styles.editor} onBlur={endTyping}>
      <EditorBar doc={doc} ruleset={ruleset} army={army} saved={saved} edit={edit} onClose={onClose} commands={commands} />
      <PointsHeader
        verdict={verdict}
        checkFailed={checkFailed}
        ruleset={ruleset}
        units={doc.units}
        edition={typeof doc.edition === 'string' ? doc.edition : undefined}
        onEdition={(e) => edit((d) => setRosterField(d, 'edition', e))}
        onAmendment={(m, on) => edit((d) => setAmendment(d, m, on))}
      />
      <div className={styles.editorBody}>
        <OptionsPanel
          army={army}
          ruleset={ruleset}
          verdict={verdict}
          answer={offers.answer}
          stale={offers.stale}
          error={offers.error}
          year={typeof doc.year === 'number' ? doc.year : undefined}
          onAdd={addTroop}
          onTake={takeContingent}
        />
        <section className={styles.unitsPane} aria-label="Roster">
          <h2 className="visually-hidden">Units</h2>
          {doc.units.length > 0 && (
            <div className={styles.unitsToolbar} role="radiogroup" aria-label="Roster view">
              {(['compact', 'detailed'] as const).map((v) => (
                <label key={v} className={view === v ? `${styles.viewChoice} active` : styles.viewChoice}>
                  <input type="radio" name="unit-view" checked={view === v} onChange={() => setView(v)} />
                  {v === 'compact' ? 'Compact' : 'Detailed'}
                </label>
              ))}
            </div>
          )}
          <UnitList doc={doc} ruleset={ruleset} army={army} verdict={current} selected={selected} reveal={reveal} view={view} on={on} />
          {(army.battleCards.length > 0 || Array.isArray(doc.battleCards)) && (
            <BattleCardsPanel doc={doc} army={army} verdict={current} on={onCard} reveal={cardReveal} offers={offers.answer?.cards} />
          )}
          <RosterNotes id={id} doc={doc} edit={edit} />
        </section>
        <IssuesPanel
          issues={verdict?.issues ?? []}
          notChecked={checkFailed === null ? false : verdict ? 'earlier' : 'never'}
          onSelect={selectIssue}
          fixFor={current ? fixFor : undefined}
          onCut={current ? (issue) => edit((d) => cutText(d, issue.path, issue.limit ?? Infinity)) : undefined}
        />
      </div>
      {sharing && <ShareDialog id={id} onClose={() => setSharing(false)} />}
      {printing && <PrintDialog id={id} ruleset={doc.ruleset} army={army} onClose={() => setPrinting(false)} />}
      {history && <HistoryDialog id={id} onRestore={(revision) => void restore(revision)} onClose={() => setHistory(false)} />}
    </div>
  )
}
