// The roster editor: army list options, units, live points and figures, the validation panel
// (click an issue to reach its unit), undo/redo, autosave and revision history.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { Command, Issue, RosterDocument, RosterUnit, RulesetDetails } from '../../src-main/ipc/contract'
import { api } from '../api'
import { BattleCardsPanel, type CardHandlers, type CardReveal } from '../components/BattleCardsPanel'
import { EditorBar } from '../components/EditorBar'
import { HistoryDialog } from '../components/HistoryDialog'
import { IssuesPanel, unitIndexOf, type IssueFix } from '../components/IssuesPanel'
import { OptionsPanel } from '../components/OptionsPanel'
import { PointsHeader } from '../components/PointsHeader'
import { setAmendment } from '../components/AmendmentToggles'
import { PrintDialog } from '../components/PrintDialog'
import { RosterNotes } from '../components/RosterNotes'
import { ShareDialog } from '../components/ShareDialog'
import { UnitList, type Reveal, type UnitHandlers, type UnitView } from '../components/UnitList'
import { download } from '../download'
import { useArmyDetails, useRosterEvaluation, useRulesetDetails, useSaveState, useUndoRedoKeys } from '../hooks'
import { pendingDocument, savedFirst } from '../state/autosave'
import { drawnDoc, endTyping, useEditor } from '../state/editor'
import {
  addCard,
  addOrStep,
  addUnit,
  cutText,
  duplicateUnit,
  moveUnit,
  newUnitId,
  removeCard,
  removeUnit,
  setCardCount,
  setCount,
  stepCardCount,
  stepCount,
  setRole,
  setRosterField,
  setUnitField
} from '../state/edits'
import { fileStem } from '../../src-shared/text'
import { unitCall } from '../../src-shared/unit-names'
import { countOf } from '../format'
import styles from './EditorScreen.module.css'

