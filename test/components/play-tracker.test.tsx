// @vitest-environment jsdom
// The tracker (src-renderer/play) on a hand-made sheet, driven by a local GameDriver as the phone page
// drives it: a tap shows at once in the line and the side's score, undo (button and Ctrl+Z) takes the
// last tap back, a side at its exhaustion point is marked in words, and a line's aids work out their
// outputs from the inputs the player gives.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { PreBattleSheet, Tracker, type GameDriver } from '../../src-renderer/play'
import type { Tap } from '../../src-shared/play/types'
import { fixtureSheet } from './play-fixture'

afterEach(cleanup)

function LocalGame({ taps: first = [] }: { taps?: Tap[] }) {
  const [taps, setTaps] = useState<Tap[]>(first)
  const [sheet] = useState(fixtureSheet)
  const driver: GameDriver = { state: { sheet, taps }, tap: (t) => setTaps((ts) => [...ts, t]), undo: () => setTaps((ts) => ts.slice(0, -1)) }
  return <Tracker driver={driver} />
}

const side = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) })
const line = (name: string) => screen.getByRole('listitem', { name })

describe('the tracker', () => {
  it('counts a tap in the line and the score, and undoes it by button and by Ctrl+Z', () => {
    render(<LocalGame />)
    const blue = side('Blue host')
    expect(within(line('Blue foot')).getByText('0/4')).toBeTruthy()
    expect(within(blue).getByText('Points lost').parentElement?.textContent).toMatch(/Points lost\s*0 of 2/)

    fireEvent.click(screen.getByRole('button', { name: '+1 Blue foot' }))
    expect(within(line('Blue foot')).getByText('1/4')).toBeTruthy()
    expect(within(blue).getByText('Points lost').parentElement?.textContent).toMatch(/1 of 2/)
    expect(screen.getByText(/^Last: \+1 Blue foot/)).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: /Undo/ }))
    expect(within(line('Blue foot')).getByText('0/4')).toBeTruthy()
    expect((screen.getByRole('button', { name: /Undo/ }) as HTMLButtonElement).disabled).toBe(true)

    fireEvent.click(screen.getByRole('button', { name: '+1 Red archers' }))
    expect(within(line('Red archers')).getByText('1/3')).toBeTruthy()
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true })
    expect(within(line('Red archers')).getByText('0/3')).toBeTruthy()
  })

  it('marks a destroyed line and a spent side in words, and the game over when both are', () => {
    render(<LocalGame />)
    fireEvent.click(screen.getByRole('button', { name: 'Destroyed Blue horse' }))
    const horse = line('Blue horse')
    expect(within(horse).getByText('2/2')).toBeTruthy()
    expect(within(horse).getByText(/destroyed/)).toBeTruthy()
    expect((screen.getByRole('button', { name: '+1 Blue horse' }) as HTMLButtonElement).disabled).toBe(true)
    expect(within(side('Blue host')).getByRole('status').textContent).toMatch(/Exhausted/)
    expect(within(side('Red host')).queryByText(/Exhausted/)).toBeNull()
    expect(screen.getByRole('region', { name: 'Result' }).textContent).toMatch(/Not over yet\. Neither side is exhausted yet\./)

    fireEvent.click(screen.getByRole('button', { name: '+1 Red foot' }))
    fireEvent.click(screen.getByRole('button', { name: '+1 Red foot' }))
    expect(screen.getByRole('region', { name: 'Result' }).textContent).toMatch(/Game over\. Both sides are exhausted\./)
  })

  it('toggles a flag, counts rounds, and records a result by agreement', () => {
    render(<LocalGame />)
    const camp = within(side('Red host')).getByRole('button', { name: /Camp taken/ })
    fireEvent.click(camp)
    expect(camp.getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByText('Round 1')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Start round 2' }))
    expect(screen.getByText('Round 2')).toBeTruthy()
    fireEvent.click(screen.getByText('Result by agreement'))
    fireEvent.click(screen.getByRole('radio', { name: 'Blue host wins' }))
    fireEvent.click(screen.getByRole('button', { name: 'Record this result' }))
    expect(screen.getByRole('region', { name: 'Result' }).textContent).toMatch(/Game over\./)
  })

  it("shows a line's aids behind a disclosure, worked out from the player's inputs", () => {
    render(<LocalGame />)
    const foot = line('Blue foot')
    const details = within(foot).getByText('Aids for Blue foot').closest('details')!
    expect(details.open).toBe(false)
    act(() => {
      details.open = true
    })
    const aid = within(foot).getByRole('group', { name: 'Rally test' })
    fireEvent.click(within(aid).getByRole('checkbox', { name: /General near/ }))
    fireEvent.change(within(aid).getByRole('spinbutton', { name: /Die/ }), { target: { value: '3' } })
    expect(within(aid).getByText('Total').nextSibling?.textContent).toBe('4')
    expect(within(aid).getByText('Rallies').nextSibling?.textContent).toBe('yes')
    fireEvent.change(within(aid).getByRole('spinbutton', { name: /Die/ }), { target: { value: '9' } })
    expect(within(aid).getByRole('alert').textContent).toMatch(/Die/)
  })

  it('keeps a finished game as it ended: its controls disabled, its result code shown', () => {
    const sheet = fixtureSheet()
    const taps: Tap[] = [{ kind: 'agreed', winner: 0 }]
    const driver: GameDriver = { state: { sheet, taps }, tap: () => undefined, undo: () => undefined, code: 'MR1.abc.def' }
    render(<Tracker driver={driver} />)
    // (disabled by the fieldset around them)
    expect(screen.getByRole('button', { name: '+1 Blue foot' }).matches(':disabled')).toBe(true)
    expect(screen.getByRole('button', { name: /Undo/ }).matches(':disabled')).toBe(true)
    expect(screen.getByText('MR1.abc.def')).toBeTruthy()
    expect(screen.queryByText('Result by agreement')).toBeNull()
  })

  it('shows the pre-battle sheet: both sides, the notes and the turn sequence', () => {
    render(<PreBattleSheet sheet={fixtureSheet()} />)
    const table = screen.getByRole('table')
    expect(within(table).getByRole('columnheader', { name: /Blue host/ })).toBeTruthy()
    expect(within(table).getByRole('rowheader', { name: 'Exhaustion point' })).toBeTruthy()
    expect(screen.getByText('Blue deploys first.')).toBeTruthy()
    expect(screen.getByText('Move')).toBeTruthy()
  })
})
