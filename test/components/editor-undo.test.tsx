// @vitest-environment jsdom
// The editor's undo while typing (issue 24, item 6), and its menu commands.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { EditorScreen } from '../../src-renderer/screens/EditorScreen'
import { useEditor } from '../../src-renderer/state/editor'
import { editorHarness, handlers, openEditor } from '../support/editor-harness'
import { roman } from './setup'

editorHarness()

describe('undo while typing (issue 24, item 6)', () => {
  const count = (name: string) => within(screen.getByRole('listitem', { name })).getByRole('spinbutton') as HTMLInputElement
  const counts = () => useEditor.getState().doc!.units.map((u) => u.count)
  const undoKey = async () => act(async () => void fireEvent.keyDown(window, { key: 'z', ctrlKey: true }))
  const redoKey = async () => act(async () => void fireEvent.keyDown(window, { key: 'z', ctrlKey: true, shiftKey: true }))
  const canUndo = () => !(screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled
  type User = ReturnType<typeof userEvent.setup>
  /** The editor open on Legio XX, and a user to type in it. */
  const editing = async (): Promise<User> => {
    const user = userEvent.setup()
    await openEditor(roman())
    return user
  }
  /** `digits` typed over a unit's two-digit count. */
  const typeCount = (user: User, field: HTMLInputElement, digits: string) => user.type(field, digits, { initialSelectionStart: 0, initialSelectionEnd: 2 })
  /** Each undo key takes the counts back one step, to each of `steps` in turn, and then nothing is left to undo. */
  const undoesTo = async (...steps: number[][]) => {
    for (const step of steps) {
      await undoKey()
      expect(counts()).toEqual(step)
    }
    expect(canUndo()).toBe(false)
  }

  it('typing "10" over 12 is one step: one undo returns to 12, redo to 10', async () => {
    const user = await editing()
    await typeCount(user, count('Unit 4, Heavy cavalry'), '10')
    expect(counts()).toEqual([1, 30, 10, 12])
    await user.keyboard('{Control>}z{/Control}')
    await waitFor(() => expect(count('Unit 4, Heavy cavalry').value).toBe('12'))
    expect(counts()).toEqual([1, 30, 12, 12])
    expect(canUndo()).toBe(false)
    await redoKey()
    await waitFor(() => expect(count('Unit 4, Heavy cavalry').value).toBe('10'))
    expect(counts()).toEqual([1, 30, 10, 12])
  })

  it('typing in one unit\u2019s count, then in another\u2019s, is two steps', async () => {
    const user = await editing()
    await typeCount(user, count('Unit 4, Heavy cavalry'), '10')
    await typeCount(user, count('Unit 3, Light infantry'), '24')
    expect(counts()).toEqual([1, 30, 10, 24])
    await undoesTo([1, 30, 10, 12], [1, 30, 12, 12])
  })

  it('leaving the field ends the typing: typing there again is a step of its own', async () => {
    const user = await editing()
    await typeCount(user, count('Unit 4, Heavy cavalry'), '10')
    await user.tab()
    await typeCount(user, count('Unit 4, Heavy cavalry'), '16')
    expect(counts()).toEqual([1, 30, 16, 12])
    await undoesTo([1, 30, 10, 12], [1, 30, 12, 12])
  })

  it('an undo in the middle of typing ends the burst: what is typed next is a new step', async () => {
    const user = await editing()
    const hc = count('Unit 4, Heavy cavalry')
    await typeCount(user, hc, '10')
    await user.keyboard('{Control>}z{/Control}')
    expect(counts()).toEqual([1, 30, 12, 12])
    await typeCount(user, hc, '9')
    expect(counts()).toEqual([1, 30, 9, 12])
    await undoesTo([1, 30, 12, 12])
  })

  it('the − and + buttons stay one step each, and end a typing burst', async () => {
    const user = await editing()
    await typeCount(user, count('Unit 4, Heavy cavalry'), '10')
    const more = screen.getByRole('button', { name: 'More (Unit 4, Heavy cavalry)' })
    await user.click(more)
    await user.click(more)
    expect(counts()).toEqual([1, 30, 12, 12])
    await undoesTo([1, 30, 11, 12], [1, 30, 10, 12], [1, 30, 12, 12])
  })

  it('typing the roster\u2019s name, or a unit\u2019s, is one step each', async () => {
    const user = await editing()
    const name = screen.getByLabelText('Roster name') as HTMLInputElement
    await user.clear(name)
    await user.type(name, 'Legio IX')
    expect(useEditor.getState().doc!.name).toBe('Legio IX')
    await user.click(screen.getByRole('radio', { name: 'Detailed' }))
    const unitName = within(screen.getByRole('listitem', { name: 'Unit 2, Heavy infantry' })).getByLabelText('Name')
    await user.type(unitName, 'Hispana')
    expect(useEditor.getState().doc!.units[1].name).toBe('Hispana')
    await undoKey()
    expect(useEditor.getState().doc!.units[1]).not.toHaveProperty('name')
    expect(useEditor.getState().doc!.name).toBe('Legio IX')
    await undoKey()
    expect(useEditor.getState().doc!.name).toBe('Legio XX')
    await waitFor(() => expect(name.value).toBe('Legio XX'))
    expect(canUndo()).toBe(false)
    await redoKey()
    expect(useEditor.getState().doc!.name).toBe('Legio IX')
  })
})

describe('menu commands in the editor', () => {
  it('Print from the menu opens the print dialog once per command, and a command given before the roster opened does nothing', async () => {
    const doc = roman()
    const row = await handlers().createRoster(doc)
    useEditor.getState().load(row.id, doc)
    const { rerender, unmount } = render(<EditorScreen initialRevision={1} onClose={() => undefined} command={null} />)
    await waitFor(() => expect(document.querySelector('[class*="points-text_"]')).not.toBeNull())
    expect(screen.queryByRole('dialog')).toBeNull()
    rerender(<EditorScreen initialRevision={1} onClose={() => undefined} command={{ command: 'print', n: 1 }} />)
    await screen.findByRole('dialog', { name: 'Print / Export PDF' })
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // the same command again (a re-render) does not reopen it
    rerender(<EditorScreen initialRevision={1} onClose={() => undefined} command={{ command: 'print', n: 1 }} />)
    expect(screen.queryByRole('dialog')).toBeNull()
    unmount()
    // the roster opened again later, with that old command still the last one given: no dialog
    render(<EditorScreen initialRevision={1} onClose={() => undefined} command={{ command: 'print', n: 1 }} />)
    await waitFor(() => expect(document.querySelector('[class*="points-text_"]')).not.toBeNull())
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
