// Result slips at an event (src-main/event/slip-check.ts): real result codes (encodeResult) matched
// to the players at a round's table in either order; forged (a check code changed), damaged (two
// characters swapped), misplaced (another table, players at two tables) and foreign slips refused in words.
import { describe, expect, it } from 'vitest'
import { checkSlip, SlipRefused, type SlipEvent, type SlipRefusal } from '../../src-main/event/slip-check'
import { encodeResult, type ResultSlip } from '../../src-shared/play/result-code'
import { slipSchemaProblem } from '../../src-main/services/game-file-schema'
import type { EventPlayer } from '../../src-main/event/day-types'

const codes: Record<string, string> = { A: 'AAAA-1111-2222', B: 'BBBB-1111-2222', C: 'CCCC-1111-2222', D: 'DDDD-1111-2222' }
const player = (id: string): EventPlayer => ({
  id,
  name: `Player ${id}`,
  checkCode: codes[id],
  ruleset: 'triumph',
  army: 'army',
  armyTitle: 'Army',
  status: 'active',
  joinedRound: 1
})
const event: SlipEvent = {
  ruleset: 'triumph',
  players: ['A', 'B', 'C', 'D'].map(player),
  rounds: [
    {
      round: 1,
      tables: [
        { table: 1, players: ['A', 'B'], why: 'test' },
        { table: 2, players: ['C', 'D'], why: 'test' }
      ]
    }
  ]
}

/** A slip of a game between two rosters: the first side lost `lost[0]`, the second `lost[1]`. */
function slip(first: string, second: string, winner: 0 | 1 | null, lost: [number, number], more: Partial<ResultSlip> = {}): ResultSlip {
  const side = (checkCode: string, l: number) => ({ checkCode, army: 'Army', name: 'Army', losses: [], flags: {}, lost: l })
  return {
    format: 'muster-result',
    version: 1,
    ruleset: { id: 'triumph', dataVersion: '1.4.0' },
    sides: [side(first, lost[0]), side(second, lost[1])],
    over: true,
    winner,
    why: 'test',
    agreed: false,
    ...more
  }
}

function refusal(code: string, at: { round: number; table?: number }): [SlipRefusal, string] {
  try {
    checkSlip(code, event, at, slipSchemaProblem)
  } catch (e) {
    if (e instanceof SlipRefused) return [e.refusal, e.message]
    throw e
  }
  throw new Error('the slip was accepted')
}

describe('checkSlip: slips accepted', () => {
  it("in the table's order: A won, A destroyed what B lost (10), B what A lost (4)", () => {
    const code = encodeResult(slip(codes.A, codes.B, 0, [4, 10]))
    expect(checkSlip(code, event, { round: 1, table: 1 }, slipSchemaProblem)).toEqual({ table: 1, result: { winner: 0, score: [10, 4], slip: code } })
  })

  it("in the other order: the slip's first side is B, put back in the table's order", () => {
    const code = encodeResult(slip(codes.B, codes.A, 1, [10, 4]))
    expect(checkSlip(code, event, { round: 1, table: 1 })).toEqual({ table: 1, result: { winner: 0, score: [10, 4], slip: code } })
  })

  it('a draw, the table found from the slip, a code wrapped over lines and check codes typed in lower case', () => {
    const code = encodeResult(slip(codes.D.toLowerCase(), codes.C, null, [6, 6]))
    const wrapped = `${code.slice(0, 20)}\n  ${code.slice(20)}`
    // The schema's pattern wants capitals: checked against the event only (no schema).
    expect(checkSlip(wrapped, event, { round: 1 }, () => null)).toEqual({ table: 2, result: { winner: null, score: [6, 6], slip: code } })
  })
})

