// Standings (src-main/event/standings.ts): two small events worked out by hand, each tie-break
// deciding somewhere, a draw, a bye, a dropped player, shared ranks, a formula scoring; and the
// profile's new fields checked by the real schema (ajv).
import { describe, expect, it } from 'vitest'
import { scoreOf, scoringProblem, standings, ScoringError, byeScoreOf } from '../../src-main/event/standings'
import type { EventPlayer, RoundRecord, TableResult } from '../../src-main/event/day-types'
import { ajvValidators } from '../../src-main/rules/precompiled'
import { schemaId } from '../../src-main/rules/schemas'

const player = (id: string, status: EventPlayer['status'] = 'active'): EventPlayer => ({
  id,
  name: `Player ${id}`,
  checkCode: `${id}${id}${id}${id}-0000`,
  ruleset: 'triumph',
  army: 'army',
  armyTitle: 'Army',
  status,
  joinedRound: 1
})
const won = (winner: 0 | 1 | null, score?: [number, number]): TableResult => ({ winner, ...(score ? { score } : {}) })
const table = (n: number, a: string, b: string | null, result?: TableResult) => ({
  table: n,
  players: (b === null ? [a] : [a, b]) as [string, string] | [string],
  why: 'test',
  ...(result ? { result } : {})
})

// Event 1: five players, three rounds, default scoring (3/1/0, a bye as a win) and tie-breaks.
// R1: A beats B 10:4; C draws D 6:6; E has the bye.
// R2: E beats A 9:3 (A is table's first); B beats C 8:2; D has the bye.
// R3 (E dropped): A beats C 7:5; D beats B 8:1 (B is table's first).
// Scores: A 3+0+3 = 6; B 0+3+0 = 3; C 1+0+0 = 1; D 1+3+3 = 7; E 3+3 = 6.
// Opponents' score (a bye adds nothing): A: B3+E6+C1 = 10; B: A6+C1+D7 = 14; C: D7+B3+A6 = 16;
//   D: C1+B3 = 4; E: A6 = 6. So A (10) is above E (6), level on 6 points.
// Points destroyed: A 10+3+7 = 20; B 4+8+1 = 13; C 6+2+5 = 13; D 6+8 = 14; E 9.
// Head to head: no one is level on score and opponents' score and points destroyed: 0 for all.
// Ranks: D 1, A 2, E 3 (dropped, still there), B 4, C 5.
const five = ['A', 'B', 'C', 'D', 'E'].map((id) => player(id, id === 'E' ? 'dropped' : 'active'))
const fiveRounds: RoundRecord[] = [
  { round: 1, tables: [table(1, 'A', 'B', won(0, [10, 4])), table(2, 'C', 'D', won(null, [6, 6])), table(3, 'E', null)] },
  { round: 2, tables: [table(1, 'A', 'E', won(1, [3, 9])), table(2, 'B', 'C', won(0, [8, 2])), table(3, 'D', null)] },
  { round: 3, tables: [table(1, 'A', 'C', won(0, [7, 5])), table(2, 'B', 'D', won(1, [1, 8]))] }
]

// Event 2: four players, two rounds, everyone on 3 points and 6 opponents' score.
// R1: A beats B 5:4; Y beats X 4:4 (X is table's first). R2: X beats A 4:4; B beats Y 5:4.
// Points destroyed: A 5+4 = 9; B 4+5 = 9; X 4+4 = 8; Y 4+4 = 8: A and B above X and Y.
// Head to head among exactly the level pairs, who met: A beat B (A 3, B 0); Y beat X (Y 3, X 0).
// Ranks: A 1, B 2, Y 3, X 4.
const four = ['A', 'B', 'X', 'Y'].map((id) => player(id))
const fourRounds: RoundRecord[] = [
  { round: 1, tables: [table(1, 'A', 'B', won(0, [5, 4])), table(2, 'X', 'Y', won(1, [4, 4]))] },
  { round: 2, tables: [table(1, 'X', 'A', won(0, [4, 4])), table(2, 'B', 'Y', won(0, [5, 4]))] }
]

const brief = (rows: ReturnType<typeof standings>) => rows.map((r) => [r.rank, r.player, r.score])

