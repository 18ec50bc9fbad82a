// Records from the games kept in the library: a roster's and a player's (games, wins, losses, draws,
// counted from finished games only, on either side), the library's list showing them and filtering by
// them (played, won), the history, and `muster record`'s reading of a name; over a real library
// file, through the app's IPC dispatch where the app calls them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as store from '../../src-main/store'
import * as games from '../../src-main/services/games'
import type { Dispatch } from '../../src-main/ipc/handlers'
import type { RosterDocument } from '../../src-main/store'
import { repoRoot } from '../support/engine'
import { testLibrary } from '../support/library'
import { musterHere } from '../support/cli'
import { fixtureSheet } from '../components/play-fixture'

let t: Awaited<ReturnType<typeof testLibrary>>
let dispatch: Dispatch
const ids: Record<'a' | 'b' | 'c' | 'idle', string> = { a: '', b: '', c: '', idle: '' }

const roster = (name: string): RosterDocument => ({
  ...(JSON.parse(readFileSync(join(repoRoot, 'examples', 'wrg-1969-legal.muster.json'), 'utf8')) as RosterDocument),
  name
})

/** A game of the fixture sheet between two library rosters (or none), finished with the players' result unless `winner` is 'playing'. */
function game(r: [string | null, string | null], players: [string | null, string | null], winner: 0 | 1 | null | 'playing'): string {
  const db = t.lib.db
  const id = store.games.createGame(db, { ruleset: 'test-rules', sheet: fixtureSheet(), rosterIds: r, players })
  games.tap(db, id, { kind: 'loss', side: 0, unit: 0, delta: 1 })
  if (winner !== 'playing') games.finishGame(db, id, { winner })
  return id
}

beforeAll(async () => {
  t = await testLibrary()
  dispatch = t.dispatch
  for (const [key, name] of [
    ['a', 'Legio Alpha'],
    ['b', 'Legio Beta'],
    ['c', 'Legio Gamma'],
    ['idle', 'Legio Otiosa']
  ] as const)
    ids[key] = store.createRoster(t.lib.db, roster(name)).id
  game([ids.a, ids.b], ['Ann', 'Bob'], 0) // A beats B
  game([ids.b, ids.a], ['Bob', 'ann'], 0) // B beats A
  game([ids.a, null], ['Ann', 'Cleo'], null) // A draws with a file
  game([ids.c, ids.a], [null, 'ANN'], 1) // A beats C, as side 2
  game([ids.b, ids.c], ['Bob', null], 'playing') // not finished: in no record
})
afterAll(() => t.dispose())

describe('records', () => {
  it("a roster's counts its finished games on either side", async () => {
    expect(await dispatch('gameRecord', [{ roster: ids.a }])).toEqual({ ok: true, value: { games: 4, wins: 2, losses: 1, draws: 1 } })
    expect(games.recordForRoster(t.lib.db, ids.b)).toEqual({ games: 2, wins: 1, losses: 1, draws: 0 })
    expect(games.recordForRoster(t.lib.db, ids.c)).toEqual({ games: 1, wins: 0, losses: 1, draws: 0 })
    expect(games.recordForRoster(t.lib.db, ids.idle)).toEqual({ games: 0, wins: 0, losses: 0, draws: 0 })
    expect(await dispatch('gameRecord', [{ roster: 'no-such-roster' }])).toMatchObject({ ok: false, error: { code: 'not-found' } })
  })

  it("a player's, by name with case aside", () => {
    expect(games.recordForPlayer(t.lib.db, ' ann ')).toEqual({ games: 4, wins: 2, losses: 1, draws: 1 })
    expect(games.recordForPlayer(t.lib.db, 'Bob')).toEqual({ games: 2, wins: 1, losses: 1, draws: 0 })
    expect(games.recordForPlayer(t.lib.db, 'Cleo')).toEqual({ games: 1, wins: 0, losses: 0, draws: 1 })
    expect(games.recordForPlayer(t.lib.db, 'Nobody')).toEqual({ games: 0, wins: 0, losses: 0, draws: 0 })
  })

  it('muster record reads a name as a roster (id, its start, or name) before a player, and says when it is neither', () => {
    expect(games.recordFor(t.lib.db, ids.b.slice(0, 8))).toMatchObject({ of: 'roster', id: ids.b, name: 'Legio Beta', record: { games: 2 } })
    expect(games.recordFor(t.lib.db, 'legio gamma')).toMatchObject({ of: 'roster', id: ids.c, record: { games: 1, losses: 1 } })
    expect(games.recordFor(t.lib.db, 'Cleo')).toEqual({ of: 'player', name: 'Cleo', record: { games: 1, wins: 0, losses: 0, draws: 1 } })
    expect(() => games.recordFor(t.lib.db, 'Zeno')).toThrow("no roster and no player called 'Zeno' in the library's games")
  })
})

