// Games kept in the library (migration 7, store/games.ts, services/games.ts) on real SQLite files:
// the migration from a version-6 library, every tap saved and checked against the sheet (a refused
// tap writes nothing), undo, a game resumed after the library is closed and opened again, finishing
// (by the rules or by agreement) with its result code, and deleting.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as store from '../../src-main/store'
import { LATEST_VERSION, MIGRATIONS, openLibrary, type Library, type RosterDocument } from '../../src-main/store'
import * as games from '../../src-main/services/games'
import { documentChecks } from '../../src-main/services/library-checks'
import { encodeShareCode } from '../../src-main/share/code'
import { createAjv } from '../../src-main/rules/schemas'
import { decodeResult } from '../../src-shared/play/result-code'
import type { Tap } from '../../src-shared/play/types'
import { bundledEngine, repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { fixtureSheet } from '../components/play-fixture'

const tmp = tempFolders('muster-games-')
const engine = bundledEngine()
const checks = documentChecks(engine, createAjv())
const example = (name: string): RosterDocument => JSON.parse(readFileSync(join(repoRoot, 'examples', name), 'utf8')) as RosterDocument
const romans = (): RosterDocument => ({ ...example('wrg-1969-legal.muster.json'), player: 'Ann' })

let lib: Library
let path: string
beforeEach(async () => {
  path = join(tmp(), 'library.sqlite')
  lib = await openLibrary(path)
})
afterEach(() => lib.close())

const tapRows = () => (lib.db.prepare('SELECT count(*) AS n FROM game_taps').get() as { n: number }).n
const loss = (side: 0 | 1, unit: number, delta: number): Tap => ({ kind: 'loss', side, unit, delta })

/** A game of the hand-made fixture sheet (both sides spent ends it), straight into the store. */
const fixtureGame = (rosterIds: [string | null, string | null] = [null, null], players: [string | null, string | null] = [null, null]) =>
  store.games.createGame(lib.db, { ruleset: 'test-rules', sheet: fixtureSheet(), rosterIds, players })

describe('the games migration', () => {
  it('is migration 7, and a version-6 library takes it with its rosters kept', async () => {
    expect(MIGRATIONS.find((m) => m.version === 7)).toMatchObject({ version: 7, name: 'games' })
    const old = join(tmp(), 'v6.sqlite')
    const v6 = await openLibrary(old, { upTo: 6 })
    const id = store.createRoster(v6.db, romans()).id
    expect(v6.db.prepare("SELECT name FROM sqlite_master WHERE name = 'games'").get()).toBeUndefined()
    v6.close()
    const now = await openLibrary(old)
    expect(now.migratedFrom).toBe(6)
    expect(now.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION)
    expect(store.getRosterRow(now.db, id).name).toBe(romans().name)
    const indexes = (
      now.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'games' ORDER BY name").all() as Array<{ name: string }>
    ).map((r) => r.name)
    expect(indexes).toEqual(expect.arrayContaining(['games_player_0', 'games_player_1', 'games_roster_0', 'games_roster_1', 'games_updated']))
    now.close()
  })
})

describe('a game at the table', () => {
  it('starts from two library rosters, saves every tap, refuses what the sheet cannot take (nothing written), and undoes the last', () => {
    const mine = store.createRoster(lib.db, romans()).id
    const theirs = store.createRoster(lib.db, { ...romans(), name: 'Their legion', player: 'Bob' }).id
    const game = games.startGame(lib.db, engine, checks, { mine: { library: mine }, opponent: { library: theirs } })
    expect(game.sheet.ruleset.id).toBe('wrg-1969')
    expect(game.sheet.sides.map((s) => s.player)).toEqual(['Ann', 'Bob'])
    expect(game).toMatchObject({ taps: [], round: 1, result: null, score: { result: { over: false } } })
    const heavy = game.sheet.sides[1].units.findIndex((u) => u.troop === 'heavy-infantry')
    const capacity = game.sheet.sides[1].units[heavy].capacity
    expect(capacity).toBe(32)

    let now = games.tap(lib.db, game.id, loss(1, heavy, 3))
    now = games.tap(lib.db, game.id, loss(1, heavy, 2))
    now = games.tap(lib.db, game.id, { kind: 'round', round: 2, at: '2025-05-01T10:30:00.000Z' })
    expect(now.losses.sides[1].lost[heavy]).toBe(5)
    expect(now.score.sides[1].lost).toBe(5)
    expect(now.round).toBe(2)
    expect(tapRows()).toBe(3)

    const label = game.sheet.sides[1].units[heavy].label
    const refused: Array<[unknown, string]> = [
      [loss(1, heavy, 28), `${label} has 32 figures and has lost 5 figures: it cannot lose 28 figures more`],
      [loss(1, heavy, -6), `${label} has lost 5 figures: it cannot get back 6 figures`],
      [loss(1, 99, 1), `has ${game.sheet.sides[1].units.length} units: there is no unit 100`],
      [loss(1, heavy, 0), 'a loss is a whole number of figures'],
      [{ kind: 'loss', side: 2, unit: 0, delta: 1 }, 'a tap names side 0 (the first army) or 1 (the second), not 2'],
      [{ kind: 'loss', side: 0, unit: 0, delta: 1.5 }, 'not 1.5'],
      [{ kind: 'flag', side: 0, flag: 'camp', value: true }, "has no mark 'camp' (it has"],
      [{ kind: 'round', round: 0, at: '2025-05-01T10:30:00.000Z' }, 'a round is a whole number from 1'],
      [{ kind: 'shout' }, "not 'shout'"]
    ]
    for (const [bad, words] of refused) {
      expect(() => games.tap(lib.db, game.id, bad as Tap)).toThrow(words)
      expect(tapRows()).toBe(3)
    }

    const undone = games.undo(lib.db, game.id)
    expect(undone.undone).toEqual({ kind: 'round', round: 2, at: '2025-05-01T10:30:00.000Z' })
    expect(undone.round).toBe(1)
    expect(games.undo(lib.db, game.id).losses.sides[1].lost[heavy]).toBe(3)
    expect(tapRows()).toBe(1)
  })

  it('resumes where it stopped when the library is opened again', async () => {
    const id = games.startGame(lib.db, engine, checks, {
      mine: { library: store.createRoster(lib.db, romans()).id },
      opponent: { ruleset: 'wrg-1969', army: 'early-imperial-roman' },
      players: { opponent: 'Cleo' }
    }).id
    const taps = [loss(0, 1, 4), loss(1, 0, 1), loss(0, 1, -1), loss(0, 2, 2)]
    for (const t of taps) games.tap(lib.db, id, t)
    const before = games.getGame(lib.db, id)
    lib.close()
    lib = await openLibrary(path)
    const after = games.getGame(lib.db, id)
    expect(after.taps).toEqual(taps)
    expect(after.losses).toEqual(before.losses)
    expect(after.score).toEqual(before.score)
    expect(after.sheet).toEqual(before.sheet)
    expect(after.sheet.sides[1].checkCode).toBeNull()
    expect(after.sheet.sides[1].player).toBe('Cleo')
    expect(after.losses.sides[0].lost[1]).toBe(3)
  })

  it('starts from a roster file and a share code, and refuses two rulesets', () => {
    const dir = tmp()
    const file = join(dir, 'mine.muster.json')
    writeFileSync(file, JSON.stringify(romans()))
    const code = encodeShareCode({ ...romans(), player: 'Dora' })
    const game = games.startGame(lib.db, engine, checks, { mine: { file }, opponent: { code } })
    expect(store.games.getGame(lib.db, game.id)).toMatchObject({ rosterIds: [null, null], players: ['Ann', 'Dora'] })
    expect(() =>
      games.startGame(lib.db, engine, checks, { mine: { file }, opponent: { code: encodeShareCode(example('wrg-mk2-legal.muster.json')) } })
    ).toThrow(/both armies of a game play one ruleset/)
    expect(() => games.startGame(lib.db, engine, checks, { mine: { file: join(dir, 'none.json') }, opponent: { code } })).toThrow(/^your roster: /)
    expect(() => games.startGame(lib.db, engine, checks, { mine: { library: 'no-such-id' }, opponent: { code } })).toThrow("no roster with id 'no-such-id'")
  })
})

describe('finishing a game', () => {
  it('by the rules: refused before they end it, then kept with its result code; no tap after', () => {
    const id = fixtureGame([null, null], ['Ann', 'Bob'])
    games.tap(lib.db, id, loss(0, 0, 2)) // Blue spent: 2 of 6
    expect(() => games.finishGame(lib.db, id)).toThrow('the game is not over by its rules (Neither side is exhausted yet.)')
    expect(store.games.getGame(lib.db, id).finishedAt).toBeNull()
    games.tap(lib.db, id, loss(1, 1, 2)) // Red spent: 2 of 6
    const result = games.finishGame(lib.db, id)
    expect(result).toMatchObject({ over: true, winner: null, why: 'Both sides are exhausted.', agreed: false })
    const slip = decodeResult(result.code!)
    expect(slip.sides.map((s) => [s.player, s.lost, s.losses])).toEqual([
      ['Ann', 2, [{ unit: 0, lost: 2 }]],
      ['Bob', 2, [{ unit: 1, lost: 2 }]]
    ])
    expect(games.getGame(lib.db, id).result).toEqual(result)
    expect(() => games.tap(lib.db, id, loss(0, 0, 1))).toThrow('this game is over')
    expect(() => games.undo(lib.db, id)).toThrow('this game is over')
    expect(() => games.finishGame(lib.db, id)).toThrow('already over')
  })

  it('by agreement: the agreed tap and the result saved together', () => {
    const id = fixtureGame()
    games.tap(lib.db, id, { kind: 'flag', side: 1, flag: 'camp', value: true })
    const result = games.finishGame(lib.db, id, { winner: 0 })
    expect(result).toMatchObject({ over: true, winner: 0, agreed: true })
    expect(games.getGame(lib.db, id).taps.at(-1)).toEqual({ kind: 'agreed', winner: 0 })
    expect(() => games.tap(lib.db, id, { kind: 'flag', side: 1, flag: 'fort', value: true })).toThrow('this game is over')
  })

  it("deleting a game takes its taps; deleting a roster keeps its games, without the roster's id", () => {
    const r = store.createRoster(lib.db, romans()).id
    const id = fixtureGame([r, null])
    games.tap(lib.db, id, loss(0, 0, 1))
    store.trashRoster(lib.db, r)
    store.emptyTrash(lib.db)
    expect(store.games.getGame(lib.db, id).rosterIds).toEqual([null, null])
    expect(games.deleteGame(lib.db, id)).toBe(true)
    expect(tapRows()).toBe(0)
    expect(games.deleteGame(lib.db, id)).toBe(false)
    expect(() => games.getGame(lib.db, id)).toThrow(`no game with id '${id}'`)
  })
})