describe('standings worked out by hand', () => {
  it('five players: a draw, byes, a dropped player, opponents score deciding A over E', () => {
    const rows = standings(five, fiveRounds, {})
    expect(brief(rows)).toEqual([
      [1, 'D', 7],
      [2, 'A', 6],
      [3, 'E', 6],
      [4, 'B', 3],
      [5, 'C', 1]
    ])
    expect(Object.fromEntries(rows.map((r) => [r.player, r.tiebreaks]))).toEqual({
      A: { opponentsScore: 10, pointsDestroyed: 20, headToHead: 0 },
      B: { opponentsScore: 14, pointsDestroyed: 13, headToHead: 0 },
      C: { opponentsScore: 16, pointsDestroyed: 13, headToHead: 0 },
      D: { opponentsScore: 4, pointsDestroyed: 14, headToHead: 0 },
      E: { opponentsScore: 6, pointsDestroyed: 9, headToHead: 0 }
    })
    // The tie-breaks are listed in the profile's order.
    expect(Object.keys(rows[0].tiebreaks)).toEqual(['opponentsScore', 'pointsDestroyed', 'headToHead'])
  })

  it("the profile's order: head to head alone puts E (who beat A) above A", () => {
    const rows = standings(five, fiveRounds, { tiebreaks: ['headToHead'] })
    expect(brief(rows).slice(0, 3)).toEqual([
      [1, 'D', 7],
      [2, 'E', 6],
      [3, 'A', 6]
    ])
    expect(rows[1].tiebreaks).toEqual({ headToHead: 3 })
    expect(rows[2].tiebreaks).toEqual({ headToHead: 0 })
  })

  it('four players level on score and opponents score: points destroyed, then head to head among the pair', () => {
    const rows = standings(four, fourRounds, {})
    expect(brief(rows)).toEqual([
      [1, 'A', 3],
      [2, 'B', 3],
      [3, 'Y', 3],
      [4, 'X', 3]
    ])
    expect(rows.map((r) => r.tiebreaks)).toEqual([
      { opponentsScore: 6, pointsDestroyed: 9, headToHead: 3 },
      { opponentsScore: 6, pointsDestroyed: 9, headToHead: 0 },
      { opponentsScore: 6, pointsDestroyed: 8, headToHead: 3 },
      { opponentsScore: 6, pointsDestroyed: 8, headToHead: 0 }
    ])
  })

  it('head to head counts only when all the level players met: four level who did not all meet share rank 1', () => {
    const rows = standings(four, fourRounds, { tiebreaks: ['headToHead'] })
    // A-B, X-Y, X-A and B-Y met; A-Y and B-X did not: head to head is 0 for all four.
    expect(rows.map((r) => [r.rank, r.tiebreaks.headToHead])).toEqual([
      [1, 0],
      [1, 0],
      [1, 0],
      [1, 0]
    ])
    // Shared ranks are listed by name.
    expect(rows.map((r) => r.player)).toEqual(['A', 'B', 'X', 'Y'])
  })

  it('a rank after a shared one skips (1, 1, 3), and a table without its result counts nothing yet', () => {
    // R1 played; R2 paired, its results not in. A beat B 5:4 and C beat D 5:4: A and C level on all.
    const abcd = ['A', 'B', 'C', 'D'].map((id) => player(id))
    const rounds: RoundRecord[] = [
      { round: 1, tables: [table(1, 'A', 'B', won(0, [5, 4])), table(2, 'C', 'D', won(0, [5, 4]))] },
      { round: 2, tables: [table(1, 'A', 'C'), table(2, 'B', 'D')] }
    ]
    expect(brief(standings(abcd, rounds, {}))).toEqual([
      [1, 'A', 3],
      [1, 'C', 3],
      [3, 'B', 0],
      [3, 'D', 0]
    ])
  })
})