describe("the library's list", () => {
  const names = (r: { ok: boolean; value?: unknown }) => (r.value as { rows: Array<{ name: string }> }).rows.map((x) => x.name).sort()

  it('filters by played and won, in a list and a search', async () => {
    expect(names(await dispatch('listRosters', [{ played: true }]))).toEqual(['Legio Alpha', 'Legio Beta', 'Legio Gamma'])
    expect(names(await dispatch('listRosters', [{ played: false }]))).toEqual(['Legio Otiosa'])
    expect(names(await dispatch('listRosters', [{ won: true }]))).toEqual(['Legio Alpha', 'Legio Beta'])
    expect(names(await dispatch('listRosters', [{ won: false }]))).toEqual(['Legio Gamma'])
    expect(names(await dispatch('searchRosters', ['legio', { won: true }]))).toEqual(['Legio Alpha', 'Legio Beta'])
  })

  it('shows each row with its record when asked, and without it otherwise', async () => {
    const r = (await dispatch('listRosters', [{ record: true, sort: 'name' }])) as { ok: true; value: { rows: store.RosterRow[] } }
    expect(r.value.rows.map((x) => [x.name, x.record])).toEqual([
      ['Legio Alpha', { games: 4, wins: 2, losses: 1, draws: 1 }],
      ['Legio Beta', { games: 2, wins: 1, losses: 1, draws: 0 }],
      ['Legio Gamma', { games: 1, wins: 0, losses: 1, draws: 0 }],
      ['Legio Otiosa', { games: 0, wins: 0, losses: 0, draws: 0 }]
    ])
    const s = (await dispatch('searchRosters', ['alpha', { record: true }])) as { ok: true; value: { rows: store.RosterRow[] } }
    expect(s.value.rows.map((x) => x.record)).toEqual([{ games: 4, wins: 2, losses: 1, draws: 1 }])
    const plain = (await dispatch('listRosters', [{}])) as { ok: true; value: { rows: store.RosterRow[] } }
    expect(plain.value.rows.every((x) => !('record' in x))).toBe(true)
  })
})

describe('the history', () => {
  it('lists games newest first, filtered by roster, player or finished, with their results', async () => {
    const all = (await dispatch('listGames', [{}])) as { ok: true; value: { rows: games.GameRow[]; total: number } }
    expect(all.value.total).toBe(5)
    expect(all.value.rows[0]).toMatchObject({ finishedAt: null, result: null, taps: 1, sides: [{ player: 'Bob', rosterId: ids.b }, { player: null }] })
    expect(all.value.rows[1].result).toMatchObject({ winner: 1, agreed: true, code: expect.stringMatching(/^MR1\./) })
    expect(games.listGames(t.lib.db, { roster: ids.c }).total).toBe(2)
    expect(games.listGames(t.lib.db, { player: 'CLEO' }).total).toBe(1)
    expect(games.listGames(t.lib.db, { finished: false }).rows.map((g) => g.sides[0].rosterId)).toEqual([ids.b])
  })

  it('refuses bad calls with the contract, and bad taps in words', async () => {
    const id = game([null, null], [null, null], 'playing')
    expect(await dispatch('tapGame', [id, { kind: 'loss', side: 3, unit: 0, delta: 1 }])).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })
    expect(await dispatch('tapGame', [id, { kind: 'loss', side: 1, unit: 0, delta: 9 }])).toEqual({
      ok: false,
      error: { code: 'invalid', message: 'Red foot has 3 points and has lost 0 points: it cannot lose 9 points more' }
    })
    expect(await dispatch('tapGame', [id, { kind: 'flag', side: 1, flag: 'fort', value: true }])).toEqual({
      ok: false,
      error: { code: 'invalid', message: "Test Rules has no mark 'fort' (it has 'camp' (Camp taken))" }
    })
    const tapped = (await dispatch('tapGame', [id, { kind: 'flag', side: 1, flag: 'camp', value: true }])) as { ok: true; value: games.GameProgress }
    expect(tapped.value.losses.sides[1].flags).toEqual({ camp: true })
    expect(await dispatch('undoGameTap', [id])).toMatchObject({ ok: true, value: { undone: { kind: 'flag', flag: 'camp' } } })
    expect(await dispatch('finishGame', [id])).toMatchObject({
      ok: false,
      error: { code: 'invalid', message: expect.stringContaining('not over by its rules') }
    })
    expect(await dispatch('deleteGame', [id])).toEqual({ ok: true, value: true })
    expect(await dispatch('getGame', [id])).toMatchObject({ ok: false, error: { code: 'not-found' } })
  })
})

describe('the command line', () => {
  it('muster games, muster record and muster library list --won read the same library', async () => {
    const db = t.lib.path
    const listed = await musterHere(['games', '--db', db, '--player', 'cleo'])
    expect(listed).toMatchObject({ code: 0, stderr: '' })
    expect(listed.stdout).toMatch(
      /^ID +Date +Ruleset +Side 1 +Side 2 +Result\n[0-9a-f]{8} +\d{4}-\d\d-\d\d +Test Rules +Blue host \(Ann\) +Red host \(Cleo\) +draw\n$/
    )
    const json = JSON.parse((await musterHere(['games', '--db', db, '--finished', '--json'])).stdout) as { total: number }
    expect(json.total).toBe(4)
    expect(await musterHere(['record', 'Ann', '--db', db])).toEqual({ code: 0, stdout: 'Ann: 4 games: 2 won, 1 lost, 1 drawn\n', stderr: '' })
    expect((await musterHere(['record', 'legio beta', '--db', db])).stdout).toMatch(/^Legio Beta \(roster [0-9a-f]{8}\): 2 games: 1 won, 1 lost, 0 drawn\n$/)
    expect(await musterHere(['record', 'Zeno', '--db', db])).toMatchObject({
      code: 2,
      stderr: "muster: no roster and no player called 'Zeno' in the library's games\n"
    })
    const won = JSON.parse((await musterHere(['library', 'list', '--won', '--json', '--db', db])).stdout) as { rows: Array<{ name: string }> }
    expect(won.rows.map((r) => r.name).sort()).toEqual(['Legio Alpha', 'Legio Beta'])
  })
})
