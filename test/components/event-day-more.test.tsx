// @vitest-environment jsdom
// More of the event-day screen over a fake bridge: Run this event makes the event and enters its
// rosters in one call; the event's profile changed from its page (the ruleset fixed once players are
// in, the round's length kept, who it held back or let in said after); the phones' results page kept served when the page is left, the
// events list saying which event collects results, stopped only by Stop; a dropped player reinstated
// after asking; the projector's "Find your table" rows A-Z and its byes without a table number.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { RulesetSummary } from '../../src-main/ipc/contract'
import { EventDay } from '../../src-renderer/components/EventDay'
import { EventDayPage } from '../../src-renderer/components/EventDayPage'
import { RunEventButton } from '../../src-renderer/components/RunEventButton'
import { findRows, pairingRows } from '../../src-renderer/components/projector-find'
import { setServing } from '../../src-renderer/state/phone-serving'
import { eventState, fakeBridge, ok, player, refused } from '../support/event-day-fake'

afterEach(() => {
  cleanup()
  setServing(null)
})

const rulesets = [
  { id: 'triumph', name: 'Triumph!', armies: [], dataVersion: '1.4.0' },
  { id: 'other', name: 'Other', armies: [], dataVersion: '1.0.0' }
] as unknown as RulesetSummary[]

describe('Run this event', () => {
  it('makes the event with its rosters in one call, and opens it with what was entered', async () => {
    const entered = { entered: [] }
    const api = fakeBridge({ createEvent: () => ok({ id: 'ev9', entered }) })
    const made: unknown[] = []
    const files = [{ path: '/r/ann.json', name: 'ann.json' }]
    render(<RunEventButton profile={() => ({ name: 'Cup' })} files={files} onMade={(e) => made.push(e)} onError={() => undefined} />)
    fireEvent.click(screen.getByRole('button', { name: 'Run this event' }))
    await waitFor(() => expect(made).toEqual([{ id: 'ev9', entered }]))
    expect(api.createEvent).toHaveBeenCalledWith({ name: 'Cup' }, files)
    expect(api.createEvent).toHaveBeenCalledTimes(1)
  })

  it('says a refusal, and opens nothing (no event is left behind)', async () => {
    fakeBridge({ createEvent: () => refused('ann.json: not a roster') })
    const errors: string[] = []
    const made: unknown[] = []
    render(<RunEventButton profile={() => ({})} files={[]} onMade={(e) => made.push(e)} onError={(m) => errors.push(m)} />)
    fireEvent.click(screen.getByRole('button', { name: 'Run this event' }))
    await waitFor(() => expect(errors.at(-1)).toBe('ann.json: not a roster'))
    expect(made).toEqual([])
  })
})

