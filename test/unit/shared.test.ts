// src-shared: the wording and logic the engine and the app must agree on, in one copy.
import { describe, expect, it } from 'vitest'
import { factValueText, valuesInForce } from '../../src-shared/army-facts'
import { rosterState } from '../../src-shared/verdict'
import { countOf, formatNumber, nounFor } from '../../src-shared/words'
import { formatRange, formatRanges, formatYear, withinDates } from '../../src-shared/years'
import * as messages from '../../src-main/rules/messages'
import * as format from '../../src-renderer/format'

describe('src-shared', () => {
  it('years: BC and AD, ranges, one-year ranges, and whether a year is within dates', () => {
    expect(formatYear(-55)).toBe('55 BC')
    expect(formatRange({ from: -280, to: -168 })).toBe('280-168 BC')
    expect(formatRange({ from: -55, to: 14 })).toBe('55 BC - 14 AD')
    expect(formatRange({ from: 60, to: 60 })).toBe('60 AD')
    expect(
      formatRanges([
        { from: -55, to: -54 },
        { from: 43, to: 51 }
      ])
    ).toBe('55-54 BC, 43-51 AD')
    expect(withinDates(-54, [{ from: -55, to: -54 }])).toBe(true)
    expect(
      withinDates(-53, [
        { from: -55, to: -54 },
        { from: 43, to: 51 }
      ])
    ).toBe(false)
    expect(withinDates(0, [])).toBe(false)
  })

  it('numbers and plurals', () => {
    expect([formatNumber(3), formatNumber(0.5), formatNumber(1.255)]).toEqual(['3', '0.5', '1.25'])
    expect([nounFor(1, 'stand'), nounFor(0, 'stand'), nounFor(0.5, 'point')]).toEqual(['stand', 'stands', 'points'])
    expect(countOf(2, 'army', 'armies')).toBe('2 armies')
  })

  it('ratings in force: the dated values that hold the year, else the undated ones', () => {
    const ratings = [{ value: 1, dates: null }, { value: 2, dates: [{ from: -55, to: -54 }] }, { value: 4 }]
    expect(valuesInForce(ratings, -55)).toEqual([2])
    expect(valuesInForce(ratings, 100)).toEqual([1, 4])
    expect(valuesInForce([{ value: 3, dates: [{ from: 1, to: 2 }] }], 100)).toEqual([])
  })

  it('a fact as printed (main) and shown (renderer): one function', () => {
    const ratings = [{ value: 1, dates: null }, { value: 2, dates: [{ from: -55, to: -54 }], when: '55-54 BC' }, { value: 4 }]
    expect(factValueText(ratings, null, -55)).toBe('2')
    expect(factValueText(ratings, ' / ', 100)).toBe('1 / 4')
    expect(factValueText([{ value: 3, dates: [{ from: 1, to: 2 }] }], null, 100)).toBeNull()
    expect(factValueText(ratings, null)).toBe('1; 2 (55-54 BC); 4')
    expect(factValueText([{ value: 'Arable' }, { value: 'Hilly' }], null)).toBe('Arable or Hilly')
  })

  it('roster state: legal, unfinished only when every error is a thing still to add, else illegal', () => {
    expect(rosterState(true, 0, 0)).toBe('legal')
    expect(rosterState(false, 3, 3)).toBe('unfinished')
    expect(rosterState(false, 3, 2)).toBe('illegal')
    expect(rosterState(false, 0, 0)).toBe('illegal')
  })

  it('the engine and the app use these very functions, not copies', () => {
    expect(messages.formatRange).toBe(formatRange)
    expect(messages.countOf).toBe(countOf)
    expect(format.formatRange).toBe(formatRange)
    expect(format.countOf).toBe(countOf)
    expect(format.formatYear).toBe(formatYear)
  })
})