describe('scoring as the profile says', () => {
  it('numbers: win, draw and loss points, and a bye worth what byeScore says', () => {
    const scoring = { win: 2, draw: 1, loss: 0, byeScore: 1 }
    expect(scoreOf(won(0), 0, scoring)).toBe(2)
    expect(scoreOf(won(0), 1, scoring)).toBe(0)
    expect(scoreOf(won(null), 1, scoring)).toBe(1)
    expect(byeScoreOf(scoring)).toBe(1)
    // Event 1 under 2/1/0 with a bye worth 1: A 2+0+2 = 4; B 2; C 1; D 1+1+2 = 4; E 1+2 = 3.
    // A and D level on 4: opponents' score A: B2+E3+C1 = 6; D: C1+B2 = 3. A first.
    expect(brief(standings(five, fiveRounds, { scoring }))).toEqual([
      [1, 'A', 4],
      [2, 'D', 4],
      [3, 'E', 3],
      [4, 'B', 2],
      [5, 'C', 1]
    ])
  })

  it('a formula over the result: 3 for a win, 1 for a draw, plus the points destroyed', () => {
    const formula = { '+': [{ if: [{ var: 'won' }, 3, { var: 'drawn' }, 1, 0] }, { var: 'destroyed' }] }
    expect(scoreOf(won(1, [3, 9]), 1, { formula })).toBe(12)
    expect(scoreOf(won(1, [3, 9]), 0, { formula })).toBe(3)
    // With no score given, nothing destroyed; a bye is the formula over a win with nothing destroyed.
    expect(scoreOf(won(null), 0, { formula })).toBe(1)
    expect(byeScoreOf({ formula })).toBe(3)
    // lostPoints reads what the opponent destroyed.
    expect(scoreOf(won(0, [10, 4]), 0, { formula: { '-': [10, { var: 'lostPoints' }] } })).toBe(6)
    // Event 2: A 3+5 + 0+4 = 12; B 0+4 + 3+5 = 12; X 0+4 + 3+4 = 11; Y 3+4 + 0+4 = 11.
    // Opponents' score: A: B12+X11 = 23; B: A12+Y11 = 23; X: Y11+A12 = 23; Y: X11+B12 = 23.
    // Destroyed A 9, B 9 over X 8, Y 8; head to head A beat B (3+5 = 8 to 4), Y beat X (3+4 = 7 to 4).
    const rows = standings(four, fourRounds, { scoring: { formula } })
    expect(brief(rows)).toEqual([
      [1, 'A', 12],
      [2, 'B', 12],
      [3, 'Y', 11],
      [4, 'X', 11]
    ])
    expect(rows[0].tiebreaks).toEqual({ opponentsScore: 23, pointsDestroyed: 9, headToHead: 8 })
  })

  it('a formula that cannot be read is said in words', () => {
    expect(scoringProblem({ formula: { nope: [1] } })).toMatch(/scoring formula cannot be read/)
    expect(() => standings(five, fiveRounds, { scoring: { formula: { nope: [1] } } })).toThrow(ScoringError)
    expect(scoringProblem({ win: 3 })).toBeNull()
    expect(scoringProblem(undefined)).toBeNull()
  })
})

describe('the event profile schema (real ajv)', () => {
  const validate = ajvValidators(schemaId('event.schema.json'))
  const base = { format: 'muster-event', version: 1, name: 'Open', ruleset: 'triumph' }
  it('takes the event-day fields, all optional', () => {
    expect(validate(base)).toBe(true)
    expect(
      validate({
        ...base,
        scoring: { win: 3, draw: 1, loss: 0, byeScore: 3 },
        tiebreaks: ['pointsDestroyed', 'headToHead'],
        rounds: 5,
        constraints: { clubApart: true, countryApart: false, fixedTables: [{ player: 'Ann', table: 1 }] },
        players: [{ name: 'Ann', club: 'Hoplites', country: 'GR' }]
      })
    ).toBe(true)
    expect(validate({ ...base, scoring: { formula: { var: 'destroyed' }, byeScore: 2 } })).toBe(true)
  })
  it('refuses a formula beside points, an unknown tie-break, no rounds', () => {
    expect(validate({ ...base, scoring: { formula: { var: 'destroyed' }, win: 3 } })).toBe(false)
    expect(validate({ ...base, tiebreaks: ['coinToss'] })).toBe(false)
    expect(validate({ ...base, rounds: 0 })).toBe(false)
    expect(validate({ ...base, constraints: { fixedTables: [{ player: 'Ann' }] } })).toBe(false)
  })
})
