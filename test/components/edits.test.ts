// The pure document edits behind every editor action.
import { describe, expect, it } from 'vitest'
import {
  addCard,
  addOrStep,
  addUnit,
  moveUnit,
  removeCard,
  removeUnit,
  setCardCount,
  setCount,
  setRole,
  stepCardCount,
  stepCount,
  setRosterField,
  setUnitField,
  duplicateUnit
} from '../../src-renderer/state/edits'
import { endTyping, redo, undo, useEditor } from '../../src-renderer/state/editor'
import type { RosterDocument } from '../../src-main/store/types'

const doc = (): RosterDocument => ({
  format: 'muster-roster',
  version: 1,
  ruleset: 'triumph',
  army: 'x',
  units: [
    { troop: 'a', count: 2, general: true },
    { troop: 'b', count: 3 }
  ]
})

describe('roster edits', () => {
  it('a step (− or +) counts from the count as it is; a count already so changes nothing', () => {
    const d = doc()
    expect(stepCount(d, 1, 1).units[1].count).toBe(4)
    expect(stepCount(d, 1, -1).units[1].count).toBe(2)
    expect(stepCount(stepCount(d, 1, 1), 1, 1).units[1].count).toBe(5)
    // never under 1; an unreadable count steps from 1, as it is shown
    const one = setCount(d, 1, 1)
    expect(stepCount(one, 1, -1)).toBe(one)
    expect(stepCount({ ...d, units: [{ troop: 'a', count: 'x' }] } as unknown as RosterDocument, 0, 1).units[0].count).toBe(2)
    expect(stepCount(d, 7, 1)).toBe(d)
    expect(setCount(d, 1, 3)).toBe(d)
    const cards = addCard(d, { card: 'c', count: 2 })
    expect(stepCardCount(cards, 0, 1).battleCards![0]).toMatchObject({ card: 'c', count: 3 })
    expect(stepCardCount(cards, 0, -5).battleCards![0]).toMatchObject({ count: 1 })
    expect(setCardCount(cards, 0, 2)).toBe(cards)
    expect(stepCardCount(cards, 3, 1)).toBe(cards)
  })

  it('counts are whole and at least 1; the original document is never changed', () => {
    const d = doc()
    expect(setCount(d, 1, 7.6).units[1].count).toBe(8)
    expect(setCount(d, 1, -4).units[1].count).toBe(1)
    expect(setCount(d, 1, Number.NaN)).toBe(d)
    expect(d.units[1].count).toBe(3)
  })

  it('fields set and clear; only one general', () => {
    const d = setUnitField(doc(), 1, 'name', 'Guard')
    expect(d.units[1].name).toBe('Guard')
    expect(setUnitField(d, 1, 'name', '').units[1]).not.toHaveProperty('name')
    const one = setUnitField(d, 1, 'count', 1)
    const g = setRole(one, 1, 'general', true)
    expect(g.units.map((u) => u.general)).toEqual([undefined, true])
    expect(setRole(g, 1, 'general', false).units[1]).not.toHaveProperty('general')
  })

  it('a role the ruleset gives one entry splits the entry it marks: the marked one, then the rest; copies never carry it', () => {
    const d = setUnitField(doc(), 1, 'name', 'Guard')
    const g = setRole(d, 1, 'general', true, 'rest')
    // unit 1 (3 stands, named) becomes the general, 1 stand; the other 2 follow, unnamed, with an id of their own
    expect(g.units).toEqual([
      { troop: 'a', count: 2 },
      { troop: 'b', count: 1, name: 'Guard', general: true },
      { troop: 'b', count: 2, id: 'rest' }
    ])
    // clearing it leaves the split as it is
    expect(setRole(g, 1, 'general', false).units.map((u) => [u.count, u.general])).toEqual([
      [2, undefined],
      [1, undefined],
      [2, undefined]
    ])
    expect(duplicateUnit(g, 1, 'copy', ['general']).units[2]).toEqual({ troop: 'b', count: 1, id: 'copy' })
    expect(duplicateUnit(g, 1, 'copy').units[2]).toMatchObject({ general: true })
  })

  it('add, remove and move units; roster fields', () => {
    const d = addUnit(doc(), { troop: 'c', count: 1 })
    expect(d.units[2]).toMatchObject({ troop: 'c', count: 1, id: expect.any(String) })
    expect(removeUnit(d, 0).units.map((u) => u.troop)).toEqual(['b', 'c'])
    expect(moveUnit(d, 2, -2).units.map((u) => u.troop)).toEqual(['c', 'a', 'b'])
    expect(moveUnit(d, 0, -1)).toBe(d)
    expect(setRosterField(d, 'year', -55).year).toBe(-55)
    expect(setRosterField({ ...d, year: -55 }, 'year', undefined)).not.toHaveProperty('year')
  })

  it('a unit from the army list steps the row of the same option, troop and attributes, not a new row each time (issue 39)', () => {
    const rules = { roles: ['general'], single: false, max: null }
    const skirmishers = { troop: 'skirmishers', count: 1, option: 'light' }
    let d: RosterDocument = { ...doc(), units: [] }
    for (let i = 0; i < 3; i++) d = addOrStep(d, skirmishers, d.units.length, rules, `s${i}`).doc
    expect(d.units).toEqual([{ id: 's0', troop: 'skirmishers', count: 3, option: 'light' }])
    // stepped by the count offered; the row keeps its place
    const two = addOrStep({ ...doc(), units: [{ troop: 'b', count: 1 }, ...d.units] }, { ...skirmishers, count: 2 }, 0, rules)
    expect([two.index, two.stepped, two.doc.units[1].count]).toEqual([1, true, 5])
    // another option, other attributes, a name or notes of its own: a new row
    expect(addOrStep(d, { ...skirmishers, option: 'allied' }, 1, rules).doc.units).toHaveLength(2)
    expect(addOrStep(d, { ...skirmishers, irregular: true }, 1, rules).doc.units).toHaveLength(2)
    const named = { ...d, units: [{ ...d.units[0], name: 'Cretans' }] }
    expect(addOrStep(named, skirmishers, 1, rules).doc.units).toHaveLength(2)
    // a row without an option: the one the engine found for it
    const auto = { ...d, units: [{ troop: 'skirmishers', count: 1 }] }
    expect(addOrStep(auto, skirmishers, 1, { ...rules, optionOf: () => 'light' }).doc.units).toEqual([{ troop: 'skirmishers', count: 2 }])
    expect(addOrStep(auto, skirmishers, 1, { ...rules, optionOf: () => 'other' }).doc.units).toHaveLength(2)
  })

  it("a unique role is its own entry, and no row steps past its option's maximum (issue 39)", () => {
    const rules = { roles: ['general'], single: false, max: null }
    const general = { troop: 'a', count: 1, general: true }
    const d: RosterDocument = { ...doc(), units: [{ troop: 'a', count: 1, general: true }] }
    // the general's entry is never stepped, whatever is added
    expect(addOrStep(d, general, 1, rules).doc.units).toHaveLength(2)
    expect(addOrStep(d, { troop: 'a', count: 1 }, 1, rules).doc.units).toHaveLength(2)
    // a troop that is a unique role itself (a commander): an entry each
    const commander = { troop: 'commander', count: 1 }
    const c: RosterDocument = { ...doc(), units: [commander] }
    expect(addOrStep(c, commander, 1, { ...rules, single: true }).doc.units).toHaveLength(2)
    // the option's maximum: 2 stands in one row at most
    const max = { ...rules, max: 2 }
    const s: RosterDocument = { ...doc(), units: [{ troop: 'b', count: 2, option: 'o' }] }
    expect(addOrStep(s, { troop: 'b', count: 1, option: 'o' }, 1, max).stepped).toBe(false)
    expect(addOrStep({ ...s, units: [{ troop: 'b', count: 1, option: 'o' }] }, { troop: 'b', count: 1, option: 'o' }, 1, max).stepped).toBe(true)
  })

  it('battle cards: take, count (whole, 1 to 100), remove; no empty battleCards field is left behind', () => {
    const d = addCard(addCard(doc(), { card: 'FC' }), { card: 'HL', option: 'legionaries' })
    expect(d.battleCards).toEqual([{ card: 'FC' }, { card: 'HL', option: 'legionaries' }])
    expect((setCardCount(d, 1, 2.6).battleCards as Array<{ count?: number }>)[1].count).toBe(3)
    expect((setCardCount(d, 1, 500).battleCards as Array<{ count?: number }>)[1].count).toBe(100)
    expect(setCardCount(d, 1, Number.NaN)).toBe(d)
    expect(removeCard(d, 0).battleCards).toEqual([{ card: 'HL', option: 'legionaries' }])
    expect(removeCard(removeCard(d, 0), 0)).not.toHaveProperty('battleCards')
    expect(doc()).not.toHaveProperty('battleCards')
  })
})

