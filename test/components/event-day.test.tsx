// @vitest-environment jsdom
// The event-day screen's parts over a fake bridge (the calls it makes recorded, answers given by the
// test): a table's result typed (winner, optional score), from a pasted slip code, refused in words
// beside the table, replaced only after asking; "Pair round N" as the event says it can or cannot;
// the standings' tie-break columns as the event labels them, a dropped player marked.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { EventDayState, MusterBridge } from '../../src-main/ipc/contract'
import { EventDayPage } from '../../src-renderer/components/EventDayPage'
import { EventDayStandings } from '../../src-renderer/components/EventDayStandings'

afterEach(cleanup)

const player = (name: string, more: Partial<EventDayState['players'][number]> = {}): EventDayState['players'][number] => ({
  id: `id-${name}`,
  name,
  status: 'active',
  overridden: false,
  ruleset: 'triumph',
  army: 'early-imperial-roman',
  armyTitle: 'Early Imperial Roman',
  checkCode: 'ABCD',
  revision: 1,
  joinedRound: 1,
  ...more
})

function eventState(more: Partial<EventDayState> = {}): EventDayState {
  return {
    id: 'ev1',
    name: 'Sixteen Cup',
    profile: { format: 'muster-event', version: 1, name: 'Sixteen Cup', ruleset: 'triumph', rounds: 5 },
    players: [player('Ann'), player('Bob'), player('Cy'), player('Dee', { status: 'dropped' })],
    rounds: [
      {
        round: 1,
        pairedAt: '2026-05-12T09:00:00Z',
        open: 1,
        tables: [
          { table: 1, players: ['Ann', 'Bob'], why: 'historical enemies', result: null, resultSource: null, resultAt: null },
          {
            table: 2,
            players: ['Cy', 'Dee'],
            why: 'armies of the same dates',
            result: { winner: 0, score: [4, 1] },
            resultSource: 'slip',
            resultAt: '2026-05-12T11:00:00Z'
          }
        ]
      }
    ],
    standings: [],
    next: { canPair: false, why: 'Round 1 has 1 table without a result' },
    tiebreaks: [],
    ...more
  }
}

type Answer = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } }
/** window.muster with the calls given (each a vi.fn answering as the test says); any other call fails the test. */
function fakeBridge(calls: Record<string, (...args: unknown[]) => Answer>) {
  const fns = Object.fromEntries(Object.entries(calls).map(([k, f]) => [k, vi.fn((...args: unknown[]) => Promise.resolve(f(...args)))]))
  ;(window as unknown as { muster: MusterBridge }).muster = new Proxy(fns, {
    get: (t, k: string) => t[k] ?? (() => Promise.reject(new Error(`unexpected call ${k}`)))
  }) as unknown as MusterBridge
  return fns
}
const ok = (value: unknown): Answer => ({ ok: true, value })
const refused = (message: string): Answer => ({ ok: false, error: { code: 'refused', message } })

async function openRounds() {
  render(<EventDayPage id="ev1" rulesets={[]} entered={null} onBack={() => undefined} />)
  await screen.findByRole('heading', { name: 'Sixteen Cup' })
  fireEvent.click(screen.getByRole('tab', { name: 'Rounds' }))
}
const tableRow = (n: number) => screen.getByRole('table', { name: 'Round 1 tables' }).querySelectorAll('tbody tr')[n - 1] as HTMLElement

describe('a table’s result on the event day', () => {
  it('is typed: a winner and a score, saved for that round and table; the score is optional but whole', async () => {
    const api = fakeBridge({ getEventDay: () => ok(eventState()), recordEventResult: () => ok({}) })
    await openRounds()
    expect(screen.getByText('Round 1 of 5')).toBeTruthy()
    const row = within(tableRow(1))
    expect(row.getByText('historical enemies')).toBeTruthy()
    // no winner: said in words, nothing sent
    fireEvent.click(row.getByRole('button', { name: 'Save the result of table 1' }))
    expect(row.getByText('Choose the winner, or a draw.')).toBeTruthy()
    fireEvent.change(row.getByLabelText('Winner at table 1'), { target: { value: 'Bob' } })
    fireEvent.change(row.getByLabelText('Ann’s score'), { target: { value: '2' } })
    fireEvent.click(row.getByRole('button', { name: 'Save the result of table 1' }))
    expect(row.getByText('Give both scores, or neither.')).toBeTruthy()
    fireEvent.change(row.getByLabelText('Bob’s score'), { target: { value: '4' } })
    fireEvent.click(row.getByRole('button', { name: 'Save the result of table 1' }))
    await waitFor(() => expect(api.recordEventResult).toHaveBeenCalledWith('ev1', { round: 1, table: 1, winner: 'Bob', score: [2, 4] }))
    // the event read again after the change
    expect(api.getEventDay.mock.calls.length).toBeGreaterThanOrEqual(2)
    expect(row.queryByText(/Give both scores/)).toBeNull()
  })

  it('comes from a pasted slip code (line breaks and spaces dropped); a refusal is said beside the table', async () => {
    const api = fakeBridge({
      getEventDay: () => ok(eventState()),
      recordEventResult: () => refused('the slip’s first roster matches no roster this event holds')
    })
    await openRounds()
    const row = within(tableRow(1))
    fireEvent.click(row.getByRole('button', { name: 'Paste slip code for table 1' }))
    fireEvent.change(row.getByLabelText('Result code from the slip of table 1'), { target: { value: 'MR1abc\n def' } })
    fireEvent.click(row.getByRole('button', { name: 'Use slip' }))
    await waitFor(() => expect(api.recordEventResult).toHaveBeenCalledWith('ev1', { round: 1, table: 1, slip: 'MR1abcdef' }))
    const said = await row.findByText('The slip’s first roster matches no roster this event holds')
    expect(said.getAttribute('aria-live')).toBe('polite')
  })

  it('once kept, shows where it came from, and is replaced only after asking', async () => {
    const api = fakeBridge({ getEventDay: () => ok(eventState()), recordEventResult: () => ok({}) })
    await openRounds()
    const row = within(tableRow(2))
    expect(row.getByText('Cy won 4–1')).toBeTruthy()
    expect(row.getByText('from a slip')).toBeTruthy()
    expect(row.queryByLabelText('Winner at table 2')).toBeNull()
    fireEvent.click(row.getByRole('button', { name: 'Replace the result of table 2…' }))
    // asked first: cancelling leaves it
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(row.queryByLabelText('Winner at table 2')).toBeNull()
    fireEvent.click(row.getByRole('button', { name: 'Replace the result of table 2…' }))
    fireEvent.click(screen.getByRole('button', { name: 'Replace result' }))
    fireEvent.change(await row.findByLabelText('Winner at table 2'), { target: { value: 'draw' } })
    fireEvent.click(row.getByRole('button', { name: 'Save the result of table 2' }))
    await waitFor(() => expect(api.recordEventResult).toHaveBeenCalledWith('ev1', { round: 1, table: 2, winner: 'draw', replace: true }))
  })
})

