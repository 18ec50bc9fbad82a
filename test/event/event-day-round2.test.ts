// Event day, round 2 of its reviews (issue 41), through the one service on real SQLite files: the event
// made with its rosters in one change (all or nothing), its profile changed later (checked as at
// create, the ruleset kept once players are in), a dropped player reinstated, results judged before
// the table's own (the wrong winner said as such, a slip and a winner "not both"), door-neutral words
// with the code 'has-result', real table numbers, absurd scores, the warning when a later round was
// paired on a result replaced, a table of two dropped players that blocks nothing, player ids past a
// restore's gaps, and a second roster of one player in one batch.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { openLibrary, type Library } from '../../src-main/store'
import * as events from '../../src-main/store/events'
import { eventsProblem, restoreEvents, wholeEvent } from '../../src-main/store/event-transfer'
import * as day from '../../src-main/services/event-day'
import { publishEventPage } from '../../src-main/services/event-day-print'
import { shownStandings, standingsCsv, standingsText } from '../../src-main/event/standings-report'
import { table } from '../../src-main/cli/format'
import { bundledEngine, repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'

const tmp = tempFolders('muster-event-r2-')
const engine = bundledEngine()
const legal = JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as Record<string, unknown>
const illegal = JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-illegal.muster.json'), 'utf8')) as Record<string, unknown>
const roster = (player: string, ok = true) => ({ file: `${player}.json`, data: { ...(ok ? legal : illegal), player } })
const profile = { format: 'muster-event', version: 1, name: 'Round Two Cup', ruleset: 'triumph' }

let lib: Library
beforeEach(async () => {
  lib = await openLibrary(join(tmp(), 'library.sqlite'))
})
afterEach(() => lib.close())

const refusal = (fn: () => unknown): { message: string; code?: string } => {
  try {
    fn()
  } catch (e) {
    return { message: (e as Error).message, code: (e as { code?: string }).code }
  }
  throw new Error('not refused')
}

/** An event of `names` (legal rosters), round 1 paired. */
function paired(names: string[], more: Record<string, unknown> = {}) {
  const { id } = day.createEventWith(
    engine,
    lib.db,
    { ...profile, ...more },
    names.map((n) => roster(n))
  )
  return { id, round: day.pairRound(engine, lib.db, id) }
}

describe('an event made and changed', () => {
  it('refuses an unknown ruleset naming those Muster knows, and a roster given as a profile', () => {
    expect(refusal(() => day.createEvent(lib.db, { ...profile, ruleset: 'chess' }, engine)).message).toMatch(
      /^Muster knows no ruleset 'chess': its rulesets are .*triumph/
    )
    expect(refusal(() => day.createEvent(lib.db, legal, engine)).message).toBe(
      'this is a roster, not an event profile (an event profile has format muster-event)'
    )
    expect(refusal(() => day.createEvent(lib.db, { ...profile, scoring: { formula: { nope: [1] } } }, engine)).message).toMatch(/scoring formula/)
    expect(events.listEvents(lib.db)).toEqual([])
  })

  it('makes the event and enters its rosters in one change: a batch refused leaves no event', () => {
    expect(() => day.createEventWith(engine, lib.db, profile, [roster('Ann'), { file: 'bad.json', error: 'bad.json: not JSON' }])).toThrow(
      /^bad\.json: .*no roster was entered$/
    )
    expect(events.listEvents(lib.db)).toEqual([])
    const made = day.createEventWith(engine, lib.db, profile, [roster('Ann'), roster('Bob', false)])
    expect(made.entered?.entered.map((e) => [e.player, e.status])).toEqual([
      ['Ann', 'active'],
      ['Bob', 'held']
    ])
    expect(day.eventDayState(lib.db, made.id).players).toHaveLength(2)
  })

  it('changes the profile: the name follows, clubs follow the players list, standings the new scoring; the ruleset stays once players are in', () => {
    const { id, round } = paired(['Ann', 'Bob'])
    day.recordResult(lib.db, id, { round: 1, table: round.tables[0].table, winner: 'Ann' })
    expect(day.eventDayState(lib.db, id).standings.map((s) => [s.player, s.score])).toEqual([
      ['Ann', 3],
      ['Bob', 0]
    ])
    const state = day.updateEventProfile(engine, lib.db, id, {
      ...profile,
      name: 'Renamed Cup',
      scoring: { win: 2, draw: 1, loss: 0 },
      players: [{ name: 'ann', club: 'Vikings' }]
    })
    expect(state.name).toBe('Renamed Cup')
    expect(state.rounds).toHaveLength(1)
    expect(state.standings.map((s) => [s.player, s.score, s.club ?? null])).toEqual([
      ['Ann', 2, 'Vikings'],
      ['Bob', 0, null]
    ])
    const before = JSON.stringify(wholeEvent(lib.db, id))
    expect(refusal(() => day.updateEventProfile(engine, lib.db, id, { ...profile, ruleset: 'wrg-mk2' })).message).toMatch(
      /^the ruleset cannot change once players are entered \(2 players are entered with triumph rosters\)/
    )
    expect(refusal(() => day.updateEventProfile(engine, lib.db, id, { ...profile, ruleset: 'chess' })).message).toMatch(/knows no ruleset 'chess'/)
    expect(JSON.stringify(wholeEvent(lib.db, id))).toBe(before)
  })

  it('reinstates a dropped player from the next round, their results kept; refuses one who has not dropped', () => {
    const { id, round } = paired(['Ann', 'Bob', 'Cy', 'Dee'])
    for (const t of round.tables) day.recordResult(lib.db, id, { round: 1, table: t.table, winner: t.players[0] })
    expect(refusal(() => day.reinstatePlayer(lib.db, id, 'Ann')).message).toBe('Ann has not dropped: there is nothing to reinstate')
    day.dropPlayer(lib.db, id, 'Ann')
    expect(day.pairRound(engine, lib.db, id).tables.flatMap((t) => t.players)).not.toContain('Ann')
    expect(day.reinstatePlayer(lib.db, id, 'ann')).toEqual({ player: 'Ann', status: 'active' })
    const state = day.eventDayState(lib.db, id)
    expect(state.standings.find((s) => s.player === 'Ann')).toMatchObject({ dropped: false, won: round.tables.some((t) => t.players[0] === 'Ann') ? 1 : 0 })
    for (const t of state.rounds[1].tables) if (t.players.length === 2) day.recordResult(lib.db, id, { round: 2, table: t.table, winner: 'draw' })
    expect(day.pairRound(engine, lib.db, id).tables.flatMap((t) => t.players)).toContain('Ann')
  })

  it('reinstates a held roster as held unless the organiser had overridden it', () => {
    const { id } = day.createEventWith(engine, lib.db, profile, [roster('Ann'), roster('Bob', false)])
    day.dropPlayer(lib.db, id, 'Bob')
    expect(day.reinstatePlayer(lib.db, id, 'Bob').status).toBe('held')
  })
})

describe('a result', () => {
  it("is judged before the table's own result: a wrong winner said as such, a slip and a winner not both", () => {
    const { id, round } = paired(['Ann', 'Bob'])
    const t = round.tables[0].table
    day.recordResult(lib.db, id, { round: 1, table: t, winner: 'Ann' })
    expect(refusal(() => day.recordResult(lib.db, id, { round: 1, table: t, winner: 'Zed' })).message).toMatch(/^Zed is not at table 1 of round 1/)
    expect(refusal(() => day.recordResult(lib.db, id, { round: 1, table: t, winner: 'Ann', slip: 'MR1.x' })).message).toMatch(/not both$/)
    expect(refusal(() => day.recordResult(lib.db, id, { round: 1, table: t, winner: 'Ann', score: [1e9, 0], replace: true })).message).toMatch(
      /^a score is two numbers from 0 to 1,000,000/
    )
    expect(refusal(() => day.recordResult(lib.db, id, { round: 1, table: t, winner: 'Bob' }))).toEqual({
      message: 'table 1 of round 1 already has a result (typed): replace it to change it',
      code: 'has-result'
    })
    expect(refusal(() => day.recordResult(lib.db, id, { round: 1, table: t, winner: 'Bob', fromPhone: true })).message).toBe(
      'table 1 of round 1 already has a result (typed): only the organiser can replace it, in Muster'
    )
  })

  it("names the tables of two when a table is not there, the bye's number apart", () => {
    const { id, round } = paired(['Ann', 'Bob', 'Cy', 'Dee', 'Eve'])
    const bye = round.tables.find((t) => t.players.length === 1)!
    expect(round.tables.map((t) => t.table)).toEqual([1, 2, 3])
    expect(refusal(() => day.recordResult(lib.db, id, { round: 1, table: 9, winner: 'draw' })).message).toBe(
      `round 1 has no table 9 (its tables are ${round.tables
        .filter((t) => t !== bye)
        .map((t) => t.table)
        .join(', ')})`
    )
    expect(refusal(() => day.recordResult(lib.db, id, { round: 1, table: bye.table, winner: 'draw' })).message).toBe(
      `table ${bye.table} of round 1 is ${bye.players[0]}'s bye: it takes no result`
    )
  })

  it("names a round's real table numbers when fixed tables leave gaps", () => {
    const { id } = paired(['Ann', 'Bob', 'Cy', 'Dee'], { constraints: { fixedTables: [{ player: 'Cy', table: 10 }] } })
    const tables = day.eventDayState(lib.db, id).rounds[0].tables.map((t) => t.table)
    expect(tables).toContain(10)
    expect(refusal(() => day.recordResult(lib.db, id, { round: 1, table: 7, winner: 'draw' })).message).toBe(
      `round 1 has no table 7 (its tables are ${tables.filter((n) => n !== 10).join(', ')}, 10)`
    )
  })

  it('replaced after the next round was paired: kept, with a warning in words; the standings say what they stand after', () => {
    const { id, round } = paired(['Ann', 'Bob', 'Cy', 'Dee'])
    for (const t of round.tables) day.recordResult(lib.db, id, { round: 1, table: t.table, winner: t.players[0] })
    expect(day.eventDayState(lib.db, id).standingsAfter).toEqual({ round: 1, resultsIn: 2, tables: 2 })
    const r2 = day.pairRound(engine, lib.db, id)
    expect(day.eventDayState(lib.db, id).standingsAfter).toEqual({ round: 1, resultsIn: 2, tables: 2 })
    day.recordResult(lib.db, id, { round: 2, table: r2.tables[0].table, winner: 'draw' })
    expect(day.eventDayState(lib.db, id).standingsAfter).toEqual({ round: 2, resultsIn: 1, tables: 2 })
    const t = round.tables[0]
    const same = day.recordResult(lib.db, id, { round: 1, table: t.table, winner: t.players[0], replace: true })
    expect(same.warning).toBeUndefined()
    const changed = day.recordResult(lib.db, id, { round: 1, table: t.table, winner: t.players[1], replace: true })
    expect(changed.warning).toBe('round 2 was paired on the old result: its pairings stay as they were')
    expect(events.eventRounds(lib.db, id)[0].tables[0].result).toEqual({ winner: 1 })
  })
})

describe('byes in the standings', () => {
  it("count once their round is paired, and the standings then stand after that round: 'after round 2: 0 of 2 results in', '+1 bye'", () => {
    const { id, round } = paired(['Ann', 'Bob', 'Cy', 'Dee', 'Eve'])
    for (const t of round.tables) if (t.players.length === 2) day.recordResult(lib.db, id, { round: 1, table: t.table, winner: t.players[0] })
    const first = round.tables.find((t) => t.players.length === 1)!.players[0]
    expect(day.eventDayState(lib.db, id).standingsAfter).toEqual({ round: 1, resultsIn: 2, tables: 2 })
    const r2 = day.pairRound(engine, lib.db, id)
    const second = r2.tables.find((t) => t.players.length === 1)!.players[0]
    expect(second).not.toBe(first)
    const state = day.eventDayState(lib.db, id)
    // round 2's bye already scores: the standings are after round 2, none of its results in
    expect(state.standingsAfter).toEqual({ round: 2, resultsIn: 0, tables: 2 })
    const row = (name: string) => state.standings.find((r) => r.player === name)!
    expect(row(first)).toMatchObject({ byes: 1, won: 0, drawn: 0, lost: 0, score: 3 })
    const won = round.tables.some((t) => t.players.length === 2 && t.players[0] === second) ? 1 : 0
    expect(row(second)).toMatchObject({ byes: 1, won, drawn: 0, lost: 1 - won, score: 3 + 3 * won })
    expect(state.standings.reduce((n, r) => n + r.byes, 0)).toBe(2)
    const shown = shownStandings(state)
    const text = standingsText(shown, table)
    expect(text).toMatch(/^After round 2: 0 of 2 results in\n/)
    expect(text).toMatch(new RegExp(`^\\d +${second} +.* ${won}-0-${1 - won} \\+1 bye +${3 + 3 * won}\\b`, 'm'))
    expect(standingsCsv(shown)).toMatch(new RegExp(`\r\n\\d,${second},,,[^,]*,${won},0,${1 - won},1,no,${3 + 3 * won},`))
    expect(publishEventPage(engine, lib.db, id).html).toContain('After round 2: 0 of 2 results in. W-D-L: games won, drawn and lost; a bye is none of them')
  })
})

describe('dropped players and ids', () => {
  it('a table whose two players both dropped blocks no pairing and needs no result', () => {
    const { id, round } = paired(['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay'])
    const [open, ...others] = round.tables
    for (const t of others) day.recordResult(lib.db, id, { round: 1, table: t.table, winner: t.players[0] })
    day.dropPlayer(lib.db, id, open.players[0])
    expect(day.eventDayState(lib.db, id).next).toEqual({ canPair: false, why: `Round 1 has a table without a result (${open.table}): enter it first` })
    day.dropPlayer(lib.db, id, open.players[1]!)
    const state = day.eventDayState(lib.db, id)
    expect(state.next.canPair).toBe(true)
    expect(state.rounds[0].open).toBe(0)
    expect(day.listEventDays(lib.db)[0].roundsComplete).toBe(1)
    expect(
      day
        .pairRound(engine, lib.db, id)
        .tables.flatMap((t) => t.players)
        .sort()
    ).toEqual(others.flatMap((t) => t.players).sort())
  })

  it('gives a new player an id past the highest a restored event holds; a backup with one id twice is refused', async () => {
    const { id } = day.createEventWith(engine, lib.db, profile, [roster('Ann'), roster('Bob')])
    const whole = wholeEvent(lib.db, id)
    const gappy = { ...whole, id: '11111111-2222-3333-4444-555555555555', players: whole.players.map((p, i) => ({ ...p, id: i === 0 ? 'p1' : 'p5' })) }
    restoreEvents(lib.db, [gappy])
    expect(day.enterRosters(engine, lib.db, gappy.id, [roster('Cy')]).entered[0].id).toBe('p6')
    const twice = { ...whole, players: whole.players.map((p) => ({ ...p, id: 'p1' })) }
    expect(eventsProblem([twice])).toBe("/events/0/players/1: the id 'p1' of an earlier player")
  })

  it("two rosters of one player in one batch, or across batches, are that player's revisions", () => {
    const { id } = day.createEventWith(engine, lib.db, profile, [roster('Ann', false), roster('ann')])
    expect(events.eventPlayers(lib.db, id).map((p) => [p.name, p.revision, p.status])).toEqual([['Ann', 2, 'active']])
    day.enterRosters(engine, lib.db, id, [roster('ANN', false)])
    expect(events.eventPlayers(lib.db, id).map((p) => [p.name, p.revision, p.status])).toEqual([['Ann', 3, 'held']])
  })
})