describe('undo history: a typing burst is one step (issue 24, item 6)', () => {
  const counts = () => useEditor.getState().doc!.units.map((u) => u.count)
  const past = () => useEditor.temporal.getState().pastStates.length
  const type = (index: number, ...values: number[]) => values.forEach((n) => useEditor.getState().edit((d) => setCount(d, index, n), `unit:${index}:count`))

  it('keystrokes in one field join one step; undo returns to the value before the typing, redo to the last typed', () => {
    useEditor.getState().load('r', doc())
    type(1, 1, 10)
    expect(counts()).toEqual([2, 10])
    expect(past()).toBe(1)
    undo()
    expect(counts()).toEqual([2, 3])
    redo()
    expect(counts()).toEqual([2, 10])
    useEditor.getState().close()
  })

  it('another field, another kind of edit, leaving the field, or an undo each end the burst', () => {
    useEditor.getState().load('r', doc())
    type(1, 1, 10)
    type(0, 5) // another field, without leaving the first (no blur between)
    type(1, 1)
    useEditor.getState().edit((d) => setCount(d, 1, 2)) // a button: no field
    type(1, 4)
    endTyping()
    type(1, 6)
    expect(past()).toBe(6)
    undo()
    type(1, 7, 8)
    expect(past()).toBe(6)
    undo()
    expect(counts()).toEqual([5, 4])
    undo()
    undo()
    undo()
    undo()
    undo()
    expect(counts()).toEqual([2, 3])
    expect(past()).toBe(0)
    useEditor.getState().close()
  })

  it('an edit that changes nothing starts no burst', () => {
    useEditor.getState().load('r', doc())
    type(1, 3, 3, 9)
    expect(past()).toBe(1)
    undo()
    expect(counts()).toEqual([2, 3])
    useEditor.getState().close()
  })
})
