// @vitest-environment jsdom
// The phones' results page outlives a reload of the window (the main process keeps serving it), so the
// event-day view asks what is served when it mounts (eventResultsServing): the list's notice and badge,
// Stop, and the event's link and QR come back; a Collect or Stop pressed while it asks wins over the
// answer; a main process without the call leaves what the window knows as it is.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { RulesetSummary } from '../../src-main/ipc/contract'
import { EventDay } from '../../src-renderer/components/EventDay'
import { GONE_EVENT, readServing, servingNow, setServing } from '../../src-renderer/state/phone-serving'
import { eventState, fakeBridge, ok, type Answer } from '../support/event-day-fake'

afterEach(() => {
  cleanup()
  setServing(null)
})

const rulesets = [{ id: 'triumph', name: 'Triumph!', armies: [], dataVersion: '1.4.0' }] as unknown as RulesetSummary[]
const served = { eventId: 'ev1', url: 'http://192.168.1.20:5000/r/tok', qr: 'data:image/png;base64,AAAA', lan: true }
const summary = { id: 'ev1', name: 'Sixteen Cup', ruleset: 'triumph', players: 4, rounds: 1, roundsComplete: 0, updatedAt: '2026-05-12T09:00:00Z' }
const view = (opened: { id: string; entered: null } | null) => <EventDay rulesets={rulesets} opened={opened} onOpen={() => undefined} />

describe('what the results page serves, read when the event-day view mounts', () => {
  it('brings back the list’s notice, the badge and Stop after a reload', async () => {
    const api = fakeBridge({ eventResultsServing: () => ok(served), listEvents: () => ok([summary]), stopEventResults: () => ok(true) })
    render(view(null))
    const said = await screen.findByRole('status')
    expect(said.textContent).toMatch(/Collecting results from phones for Sixteen Cup/)
    const row = screen.getByRole('row', { name: /Sixteen Cup/ })
    expect(within(row).getByText('collecting results from phones')).toBeTruthy()
    expect(api.eventResultsServing).toHaveBeenCalledTimes(1)
    fireEvent.click(within(said).getByRole('button', { name: 'Stop collecting results' }))
    await waitFor(() => expect(api.stopEventResults).toHaveBeenCalledTimes(1))
    expect(screen.queryByText(/Collecting results from phones for/)).toBeNull()
    expect(within(row).queryByText('collecting results from phones')).toBeNull()
  })

  it('brings back the event’s link, QR and Stop on its page', async () => {
    fakeBridge({ eventResultsServing: () => ok(served), listEvents: () => ok([summary]), getEventDay: () => ok(eventState()) })
    render(view({ id: 'ev1', entered: null }))
    await screen.findByRole('img', { name: 'QR code of the results page’s link' })
    expect(screen.getByText(served.url)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Stop collecting results' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('heading', { name: /Sixteen Cup/ }).textContent).toMatch(/collecting results from phones/)
  })

  it('forgets what the window kept when nothing is served any more', async () => {
    setServing({ ...served, eventName: 'Sixteen Cup' })
    const api = fakeBridge({ eventResultsServing: () => ok(null), listEvents: () => ok([summary]) })
    render(view(null))
    await waitFor(() => expect(api.eventResultsServing).toHaveBeenCalled())
    await waitFor(() => expect(servingNow()).toBeNull())
    expect(screen.queryByText(/Collecting results from phones for/)).toBeNull()
  })

  it('names an event deleted while its page is served, so it can still be stopped', async () => {
    fakeBridge({ eventResultsServing: () => ok(served), listEvents: () => ok([]) })
    render(view(null))
    expect((await screen.findByRole('status')).textContent).toContain(`Collecting results from phones for ${GONE_EVENT}`)
  })

  it('a Stop pressed while it asks wins over the answer', async () => {
    let answer: (a: Answer) => void = () => undefined
    const pending = new Promise<Answer>((r) => (answer = r))
    fakeBridge({ eventResultsServing: () => pending as unknown as Answer, listEvents: () => ok([summary]) })
    setServing({ ...served, eventName: 'Sixteen Cup' })
    const read = readServing()
    setServing(null)
    answer(ok(served))
    await read
    expect(servingNow()).toBeNull()
  })

  it('keeps what the window knows when the main process does not answer the call', async () => {
    setServing({ ...served, eventName: 'Sixteen Cup' })
    fakeBridge({ listEvents: () => ok([summary]) })
    await readServing()
    expect(servingNow()?.eventName).toBe('Sixteen Cup')
  })
})
