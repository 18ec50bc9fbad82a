// @vitest-environment jsdom
// The event-day screen's parts over a fake bridge (the calls it makes recorded, answers given by the
// test): a table's result typed (winner, optional score in boxes named for the players), Enter saving
// and moving on to the next table without a result, from a slip code pasted once for the round (sent
// to the table of the players it names), refused in words, replaced only after asking (warned when a
// later round stands on it, the service's warning said after); the find box and "only tables without
// a result"; a bye said "Bye: Ann"; a phone's result and the table's PIN; "Pair round N" as the event
// says it can or cannot; the standings with army, club, W-D-L (+1 bye), a dropped mark and what they stand after.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { eventState, fakeBridge, ok, refused, type Answer } from '../support/event-day-fake'
import { EventDayPage } from '../../src-renderer/components/EventDayPage'
import { EventDayStandings } from '../../src-renderer/components/EventDayStandings'
import { encodeResult, type ResultSlip } from '../../src-shared/play/result-code'

afterEach(cleanup)

async function openRounds() {
  render(<EventDayPage id="ev1" rulesets={[]} entered={null} onBack={() => undefined} />)
  await screen.findByRole('heading', { name: 'Sixteen Cup' })
  fireEvent.click(screen.getByRole('tab', { name: 'Rounds' }))
}
const tableRow = (n: number) => screen.getByRole('table', { name: 'Round 1 tables' }).querySelectorAll('tbody tr')[n - 1] as HTMLElement

/** A slip's code of a game the first named player won, their rosters named by check code. */
function slipOf(first: string, second: string): string {
  const side = (player: string) => ({ checkCode: `CODE-${player}`, player, army: '1 Army', name: 'List', losses: [], flags: {}, lost: 0 })
  const slip: ResultSlip = {
    format: 'muster-result',
    version: 1,
    ruleset: { id: 'triumph', dataVersion: '1.4.0' },
    sides: [side(first), side(second)],
    over: true,
    winner: 0,
    why: `${first} wins`,
    agreed: true
  }
  return encodeResult(slip)
}

