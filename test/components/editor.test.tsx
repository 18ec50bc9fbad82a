// @vitest-environment jsdom
// The editor's behaviour with Testing Library: live points and verdict, steppers, adding from the
// army list, issues that select their unit, undo/redo, autosave as revisions, battle cards. A
// stepped count and autosave: editor-steps.test.tsx; undo while typing: editor-undo.test.tsx.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useEditor } from '../../src-renderer/state/editor'
import type { RosterDocument } from '../../src-main/store/types'
import { bundledEngine } from '../support/engine'
import { editorHarness, handlers, openEditor, pointsText, savedAt } from '../support/editor-harness'
import { roman } from './setup'

editorHarness()

describe('roster editor', () => {
  it('shows points against the limit and the verdict, and updates them as counts change', async () => {
    await openEditor(roman())
    // 100 + 30 x 8 + 12 x 10 + 12 x 4 = 508
    await waitFor(() => expect(pointsText()).toBe('508 / 800 points'))
    expect(screen.getByText('Legal')).toBeTruthy()
    const hi = screen.getByRole('listitem', { name: 'Unit 2, Heavy infantry' })
    fireEvent.click(within(hi).getByRole('button', { name: 'More (Unit 2, Heavy infantry)' }))
    await waitFor(() => expect(pointsText()).toBe('516 / 800 points'))
    fireEvent.change(within(hi).getByRole('spinbutton'), { target: { value: '70' } })
    // 100 + 70 x 8 + 120 + 48 = 828: over the limit
    await waitFor(() => expect(pointsText()).toBe('828 / 800 points'))
    expect(await screen.findByText('Illegal')).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Validation' }).textContent).toContain('The army costs 828 points, 28 over its 800-point limit.')
  })

  it('a change the main process could not check is said, and the verdict shown is marked as from before it', async () => {
    await openEditor(roman())
    await waitFor(() => expect(pointsText()).toBe('508 / 800 points'))
    const bridge = window.muster as unknown as { evaluateRoster: (doc: unknown) => Promise<unknown> }
    const real = bridge.evaluateRoster
    bridge.evaluateRoster = async () => ({ ok: false, error: { code: 'internal', message: 'the checker stopped' } })
    const hi = screen.getByRole('listitem', { name: 'Unit 2, Heavy infantry' })
    fireEvent.click(within(hi).getByRole('button', { name: 'More (Unit 2, Heavy infantry)' }))
    await waitFor(() => expect(screen.getAllByText('Not checked')).toHaveLength(2))
    expect(screen.queryByText('Legal')).toBeNull()
    expect(screen.getByRole('region', { name: 'Validation' }).textContent).toMatch(
      /^Not checkedLatest changes not checked; (these were found in the last version checked|the last version checked had none)\./
    )
    expect(document.querySelector('[class*="points-header_"]')!.textContent).toContain(
      'Latest changes not checked (the checker stopped): what is shown is the last version checked.'
    )
    // The next change that checks puts the verdict back.
    bridge.evaluateRoster = real
    fireEvent.click(within(hi).getByRole('button', { name: 'More (Unit 2, Heavy infantry)' }))
    await waitFor(() => expect(pointsText()).toBe('524 / 800 points'))
    expect(screen.getByText('Legal')).toBeTruthy()
    expect(screen.queryAllByText('Not checked')).toEqual([])
  })

  it('bad input in year, limit or count is marked with its reason, and the last good value stays in force until fixed', async () => {
    await openEditor(roman())
    const year = screen.getByLabelText('Year') as HTMLInputElement
    const before = year.value
    fireEvent.change(year, { target: { value: 'banana' } })
    expect(year.getAttribute('aria-invalid')).toBe('true')
    expect(await screen.findByText(`“banana” is not a year: write 55 BC, 60 AD or -55; ${before} still applies.`)).toBeTruthy()
    expect(useEditor.getState().doc!.year).toBe(roman().year)
    fireEvent.change(year, { target: { value: '43 AD' } })
    // Taken when the player leaves the field (or presses Enter), not digit by digit.
    expect(useEditor.getState().doc!.year).toBe(roman().year)
    fireEvent.blur(year)
    await waitFor(() => expect(useEditor.getState().doc!.year).toBe(43))
    expect(year.getAttribute('aria-invalid')).toBe('false')
    expect(screen.queryByText(/is not a year/)).toBeNull()

    const limit = screen.getByLabelText('Points limit') as HTMLInputElement
    fireEvent.change(limit, { target: { value: '-5' } })
    expect(await screen.findByText(/^The points limit is a whole number of points, 1 or more; (the usual )?800 still applies\.$/)).toBeTruthy()
    expect(pointsText()).toBe('508 / 800 points')

    const general = within(screen.getByRole('listitem', { name: 'Unit 1, General' })).getByRole('spinbutton') as HTMLInputElement
    fireEvent.change(general, { target: { value: '0' } })
    expect(await screen.findByText('A count is a whole number of figures, 1 or more; 1 still applies.')).toBeTruthy()
    expect(useEditor.getState().doc!.units[0].count).toBe(1)
    fireEvent.change(general, { target: { value: '1' } })
    await waitFor(() => expect(screen.queryByText(/A count is a whole number/)).toBeNull())
  })

  it('adds a unit from the army list with the attributes its troop type requires', async () => {
    await openEditor(roman())
    await userEvent.click(await screen.findByRole('button', { name: /^Add Light cavalry, regular, 8 points each \(Numidian and Moorish horse\)$/ }))
    const added = await screen.findByRole('listitem', { name: 'Unit 5, Light cavalry' })
    expect((within(added).getByRole('spinbutton') as HTMLInputElement).value).toBe('12')
    // The compact line names the status; the detailed view shows it in its field.
    expect(added.textContent).toContain('regular')
    // The new unit has the focus (its count), so typing goes to it.
    await waitFor(() => expect(document.activeElement).toBe(within(added).getByRole('spinbutton')))
    await userEvent.click(screen.getByRole('radio', { name: 'Detailed' }))
    expect((within(await screen.findByRole('listitem', { name: 'Unit 5, Light cavalry' })).getByLabelText('Status') as HTMLSelectElement).value).toBe('regular')
    // 508 + 12 regular LC x 8
    await waitFor(() => expect(pointsText()).toBe('604 / 800 points'))
  })

  it('clicking an issue selects and focuses the unit it names; undo and redo walk the edits', async () => {
    await openEditor(roman())
    // A second General is not offered (the list says why); a General of 2 figures is the mistake here.
    await waitFor(() => expect((screen.getByRole('button', { name: /^Add General\b.*\(General\)$/ }) as HTMLButtonElement).disabled).toBe(true))
    fireEvent.change(within(screen.getByRole('listitem', { name: 'Unit 1, General' })).getByRole('spinbutton'), { target: { value: '2' } })
    const issue = await screen.findByRole('button', { name: /exactly one General figure; this roster has 2/ })
    await userEvent.click(issue)
    await waitFor(() => expect(document.querySelector('li[class*=unit_].selected')?.getAttribute('aria-label')).toBe('Unit 1, General'))
    await waitFor(() => expect(document.activeElement?.closest('li[class*=unit_]')?.getAttribute('aria-label')).toBe('Unit 1, General'))
    await act(async () => {
      fireEvent.keyDown(window, { key: 'z', ctrlKey: true })
    })
    await waitFor(() => expect((within(screen.getByRole('listitem', { name: 'Unit 1, General' })).getByRole('spinbutton') as HTMLInputElement).value).toBe('1'))
    await waitFor(() => expect(screen.getByText('Legal')).toBeTruthy())
    await act(async () => {
      fireEvent.keyDown(window, { key: 'z', ctrlKey: true, shiftKey: true })
    })
    await waitFor(() => expect((within(screen.getByRole('listitem', { name: 'Unit 1, General' })).getByRole('spinbutton') as HTMLInputElement).value).toBe('2'))
  })

  it('a roster an earlier Muster saved past the length limits opens; its notes are edited, a unit\u2019s notes cut from the issue list, and it saves (issue 26 regression)', async () => {
    const old = roman()
    old.notes = 'n'.repeat(7000)
    old.units = old.units.map((u, i) => (i === 1 ? { ...u, notes: 'word '.repeat(280) } : u))
    const id = await openEditor(old)
    await screen.findByRole('button', { name: /The roster's notes are 7,000 characters; the most a roster may hold is 5,000: shorten them\./ })
    await screen.findByRole('button', { name: /Unit 2 .*'s notes are 1,400 characters; the most a unit may hold is 1,000: shorten them\./ })
    // the roster's notes in their field; a unit's, which the editor has no field for, by the issue list
    fireEvent.change(document.getElementById('roster-notes')!, { target: { value: 'Shorter notes.' } })
    await savedAt(2)
    expect(screen.getAllByRole('button', { name: /^Cut to / }).map((b) => b.textContent)).toEqual(['Cut to 1,000 characters'])
    await userEvent.click(screen.getByRole('button', { name: 'Cut to 1,000 characters' }))
    await savedAt(3)
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Cut to / })).toBeNull())
    const saved = (await handlers().getRoster(id)).document
    expect([saved.notes, String(saved.units[1].notes).length]).toEqual(['Shorter notes.', 1000])
    expect(
      bundledEngine()
        .check(saved)
        .issues.filter((i) => i.rule === 'roster-schema')
    ).toEqual([])
  })

  it('saves each change as a new revision, and restores one from the history', async () => {
    const id = await openEditor(roman())
    const name = screen.getByLabelText('Roster name')
    fireEvent.change(name, { target: { value: 'Legio XX Valeria Victrix' } })
    await savedAt(2)
    expect((await handlers().getRoster(id)).document.name).toBe('Legio XX Valeria Victrix')
    await userEvent.click(screen.getByRole('button', { name: 'History' }))
    const dialog = await screen.findByRole('dialog', { name: 'Revision history' })
    const rows = within(dialog).getAllByRole('row')
    expect(rows).toHaveLength(3) // header + 2 revisions
    await userEvent.click(within(rows[2]).getByRole('button', { name: 'Restore' }))
    await waitFor(() => expect((screen.getByLabelText('Roster name') as HTMLInputElement).value).toBe('Legio XX'))
    await savedAt(3)
  })

  it('battle cards: take one from the list, count it, see its points and its issue, remove it; no panel for rulesets without cards', async () => {
    const legal = JSON.parse(readFileSync(join(__dirname, '..', '..', 'examples', 'triumph-legal.muster.json'), 'utf8')) as RosterDocument
    await openEditor({ ...legal, units: legal.units.filter((u) => u.troop !== 'bad-horse') })
    // 48 less the 3-point Bad Horse stand
    await waitFor(() => expect(pointsText()).toBe('45 / 48 points'))
    const panel = screen.getByRole('region', { name: 'Battle cards' })
    await userEvent.click(within(panel).getByRole('button', { name: 'Take Fortified Camp (Army)' }))
    await userEvent.click(within(panel).getByRole('button', { name: 'Take Hold the Line (Legionary cohorts)' }))
    await waitFor(() => expect(pointsText()).toBe('46 / 48 points')) // FC 1, the first HL card free
    expect(within(panel).getByRole('button', { name: 'Take Fortified Camp (Army)' })).toHaveProperty('disabled', true)
    const hl = within(panel).getByRole('listitem', { name: 'Battle card 2, Hold the Line (HL)' })
    for (let i = 0; i < 3; i++) await userEvent.click(within(hl).getByRole('button', { name: 'More (Hold the Line (HL))' }))
    await waitFor(() => expect(pointsText()).toBe('49 / 48 points')) // 4 cards: 3 points
    const issue = await screen.findByRole('button', { name: /at most 3 of Hold the Line/ })
    await userEvent.click(issue)
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Count (Hold the Line (HL))'))
    expect(hl.className).toContain('has-error')
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove battle card Hold the Line (HL)' }))
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove battle card Fortified Camp (FC)' }))
    await waitFor(() => expect(pointsText()).toBe('45 / 48 points'))
    expect(useEditor.getState().doc).not.toHaveProperty('battleCards')
    cleanup()
    useEditor.getState().close()
    await openEditor(roman())
    expect(screen.queryByRole('region', { name: 'Battle cards' })).toBeNull()
  })

  it('battle cards: a card taken without an option counts as taken on the option the engine gave it', async () => {
    const legal = JSON.parse(readFileSync(join(__dirname, '..', '..', 'examples', 'triumph-legal.muster.json'), 'utf8')) as RosterDocument
    await openEditor({ ...legal, battleCards: [{ card: 'HL', count: 2 }] })
    const panel = screen.getByRole('region', { name: 'Battle cards' })
    await waitFor(() => expect(within(panel).getByRole('listitem', { name: 'Battle card 1, Hold the Line (HL)' }).textContent).toContain('Legionary cohorts'))
    expect(within(panel).getByRole('button', { name: 'Take Hold the Line (Legionary cohorts)' })).toHaveProperty('disabled', true)
    // The roster is at its limit: a card that costs a point is offered greyed (issue 39, point 6).
    expect(within(panel).getByRole('button', { name: 'Take Fortified Camp (Army)' })).toHaveProperty('disabled', true)
    expect(within(panel).getByRole('heading', { name: /Battle cards/ }).textContent).toMatch(/1 point$/)
  })
})
