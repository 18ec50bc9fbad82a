// Event day's round-2 calls through the app's handlers and the real dispatch (every argument checked
// by ajv against the contract): createEvent with the rosters chosen (all or nothing), updateEventProfile,
// reinstateEventPlayer, a result's refusal code 'has-result' and its warning, the standings rows every
// view shows and what they stand after; a score past the shared result schema refused at the door.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appDispatch, type AppDispatch } from '../support/app-dispatch'
import { example, SIXTEEN_CUP, writeEventFiles } from '../support/sixteen-cup'
import { appCalls, appHome } from '../support/app-calls'
import { openLibrary, type Library } from '../../src-main/store'
import type { EventDayState, EventDaySummary } from '../../src-main/services/event-day-types'

const { temp, home } = appHome('muster-event-day-r2-ipc-')

let dir: string
let lib: Library
let app: AppDispatch

const { ok, refused } = appCalls(() => app)
const file = (path: string) => ({ path: join(dir, path), name: path.split('/').pop()! })
const four = () => ['Ann', 'Bob', 'Cy', 'Dee'].map((p) => file(`rosters/${p}.json`))

beforeAll(async () => {
  dir = temp()
  writeEventFiles(dir)
  writeFileSync(join(dir, 'no-player.json'), JSON.stringify(example('triumph-legal.muster.json')))
  lib = await openLibrary(join(dir, 'library.sqlite'))
  app = appDispatch(lib.db, { settingsFile: join(home, 'settings.json') })
})
afterAll(() => lib?.close())

describe('event day round 2 through the app', () => {
  it('creates the event with its rosters in one change, or nothing at all', async () => {
    expect(await refused('createEvent', SIXTEEN_CUP, [...four(), file('no-player.json')])).toEqual({
      code: 'refused',
      message: "no-player.json: the roster names no player: its 'player' field says who fields it: no roster was entered"
    })
    expect(await ok<EventDaySummary[]>('listEvents')).toEqual([])
    expect(await refused('createEvent', { ...SIXTEEN_CUP, ruleset: 'chess' }, four())).toMatchObject({
      message: expect.stringMatching(/knows no ruleset 'chess'/)
    })
    const made = await ok<{ id: string; entered: { entered: Array<{ player: string }> } }>('createEvent', SIXTEEN_CUP, four())
    expect(made.entered.entered.map((e) => e.player)).toEqual(['Ann', 'Bob', 'Cy', 'Dee'])
    expect(await ok<{ id: string; entered?: unknown }>('createEvent', { ...SIXTEEN_CUP, name: 'Bare' })).toEqual({ id: expect.any(String) })
  })

  it('pairs, records, warns when a later round was paired on a replaced result; standings rows for every view', async () => {
    const id = (await ok<EventDaySummary[]>('listEvents')).find((e) => e.name === 'Sixteen Cup')!.id
    const state = () => ok<EventDayState>('getEventDay', id)
    expect((await state()).standingsAfter).toBeNull()
    const r1 = await ok<{ tables: Array<{ table: number; players: string[] }> }>('pairEventRound', id)
    for (const t of r1.tables) await ok('recordEventResult', id, { round: 1, table: t.table, winner: t.players[0], score: [5, 1] })
    expect(await refused('recordEventResult', id, { round: 1, table: 1, winner: 'draw' })).toEqual({
      code: 'has-result',
      message: 'table 1 of round 1 already has a result (typed): replace it to change it'
    })
    // the shared result schema (services/event-result-schema.ts) refuses an absurd score at the door
    expect((await refused('recordEventResult', id, { round: 1, table: 1, winner: 'draw', score: [2e6, 0], replace: true })).code).not.toBe('refused')
    await ok('pairEventRound', id)
    const replaced = await ok<{ warning?: string }>('recordEventResult', id, { round: 1, table: 1, winner: 'draw', replace: true })
    expect(replaced.warning).toBe('round 2 was paired on the old result: its pairings stay as they were')
    const s = await state()
    expect(s.standingsAfter).toEqual({ round: 1, resultsIn: 2, tables: 2 })
    const winner = r1.tables[1].players[0]
    expect(s.standings.find((r) => r.player === winner)).toMatchObject({ score: 3, won: 1, drawn: 0, lost: 0, dropped: false, armyTitle: expect.any(String) })
    expect(s.standings.find((r) => r.player === r1.tables[0].players[0])).toMatchObject({ score: 1, won: 0, drawn: 1, lost: 0 })
  })

  it('changes the profile and reinstates a dropped player', async () => {
    const id = (await ok<EventDaySummary[]>('listEvents')).find((e) => e.name === 'Sixteen Cup')!.id
    const changed = await ok<EventDayState>('updateEventProfile', id, { ...SIXTEEN_CUP, name: 'Sixteen Cup (final)', rounds: 4 })
    expect(changed).toMatchObject({ name: 'Sixteen Cup (final)', profile: { rounds: 4 } })
    expect(changed.rounds).toHaveLength(2)
    expect(await refused('updateEventProfile', id, example('triumph-legal.muster.json'))).toEqual({
      code: 'refused',
      message: 'this is a roster, not an event profile (an event profile has format muster-event)'
    })
    expect(await refused('reinstateEventPlayer', id, 'Ann')).toEqual({ code: 'refused', message: 'Ann has not dropped: there is nothing to reinstate' })
    await ok('dropEventPlayer', id, 'Ann')
    expect((await ok<EventDayState>('getEventDay', id)).standings.find((r) => r.player === 'Ann')?.dropped).toBe(true)
    expect(await ok('reinstateEventPlayer', id, 'Ann')).toEqual({ player: 'Ann' })
    expect((await ok<EventDayState>('getEventDay', id)).players.find((p) => p.name === 'Ann')?.status).toBe('active')
  })
})
