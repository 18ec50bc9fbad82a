// The roster editor: army list options, units, live points and figures, the validation panel
// (click an issue to reach its unit), undo/redo, autosave and revision history.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Command } from '../../../src-main/ipc/contract'
import type { Issue, RosterUnit } from '../../../src-main/rules/types'
import type { RevisionRow } from '../../../src-main/store/types'
import { api } from '../api'
import { IssuesPanel, unitIndexOf } from '../components/IssuesPanel'
import { OptionsPanel } from '../components/OptionsPanel'
import { PointsHeader } from '../components/PointsHeader'
import { UnitList, type Reveal, type UnitHandlers, type UnitView } from '../components/UnitList'
import { formatPoints, formatYear, parseYear } from '../format'
import { useArmyDetails, useAutosave, useRosterOptions, useRulesetDetails, useVerdict } from '../hooks'
import { addCard, addUnit, duplicateUnit, moveUnit, newUnitId, removeCard, removeUnit, setCardCount, setCount, setGeneral, setRosterField, setUnitField } from '../state/edits'
import { BattleCardsPanel, type CardHandlers } from '../components/BattleCardsPanel'
import { redo, undo, useEditor, useHistory } from '../state/editor'
import { download } from '../download'
import { PrintDialog } from '../components/PrintDialog'
import { CheckedInput } from '../components/CheckedInput'
import { shortcut } from '../shortcuts'
import { savedFirst } from '../state/autosave'
import { Dialog } from '../components/Dialog'
import { ShareDialog } from '../components/ShareDialog'

