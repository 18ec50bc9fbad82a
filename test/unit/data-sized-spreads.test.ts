// Issue 38: a data-sized array spread into Math.min or Math.max overflows the stack past about
// 100,000 values (how `muster pair` crashed at 550 players). The spreads left over data were made
// loops; this is the one a list's own data reaches directly (an army's date ranges).
import { describe, expect, it } from 'vitest'
import { datesInNote } from '../../src-main/import/note-words'

describe('no data-sized spread into Math.min/Math.max', () => {
  it("datesInNote over an army of 200,000 date ranges reads the note's years", () => {
    const army = Array.from({ length: 200_000 }, (_, i) => ({ from: -400 + i * 2, to: -399 + i * 2 }))
    expect(datesInNote('576 AD and later', army)).toEqual([{ from: 576, to: army[army.length - 1].to }])
  })
})
