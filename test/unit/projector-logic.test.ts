// The projector view's round clock and pages (src-renderer/components/projector-logic.ts): time left
// worked out from a start time and paused time with an injected clock (no waiting), the warnings, what
// is kept in localStorage read back whole or refused, and how many tables fit a page.
import { describe, expect, it } from 'vitest'
import {
  addFive,
  clockKey,
  countdownText,
  DEFAULT_ROUND_MINUTES,
  elapsedMs,
  estimatedRowEm,
  newClock,
  pageOf,
  pairingsLayout,
  pause,
  phaseOf,
  profileMinutes,
  readClock,
  remainingMs,
  reset,
  resume,
  setMinutes,
  start,
  turnPage,
  warningOf
} from '../../src-renderer/components/projector-logic'

const MIN = 60_000
const T0 = Date.UTC(2026, 4, 16, 9, 0, 0)

describe('the round clock', () => {
  it('counts down from the round length once started, wall-clock true', () => {
    const ready = newClock(120)
    expect(phaseOf(ready)).toBe('ready')
    expect(remainingMs(ready, T0 + 50 * MIN)).toBe(120 * MIN)
    const c = start(ready, T0)
    expect(phaseOf(c)).toBe('running')
    expect(remainingMs(c, T0)).toBe(120 * MIN)
    expect(remainingMs(c, T0 + 30 * MIN)).toBe(90 * MIN)
    // Starting twice keeps the first start.
    expect(start(c, T0 + 10 * MIN)).toBe(c)
  })

  it('pauses and resumes, the paused time left out', () => {
    let c = start(newClock(60), T0)
    c = pause(c, T0 + 10 * MIN)
    expect(phaseOf(c)).toBe('paused')
    // Time stands still while paused, however long.
    expect(remainingMs(c, T0 + 40 * MIN)).toBe(50 * MIN)
    c = resume(c, T0 + 40 * MIN)
    expect(phaseOf(c)).toBe('running')
    expect(remainingMs(c, T0 + 45 * MIN)).toBe(45 * MIN)
    // A second pause adds to the first.
    c = resume(pause(c, T0 + 50 * MIN), T0 + 55 * MIN)
    expect(elapsedMs(c, T0 + 60 * MIN)).toBe(25 * MIN)
    expect(pause(newClock(60), T0)).toEqual(newClock(60))
  })

  it('adds 5 minutes and resets to the length set', () => {
    let c = addFive(addFive(start(newClock(90), T0)))
    expect(remainingMs(c, T0)).toBe(100 * MIN)
    c = setMinutes(c, 45)
    expect(remainingMs(c, T0 + 5 * MIN)).toBe(50 * MIN)
    expect(reset(c)).toEqual(newClock(45))
    // A length that is no whole number of minutes from 1 to a day is not taken.
    for (const m of [0, -1, 2.5, 1441, NaN]) expect(setMinutes(c, m)).toBe(c)
  })

  it('warns in the last 15 minutes, then says time, never below zero', () => {
    const c = start(newClock(60), T0)
    expect(warningOf(newClock(60), T0)).toBe('none')
    expect(warningOf(c, T0 + 45 * MIN - 1000)).toBe('none')
    expect(warningOf(c, T0 + 45 * MIN)).toBe('last15')
    expect(warningOf(c, T0 + 60 * MIN - 1)).toBe('last15')
    expect(warningOf(c, T0 + 60 * MIN)).toBe('time')
    expect(remainingMs(c, T0 + 90 * MIN)).toBe(0)
    // A short round warns from its start.
    expect(warningOf(start(newClock(10), T0), T0)).toBe('last15')
  })

  it('writes mm:ss under an hour and h:mm:ss over, rounding seconds up', () => {
    expect(countdownText(120 * MIN)).toBe('2:00:00')
    expect(countdownText(120 * MIN - 1)).toBe('2:00:00')
    expect(countdownText(120 * MIN - 1000)).toBe('1:59:59')
    expect(countdownText(15 * MIN)).toBe('15:00')
    expect(countdownText(61_500)).toBe('01:02')
    expect(countdownText(1)).toBe('00:01')
    expect(countdownText(0)).toBe('00:00')
    expect(countdownText(-5000)).toBe('00:00')
  })

  it('takes the round length from the profile, else the default', () => {
    expect(profileMinutes({ roundMinutes: 150 })).toBe(150)
    expect(DEFAULT_ROUND_MINUTES).toBe(120)
    for (const p of [{}, null, undefined, { roundMinutes: '90' }, { roundMinutes: 0 }, { roundMinutes: 1.5 }]) expect(profileMinutes(p)).toBe(120)
  })

  it('is kept per event and round and read back whole; anything else is a fresh clock', () => {
    expect(clockKey('ev1', 3)).toBe('muster.round-clock.ev1.3')
    const c = pause(addFive(start(newClock(100), T0)), T0 + MIN)
    expect(readClock(JSON.stringify(c), 120)).toEqual(c)
    for (const text of [null, '', 'not json', '[]', '{"minutes":0}', JSON.stringify({ ...c, startedAt: 'soon' }), JSON.stringify({ ...c, pausedMs: -1 })])
      expect(readClock(text, 120)).toEqual(newClock(120))
  })
})