describe('checkSlip: slips refused, saying why', () => {
  it('forged: one character of a check code changed, the code remade', () => {
    const forged = codes.B.replace('BBBB', 'BBBC')
    const [why, words] = refusal(encodeResult(slip(codes.A, forged, 0, [4, 10])), { round: 1, table: 1 })
    expect(why).toBe('unknown-player')
    expect(words).toContain(`The check code ${forged} of this slip's side 2 matches no roster this event holds`)
  })

  it("B's roster under newer rules data: said as a data update, not as another roster", () => {
    // B's code as data version 1.5.0 would make it (the service recomputes it from the roster it holds)
    const newer = 'BBBB-1111-9999'
    const withData: SlipEvent = { ...event, codeUnder: (id, version) => (id === 'B' && version === '1.5.0' ? newer : `${id}-${version}`) }
    const code = encodeResult(slip(codes.A, newer, 0, [4, 10], { ruleset: { id: 'triumph', dataVersion: '1.5.0' } }))
    expect(() => checkSlip(code, withData, { round: 1, table: 1 }, slipSchemaProblem)).toThrow(
      new SlipRefused(
        'other-data',
        `This slip's side 2 is Player B's roster under data version 1.5.0 (check code ${newer}); the event holds it as entered under other rules data (check code ${codes.B}): enter this result by hand, or enter Player B's roster again.`
      )
    )
    // without a way to recompute codes: the old words
    expect(refusal(code, { round: 1, table: 1 })[0]).toBe('unknown-player')
  })

  it('damaged: two characters of the code swapped', () => {
    const code = encodeResult(slip(codes.A, codes.B, 0, [4, 10]))
    const at = code.length - 3
    const swapped = code.slice(0, at) + code[at + 1] + code[at] + code.slice(at + 2)
    expect(swapped).not.toBe(code)
    expect(refusal(swapped, { round: 1, table: 1 })).toEqual(['damaged', expect.stringMatching(/damaged or incomplete/)])
  })

  it('a slip entered at another table', () => {
    expect(refusal(encodeResult(slip(codes.A, codes.B, 0, [4, 10])), { round: 1, table: 2 })).toEqual([
      'other-table',
      'This slip is of table 1 in round 1, not table 2.'
    ])
  })

  it('players at two tables', () => {
    expect(refusal(encodeResult(slip(codes.A, codes.C, 0, [4, 10])), { round: 1 })).toEqual([
      'not-same-table',
      "This slip's players are not at one table in round 1: Player A is at table 1, Player C is at table 2."
    ])
  })

  it('one roster on both sides', () => {
    expect(refusal(encodeResult(slip(codes.A, codes.A, 0, [4, 10])), { round: 1 })[0]).toBe('same-player')
  })

  it('a slip of another ruleset, a game not over, a round not paired, an opponent known by its list only', () => {
    const other = slip(codes.A, codes.B, 0, [4, 10], { ruleset: { id: 'wrg', dataVersion: '1.4.0' } })
    expect(refusal(encodeResult(other), { round: 1 })).toEqual([
      'other-ruleset',
      'This slip is of a game of another ruleset ("wrg"): this event plays "triumph".'
    ])
    expect(refusal(encodeResult(slip(codes.A, codes.B, null, [4, 10], { over: false })), { round: 1 })[0]).toBe('not-over')
    expect(refusal(encodeResult(slip(codes.A, codes.B, 0, [4, 10])), { round: 2 })).toEqual([
      'no-round',
      'Round 2 is not paired yet: a slip can only be entered for a paired round.'
    ])
    const listOnly = slip(codes.A, codes.B, 0, [4, 10])
    listOnly.sides[1].checkCode = null
    expect(refusal(encodeResult(listOnly), { round: 1 })[0]).toBe('no-check-code')
  })

  it('a slip that breaks the result-slip schema (real ajv, with and without the worded check)', () => {
    const bad = { ...slip(codes.A, codes.B, 0, [4, 10]), extra: true } as ResultSlip
    expect(refusal(encodeResult(bad), { round: 1 })).toEqual(['not-a-result', expect.stringContaining('"extra" is not part of this format')])
    expect(() => checkSlip(encodeResult(bad), event, { round: 1 })).toThrow(SlipRefused)
  })
})
