// The one standings view (event/standings-view.ts) of a five-player event worked out by hand: two
// rounds with a bye, a drop and a draw. Every rank, score, tie-break and W-D-L below is a literal
// worked on paper, never recomputed by the code under test.
//
// Round 1: t1 Ann beats Bob 4:1; t2 Cy and Dee draw 2:2; t3 Eve's bye (3 points, a win's).
// Dee drops. Round 2: t1 Eve beats Ann (Ann destroyed 3, Eve 5); t2 Bob beats Cy 4:0.
// Scores (3/1/0): Eve 6; Ann 3; Bob 3; Cy 1; Dee 1.
// Opponents' score (games only, a bye is no opponent): Ann 3+6 = 9; Bob 3+1 = 4; Cy 1+3 = 4; Dee 1; Eve 3.
// Points destroyed: Ann 4+3 = 7; Bob 1+4 = 5; Cy 2+0 = 2; Dee 2; Eve 5.
import { describe, expect, it } from 'vitest'
import { standingsView } from '../../src-main/event/standings-view'
import type { EventPlayer, RoundRecord } from '../../src-main/event/day-types'

const player = (id: string, name: string, more: Partial<EventPlayer> = {}): EventPlayer => ({
  id,
  name,
  checkCode: `CODE-${id}`,
  ruleset: 'triumph',
  army: 'army',
  armyTitle: `${name}'s army`,
  status: 'active',
  joinedRound: 1,
  ...more
})
const players = [
  player('p1', 'Ann', { club: 'Vikings', country: 'NO' }),
  player('p2', 'Bob'),
  player('p3', 'Cy'),
  player('p4', 'Dee', { status: 'dropped' }),
  player('p5', 'Eve')
]
const rounds: RoundRecord[] = [
  {
    round: 1,
    tables: [
      { table: 1, players: ['p1', 'p2'], why: '', result: { winner: 0, score: [4, 1] } },
      { table: 2, players: ['p3', 'p4'], why: '', result: { winner: null, score: [2, 2] } },
      { table: 3, players: ['p5'], why: 'bye' }
    ]
  },
  {
    round: 2,
    tables: [
      { table: 1, players: ['p1', 'p5'], why: '', result: { winner: 1, score: [3, 5] } },
      { table: 2, players: ['p2', 'p3'], why: '', result: { winner: 0, score: [4, 0] } }
    ]
  }
]

describe('standings worked out by hand', () => {
  it("the default tie-breaks: opponents' score, then points destroyed, then head to head", () => {
    const rows = standingsView(players, rounds, {})
    expect(rows.map((r) => [r.rank, r.player, r.score, r.tiebreaks.opponentsScore, r.tiebreaks.pointsDestroyed, r.tiebreaks.headToHead])).toEqual([
      [1, 'Eve', 6, 3, 5, 0],
      [2, 'Ann', 3, 9, 7, 0],
      [3, 'Bob', 3, 4, 5, 0],
      [4, 'Cy', 1, 4, 2, 0],
      [5, 'Dee', 1, 1, 2, 0]
    ])
    // what every view prints beside them: a bye is none of won, drawn and lost; Dee dropped, her results stand
    expect(rows.map((r) => [r.id, r.armyTitle, `${r.won}-${r.drawn}-${r.lost}`, r.dropped])).toEqual([
      ['p5', "Eve's army", '1-0-0', false],
      ['p1', "Ann's army", '1-0-1', false],
      ['p2', "Bob's army", '1-0-1', false],
      ['p3', "Cy's army", '0-1-1', false],
      ['p4', "Dee's army", '0-1-0', true]
    ])
    expect(rows[1]).toMatchObject({ club: 'Vikings', country: 'NO' })
    expect(rows[0]).not.toHaveProperty('club')
  })

  it('head to head first: Ann over Bob (she beat him); Cy and Dee drew theirs, so they share 4th, listed by name', () => {
    const rows = standingsView(players, rounds, { tiebreaks: ['headToHead'] })
    expect(rows.map((r) => [r.rank, r.player, r.score, r.tiebreaks.headToHead])).toEqual([
      [1, 'Eve', 6, 0],
      [2, 'Ann', 3, 3],
      [3, 'Bob', 3, 0],
      [4, 'Cy', 1, 1],
      [4, 'Dee', 1, 1]
    ])
  })

  it("the profile's scoring: a win 2, a draw 1, a bye 1; points destroyed before opponents' score", () => {
    // Eve 2 (win) + 1 (bye) = 3; Ann 2; Bob 2; Cy 1; Dee 1. Destroyed: Eve 5, Ann 7, Bob 5, Cy 2, Dee 2.
    // Opponents' score: Ann 2+3 = 5, Bob 2+1 = 3, Cy 1+2 = 3, Dee 1, Eve 2.
    const rows = standingsView(players, rounds, { scoring: { win: 2, draw: 1, loss: 0, byeScore: 1 }, tiebreaks: ['pointsDestroyed', 'opponentsScore'] })
    expect(rows.map((r) => [r.rank, r.player, r.score, r.tiebreaks.pointsDestroyed, r.tiebreaks.opponentsScore])).toEqual([
      [1, 'Eve', 3, 5, 2],
      [2, 'Ann', 2, 7, 5],
      [3, 'Bob', 2, 5, 3],
      [4, 'Cy', 1, 2, 3],
      [5, 'Dee', 1, 2, 1]
    ])
  })
})
