// The event-day screen's fake bridge for component tests: window.muster answering as the test says
// (each call a vi.fn, any other call refused), and a small event: four players, round 1 of two tables.
import { vi } from 'vitest'
import type { EventDayState, MusterBridge } from '../../src-main/ipc/contract'

export const player = (name: string, more: Partial<EventDayState['players'][number]> = {}): EventDayState['players'][number] => ({
  id: `id-${name}`,
  name,
  status: 'active',
  overridden: false,
  ruleset: 'triumph',
  army: 'early-imperial-roman',
  armyTitle: 'Early Imperial Roman',
  checkCode: `CODE-${name}`,
  revision: 1,
  joinedRound: 1,
  ...more
})

export function eventState(more: Partial<EventDayState> = {}): EventDayState {
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
          { table: 1, players: ['Ann', 'Bob'], why: 'historical enemies', result: null, resultSource: null, resultAt: null, pin: '4821' },
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
    standingsAfter: null,
    tiebreaks: [],
    ...more
  }
}

export type Answer = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } }
/** window.muster with the calls given (each a vi.fn answering as the test says); any other call fails the test. */
export function fakeBridge(calls: Record<string, (...args: unknown[]) => Answer>) {
  const fns = Object.fromEntries(Object.entries(calls).map(([k, f]) => [k, vi.fn((...args: unknown[]) => Promise.resolve(f(...args)))]))
  // (the test DOM's window: this support file is typed without the DOM)
  ;(globalThis as unknown as { window: { muster: MusterBridge } }).window.muster = new Proxy(fns, {
    get: (t, k: string) => t[k] ?? (() => Promise.reject(new Error(`unexpected call ${k}`)))
  }) as unknown as MusterBridge
  return fns
}
export const ok = (value: unknown): Answer => ({ ok: true, value })
export const refused = (message: string): Answer => ({ ok: false, error: { code: 'refused', message } })