describe('the event’s profile, changed on its page', () => {
  it('opens in the same form, the ruleset fixed once players are in; saved with updateEventProfile', async () => {
    const state = eventState({
      profile: { format: 'muster-event', version: 1, name: 'Sixteen Cup', ruleset: 'triumph', rounds: 5, roundMinutes: 90 }
    })
    const api = fakeBridge({ getEventDay: () => ok(state), updateEventProfile: () => ok(state), rulesetDetails: () => ok(null) })
    render(<EventDayPage id="ev1" rulesets={rulesets} entered={null} onBack={() => undefined} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Event profile…' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Sixteen Cup: event profile' }))
    expect((dialog.getByLabelText('Event ruleset') as HTMLSelectElement).disabled).toBe(true)
    expect(dialog.getByText('Fixed: players are entered under it.')).toBeTruthy()
    expect((dialog.getByLabelText('Round length in minutes') as HTMLInputElement).value).toBe('90')
    fireEvent.change(dialog.getByLabelText('Round length in minutes'), { target: { value: '105' } })
    fireEvent.change(dialog.getByLabelText('Rounds planned'), { target: { value: '6' } })
    fireEvent.click(dialog.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(api.updateEventProfile).toHaveBeenCalled())
    const [id, profile] = api.updateEventProfile.mock.calls[0] as [string, Record<string, unknown>]
    expect(id).toBe('ev1')
    expect(profile).toMatchObject({ ruleset: 'triumph', rounds: 6, roundMinutes: 105, name: 'Sixteen Cup' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('keeps the dialog open with the refusal in words', async () => {
    fakeBridge({ getEventDay: () => ok(eventState()), updateEventProfile: () => refused('no ruleset “nope”'), rulesetDetails: () => ok(null) })
    render(<EventDayPage id="ev1" rulesets={rulesets} entered={null} onBack={() => undefined} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Event profile…' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await within(screen.getByRole('dialog')).findByText('No ruleset “nope”')).toBeTruthy()
  })
})

describe('players checked again when the profile is saved', () => {
  const save = async () => {
    render(<EventDayPage id="ev1" rulesets={rulesets} entered={null} onBack={() => undefined} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Event profile…' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  }

  it('says who is now held back and why, who is active again, and an overridden player’s new reasons', async () => {
    const before = eventState({
      players: [player('Ann'), player('Bob'), player('Cy', { overridden: true }), player('Pam', { status: 'held', heldReasons: ['Over 30 points'] })]
    })
    const recheck = [
      { player: 'Ann', status: 'held', reasons: ['Too many elephants'] },
      { player: 'Bob', status: 'held', reasons: ['Over 25 points', 'No general'] },
      { player: 'Cy', status: 'active', reasons: ['Over 25 points'] },
      { player: 'Pam', status: 'active' }
    ]
    fakeBridge({ getEventDay: () => ok(before), updateEventProfile: () => ok({ ...before, recheck }), rulesetDetails: () => ok(null) })
    await save()
    const said = screen.getByRole('status', { name: 'Players checked again' })
    expect(said.textContent).toMatch(/2 players are now held back: Ann, Bob\./)
    expect(within(said).getByRole('list', { name: 'Why they are held back now' }).textContent).toMatch(
      /Ann: Too many elephants\s*Bob: Over 25 points; No general/
    )
    expect(said.textContent).toMatch(/1 player is active again: Pam\./)
    expect(within(said).getByRole('list', { name: 'New reasons of overridden players' }).textContent).toBe('Cy: Over 25 points')
    fireEvent.click(within(said).getByRole('button', { name: 'Dismiss what the new profile changed' }))
    expect(screen.queryByRole('status', { name: 'Players checked again' })).toBeNull()
  })

  it('says nothing when no one changed', async () => {
    fakeBridge({ getEventDay: () => ok(eventState()), updateEventProfile: () => ok({ ...eventState(), recheck: [] }), rulesetDetails: () => ok(null) })
    await save()
    expect(screen.queryByRole('status', { name: 'Players checked again' })).toBeNull()
  })
})

describe('results from phones', () => {
  it('stay collected when the event’s page is left: the list says which event, and only Stop stops it', async () => {
    const serving = { eventId: 'ev1', url: 'http://127.0.0.1:5000/t', qr: 'data:image/png;base64,AAAA', lan: false }
    const api = fakeBridge({
      listEvents: () =>
        ok([{ id: 'ev1', name: 'Sixteen Cup', ruleset: 'triumph', players: 4, rounds: 1, roundsComplete: 0, updatedAt: '2026-05-12T09:00:00Z' }]),
      getEventDay: () => ok(eventState()),
      serveEventResults: () => ok(serving),
      stopEventResults: () => ok(true)
    })
    const view = (opened: { id: string; entered: null } | null) => <EventDay rulesets={rulesets} opened={opened} onOpen={() => undefined} />
    const { rerender } = render(view({ id: 'ev1', entered: null }))
    fireEvent.click(await screen.findByRole('button', { name: 'Collect results from phones' }))
    await screen.findByRole('img', { name: 'QR code of the results page’s link' })
    expect(screen.getByRole('heading', { name: /Sixteen Cup/ }).textContent).toMatch(/collecting results from phones/)
    // back to the list: still served, and said
    rerender(view(null))
    const said = await screen.findByRole('status')
    expect(said.textContent).toMatch(/Collecting results from phones for Sixteen Cup/)
    expect(api.stopEventResults).not.toHaveBeenCalled()
    fireEvent.click(within(said).getByRole('button', { name: 'Stop collecting results' }))
    await waitFor(() => expect(api.stopEventResults).toHaveBeenCalledTimes(1))
    expect(screen.queryByText(/Collecting results from phones for/)).toBeNull()
  })

  it('another event’s page says which event collects now, and that collecting here stops it', async () => {
    setServing({ eventId: 'other', url: 'http://127.0.0.1:5000/t', qr: '', lan: false, eventName: 'Spring Open' })
    fakeBridge({ getEventDay: () => ok(eventState()) })
    render(<EventDayPage id="ev1" rulesets={rulesets} entered={null} onBack={() => undefined} />)
    expect((await screen.findByText(/Collecting results for/)).textContent).toMatch(/Spring Open now: collecting here stops that/)
  })
})

describe('a dropped player', () => {
  it('is reinstated after asking', async () => {
    const api = fakeBridge({ getEventDay: () => ok(eventState()), reinstateEventPlayer: () => ok({ player: 'Dee' }) })
    render(<EventDayPage id="ev1" rulesets={rulesets} entered={null} onBack={() => undefined} />)
    await screen.findByRole('heading', { name: /Sixteen Cup/ })
    fireEvent.click(screen.getByRole('tab', { name: 'Players' }))
    expect(screen.queryByRole('button', { name: 'Reinstate Ann…' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Reinstate Dee…' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Reinstate Dee?' }))
    expect(dialog.getByText(/paired again from round 2/)).toBeTruthy()
    fireEvent.click(dialog.getByRole('button', { name: 'Reinstate player' }))
    await waitFor(() => expect(api.reinstateEventPlayer).toHaveBeenCalledWith('ev1', 'Dee'))
  })
})

describe('the projector’s rows', () => {
  const tables = [
    { table: 1, players: ['Zoë', 'bob'] as [string, string], why: '', result: null, resultSource: null, resultAt: null },
    { table: 2, players: ['Ann'] as [string], why: '', result: null, resultSource: null, resultAt: null },
    { table: 3, players: ['Émile', 'Cy'] as [string, string], why: '', result: null, resultSource: null, resultAt: null }
  ]
  it('find your table: every player A-Z (accents and case aside) with their table, a bye as none', () => {
    expect(findRows(tables)).toEqual([
      { player: 'Ann', table: null },
      { player: 'bob', table: 1 },
      { player: 'Cy', table: 3 },
      { player: 'Émile', table: 3 },
      { player: 'Zoë', table: 1 }
    ])
  })
  it('the pairings: the games, then each bye', () => {
    expect(pairingRows(tables).map((t) => t.table)).toEqual([1, 3, 2])
  })
})