export function EditorScreen({ initialRevision, onClose, command }: { initialRevision: number; onClose: () => void; command?: { command: Command; n: number } | null }) {
  const { id, doc, edit } = useEditor()
  const canUndo = useHistory((s) => s.pastStates.length > 0)
  const canRedo = useHistory((s) => s.futureStates.length > 0)
  const ruleset = useRulesetDetails(doc?.ruleset)
  const army = useArmyDetails(doc?.ruleset, doc?.army)
  const verdict = useVerdict(doc)
  const offers = useRosterOptions(doc)
  const [reveal, setReveal] = useState<Reveal | null>(null)
  const revealUnit = (index: number, id?: unknown) => setReveal((r) => ({ index, ...(typeof id === 'string' ? { id } : {}), n: (r?.n ?? 0) + 1 }))
  // Compact or detailed, as the player last chose (kept on this machine).
  const [view, setViewState] = useState<UnitView>(() => (localStorage.getItem('muster.unitView') === 'detailed' ? 'detailed' : 'compact'))
  const setView = (v: UnitView) => {
    setViewState(v)
    localStorage.setItem('muster.unitView', v)
  }
  const saved = useAutosave(id, doc, initialRevision)
  const [selected, setSelected] = useState<number | null>(null)
  const [history, setHistory] = useState<RevisionRow[] | null>(null)
  const [sharing, setSharing] = useState(false)
  const [printing, setPrinting] = useState(false)
  const [tagsText, setTagsText] = useState('')
  const [tagsError, setTagsError] = useState('')

  useEffect(() => {
    if (!id) return
    void api()
      .getRoster(id)
      .then((r) => r.ok && setTagsText(r.value.row.tags.join(', ')))
  }, [id])

  async function saveTags() {
    if (!id) return
    const tags = [...new Set(tagsText.split(',').map((t) => t.trim()).filter(Boolean))]
    const r = await api().setTags(id, tags)
    if (r.ok) {
      setTagsText(r.value.tags.join(', '))
      setTagsError('')
    } else setTagsError(`Tags not saved: ${r.error.message}. Press Enter to try again.`)
  }

  const on: UnitHandlers = {
    count: (i, n) => edit((d) => setCount(d, i, n)),
    field: (i, f, v) => edit((d) => setUnitField(d, i, f, v)),
    general: (i, g) => edit((d) => setGeneral(d, i, g)),
    move: (i, delta) => {
      const id = doc?.units[i]?.id
      edit((d) => moveUnit(d, i, delta))
      setSelected(i + delta)
      revealUnit(i + delta, id)
    },
    duplicate: (i) => {
      const id = newUnitId()
      edit((d) => duplicateUnit(d, i, id))
      setSelected(i + 1)
      revealUnit(i + 1, id)
    },
    remove: (i) => {
      // The focus goes to the unit that takes its place (or the one before the last), not to the page.
      const neighbour = doc?.units[i + 1] ?? doc?.units[i - 1]
      edit((d) => removeUnit(d, i))
      setSelected(null)
      if (neighbour) revealUnit(doc!.units[i + 1] ? i : i - 1, neighbour.id)
    },
    select: setSelected
  }

  const onCard: CardHandlers = {
    add: (card) => edit((d) => addCard(d, card)),
    remove: (i) => edit((d) => removeCard(d, i)),
    count: (i, n) => edit((d) => setCardCount(d, i, n))
  }

  // The engine's ready unit, appended as it is; the new unit is brought into view and focused.
  const addTroop = useCallback(
    (unit: RosterUnit) => {
      if (!doc) return
      const id = newUnitId()
      edit((d) => addUnit(d, { ...unit, id }))
      setSelected(doc.units.length)
      revealUnit(doc.units.length, id)
    },
    [doc, edit]
  )

  // A contingent taken whole: its minimums in one edit (one undo), the first of them brought into view.
  const takeContingent = useCallback(
    (units: RosterUnit[]) => {
      if (!doc || units.length === 0) return
      const ids = units.map(() => newUnitId())
      edit((d) => units.reduce((acc, u, k) => addUnit(acc, { ...u, id: ids[k] }), d))
      setSelected(doc.units.length)
      revealUnit(doc.units.length, ids[0])
    },
    [doc, edit]
  )

  const selectIssue = (issue: Issue) => {
    const card = /^\/battleCards\/(\d+)(?:\/(\w+))?/.exec(issue.path)
    if (card) {
      const row = document.querySelector<HTMLElement>(`[data-card="${card[1]}"]`)
      row?.scrollIntoView({ block: 'center' })
      ;((card[2] && row?.querySelector<HTMLElement>(`[data-field="${card[2]}"]`)) || row?.querySelector<HTMLElement>('[data-field="card"]'))?.focus()
      return
    }
    const index = unitIndexOf(issue.path)
    if (index === null) {
      const field = issue.path.split('/')[1]
      document.getElementById(`roster-${field}`)?.focus()
      return
    }
    setSelected(index)
    // after React has rendered the selection
    setTimeout(() => {
      const row = document.querySelector<HTMLElement>(`[data-unit="${index}"]`)
      row?.scrollIntoView({ block: 'center' })
      const field = issue.path.split('/')[3]
      const target = (field && row?.querySelector<HTMLElement>(`[data-field="${field}"]`)) || row?.querySelector<HTMLElement>('[data-field="count"]')
      target?.focus()
    }, 0)
  }

  useEffect(() => {
    const keys = (e: KeyboardEvent) => {
      // Behind a modal dialog (Share, History, Print) the roster is not being edited.
      if (e.target instanceof Element && e.target.closest('dialog[open]')) return
      const s = shortcut(e)
      if (s === 'undo') {
        e.preventDefault()
        undo()
      } else if (s === 'redo') {
        e.preventDefault()
        redo()
      }
    }
    window.addEventListener('keydown', keys)
    return () => window.removeEventListener('keydown', keys)
  }, [])

  // A menu command acts once (n counts them), and only one given while this roster is open: Print
  // opens its dialog as the editor renders; Export saves a file, an effect.
  const [commandSeen, setCommandSeen] = useState(command?.n)
  if (command && command.n !== commandSeen) {
    setCommandSeen(command.n)
    if (command.command === 'print') setPrinting(true)
  }
  const commandAtOpen = useRef(command?.n)
  const exportLatest = useRef(exportFile)
  useEffect(() => {
    exportLatest.current = exportFile
  })
  useEffect(() => {
    if (command?.command === 'export' && command.n !== commandAtOpen.current) void exportLatest.current()
  }, [command])

  async function openHistory() {
    if (!id) return
    const r = await api().listRevisions(id)
    if (r.ok) setHistory(r.value)
  }

  async function restore(revision: number) {
    if (!id) return
    const r = await api().getRoster(id, revision)
    if (r.ok) edit(() => r.value.document)
    setHistory(null)
  }

  async function exportFile() {
    if (!id) return
    const unsaved = await savedFirst(id)
    if (unsaved) return window.alert(unsaved)
    const r = await api().exportRoster(id)
    if (r.ok) download(r.value.fileName, r.value.text, 'application/json')
    else window.alert(`Not exported: ${r.error.message}`)
  }

  if (!doc || !id) return null
  if (!ruleset || !army) return <div className="loading">Loading {doc.army}…</div>
  const saveText = saved.state === 'saved' ? `Saved (revision ${saved.revision})` : saved.state === 'retrying' ? 'Not saved yet. Retrying…' : saved.state === 'failed' ? 'Not saved' : 'Saving…'

  return (
    <div className="editor">
      <header className="editor-bar">
        <button className="back" onClick={onClose} title="Back to the library">
          ← Library
        </button>
        <div className="title-block">
          <input id="roster-name" className="roster-name" aria-label="Roster name" value={typeof doc.name === 'string' ? doc.name : ''} placeholder="Untitled roster" onChange={(e) => edit((d) => setRosterField(d, 'name', e.target.value))} />
          <span className="muted subtitle" title={`${ruleset.name} · ${army.name}`}>
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
            parse={(text) => {
              if (text.trim() === '') return { ok: true, value: undefined }
              const y = parseYear(text)
              return y === null ? { ok: false, reason: `“${text.trim()}” is not a year: write 55 BC, 60 AD or -55` } : { ok: true, value: y }
            }}
            commitOn="blur"
            onValid={(y) => edit((d) => setRosterField(d, 'year', y))}
            inForce={(y) => (y === undefined ? 'no year is set' : `${formatYear(y)} still applies`)}
          />
        </label>
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
            parse={(text) => {
              if (text.trim() === '') return { ok: true, value: undefined }
              const n = Number(text.trim())
              return /^\d+$/.test(text.trim()) && n >= 1 && n <= 1_000_000 ? { ok: true, value: n } : { ok: false, reason: 'The points limit is a whole number of points, 1 or more' }
            }}
            commitOn="blur"
            onValid={(n) => edit((d) => setRosterField(d, 'pointsLimit', n))}
            inForce={(n) => (n === undefined ? (ruleset.defaultPointsLimit === null ? 'no limit is set' : `the usual ${ruleset.defaultPointsLimit} still applies`) : `${n} still applies`)}
          />
        </label>
        <div className="spacer" />
        <button onClick={undo} disabled={!canUndo} title="Undo (Ctrl+Z)" aria-label="Undo">
          ↶ Undo
        </button>
        <button onClick={redo} disabled={!canRedo} title="Redo (Ctrl+Shift+Z)" aria-label="Redo">
          ↷ Redo
        </button>
        <button onClick={() => void openHistory()} title="Revision history">
          History
        </button>
        <button onClick={() => void exportFile()} title="Export as a .muster.json file (Ctrl+E)">
          Export
        </button>
        <button onClick={() => setSharing(true)} title="Copy the roster as text, or as a share code another Muster opens">
          Share
        </button>
        <button onClick={() => setPrinting(true)} title="Print or export a PDF (Ctrl+P)">
          Print / PDF
        </button>
        <span className={`save-state ${saved.state}`} role="status" title={saved.state === 'retrying' || saved.state === 'failed' ? `Not saved: ${saved.message}` : undefined}>
          {saveText}
        </span>
      </header>
      <PointsHeader verdict={verdict} ruleset={ruleset} />
      <div className="editor-body">
        <OptionsPanel army={army} ruleset={ruleset} verdict={verdict} answer={offers.answer} stale={offers.stale} error={offers.error} year={typeof doc.year === 'number' ? doc.year : undefined} onAdd={addTroop} onTake={takeContingent} />
        <section className="units-pane" aria-label="Roster">
          <h2 className="visually-hidden">Units</h2>
          {doc.units.length > 0 && (
            <div className="units-toolbar" role="radiogroup" aria-label="Roster view">
              {(['compact', 'detailed'] as const).map((v) => (
                <label key={v} className={view === v ? 'view-choice active' : 'view-choice'}>
                  <input type="radio" name="unit-view" checked={view === v} onChange={() => setView(v)} />
                  {v === 'compact' ? 'Compact' : 'Detailed'}
                </label>
              ))}
            </div>
          )}
          <UnitList doc={doc} ruleset={ruleset} army={army} verdict={verdict} selected={selected} reveal={reveal} view={view} on={on} />
          {(army.battleCards.length > 0 || Array.isArray(doc.battleCards)) && <BattleCardsPanel doc={doc} army={army} verdict={verdict} on={onCard} />}
          <label className="notes">
            Notes
            <textarea id="roster-notes" value={typeof doc.notes === 'string' ? doc.notes : ''} onChange={(e) => edit((d) => setRosterField(d, 'notes', e.target.value))} rows={3} />
          </label>
          <label className="notes">
            Tags (comma-separated, for finding the roster in the library)
            <input id="roster-tags" value={tagsText} onChange={(e) => setTagsText(e.target.value)} onBlur={() => void saveTags()} onKeyDown={(e) => e.key === 'Enter' && void saveTags()} placeholder="e.g. Salute 2026, club" aria-invalid={tagsError !== ''} />
          </label>
          {tagsError && (
            <p className="load-error" role="alert">
              {tagsError}
            </p>
          )}
        </section>
        <IssuesPanel issues={verdict?.issues ?? []} onSelect={selectIssue} />
      </div>
      {sharing && <ShareDialog id={id} onClose={() => setSharing(false)} />}
      {printing && <PrintDialog id={id} ruleset={doc.ruleset} onClose={() => setPrinting(false)} />}
      {history && (
        <Dialog title="Revision history" onClose={() => setHistory(null)}>
            <table>
              <thead>
                <tr>
                  <th>Revision</th>
                  <th>Saved</th>
                  <th>Points</th>
                  <th>Legal</th>
                  <th>
                    <span className="visually-hidden">Restore</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {history.map((r) => (
                  <tr key={r.revision}>
                    <td>{r.revision}</td>
                    <td>{new Date(r.savedAt).toLocaleString()}</td>
                    <td>{r.points === null ? '?' : formatPoints(r.points)}</td>
                    <td>{r.valid === null ? '?' : r.valid ? 'yes' : 'no'}</td>
                    <td>
                      <button onClick={() => void restore(r.revision)}>Restore</button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="buttons">
              <button data-autofocus onClick={() => setHistory(null)}>
                Close
              </button>
            </div>
        </Dialog>
      )}
    </div>
  )
}
