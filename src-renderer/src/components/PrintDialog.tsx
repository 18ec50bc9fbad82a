// Print / Export PDF: the roster sheet, unit cards or a quick-reference sheet (optionally tailored
// to an opponent: a roster from the library, or an army list: the army's historical enemies first,
// then any army of the ruleset), on A4 or US Letter.
import { useEffect, useMemo, useState } from 'react'
import type { ArmySummary } from '../../../src-main/ipc/contract'
import type { RosterRow } from '../../../src-main/store/types'
import { api } from '../api'
import { download } from '../download'
import { savedFirst } from '../state/autosave'
import { Dialog } from './Dialog'

type Kind = 'roster' | 'cards' | 'qrs'
type Against = 'none' | 'roster' | 'list'

const downloadPdf = (fileName: string, base64: string) => download(fileName, Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)), 'application/pdf')
const listLabel = (a: ArmySummary) => `${a.name}${a.listNumber ? ` (${a.listNumber})` : ''}`

export function PrintDialog({ id, ruleset, army, onClose }: { id: string; ruleset: string; /** The roster's army: its historical enemies come first among the lists. */ army?: { id: string; name: string; enemies?: string[] }; onClose: () => void }) {
  const [kind, setKind] = useState<Kind>('roster')
  const [paper, setPaper] = useState<'a4' | 'letter'>(navigator.language === 'en-US' ? 'letter' : 'a4')
  const [against, setAgainst] = useState<Against>('none')
  const [opponent, setOpponent] = useState('')
  const [rivals, setRivals] = useState<RosterRow[]>([])
  const [lists, setLists] = useState<ArmySummary[]>([])
  const [enemyList, setEnemyList] = useState('')
  const [state, setState] = useState<{ busy: boolean; message: string }>({ busy: false, message: '' })

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
  // The army's historical enemies (those loaded), then every army of the ruleset.
  const enemies = useMemo(() => {
    const wanted = new Set(army?.enemies ?? [])
    return lists.filter((a) => wanted.has(a.id))
  }, [lists, army])
  // The first enemy is offered first; else the first list.
  const chosenList = enemyList || enemies[0]?.id || lists[0]?.id || ''

  async function make() {
    setState({ busy: true, message: 'Making the PDF…' })
    const unsaved = await savedFirst(id)
    if (unsaved) return setState({ busy: false, message: unsaved })
    const vs = kind !== 'qrs' ? [] : against === 'roster' && opponent ? [opponent] : against === 'list' && chosenList ? [{ army: chosenList }] : []
    const r = await api().exportPdf(id, kind, paper, ...vs)
    if (!r.ok) return setState({ busy: false, message: r.error.message })
    downloadPdf(r.value.fileName, r.value.base64)
    setState({ busy: false, message: `Saved ${r.value.fileName} (check code ${r.value.checkCode})` })
  }

  return (
    <Dialog title="Print / Export PDF" onClose={onClose}>
      <fieldset>
        <legend>What</legend>
        {(
          [
            ['roster', 'Roster sheet, with the check code an organiser can verify'],
            ['cards', 'Unit reference cards, nine to a page, with cut marks'],
            ['qrs', 'Quick-reference sheet for the troop types in this roster']
          ] as Array<[Kind, string]>
        ).map(([k, label]) => (
          <label key={k} className="radio">
            <input type="radio" name="kind" checked={kind === k} onChange={() => setKind(k)} /> {label}
          </label>
        ))}
      </fieldset>
      {kind === 'qrs' && (
        <fieldset className="print-against">
          <legend>Against (optional)</legend>
          <label className="radio">
            <input type="radio" name="against" checked={against === 'none'} onChange={() => setAgainst('none')} /> No opponent
          </label>
          <label className="radio">
            <input type="radio" name="against" checked={against === 'roster'} onChange={() => setAgainst('roster')} disabled={rivals.length === 0} /> A roster from the library
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
            <input type="radio" name="against" checked={against === 'list'} onChange={() => setAgainst('list')} disabled={lists.length === 0} /> An army list: the troops it can field, and who invades
          </label>
          {against === 'list' && (
            <select value={chosenList} onChange={(e) => setEnemyList(e.target.value)} aria-label="Opponent army list">
              {enemies.length > 0 && (
                <optgroup label={`Historical enemies of ${army?.name ?? 'this army'}`}>
                  {enemies.map((a) => (
                    <option key={a.id} value={a.id}>
                      {listLabel(a)}
                    </option>
                  ))}
                </optgroup>
              )}
              <optgroup label="Every army list">
                {lists.map((a) => (
                  <option key={a.id} value={a.id}>
                    {listLabel(a)}
                  </option>
                ))}
              </optgroup>
            </select>
          )}
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
      {state.message && <p role="status">{state.message}</p>}
      <div className="buttons">
        <button onClick={onClose}>Close</button>
        <button className="primary" disabled={state.busy || (kind === 'qrs' && against === 'roster' && !opponent)} onClick={() => void make()}>
          Save PDF
        </button>
      </div>
    </Dialog>
  )
}