describe('Pair round N', () => {
  it('is disabled with the event’s why while a round is open', async () => {
    fakeBridge({ getEventDay: () => ok(eventState()) })
    await openRounds()
    const pair = screen.getByRole('button', { name: 'Pair round 2' }) as HTMLButtonElement
    expect(pair.disabled).toBe(true)
    expect(pair.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(pair.getAttribute('aria-describedby')!)?.textContent).toBe('Round 1 has 1 table without a result')
  })

  it('pairs the next round when it can, and says a refusal in words', async () => {
    let state = eventState({ rounds: [], next: { canPair: true, why: 'Pair round 1' } })
    const api = fakeBridge({
      getEventDay: () => ok(state),
      pairEventRound: () => {
        state = eventState()
        return ok({ round: 1, tables: [] })
      }
    })
    render(<EventDayPage id="ev1" rulesets={[]} entered={null} onBack={() => undefined} />)
    await screen.findByText('No round paired yet (5 planned)')
    fireEvent.click(screen.getByRole('tab', { name: 'Rounds' }))
    // when it can pair, the event's "Pair round 1" is the button's own words: not said twice
    expect(screen.getAllByText('Pair round 1')).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Pair round 1' }))
    await screen.findByRole('table', { name: 'Round 1 tables' })
    expect(api.pairEventRound).toHaveBeenCalledWith('ev1')
    expect(screen.getByText('Round 1 of 5')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Pair round 2' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('shows the main process’s refusal', async () => {
    fakeBridge({
      getEventDay: () => ok(eventState({ rounds: [], next: { canPair: true, why: 'Pair round 1' } })),
      pairEventRound: () => refused('no two players can meet')
    })
    render(<EventDayPage id="ev1" rulesets={[]} entered={null} onBack={() => undefined} />)
    fireEvent.click(await screen.findByRole('tab', { name: 'Rounds' }))
    fireEvent.click(screen.getByRole('button', { name: 'Pair round 1' }))
    expect(await screen.findByText('No two players can meet')).toBeTruthy()
  })
})

describe('the standings', () => {
  it('have a column per tie-break, in the event’s order and words; a dropped player is marked', () => {
    const state = eventState({
      tiebreaks: [
        { id: 'opponentsScore', label: 'Opponents’ score' },
        { id: 'pointsDestroyed', label: 'Points destroyed' }
      ],
      standings: [
        { rank: 1, player: 'Cy', id: 'id-Cy', score: 3, tiebreaks: { opponentsScore: 0, pointsDestroyed: 4 } },
        { rank: 2, player: 'Ann', id: 'id-Ann', score: 1.5, tiebreaks: { opponentsScore: 3, pointsDestroyed: 0.25 } },
        { rank: 3, player: 'Dee', id: 'id-Dee', score: 0, tiebreaks: { opponentsScore: 3, pointsDestroyed: 1 } }
      ]
    })
    render(<EventDayStandings state={state} />)
    const table = screen.getByRole('table', { name: 'Standings' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
    ).toEqual(['Rank', 'Player', 'Score', 'Opponents’ score', 'Points destroyed'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => [...r.querySelectorAll('td, th')].map((c) => c.textContent))).toEqual([
      ['1', 'Cy', '3', '0', '4'],
      ['2', 'Ann', '1.5', '3', '0.25'],
      ['3', 'Deedropped', '0', '3', '1']
    ])
  })
})
