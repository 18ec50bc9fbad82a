// Event day through the app's handlers (src-main/ipc/event-day-handlers.ts) and the real dispatch as
// main.ts makes it (support/app-dispatch.ts: every argument checked by ajv against the contract): the
// 16-player, 5-round event of the CLI's test (support/event-day.ts). Rosters entered from the files the
// organiser chose (read by the main process), an illegal one held back with its reasons, overridden,
// then fixed; one more held back to the end and never paired; a late joiner, two drops, byes never twice,
// no rematch, score groups kept; results typed and from a slip, a forged slip refused; every refusal in
// words and nothing written; standings worked out by hand; a sheet printed and saved, the page published,
// the results page served and stopped; the event listed and deleted.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDispatch, type AppDispatch } from '../support/app-dispatch'
import { tempDialogs, type TempDialogs } from '../support/file-dialogs'
import { byesWithoutRematch, example, NAMES, SIXTEEN_CUP, slipGame, writeEventFiles } from '../support/sixteen-cup'
import { appCalls, appHome } from '../support/app-calls'
import { openLibrary, type Library } from '../../src-main/store'
import { gameResultCode, scoreGameFile } from '../../src-main/services/game-file'
import type { Channel } from '../../src-main/ipc/contract'
import type { EventDayState, EventDaySummary } from '../../src-main/services/event-day-types'

const { temp, home } = appHome('muster-event-day-ipc-')

let dir: string
let lib: Library
let app: AppDispatch
let id: string
let dialogs: TempDialogs

const { ok, refused } = appCalls(() => app)
const state = () => ok<EventDayState>('getEventDay', id)
const file = (path: string) => ({ path: join(dir, path), name: path.split('/').pop()! })
/** A slip's code as game day makes it: the game scored by the game service, then its result code. */
const slipOf = (a: string, b: string, forged = false) => gameResultCode(scoreGameFile(app.engine(), slipGame(dir, a, b, forged)))

beforeAll(async () => {
  dir = temp()
  writeEventFiles(dir)
  // Rex's illegal roster stays held back all event: never paired, never in the standings
  writeFileSync(join(dir, 'rex.json'), JSON.stringify({ ...example('triumph-illegal.muster.json'), player: 'Rex' }))
  lib = await openLibrary(join(dir, 'library.sqlite'))
  dialogs = tempDialogs(join(dir, 'saved'))
  app = appDispatch(lib.db, { settingsFile: join(home, 'settings.json'), dialogs })
})
afterAll(() => lib?.close())

/** Every open table of a round given a typed result: on odd tables the second player wins, on even ones the first; the winner destroyed 4 + table % 3, the loser 1. */
async function finishRound(round: number): Promise<void> {
  for (const t of (await state()).rounds[round - 1].tables) {
    if (t.players.length < 2 || t.result !== null) continue
    const winner = t.table % 2
    const score = winner === 0 ? [4 + (t.table % 3), 1] : [1, 4 + (t.table % 3)]
    await ok('recordEventResult', id, { round, table: t.table, winner: t.players[winner], score })
  }
}

/** Each player's score before each round, worked by hand: 3 for a win or a bye, 1 for a draw. */
function scoresBefore(s: EventDayState, round: number): Map<string, number> {
  const score = new Map<string, number>()
  const add = (p: string, n: number) => score.set(p, (score.get(p) ?? 0) + n)
  for (const r of s.rounds.slice(0, round - 1))
    for (const t of r.tables) {
      t.players.forEach((p) => add(p, 0))
      if (t.players.length === 1) add(t.players[0], 3)
      else if (t.result?.winner === null) t.players.forEach((p) => add(p, 1))
      else if (t.result) add(t.players[t.result.winner], 3)
    }
  return score
}

