// Print / Export PDF: the roster sheet, unit cards or a quick-reference sheet (optionally tailored
// to an opponent: a roster from the library, or an army list: the army's historical enemies first,
// then any army of the ruleset), on A4 or US Letter. The sheet is made as the choices change and its
// first page shown beside them; Save PDF saves exactly the file previewed (the main process keeps its
// bytes, shows the save dialog and writes them: savePdf). The choices are state/print-choices.ts,
// the sheet made and saved state/print-sheet.ts; this dialog draws them.
import { useState } from 'react'
import { usePrintChoices } from '../state/print-choices'
import { usePrintSheet } from '../state/print-sheet'
import { Dialog } from './Dialog'
import { PdfPreview } from './PdfPreview'
import { EnemyListSelect } from './EnemyListSelect'
import type { PrintKind } from '../../src-shared/print'
import styles from './PrintDialog.module.css'
import { NamedOptions } from './NamedOptions'

/**
 * The preview's box in CSS pixels, larger on a taller screen (345 px high at 768): a portrait page
 * fills its height, a landscape one (the roster sheet) its width, 1.3 times as wide.
 */
const previewBox = () => {
  const height = Math.max(300, Math.min(520, Math.round(window.innerHeight * 0.45)))
  return { width: Math.round(height * 1.3), height }
}

export function PrintDialog({
  id,
  ruleset,
  army,
  onClose
}: {
  id: string
  ruleset: string
  /** The roster's army: its historical enemies come first among the lists. */ army?: { id: string; name: string; enemies?: string[] }
  onClose: () => void
}) {
  const choices = usePrintChoices(id, ruleset, army?.enemies)
  const { kind, setKind, paper, setPaper, against, setAgainst, markProxies, setMarkProxies, opponent, setOpponent } = choices
  const { rivals, lists, enemies, chosenList, setEnemyList, waiting } = choices
  const { state, made, current, save } = usePrintSheet(id, choices)
  const [box] = useState(previewBox)
  return (
    <Dialog title="Print / Export PDF" onClose={onClose} wide>
      <div className={styles.printLayout}>
        <div className="print-choices">
          <fieldset>
            <legend>What</legend>
            {(
              [
                ['roster', 'Roster sheet, with the check code an organiser can verify'],
                ['cards', 'Unit reference cards, nine to a page, with cut marks'],
                ['qrs', 'Quick-reference sheet for the troop types in this roster']
              ] as Array<[PrintKind, string]>
            ).map(([k, label]) => (
              <label key={k} className="radio">
                <input type="radio" name="kind" checked={kind === k} onChange={() => setKind(k)} /> {label}
              </label>
            ))}
          </fieldset>
          {kind === 'roster' && (
            <label className="check">
              <input type="checkbox" checked={markProxies} onChange={(e) => setMarkProxies(e.target.checked)} /> Mark proxies: the units my collection does not
              cover
            </label>
          )}
          {kind === 'qrs' && (
            <fieldset className={styles.printAgainst}>
              <legend>Against (optional)</legend>
              <label className="radio">
                <input type="radio" name="against" checked={against === 'none'} onChange={() => setAgainst('none')} /> No opponent
              </label>
              <label className="radio">
                <input type="radio" name="against" checked={against === 'roster'} onChange={() => setAgainst('roster')} disabled={rivals.length === 0} /> A
                roster from the library
                {rivals.length === 0 && <span className="muted"> (none of this ruleset)</span>}
              </label>
              {against === 'roster' && (
                <select value={opponent} onChange={(e) => setOpponent(e.target.value)} aria-label="Opponent roster">
                  <option value="">choose a roster</option>
                  <NamedOptions items={rivals} />
                </select>
              )}
              <label className="radio">
                <input type="radio" name="against" checked={against === 'list'} onChange={() => setAgainst('list')} disabled={lists.length === 0} /> An army
                list: the troops it can field, and who invades
              </label>
              {against === 'list' && <EnemyListSelect lists={lists} enemies={enemies} armyName={army?.name} value={chosenList} onChange={setEnemyList} />}
            </fieldset>
          )}
          <fieldset>
            <legend>Paper</legend>
            <label className="radio">
              <input type="radio" name="paper" checked={paper === 'a4'} onChange={() => setPaper('a4')} /> A4
            </label>
            <label className="radio">
              <input type="radio" name="paper" checked={paper === 'letter'} onChange={() => setPaper('letter')} /> US Letter
            </label>
          </fieldset>
        </div>
        <div className={styles.printPreview} style={{ width: box.width }}>
          {waiting ? (
            <p className="muted">Choose the opponent's roster to see the sheet.</p>
          ) : (
            <PdfPreview
              pdf={made?.bytes ?? null}
              pending={!current}
              box={box}
              label={`Preview of the first page of the ${kind === 'roster' ? 'roster sheet' : kind === 'cards' ? 'unit cards' : 'quick-reference sheet'}`}
            />
          )}
        </div>
      </div>
      {state.message && <p role="status">{state.message}</p>}
      <div className="buttons">
        <button onClick={onClose}>Close</button>
        <button className="primary" disabled={state.busy || waiting} onClick={() => void save()}>
          Save PDF
        </button>
      </div>
    </Dialog>
  )
}
