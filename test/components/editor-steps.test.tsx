// @vitest-environment jsdom
// The editor's stepped counts, drawn with their verdict (issue 27), and its autosave of each edit.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { flushSaves, pendingDocument } from '../../src-renderer/state/autosave'
import { DRAW_WAIT_MS, redo, undo, useEditor } from '../../src-renderer/state/editor'
import { editorHarness, handlers, openEditor, pointsText, savedAt } from '../support/editor-harness'
import { roman } from './setup'

editorHarness()

describe('a stepped count is drawn with its verdict (issue 27: one frame for an edit and its verdict)', () => {
  const countShown = (name: string) => (within(screen.getByRole('listitem', { name })).getByRole('spinbutton') as HTMLInputElement).value
  const bridge = () => window.muster as unknown as { evaluateRoster: (doc: unknown) => Promise<unknown> }

  it('the count and the points change together, when the verdict comes; the edit is the roster, and saved, at once', async () => {
    const id = await openEditor(roman())
    await waitFor(() => expect(pointsText()).toBe('508 / 800 points'))
    const real = bridge().evaluateRoster
    let answer: () => void = () => undefined
    bridge().evaluateRoster = (doc) => new Promise((resolve) => (answer = () => resolve(real(doc))))
    // Every (count, points) pair the page ever shows: never the new count with the old points, or the reverse.
    const seen = new Set<string>()
    const watch = new MutationObserver(() => seen.add(`${countShown('Unit 2, Heavy infantry')} ${pointsText()}`))
    watch.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
    const hi = screen.getByRole('listitem', { name: 'Unit 2, Heavy infantry' })
    fireEvent.click(within(hi).getByRole('button', { name: 'More (Unit 2, Heavy infantry)' }))
    // Not drawn yet: the verdict is on its way. But the roster has the edit, and the autosaver has it.
    expect(countShown('Unit 2, Heavy infantry')).toBe('30')
    expect(useEditor.getState().doc!.units[1].count).toBe(31)
    expect(pendingDocument(id)?.units[1].count).toBe(31)
    act(() => answer())
    await waitFor(() => expect(pointsText()).toBe('516 / 800 points'))
    expect(countShown('Unit 2, Heavy infantry')).toBe('31')
    watch.disconnect()
    expect([...seen].filter((pair) => pair === '31 508 / 800 points' || pair === '30 516 / 800 points')).toEqual([])
    bridge().evaluateRoster = real
    await savedAt(2)
    expect((await handlers().getRoster(id)).document.units[1].count).toBe(31)
  })

  it('two quick clicks are two steps (the second counts from the first, not from the count drawn)', async () => {
    await openEditor(roman())
    await waitFor(() => expect(pointsText()).toBe('508 / 800 points'))
    const more = within(screen.getByRole('listitem', { name: 'Unit 2, Heavy infantry' })).getByRole('button', { name: 'More (Unit 2, Heavy infantry)' })
    fireEvent.click(more)
    fireEvent.click(more)
    await waitFor(() => expect(pointsText()).toBe('524 / 800 points'))
    expect(countShown('Unit 2, Heavy infantry')).toBe('32')
    act(() => undo())
    await waitFor(() => expect(countShown('Unit 2, Heavy infantry')).toBe('31'))
  })

  it('a verdict that does not come in time: the count is drawn anyway, the points those of the last verdict until the next comes', async () => {
    await openEditor(roman())
    await waitFor(() => expect(pointsText()).toBe('508 / 800 points'))
    const real = bridge().evaluateRoster
    bridge().evaluateRoster = () => new Promise(() => undefined)
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Unit 2, Heavy infantry' })).getByRole('button', { name: 'More (Unit 2, Heavy infantry)' }))
    await waitFor(() => expect(countShown('Unit 2, Heavy infantry')).toBe('31'), { timeout: DRAW_WAIT_MS * 20 })
    expect(pointsText()).toBe('508 / 800 points')
    bridge().evaluateRoster = real
  })

  it('a step left waiting when the roster is closed and another opened: the next step there still waits at most DRAW_WAIT_MS', async () => {
    const id = await openEditor(roman())
    await waitFor(() => expect(pointsText()).toBe('508 / 800 points'))
    const real = bridge().evaluateRoster
    bridge().evaluateRoster = () => new Promise(() => undefined)
    const more = () => within(screen.getByRole('listitem', { name: 'Unit 2, Heavy infantry' })).getByRole('button', { name: 'More (Unit 2, Heavy infantry)' })
    fireEvent.click(more())
    act(() => {
      useEditor.getState().close()
      useEditor.getState().load(id, roman())
    })
    fireEvent.click(more())
    await waitFor(() => expect(countShown('Unit 2, Heavy infantry')).toBe('31'), { timeout: DRAW_WAIT_MS * 20 })
    bridge().evaluateRoster = real
  })

  it('a count typed, an undo or another edit while a step waits: drawn at once, with the step', async () => {
    await openEditor(roman())
    await waitFor(() => expect(pointsText()).toBe('508 / 800 points'))
    const real = bridge().evaluateRoster
    bridge().evaluateRoster = () => new Promise(() => undefined)
    const hc = 'Unit 4, Heavy cavalry'
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Unit 2, Heavy infantry' })).getByRole('button', { name: 'More (Unit 2, Heavy infantry)' }))
    fireEvent.change(within(screen.getByRole('listitem', { name: hc })).getByRole('spinbutton'), { target: { value: '9' } })
    expect(countShown(hc)).toBe('9')
    expect(countShown('Unit 2, Heavy infantry')).toBe('31')
    // another step waits (32, drawn 31); two undos take it and the typing back, drawn at once
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Unit 2, Heavy infantry' })).getByRole('button', { name: 'More (Unit 2, Heavy infantry)' }))
    expect(countShown('Unit 2, Heavy infantry')).toBe('31')
    act(() => {
      undo()
      undo()
    })
    expect(countShown(hc)).toBe('12')
    expect(countShown('Unit 2, Heavy infantry')).toBe('31')
    bridge().evaluateRoster = real
  })

  it('the arrow keys in a count step it as − and + do', async () => {
    await openEditor(roman())
    await waitFor(() => expect(pointsText()).toBe('508 / 800 points'))
    const field = within(screen.getByRole('listitem', { name: 'Unit 2, Heavy infantry' })).getByRole('spinbutton')
    fireEvent.keyDown(field, { key: 'ArrowUp' })
    fireEvent.keyDown(field, { key: 'ArrowUp' })
    fireEvent.keyDown(field, { key: 'ArrowDown' })
    await waitFor(() => expect(pointsText()).toBe('516 / 800 points'))
    expect(countShown('Unit 2, Heavy infantry')).toBe('31')
    const general = within(screen.getByRole('listitem', { name: 'Unit 1, General' })).getByRole('spinbutton')
    fireEvent.keyDown(general, { key: 'ArrowDown' })
    expect(useEditor.getState().doc!.units[0].count).toBe(1)
  })
})

describe('autosave, as the editor store has each edit saved', () => {
  it('opening a roster saves nothing; an undo and a redo are each saved as a revision', async () => {
    const id = await openEditor(roman())
    // nothing waits to be saved; and had anything been waiting, flushing would have written it now
    expect(pendingDocument(id)).toBeUndefined()
    await act(async () => void (await flushSaves()))
    expect((await handlers().getRoster(id)).row.revision).toBe(1)
    fireEvent.change(screen.getByLabelText('Roster name'), { target: { value: 'Legio IX' } })
    await savedAt(2)
    act(() => undo())
    await savedAt(3)
    expect((await handlers().getRoster(id)).document.name).toBe(roman().name)
    act(() => redo())
    await savedAt(4)
    expect((await handlers().getRoster(id)).document.name).toBe('Legio IX')
  })
})