/** The field a keystroke edits, naming its typing burst: "unit:<id>:count" (by place without an id). */
const typingKey = (kind: string, id: unknown, index: number, field: string) => `${kind}:${typeof id === 'string' ? id : `#${index}`}:${field}`

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
  const [reveal, setReveal] = useState<Reveal | null>(null)
  const revealUnit = useCallback(
    (index: number, id?: unknown) => setReveal((r) => ({ index, ...(typeof id === 'string' ? { id } : {}), n: (r?.n ?? 0) + 1 })),
    []
  )
  // Compact or detailed, as the player last chose (kept on this machine).
  const [view, setViewState] = useState<UnitView>(() => (localStorage.getItem('muster.unitView') === 'detailed' ? 'detailed' : 'compact'))
  const setView = (v: UnitView) => {
    setViewState(v)
    localStorage.setItem('muster.unitView', v)
  }
  const saved = useSaveState(id, initialRevision)
  const [selected, setSelected] = useState<number | null>(null)
  const [history, setHistory] = useState(false)
  const [sharing, setSharing] = useState(false)
  const [printing, setPrinting] = useState(false)

  // The ruleset's details as last drawn (duplicate reads its roles).
  const rulesetNow = useRef(ruleset)
  useEffect(() => {
    rulesetNow.current = ruleset
  })
  // The unit rows' handlers, made once (so a row redraws only when its own unit or figures change):
  // they read the editor's roster as it is when they run.
  const on = useMemo<UnitHandlers>(() => {
    const unitAt = (i: number) => useEditor.getState().doc?.units[i]
    return {
      // Typed: the unit's field names the typing burst (by the unit's id, so it follows the unit), one undo step.
      count: (i, n) => edit((d) => setCount(d, i, n), typingKey('unit', unitAt(i)?.id, i, 'count')),
      // Stepped with − or +: drawn with its verdict, in one frame (state/editor.ts).
      step: (i, delta) => edit((d) => stepCount(d, i, delta), undefined, { withVerdict: true }),
      field: (i, f, v, typed) => edit((d) => setUnitField(d, i, f, v), typed ? typingKey('unit', unitAt(i)?.id, i, f) : undefined),
      role: (i, role, marked) => {
        const restId = newUnitId()
        edit((d) => setRole(d, i, role, marked, restId))
      },
      move: (i, delta) => {
        const id = unitAt(i)?.id
        edit((d) => moveUnit(d, i, delta))
        setSelected(i + delta)
        revealUnit(i + delta, id)
      },
      duplicate: (i) => {
        const id = newUnitId()
        const roles = [...new Set((rulesetNow.current?.troops ?? []).flatMap((t) => t.attributes.filter((a) => a.onePerEntry).map((a) => a.id)))]
        edit((d) => duplicateUnit(d, i, id, roles))
        setSelected(i + 1)
        revealUnit(i + 1, id)
      },
      remove: (i) => {
        // The focus goes to the unit that takes its place (or the one before the last), not to the page.
        const next = unitAt(i + 1)
        const neighbour = next ?? unitAt(i - 1)
        edit((d) => removeUnit(d, i))
        setSelected(null)
        if (neighbour) revealUnit(next ? i : i - 1, neighbour.id)
      },
      select: setSelected
    }
  }, [edit, revealUnit])

  const onCard: CardHandlers = {
    add: (card) => edit((d) => addCard(d, card)),
    remove: (i) => edit((d) => removeCard(d, i)),
    count: (i, n) => edit((d) => setCardCount(d, i, n), typingKey('card', undefined, i, 'count')),
    step: (i, delta) => edit((d) => stepCardCount(d, i, delta), undefined, { withVerdict: true })
  }

  // The engine's ready unit, appended as it is; the new unit is brought into view and focused.
  // It goes at the end of its group (its troop category, or its contingent), so the roster's order
  // is the order shown. A row of the same option, troop and attributes is stepped instead (edits.ts
  // addOrStep), drawn with its verdict as a − or + is.
  const addTroop = useCallback(
    (unit: RosterUnit) => {
      // The roster as it is (a stepped count may still wait to be drawn): the edit is made on it.
      const doc = useEditor.getState().doc
      if (!doc) return
      const troop = ruleset?.troops.find((t) => t.id === unit.troop)
      const rules = {
        roles: (ruleset?.troops ?? []).flatMap((t) => t.attributes.filter((a) => a.onePerEntry).map((a) => a.id)),
        single: troop?.onePerEntry ?? false,
        max: army?.options.find((o) => o.key === unit.option)?.max ?? null,
        // A row without an option counts against the one the engine found for it (while the answer is this roster's).
        optionOf: (i: number) => (offers.stale ? undefined : current?.units?.find((u) => u.index === i)?.option)
      }
      const made = addOrStep(doc, unit, groupEnd(doc.units, unit, ruleset), rules)
      edit(() => made.doc, undefined, made.stepped ? { withVerdict: true } : undefined)
      setSelected(made.index)
      revealUnit(made.index, made.doc.units[made.index]?.id)
    },
    [edit, ruleset, army, current, offers.stale, revealUnit]
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
    [doc, edit, revealUnit]
  )

  // An issue clicked: its unit (or card, or roster field) is brought into view and the field it
  // names gets the focus; the unit and card lists do the focusing as they render the request.
  const [cardReveal, setCardReveal] = useState<CardReveal | null>(null)
  // What settles an army-wide to-do (issue.remedy, from the engine): the stand to mark, else the
  // army-list offer to add, in the list's order.
  const troopName = (id: string) => ruleset?.troops.find((t) => t.id === id)?.name
  const remedyUnit = (issue: Issue): number | undefined => {
    const role = issue.remedy?.role
    if (!role || !doc) return undefined
    const rank = (i: number) => issue.remedy?.troops?.indexOf(String(doc.units[i]?.troop)) ?? 0
    return [...role.units].sort((a, b) => rank(a) - rank(b) || a - b)[0]
  }
  const remedyOffer = (issue: Issue) => {
    const r = issue.remedy
    if (!r || (!r.options && !r.troops)) return undefined
    const order = (a: { option: string; troop: string }) => (r.options?.includes(a.option) ? 0 : (r.troops?.indexOf(a.troop) ?? 0) + 1)
    return offers.answer?.available.filter((a) => r.options?.includes(a.option) || r.troops?.includes(a.troop)).sort((a, b) => order(a) - order(b))[0]
  }
  const fixFor = (issue: Issue): IssueFix | undefined => {
    if (!doc || !ruleset) return undefined
    const role = issue.remedy?.role
    const roleLabel = role && ruleset.troops.flatMap((t) => t.attributes).find((a) => a.id === role.attribute)?.label
    const at = remedyUnit(issue)
    if (role && at !== undefined)
      return { label: `Mark ${unitCall(doc.units, at, troopName)} as ${roleLabel ?? role.attribute}`, apply: () => on.role(at, role.attribute, true) }
    const offer = remedyOffer(issue)
    if (!offer || offers.stale) return undefined
    const unit = role ? { ...offer.unit, count: 1, [role.attribute]: true } : offer.unit
    return {
      label: `Add ${countOf(unit.count, ruleset.costUnit)} of ${offer.troopName}${role ? ` as ${roleLabel ?? role.attribute}` : ''}`,
      apply: () => addTroop(unit)
    }
  }

  const selectIssue = (issue: Issue) => {
    const card = /^\/battleCards\/(\d+)(?:\/(\w+))?/.exec(issue.path)
    if (card) return setCardReveal((r) => ({ index: Number(card[1]), field: card[2], n: (r?.n ?? 0) + 1 }))
    // An army-wide to-do: the stand to mark, else the army-list offer that settles it, else the list itself.
    const at = issue.path === '/units' ? remedyUnit(issue) : undefined
    if (issue.path === '/units' && at === undefined) {
      const offer = remedyOffer(issue)
      const button = offer ? document.querySelector<HTMLElement>(`.options-panel [data-offer="${CSS.escape(`${offer.option}/${offer.troop}`)}"]`) : null
      const target = button ?? document.querySelector<HTMLElement>('.options-panel input[type="search"]')
      target?.scrollIntoView({ block: 'nearest' })
      return target?.focus()
    }
    const index = at ?? unitIndexOf(issue.path)
    if (at !== undefined) {
      setSelected(at)
      return setReveal((r) => ({
        index: at,
        id: typeof doc?.units[at]?.id === 'string' ? (doc.units[at].id as string) : undefined,
        field: issue.remedy?.role?.attribute,
        n: (r?.n ?? 0) + 1
      }))
    }
    if (index === null) return document.getElementById(`roster-${issue.path.split('/')[1]}`)?.focus()
    setSelected(index)
    setReveal((r) => ({
      index,
      id: typeof doc?.units[index]?.id === 'string' ? (doc.units[index].id as string) : undefined,
      field: issue.path.split('/')[3],
      n: (r?.n ?? 0) + 1
    }))
  }

  // A roster opened (after Create, or from the library): the focus lands on the army list's search,
  // where building goes on; once per roster, so edits never move it.
  const focusedFor = useRef<string | null>(null)
  useEffect(() => {
    if (!id || !army || focusedFor.current === id) return
    focusedFor.current = id
    document.querySelector<HTMLElement>('.options-panel input[type="search"]')?.focus({ preventScroll: true })
  }, [id, army])

  useUndoRedoKeys()

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

  async function restore(revision: number) {
    if (!id) return
    const r = await api().getRoster(id, revision)
    if (r.ok) edit(() => r.value.document)
    setHistory(false)
  }

  async function exportFile() {
    if (!id) return
    const unsaved = await savedFirst(id)
    if (unsaved) {
      // The library cannot take the last change (yet): the roster as it is on screen, change and all, can still go to a file.
      const onScreen = pendingDocument(id)
      if (!onScreen) return window.alert(unsaved)
      if (!window.confirm(`${unsaved}\n\nExport the roster as it is on screen, with that change, to a file?`)) return
      const stem = fileStem(typeof onScreen.name === 'string' ? onScreen.name : '')
      return download(`${stem}.muster.json`, JSON.stringify(onScreen, null, 2) + '\n', 'application/json')
    }
    const r = await api().exportRoster(id)
    if (r.ok) download(r.value.fileName, r.value.text, 'application/json')
    else window.alert(`Not exported: ${r.error.message}`)
  }

  if (!doc || !id) return null
  if (!ruleset || !army) return <div className={styles.loading}>Loading {doc.army}…</div>

  return (
    // A field left (for another, or for a button) ends its typing burst: typing there again is a new undo step.
    <div className="editor" onBlur={endTyping}>
      <EditorBar
        doc={doc}
        ruleset={ruleset}
        army={army}
        saved={saved}
        edit={edit}
        onClose={onClose}
        onHistory={() => setHistory(true)}
        onExport={() => void exportFile()}
        onShare={() => setSharing(true)}
        onPrint={() => setPrinting(true)}
      />
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

/** Where a new unit goes: right after the last unit of its group (same contingent, else same troop category); else last. */
function groupEnd(units: RosterDocument['units'], unit: RosterUnit, ruleset: RulesetDetails | null): number {
  const category = (troop: unknown) => ruleset?.troops.find((t) => t.id === troop)?.category
  const key = (u: { troop?: unknown; option?: unknown }) =>
    typeof u.option === 'string' && u.option.includes('.') ? `ally:${u.option.split('.')[0]}` : `category:${category(u.troop) ?? 'other'}`
  const mine = key(unit)
  for (let i = units.length - 1; i >= 0; i--) if (key(units[i]) === mine) return i + 1
  return units.length
}