describe('the pairings on the screen', () => {
  // The view's area at 1920x1080 and 1366x768 (header and controls taken off), type from 3% to 7.5% of the height.
  const rows = (n: number, em: number) => Array.from({ length: n }, (_, i) => (i % 5 === 0 ? em : em * 0.7))
  const big = (n: number, rowEm = 24) => pairingsLayout(rows(n, rowEm), 1824, 700, 28, 81)
  const small = (n: number, rowEm = 24) => pairingsLayout(rows(n, rowEm), 1284, 480, 20, 58)

  it('puts a few tables on one page in large type', () => {
    const l = big(8)
    expect(l).toMatchObject({ pages: 1, perPage: 8 })
    expect(l.fontPx).toBeGreaterThan(50)
    expect(l.columns * l.rows).toBeGreaterThanOrEqual(8)
  })

  it('flows many tables into columns, then pages evened out, never below the smallest type', () => {
    for (const layout of [big, small])
      for (const n of [20, 60, 100]) {
        const l = layout(n)
        expect(l.fontPx).toBeGreaterThanOrEqual(layout === big ? 28 : 20)
        expect(l.columns).toBeGreaterThanOrEqual(1)
        expect(l.columns).toBeLessThanOrEqual(4)
        expect(l.pages * l.perPage).toBeGreaterThanOrEqual(n)
        expect(l.columns * l.rows).toBeGreaterThanOrEqual(l.perPage)
        // The last page holds more than a stub.
        expect(n - (l.pages - 1) * l.perPage).toBeGreaterThan(l.perPage / 2 - 1)
      }
    expect(big(100).pages).toBeGreaterThan(1)
    expect(small(60).pages).toBeGreaterThan(1)
  })

  it('makes each column as wide as its widest row', () => {
    // Three rows of 10 em and one of 30 em at 20 px: two columns of two fit 800 px only as 10 + 30 em wide.
    expect(pairingsLayout([10, 10, 10, 30], 830, 62, 20, 20)).toMatchObject({ columns: 2, rows: 2, pages: 1 })
    expect(pairingsLayout([10, 30, 10, 30], 830, 62, 20, 20)).toMatchObject({ columns: 1, rows: 2, perPage: 2, pages: 2 })
    expect(pairingsLayout([], 800, 600, 20, 40).pages).toBe(1)
  })

  it('uses more columns for short names than long ones', () => {
    expect(big(40, 10).columns).toBeGreaterThan(big(40, 36).columns)
    expect(estimatedRowEm(40)).toBeGreaterThan(estimatedRowEm(20))
  })

  it('turns pages round the ends and slices them', () => {
    expect(turnPage(0, 3, 1)).toBe(1)
    expect(turnPage(2, 3, 1)).toBe(0)
    expect(turnPage(0, 3, -1)).toBe(2)
    expect(turnPage(0, 1, 1)).toBe(0)
    const items = Array.from({ length: 10 }, (_, i) => i)
    expect(pageOf(items, 0, 4)).toEqual([0, 1, 2, 3])
    expect(pageOf(items, 2, 4)).toEqual([8, 9])
  })
})
