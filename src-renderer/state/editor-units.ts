// The editor's unit and card edits as the player makes them: the row handlers (made once, so a row
// redraws only when its own unit changes), adding a troop from the army list, taking a contingent,
// and which row is selected and brought into view.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { ArmyDetails, RosterDocument, RosterUnit, RulesetDetails, Verdict } from '../../src-main/ipc/contract'
import type { CardHandlers } from '../components/BattleCardsPanel'
import type { Reveal, UnitHandlers } from '../components/UnitList'
import { useEditor } from './editor'
import {
  addCard,
  addOrStep,
  addUnit,
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
  setUnitField
} from './edits'

type Edit = ReturnType<typeof useEditor.getState>['edit']

/** The field a keystroke edits, naming its typing burst: "unit:<id>:count" (by place without an id). */
export const typingKey = (kind: string, id: unknown, index: number, field: string) => `${kind}:${typeof id === 'string' ? id : `#${index}`}:${field}`

export function useEditorUnits({
  doc,
  edit,
  ruleset,
  army,
  current,
  offersStale
}: {
  doc: RosterDocument | null
  edit: Edit
  ruleset: RulesetDetails | null
  army: ArmyDetails | null
  /** The verdict of the roster as it is, null while it could not be checked. */
  current: Verdict | null
  offersStale: boolean
}) {
  const [reveal, setReveal] = useState<Reveal | null>(null)
  const revealUnit = useCallback(
    (index: number, id?: unknown) => setReveal((r) => ({ index, ...(typeof id === 'string' ? { id } : {}), n: (r?.n ?? 0) + 1 })),
    []
  )
  const [selected, setSelected] = useState<number | null>(null)

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
        optionOf: (i: number) => (offersStale ? undefined : current?.units?.find((u) => u.index === i)?.option)
      }
      const made = addOrStep(doc, unit, groupEnd(doc.units, unit, ruleset), rules)
      edit(() => made.doc, undefined, made.stepped ? { withVerdict: true } : undefined)
      setSelected(made.index)
      revealUnit(made.index, made.doc.units[made.index]?.id)
    },
    [edit, ruleset, army, current, offersStale, revealUnit]
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

  return { on, onCard, addTroop, takeContingent, selected, setSelected, reveal, setReveal }
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
