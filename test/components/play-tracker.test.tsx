// @vitest-environment jsdom
// The tracker (src-renderer/play) on a hand-made sheet, driven by a local GameDriver as the phone page
// drives it: a tap shows at once in the line and the side's score, undo (button and Ctrl+Z) takes the
// last tap back, a side at its exhaustion point is marked in words, and a line's aids work out their
// outputs from the inputs the player gives (kept while the game is open); the clock read from the round
// taps; a headline value big; the general's line marked.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { PreBattleSheet, RoundTimer, Tracker, type GameDriver } from '../../src-renderer/play'
import { clockText } from '../../src-renderer/play/RoundTimer'
import type { PlaySheet, Tap } from '../../src-shared/play/types'
import { fixtureSheet } from './play-fixture'

afterEach(cleanup)

function LocalGame({ taps: first = [], sheet: given }: { taps?: Tap[]; sheet?: PlaySheet }) {
  const [taps, setTaps] = useState<Tap[]>(first)
  const [sheet] = useState(() => given ?? fixtureSheet())
  const driver: GameDriver = { state: { sheet, taps }, tap: (t) => setTaps((ts) => [...ts, t]), undo: () => setTaps((ts) => ts.slice(0, -1)) }
  return <Tracker driver={driver} />
}

const side = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) })
const line = (name: string) => screen.getByRole('listitem', { name })
/** A line's counter, as read: "1 of 4 points lost". */
const counter = (name: string) => line(name).querySelector('[class*="play-unit-lost_"]')?.textContent

describe('the tracker', () => {
  it('counts a tap in the line and the score, and undoes it by button and by Ctrl+Z', () => {
    render(<LocalGame />)
    const blue = side('Blue host')
    expect(counter('Blue foot')).toBe('0 of 4 points lost')
    expect(within(blue).getByText('Points lost').parentElement?.textContent).toMatch(/Points lost\s*0 of 2/)
    // the threshold's label said with its value, under the bar
    expect(within(blue).getByText('Exhaustion point: 2')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: '+1 Blue foot' }))
    expect(counter('Blue foot')).toBe('1 of 4 points lost')
    expect(within(blue).getByText('Points lost').parentElement?.textContent).toMatch(/1 of 2/)
    expect(screen.getByText(/^Last: \+1 Blue foot/)).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: /Undo/ }))
    expect(counter('Blue foot')).toBe('0 of 4 points lost')
    expect((screen.getByRole('button', { name: /Undo/ }) as HTMLButtonElement).disabled).toBe(true)

    fireEvent.click(screen.getByRole('button', { name: '+1 Red archers' }))
    expect(counter('Red archers')).toBe('1 of 3 points lost')
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true })
    expect(counter('Red archers')).toBe('0 of 3 points lost')
  })

  it('marks a destroyed line and a spent side in words, and the game over when both are', () => {
    render(<LocalGame />)
    fireEvent.click(screen.getByRole('button', { name: 'Destroyed Blue horse' }))
    const horse = line('Blue horse')
    expect(counter('Blue horse')).toBe('2 of 2 points lost')
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
    // the first press starts the clock with round 1 (a tap, undoable), the next starts round 2
    fireEvent.click(screen.getByRole('button', { name: 'Start the clock' }))
    expect(screen.getByText(/^Last: round 1 started/)).toBeTruthy()
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
    // out of range: the readout says why in words, and comes back with a right number
    fireEvent.change(within(aid).getByRole('spinbutton', { name: /Die/ }), { target: { value: '9' } })
    expect(within(aid).getByRole('alert').textContent).toBe('Rally test: Die is from 1 to 6, not 9.')
    fireEvent.change(within(aid).getByRole('spinbutton', { name: /Die/ }), { target: { value: '2' } })
    expect(within(aid).queryByRole('alert')).toBeNull()
    expect(within(aid).getByText('Total').nextSibling?.textContent).toBe('3')
    // the results sit at the top of the aid, beside the die, above the factors to tick
    const order = [...aid.querySelectorAll('input, dl')].map((e) => e.tagName + (e.getAttribute('type') ?? ''))
    expect(order).toEqual(['INPUTnumber', 'DL', 'INPUTcheckbox'])
  })

  it("keeps a line's aid inputs while the game is open, the tracker gone and back", () => {
    const sheet = fixtureSheet()
    const driver: GameDriver = { state: { sheet, taps: [] }, tap: () => undefined, undo: () => undefined }
    const first = render(<Tracker driver={driver} />)
    const details = within(line('Red foot')).getByText('Aids for Red foot').closest('details')!
    act(() => {
      details.open = true
    })
    fireEvent(details, new Event('toggle'))
    const aid = () => within(line('Red foot')).getByRole('group', { name: 'Rally test' })
    fireEvent.click(within(aid()).getByRole('checkbox', { name: /General near/ }))
    fireEvent.change(within(aid()).getByRole('spinbutton', { name: /Die/ }), { target: { value: '5' } })
    first.unmount()
    render(<Tracker driver={driver} />)
    expect(within(line('Red foot')).getByText('Aids for Red foot').closest('details')!.open).toBe(true)
    expect((within(aid()).getByRole('checkbox', { name: /General near/ }) as HTMLInputElement).checked).toBe(true)
    expect(within(aid()).getByText('Total').nextSibling?.textContent).toBe('6')
    // another line's aid is its own
    expect(within(line('Red archers')).getByText('Aids for Red archers').closest('details')!.open).toBe(false)
  })

  it('reads the clock from the round taps: a reload keeps a running round, with the game time beside it', () => {
    const at = (min: number) => new Date(Date.UTC(2026, 10, 29, 10, min)).toISOString()
    const now = () => Date.parse(at(47)) + 5000
    const taps: Tap[] = []
    const { rerender } = render(<RoundTimer round={1} roundAt={null} startedAt={null} onTap={(t) => taps.push(t)} now={now} />)
    expect(screen.getByRole('timer', { name: 'Round time 00:00' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Start the clock' }))
    expect(taps).toEqual([{ kind: 'round', round: 1, at: new Date(now()).toISOString() }])
    rerender(<RoundTimer round={3} roundAt={at(40)} startedAt={at(0)} onTap={(t) => taps.push(t)} now={now} />)
    expect(screen.getByRole('timer', { name: 'Round time 07:05' })).toBeTruthy()
    expect(screen.getByRole('timer', { name: 'Game time 47:05' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Start round 4' }))
    expect(taps[1]).toMatchObject({ kind: 'round', round: 4 })
    expect(clockText(3_725_000)).toBe('1:02:05')
  })

  it('shows the value the data marks as the headline big, the loss beside it; a general line marked', () => {
    const sheet = fixtureSheet()
    sheet.rules.headline = 'left'
    sheet.sides[0].units[0].marks = ['General']
    render(<LocalGame sheet={sheet} />)
    const blue = side('Blue host')
    expect(blue.querySelector('.play-headline')?.textContent).toMatch(/Points left\s*6/)
    expect(blue.querySelector('.play-lost-small')?.textContent).toMatch(/Points lost\s*0 of 2/)
    expect(within(line('Blue foot')).getByText(/★ General/)).toBeTruthy()
    expect(within(line('Blue horse')).queryByText(/★ General/)).toBeNull()
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