describe('a table’s result on the event day', () => {
  it('is typed: a winner and a score in boxes named for the players, saved for that round and table; the score is optional but whole', async () => {
    const api = fakeBridge({ getEventDay: () => ok(eventState()), recordEventResult: () => ok({}) })
    await openRounds()
    expect(screen.getByText('Round 1 of 5')).toBeTruthy()
    const row = within(tableRow(1))
    expect(row.getByText('historical enemies')).toBeTruthy()
    // the score boxes say whose they are, in words on screen
    expect(row.getByText('Ann', { selector: '[class*="event-day-score-name_"]' })).toBeTruthy()
    expect(row.getByText('Bob', { selector: '[class*="event-day-score-name_"]' })).toBeTruthy()
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
    // the per-table Save is a quiet button, not the screen's primary one
    expect(row.getByRole('button', { name: 'Save the result of table 1' }).className).not.toMatch(/primary/)
  })

  it('Enter on the winner saves, and the focus moves on to the next table without a result', async () => {
    const state = eventState()
    state.rounds[0].tables.push(
      { table: 3, players: ['Eve', 'Fay'], why: 'same score', result: null, resultSource: null, resultAt: null },
      { table: 4, players: ['Gus'], why: 'the lowest score', result: null, resultSource: null, resultAt: null }
    )
    const api = fakeBridge({ getEventDay: () => ok(state), recordEventResult: () => ok({}) })
    await openRounds()
    const winner = within(tableRow(1)).getByLabelText('Winner at table 1')
    fireEvent.change(winner, { target: { value: 'draw' } })
    fireEvent.keyDown(winner, { key: 'Enter' })
    await waitFor(() => expect(api.recordEventResult).toHaveBeenCalledWith('ev1', { round: 1, table: 1, winner: 'draw' }))
    // table 2 has its result: the focus skips it
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Winner at table 3')))
    // the bye is no table of the hall: said by name, with no number, outside the tables
    expect(screen.getByText('Bye: Gus')).toBeTruthy()
    expect(screen.getByRole('table', { name: 'Round 1 tables' }).textContent).not.toMatch(/Gus/)
  })

  it('finds a table by a player’s name (accents aside) or its number, and shows only tables without a result when asked', async () => {
    const state = eventState()
    state.rounds[0].tables.push({ table: 3, players: ['Émilie', 'Fay'], why: 'same score', result: null, resultSource: null, resultAt: null })
    fakeBridge({ getEventDay: () => ok(state) })
    await openRounds()
    const rows = () =>
      [...screen.getByRole('table', { name: 'Round 1 tables' }).querySelectorAll('tbody tr')].map(
        (r) => r.querySelector('[class*="event-day-table-no_"]')!.textContent
      )
    expect(rows()).toEqual(['1', '2', '3'])
    const find = screen.getByLabelText('Find a player or table in round 1')
    fireEvent.change(find, { target: { value: 'emil' } })
    expect(rows()).toEqual(['3'])
    fireEvent.change(find, { target: { value: '2' } })
    expect(rows()).toEqual(['2'])
    fireEvent.change(find, { target: { value: '' } })
    fireEvent.click(screen.getByLabelText('Only tables without a result'))
    expect(rows()).toEqual(['1', '3'])
  })

  it('comes from a slip code pasted once for the round: sent to the table of the players it names; a refusal is said in words', async () => {
    let answer: Answer = refused('the slip’s first roster matches no roster this event holds')
    const api = fakeBridge({ getEventDay: () => ok(eventState()), recordEventResult: () => answer })
    await openRounds()
    // one reader and one paste for the round, none per table
    expect(screen.getAllByRole('button', { name: 'Paste a slip code…' })).toHaveLength(1)
    expect(screen.getAllByRole('button', { name: 'Read a slip (QR)…' })).toHaveLength(1)
    const code = slipOf('Bob', 'Ann')
    fireEvent.click(screen.getByRole('button', { name: 'Paste a slip code…' }))
    fireEvent.change(screen.getByLabelText(/Result code from a slip of round 1/), { target: { value: `${code.slice(0, 20)}\n ${code.slice(20)}` } })
    fireEvent.click(screen.getByRole('button', { name: 'Use slip' }))
    await waitFor(() => expect(api.recordEventResult).toHaveBeenCalledWith('ev1', { round: 1, table: 1, slip: code }))
    const said = await screen.findByText('Table 1: The slip’s first roster matches no roster this event holds')
    expect(said.getAttribute('aria-live')).toBe('polite')
    // a damaged code: said before anything is sent
    fireEvent.change(screen.getByLabelText(/Result code from a slip of round 1/), { target: { value: 'MR1.nonsense' } })
    fireEvent.click(screen.getByRole('button', { name: 'Use slip' }))
    expect(await screen.findByText(/damaged|not a Muster result code/i)).toBeTruthy()
    expect(api.recordEventResult).toHaveBeenCalledTimes(1)
    // a slip of players at no table of the round: the organiser says which table
    answer = ok({ round: 1, table: 1, players: ['Ann', 'Bob'], result: { winner: 0 } })
    fireEvent.change(screen.getByLabelText(/Result code from a slip of round 1/), { target: { value: slipOf('Zed', 'Ann') } })
    fireEvent.click(screen.getByRole('button', { name: 'Use slip' }))
    fireEvent.change(await screen.findByLabelText('The slip’s table'), { target: { value: '1' } })
    fireEvent.click(screen.getAllByRole('button', { name: 'Use slip' }).at(-1)!)
    await waitFor(() => expect(api.recordEventResult).toHaveBeenLastCalledWith('ev1', { round: 1, table: 1, slip: slipOf('Zed', 'Ann') }))
    expect(await screen.findByText('Table 1: the slip’s result is kept.')).toBeTruthy()
  })

  it('once kept, says it winner first and where it came from (a phone’s marked), with the table’s PIN; replaced only after asking', async () => {
    const state = eventState()
    state.rounds[0].tables[1].resultSource = 'phone'
    const api = fakeBridge({ getEventDay: () => ok(state), recordEventResult: () => ok({}) })
    await openRounds()
    expect(within(tableRow(1)).getByText('PIN 4821')).toBeTruthy()
    const row = within(tableRow(2))
    expect(row.getByText('Cy beat Dee, 4-1')).toBeTruthy()
    expect(row.getByText('from a phone').className).toMatch(/phone/)
    expect(tableRow(2).className).toMatch(/from-phone/)
    expect(row.queryByLabelText('Winner at table 2')).toBeNull()
    fireEvent.click(row.getByRole('button', { name: 'Replace the result of table 2…' }))
    // asked first: cancelling leaves it; no later round, no warning
    expect(screen.queryByText(/already paired/)).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(row.queryByLabelText('Winner at table 2')).toBeNull()
    fireEvent.click(row.getByRole('button', { name: 'Replace the result of table 2…' }))
    fireEvent.click(screen.getByRole('button', { name: 'Replace result' }))
    fireEvent.change(await row.findByLabelText('Winner at table 2'), { target: { value: 'draw' } })
    fireEvent.click(row.getByRole('button', { name: 'Save the result of table 2' }))
    await waitFor(() => expect(api.recordEventResult).toHaveBeenCalledWith('ev1', { round: 1, table: 2, winner: 'draw', replace: true }))
  })

  it('replacing a result a later round was paired on warns before, and says the service’s warning after', async () => {
    const state = eventState()
    state.rounds.push({
      round: 2,
      pairedAt: '2026-05-12T12:00:00Z',
      open: 1,
      tables: [{ table: 1, players: ['Cy', 'Ann'], why: 'same score', result: null, resultSource: null, resultAt: null }]
    })
    const warning = 'Round 2 was paired on the old result: the standings change, its pairings do not.'
    fakeBridge({ getEventDay: () => ok(state), recordEventResult: () => ok({ round: 1, table: 2, players: ['Cy', 'Dee'], result: { winner: 1 }, warning }) })
    render(<EventDayPage id="ev1" rulesets={[]} entered={null} onBack={() => undefined} />)
    await screen.findByRole('heading', { name: 'Sixteen Cup' })
    const round1 = screen.getByRole('table', { name: 'Round 1 tables' })
    round1.closest('details')!.open = true
    const row = within(round1.querySelectorAll('tbody tr')[1] as HTMLElement)
    fireEvent.click(row.getByRole('button', { name: 'Replace the result of table 2…' }))
    expect(within(screen.getByRole('dialog')).getByText('Round 2 is already paired on this result: the standings change, its pairings do not.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Replace result' }))
    fireEvent.change(await row.findByLabelText('Winner at table 2'), { target: { value: 'Dee' } })
    fireEvent.click(row.getByRole('button', { name: 'Save the result of table 2' }))
    expect(await row.findByText(warning)).toBeTruthy()
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
  it('have army, club, W-D-L, score and a column per tie-break in the event’s order and words; a dropped player is marked; what they stand after', () => {
    const row = (rank: number, player: string, score: number, tiebreaks: Record<string, number>, more = {}) => ({
      rank,
      player,
      id: `id-${player}`,
      score,
      tiebreaks,
      armyTitle: 'Early Imperial Roman',
      won: 0,
      drawn: 0,
      lost: 0,
      byes: 0,
      dropped: false,
      ...more
    })
    const state = eventState({
      tiebreaks: [
        { id: 'opponentsScore', label: 'Opponents’ score' },
        { id: 'pointsDestroyed', label: 'Points destroyed' }
      ],
      standingsAfter: { round: 3, resultsIn: 4, tables: 6 },
      standings: [
        row(1, 'Cy', 3, { opponentsScore: 0, pointsDestroyed: 4 }, { club: 'Lincoln', won: 1 }),
        row(2, 'Ann', 1.5, { opponentsScore: 3, pointsDestroyed: 0.25 }, { drawn: 1, byes: 1 }),
        row(3, 'Dee', 0, { opponentsScore: 3, pointsDestroyed: 1 }, { lost: 1, dropped: true, country: 'Wales' })
      ]
    })
    render(<EventDayStandings state={state} />)
    expect(screen.getByText('After round 3: 4 of 6 results in (the round is not over)')).toBeTruthy()
    const table = screen.getByRole('table', { name: 'Standings' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
    ).toEqual(['Rank', 'Player', 'Army', 'Club / country', 'W-D-L', 'Score', 'Opponents’ score', 'Points destroyed'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => [...r.querySelectorAll('td, th')].map((c) => c.textContent))).toEqual([
      ['1', 'Cy', 'Early Imperial Roman', 'Lincoln', '1-0-0', '3', '0', '4'],
      ['2', 'Ann', 'Early Imperial Roman', '', '0-1-0 +1 bye', '1.5', '3', '0.25'],
      ['3', 'Deedropped', 'Early Imperial Roman', 'Wales', '0-0-1', '0', '3', '1']
    ])
  })
})
