// Print / Export PDF: the roster sheet, unit cards or a quick-reference sheet (optionally tailored
// to an opponent: a roster from the library, or an army list: the army's historical enemies first,
// then any army of the ruleset), on A4 or US Letter. The sheet is made as the choices change and its
// first page shown beside them; Save PDF saves exactly the file previewed (the main process keeps its
// bytes, shows the save dialog and writes them: savePdf).
import { useEffect, useRef, useState } from 'react'
import type { ArmySummary, RosterRow } from '../../src-main/ipc/contract'
import { api } from '../api'
import { savedFirst } from '../state/autosave'
import { Dialog } from './Dialog'
import { PdfPreview } from './PdfPreview'
import { EnemyListSelect, useEnemiesFirst } from './EnemyListSelect'
import type { Paper, PrintKind } from '../../src-shared/print'
import styles from './PrintDialog.module.css'

type Against = 'none' | 'roster' | 'list'

/** Choices settle for this long before the sheet is made again (typing through a list, clicking along). */
const SETTLE_MS = 250
/**
 * The preview's box in CSS pixels, larger on a taller screen (345 px high at 768): a portrait page
 * fills its height, a landscape one (the roster sheet) its width, 1.3 times as wide.
 */
const previewBox = () => {
  const height = Math.max(300, Math.min(520, Math.round(window.innerHeight * 0.45)))
  return { width: Math.round(height * 1.3), height }
}

/** A sheet made: the choices it was made for, its bytes (the preview's), and the main side's key for saving exactly them. */
type Made = { key: string; fileName: string; bytes: Uint8Array; pdfKey: string; checkCode: string }

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
  const [kind, setKind] = useState<PrintKind>('roster')
  const [paper, setPaper] = useState<Paper>(navigator.language === 'en-US' ? 'letter' : 'a4')
  const [against, setAgainst] = useState<Against>('none')
  const [markProxies, setMarkProxies] = useState(false)
  const [opponent, setOpponent] = useState('')
  const [rivals, setRivals] = useState<RosterRow[]>([])
  const [lists, setLists] = useState<ArmySummary[]>([])
  const [enemyList, setEnemyList] = useState('')
  const [state, setState] = useState<{ busy: boolean; message: string; failed?: boolean }>({ busy: false, message: '' })

  useEffect(() => {
    void api()
      .listRosters({ ruleset, limit: 200 })
      .then((r) => r.ok && setRivals(r.value.rows.filter((x) => x.id !== id)))
  }, [id, ruleset])
  useEffect(() => {
    void api()
      .listRulesets()
      .then((r) => r.ok && setLists(r.value.find((x) => x.id === ruleset)?.armies ?? []))
  }, [ruleset])
  // The army's historical enemies (those loaded) first, then every army of the ruleset.
  const { enemies, value: chosenList } = useEnemiesFirst(lists, army?.enemies, enemyList)

  // What the sheet is made of; a preview or a save of other choices is stale.
  const vs = kind !== 'qrs' ? [] : against === 'roster' && opponent ? [opponent] : against === 'list' && chosenList ? [{ army: chosenList }] : []
  const waiting = kind === 'qrs' && against === 'roster' && !opponent
  const proxies = kind === 'roster' && markProxies
  const key = JSON.stringify([kind, paper, vs, proxies])
  const [made, setMade] = useState<Made | null>(null)
  const [box] = useState(previewBox)
  const latest = useRef(key)
  useEffect(() => {
    latest.current = key
  }, [key])

  /**
   * The sheet for the current choices, saved edits first, kept as the preview; null when it cannot be
   * made (and why, unless the choices changed meanwhile: a newer sheet is on its way).
   */
  async function makeSheet(): Promise<Made | null> {
    const madeFor = key
    const fail = (message: string) => {
      if (latest.current === madeFor) setState({ busy: false, message, failed: true })
      return null
    }
    const unsaved = await savedFirst(id)
    if (unsaved) return fail(unsaved)
    const r = proxies ? await api().exportPdf(id, kind, paper, null, { markProxies: true }) : await api().exportPdf(id, kind, paper, ...vs)
    if (!r.ok) return fail(r.error.message)
    const sheet = { key: madeFor, fileName: r.value.fileName, bytes: r.value.pdf, pdfKey: r.value.key, checkCode: r.value.checkCode }
    if (latest.current === madeFor) setMade(sheet)
    return sheet
  }

  // The preview follows the choices once they settle; a sheet made clears a failure the last one reported.
  useEffect(() => {
    if (waiting) return
    const timer = setTimeout(() => {
      void makeSheet().then((m) => m && latest.current === m.key && setState((s) => (s.failed ? { busy: false, message: '' } : s)))
    }, SETTLE_MS)
    return () => clearTimeout(timer)
    // makeSheet reads the choices the key names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, waiting])

  async function save() {
    setState({ busy: true, message: 'Making the PDF…' })
    const sheet = made?.key === key ? made : await makeSheet()
    if (!sheet) return setState((s) => (s.busy ? { busy: false, message: 'The PDF could not be made.', failed: true } : s))
    // The main side shows the save dialog and writes the very bytes previewed.
    const r = await api().savePdf(sheet.pdfKey)
    if (!r.ok) return setState({ busy: false, message: r.error.message, failed: true })
    if (!r.value.saved) return setState({ busy: false, message: '' })
    setState({ busy: false, message: `Saved ${r.value.path} (check code ${sheet.checkCode})` })
  }

  const current = made?.key === key ? made : null
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
                  {rivals.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name}
                    </option>
                  ))}
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