describe('event day through the app, a 16-player event', () => {
  it('is made from its profile, a bad one refused in words; listed; says it has no one to pair', async () => {
    const bad = await refused('createEvent', { format: 'muster-event', version: 1, ruleset: 'triumph' })
    expect(bad).toMatchObject({ code: 'refused', message: expect.stringMatching(/^not a Muster event profile: .*name/) })
    id = (await ok<{ id: string }>('createEvent', { ...SIXTEEN_CUP, rounds: 5 })).id
    expect(await ok<EventDaySummary[]>('listEvents')).toEqual([
      { id, name: 'Sixteen Cup', ruleset: 'triumph', players: 0, rounds: 0, roundsComplete: 0, updatedAt: expect.any(String) }
    ])
    const s = await state()
    expect(s).toMatchObject({ id, name: 'Sixteen Cup', players: [], rounds: [], standings: [], profile: { ...SIXTEEN_CUP, rounds: 5 } })
    expect(s.next).toEqual({ canPair: false, why: 'Only 0 players can be paired (held and dropped players are not)' })
    // the standings report's headings, in the profile's order (here the default)
    expect(s.tiebreaks).toEqual([
      { id: 'opponentsScore', label: "opponents' score" },
      { id: 'pointsDestroyed', label: 'points destroyed' },
      { id: 'headToHead', label: 'head to head' }
    ])
  })

  it('enters the rosters all or none; illegal ones held back with reasons; an override, then a fixed roster', async () => {
    const rosters = readdirSync(join(dir, 'rosters')).map((f) => file(`rosters/${f}`))
    writeFileSync(join(dir, 'broken.json'), '{ "player": ')
    const broken = await refused('enterEventRosters', id, [...rosters, file('broken.json')])
    expect(broken).toMatchObject({ code: 'refused', message: expect.stringMatching(/^broken\.json.*no roster was entered$/) })
    expect((await state()).players).toEqual([])

    const { entered } = await ok<{ entered: Array<{ player: string; status: string; reasons?: string[] }> }>('enterEventRosters', id, [
      ...rosters,
      file('rex.json')
    ])
    expect(entered.map((e) => e.player).sort()).toEqual([...NAMES, 'Rex'].sort())
    expect(entered.filter((e) => e.status === 'held').map((e) => e.player)).toEqual(['Pam', 'Rex'])
    const pam = (await state()).players.find((p) => p.name === 'Pam')!
    expect(pam).toMatchObject({ status: 'held', overridden: false, revision: 1, heldReasons: [expect.stringMatching(/BC/)] })
    expect(pam).not.toHaveProperty('roster')
    expect((await state()).next).toEqual({ canPair: true, why: 'Pair round 1' })

    expect(await ok('overrideEventPlayer', id, 'pam')).toEqual({ player: 'Pam' })
    expect((await state()).players.find((p) => p.name === 'Pam')).toMatchObject({ status: 'active', overridden: true })
    expect(await refused('overrideEventPlayer', id, 'Pam')).toEqual({ code: 'refused', message: "Pam's roster is not held back: there is nothing to override" })
    expect(await refused('dropEventPlayer', id, 'Zed')).toEqual({ code: 'refused', message: "no player called 'Zed' in this event: did you mean 'Ned'?" })
    // the fixed roster: revision 2, legal, the override no longer needed
    const fixed = await ok<{ entered: unknown[] }>('enterEventRosters', id, [file('fixed.json')])
    expect(fixed.entered).toEqual([{ player: 'Pam', id: pam.id, status: 'active', revision: 2 }])
    expect((await state()).players.find((p) => p.name === 'Pam')).toMatchObject({ status: 'active', overridden: false, revision: 2 })
    expect((await state()).players.find((p) => p.name === 'Pam')).not.toHaveProperty('heldReasons')
  })

  it('pairs round 1: 8 tables of player names, every active player once, the held one not', async () => {
    const paired = await ok<{ round: number; tables: Array<{ players: string[]; why: string }> }>('pairEventRound', id)
    expect(paired.round).toBe(1)
    expect(paired.tables).toHaveLength(8)
    expect(paired.tables.flatMap((t) => t.players).sort()).toEqual([...NAMES].sort())
    const s = await state()
    expect(s.rounds[0]).toMatchObject({ round: 1, open: 8, pairedAt: expect.any(String) })
    expect(s.rounds[0].tables.map((t) => t.players)).toEqual(paired.tables.map((t) => t.players))
    for (const t of s.rounds[0].tables) expect(t).toMatchObject({ result: null, resultSource: null, resultAt: null, why: expect.stringMatching(/\S/) })
    expect(s.next).toEqual({ canPair: false, why: 'Round 1 has 8 tables without a result (1, 2, 3, 4, 5, 6, 7, 8): enter them first' })
  })

  it('refuses bad results and bad arguments in words, writing nothing', async () => {
    const before = (await ok<EventDaySummary[]>('listEvents'))[0].updatedAt
    const [a, b] = (await state()).rounds[0].tables[0].players
    // the contract's checks, before any handler runs
    for (const [args, says] of [
      [[id, { round: 0, table: 1, winner: a }], /^recordEventResult: \/1\/round must be >= 1$/],
      [[id, { round: 1, table: 1, winner: a, by: 'me' }], /must NOT have additional properties/],
      [[id, { round: 1, table: 1, winner: a, score: [-1, 2] }], /\/1\/score\/0 must be >= 0/],
      [[id], /^recordEventResult: arguments must NOT have fewer than 2 items$/],
      [[id, { round: 1, table: 1 }, 'extra'], /must NOT have more than 2 items/]
    ] as const)
      expect(await refused('recordEventResult', ...args)).toEqual({ code: 'bad-arguments', message: expect.stringMatching(says) })
    expect(await refused('getEventDay', '')).toMatchObject({ code: 'bad-arguments', message: expect.stringMatching(/must NOT have fewer than 1 characters/) })
    expect(await refused('nope' as Channel)).toEqual({ code: 'unknown-channel', message: 'No such call: nope' })
    // the event's own refusals
    for (const [input, says] of [
      [{ round: 1, table: 9, winner: a }, 'round 1 has no table 9 (its tables are 1-8)'],
      [{ round: 2, table: 1, winner: a }, 'round 2 is not paired yet (the event has paired round 1)'],
      [{ round: 1, table: 1, winner: 'Nobody' }, `Nobody is not at table 1 of round 1 (${a} v ${b})`],
      [{ round: 1, table: 1 }, 'say who won (a player at the table) or draw'],
      [{ round: 1, table: 1, winner: a, slip: 'MR1.x' }, 'a slip carries its own result: give the slip, or who won (and the score), not both']
    ] as const)
      expect(await refused('recordEventResult', id, input)).toEqual({ code: 'refused', message: says })
    expect(await refused('recordEventResult', id, { round: 1, table: 1, slip: 'MR1.garbage' })).toMatchObject({ code: 'slip-refused' })
    expect(await refused('pairEventRound', id)).toEqual({
      code: 'refused',
      message: 'round 1 has 8 tables without a result (1, 2, 3, 4, 5, 6, 7, 8): enter them first'
    })
    expect(await refused('getEventDay', 'no-such-event')).toEqual({ code: 'invalid', message: "no event with id 'no-such-event' in the library" })
    expect((await ok<EventDaySummary[]>('listEvents'))[0].updatedAt).toBe(before)

    // one result, then a second needs replace
    expect(await ok('recordEventResult', id, { round: 1, table: 1, winner: a, score: [4, 1] })).toEqual({
      round: 1,
      table: 1,
      players: [a, b],
      result: { winner: 0, score: [4, 1] }
    })
    expect(await refused('recordEventResult', id, { round: 1, table: 1, winner: 'draw' })).toMatchObject({
      message: expect.stringMatching(/already has a result/)
    })
    await ok('recordEventResult', id, { round: 1, table: 1, winner: 'draw', replace: true })
    const table1 = (await state()).rounds[0].tables[0]
    expect(table1).toMatchObject({ result: { winner: null }, resultSource: 'typed', resultAt: expect.any(String) })
    expect((await state()).rounds[0].open).toBe(7)
  })

  it('round 2: a late joiner paired, one bye that takes no result; a slip accepted, a forged one refused', async () => {
    await finishRound(1)
    const late = await ok<{ entered: unknown[] }>('enterEventRosters', id, [file('late.json')])
    expect(late.entered).toEqual([{ player: 'Quin', id: expect.any(String), status: 'active', revision: 1 }])
    expect((await state()).players.find((p) => p.name === 'Quin')).toMatchObject({ joinedRound: 2 })
    expect((await state()).next).toEqual({ canPair: true, why: 'Pair round 2' })
    expect((await ok<{ round: number }>('pairEventRound', id)).round).toBe(2)
    const tables = (await state()).rounds[1].tables
    const bye = tables.find((t) => t.players.length === 1)!
    expect(tables.filter((t) => t.players.length === 1)).toHaveLength(1)
    expect(tables.flatMap((t) => t.players)).toContain('Quin')
    expect(await refused('recordEventResult', id, { round: 2, table: bye.table, winner: bye.players[0] })).toEqual({
      code: 'refused',
      message: `table ${bye.table} of round 2 is ${bye.players[0]}'s bye: it takes no result`
    })
    const [a, b] = tables[0].players
    const forged = await refused('recordEventResult', id, { round: 2, table: 1, slip: slipOf(a, b!, true) })
    expect(forged).toMatchObject({ code: 'slip-refused', message: expect.stringMatching(/matches no roster this event holds/) })
    expect((await state()).rounds[1].tables[0].result).toBeNull()
    // the slip names b first: the result is put in the table's order
    const done = await ok<{ result: { winner: number; slip: string } }>('recordEventResult', id, { round: 2, table: 1, slip: slipOf(b!, a) })
    expect(done.result).toMatchObject({ winner: 1, slip: expect.stringMatching(/^MR1\./) })
    expect((await state()).rounds[1].tables[0]).toMatchObject({ resultSource: 'slip', result: { winner: 1 } })
    await finishRound(2)
  })

  it('five rounds, drops after rounds 2 and 3: no rematch, a bye never twice, score groups kept, standings by hand', async () => {
    expect(await ok('dropEventPlayer', id, 'Ann')).toEqual({ player: 'Ann' })
    expect(await refused('dropEventPlayer', id, 'ann')).toEqual({ code: 'refused', message: 'Ann has already dropped' })
    await ok('pairEventRound', id)
    // all but three tables of round 3: the screen says which are left
    const twos = (await state()).rounds[2].tables.filter((t) => t.players.length === 2)
    const open = twos.slice(-3).map((t) => t.table)
    for (const t of twos.filter((t) => !open.includes(t.table))) await ok('recordEventResult', id, { round: 3, table: t.table, winner: t.players[0] })
    expect((await state()).next).toEqual({ canPair: false, why: `Round 3 has 3 tables without a result (${open.join(', ')}): enter them first` })
    await finishRound(3)
    await ok('dropEventPlayer', id, 'Bob')
    for (const round of [4, 5]) {
      expect((await state()).next).toEqual({ canPair: true, why: `Pair round ${round}` })
      await ok('pairEventRound', id)
      await finishRound(round)
    }
    const s = await state()
    expect(s.next).toEqual({ canPair: true, why: 'Pair round 6 (the event plans 5)' })

    for (const r of s.rounds) expect(r.open).toBe(0)
    const byes = byesWithoutRematch(s.rounds)
    expect(new Set(byes).size).toBe(byes.length)
    expect(byes).toHaveLength(3) // rounds 2 (17 players), 4 and 5 (15)
    const seated = (from: number) => s.rounds.slice(from - 1).flatMap((r) => r.tables.flatMap((t) => t.players))
    expect(seated(3)).not.toContain('Ann')
    expect(seated(4)).not.toContain('Bob')
    expect(s.rounds[0].tables.flatMap((t) => t.players)).not.toContain('Quin')
    expect(seated(1)).not.toContain('Rex')

    // score groups kept: each later round pairs within score groups as far as the field allows. Going
    // down the groups (the bye's player left out), a player floats down past each point where the
    // players above are odd in number: that many tables across groups, no more, none across two groups.
    for (const r of s.rounds.slice(1)) {
      const score = scoresBefore(s, r.round)
      const pairs = r.tables.filter((t) => t.players.length === 2).map((t) => t.players.map((p) => score.get(p) ?? 0))
      const groups = [...new Set(pairs.flat())].sort((x, y) => y - x)
      const above = groups.slice(0, -1).map((g) => pairs.flat().filter((x) => x >= g).length)
      const across = pairs.filter(([x, y]) => x !== y)
      expect(across.length, `round ${r.round}: ${JSON.stringify(pairs)}`).toBe(above.filter((n) => n % 2 === 1).length)
      for (const [x, y] of across) expect(Math.abs(groups.indexOf(x) - groups.indexOf(y)), `round ${r.round}`).toBe(1)
    }

    // standings by hand: 3 a win or a bye, 1 a draw; opponents' score the sum of the opponents' scores
    // (a bye adds nothing); points destroyed the sum of what each destroyed (a result without a score: 0)
    const score = scoresBefore(s, 6)
    const opponents = new Map<string, number>()
    const destroyed = new Map<string, number>()
    const add = (m: Map<string, number>, p: string, n: number) => m.set(p, (m.get(p) ?? 0) + n)
    for (const r of s.rounds)
      for (const t of r.tables) {
        if (t.players.length < 2) continue
        const [a, b] = t.players as [string, string]
        add(opponents, a, score.get(b)!)
        add(opponents, b, score.get(a)!)
        add(destroyed, a, t.result?.score?.[0] ?? 0)
        add(destroyed, b, t.result?.score?.[1] ?? 0)
      }
    expect(s.standings).toHaveLength(17)
    for (const row of s.standings) {
      expect(row.score, row.player).toBe(score.get(row.player))
      expect(row.tiebreaks, row.player).toMatchObject({ opponentsScore: opponents.get(row.player) ?? 0, pointsDestroyed: destroyed.get(row.player) ?? 0 })
      expect(Object.keys(row.tiebreaks)).toEqual(s.tiebreaks.map((t) => t.id))
      expect(row.id).toBe(s.players.find((p) => p.name === row.player)!.id)
    }
    for (let i = 1; i < s.standings.length; i++) {
      expect(s.standings[i].score).toBeLessThanOrEqual(s.standings[i - 1].score)
      expect(s.standings[i].rank).toBeGreaterThanOrEqual(s.standings[i - 1].rank)
    }
    expect(s.standings.map((r) => r.player)).not.toContain('Rex')
    // dropped players keep their place
    expect(s.standings.map((r) => r.player)).toEqual(expect.arrayContaining(['Ann', 'Bob']))
    expect(s.players.filter((p) => p.status === 'dropped').map((p) => p.name)).toEqual(['Ann', 'Bob'])
  })

  it('prints a sheet Save then writes, publishes the page, serves the results page and stops it', async () => {
    const made = await ok<{ fileName: string; pdf: Uint8Array; key: string }>('eventDayPdf', id, { kind: 'pairings', round: 5 })
    expect(Buffer.from(made.pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
    const saved = await ok<{ saved: boolean; path: string }>('savePdf', made.key)
    expect(saved).toEqual({ saved: true, path: join(dialogs.folder, made.fileName) })
    expect(readFileSync(saved.path)).toEqual(Buffer.from(made.pdf))
    expect(await refused('eventDayPdf', id, { kind: 'slips', round: 0 })).toMatchObject({
      code: 'bad-arguments',
      message: expect.stringMatching(/round must be >= 1/)
    })
    const page = await ok<{ html: string; fileName: string }>('publishEvent', id)
    expect(page.html).toMatch(/Sixteen Cup/)

    const served = await ok<{ eventId: string; url: string; qr: string; lan: boolean }>('serveEventResults', id)
    expect(served).toMatchObject({
      eventId: id,
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//),
      qr: expect.stringMatching(/^data:image\/png;base64,/),
      lan: false
    })
    // a reloaded window asks what is served: the same page, its QR code made again
    expect(await ok('eventResultsServing')).toEqual(served)
    expect(await refused('eventResultsServing', id)).toMatchObject({ code: 'bad-arguments' })
    expect(await ok('stopEventResults')).toBe(true)
    expect(await ok('eventResultsServing')).toBeNull()
    expect(await ok('stopEventResults')).toBe(false)
  })

  it('lists the event with its counts, exports it whole, and deletes it and everything in it', async () => {
    const spare = (await ok<{ id: string }>('createEvent', { ...SIXTEEN_CUP, name: 'Spare' })).id
    const listed = await ok<EventDaySummary[]>('listEvents')
    expect(listed.map((e) => e.name)).toEqual(['Spare', 'Sixteen Cup'])
    // players who may still play: 15 of the 17 who played, and Rex, held back
    expect(listed[1]).toMatchObject({ id, ruleset: 'triumph', players: 16, rounds: 5, roundsComplete: 5 })

    const whole = await ok<{ format: string; event: { players: unknown[]; rounds: unknown[] }; standings: unknown[] }>('exportEventDay', id)
    expect(whole).toMatchObject({ format: 'muster-event-export', version: 1 })
    expect(whole.event.players).toHaveLength(18)
    expect(whole.event.rounds).toHaveLength(5)
    expect(whole.standings).toEqual((await state()).standings)

    expect(await ok('deleteEvent', spare)).toBe(true)
    expect(await ok('deleteEvent', spare)).toBe(false)
    expect(await ok('deleteEvent', id)).toBe(true)
    expect(await ok('listEvents')).toEqual([])
    expect(await refused('getEventDay', id)).toEqual({ code: 'invalid', message: `no event with id '${id}' in the library` })
    for (const table of ['events', 'event_players', 'event_rosters', 'event_rounds', 'event_tables'])
      expect(lib.db.prepare(`SELECT count(*) AS n FROM ${table}`).get(), table).toEqual({ n: 0 })
  })
})
