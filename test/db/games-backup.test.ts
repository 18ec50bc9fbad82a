// Games in the library's backup (store/game-transfer.ts, via backupLibrary / restoreLibrary) on real
// SQLite files, the backup checked by the real schema (ajv): a finished and an unfinished game come
// back with their taps, results and the rosters' records; a game already held is kept; a side whose
// roster the library lacks is kept without it; a backup from before games still restores.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as store from '../../src-main/store'
import { openLibrary, type Library, type LibraryBackup, type RosterDocument } from '../../src-main/store'
import * as games from '../../src-main/services/games'
import { recordForRoster } from '../../src-main/services/games'
import { listRosters } from '../../src-main/services/game-records'
import { createAjv, storedSchemaId } from '../../src-main/rules/schemas'
import type { Tap } from '../../src-shared/play/types'
import { repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { fixtureSheet } from '../components/play-fixture'

const tmp = tempFolders('muster-games-backup-')
const ajv = createAjv()
const validate = ajv.getSchema(storedSchemaId('library-export.schema.json'))!
const checked = (data: unknown): LibraryBackup => store.assertBackup(data, (d) => (validate(d) ? null : ajv.errorsText(validate.errors)))
const roman = (name: string): RosterDocument => ({
  ...(JSON.parse(readFileSync(join(repoRoot, 'examples', 'wrg-1969-legal.muster.json'), 'utf8')) as RosterDocument),
  name
})
const loss = (side: 0 | 1, unit: number, delta: number): Tap => ({ kind: 'loss', side, unit, delta })

let dir: string
let lib: Library
let fresh: Library
beforeEach(async () => {
  dir = tmp()
  lib = await openLibrary(join(dir, 'library.sqlite'))
  fresh = await openLibrary(join(dir, 'fresh.sqlite'))
})
afterEach(() => {
  lib.close()
  fresh.close()
})

/** A library of two rosters, a game between them won by the first, and one still being played; backed up. */
function backedUp(): { file: string; mine: string; theirs: string; finished: string; playing: string } {
  const mine = store.createRoster(lib.db, roman('Mine')).id
  const theirs = store.createRoster(lib.db, roman('Theirs')).id
  const finished = store.games.createGame(lib.db, { ruleset: 'test-rules', sheet: fixtureSheet(), rosterIds: [mine, theirs], players: ['Ann', 'Bob'] })
  games.tap(lib.db, finished, loss(1, 1, 1))
  games.tap(lib.db, finished, { kind: 'flag', side: 1, flag: 'camp', value: true })
  games.finishGame(lib.db, finished, { winner: 0 })
  const playing = store.games.createGame(lib.db, { ruleset: 'test-rules', sheet: fixtureSheet(), rosterIds: [theirs, null], players: ['Bob', 'Cleo'] })
  games.tap(lib.db, playing, loss(0, 0, 1))
  games.tap(lib.db, playing, { kind: 'round', round: 2, at: '2025-05-01T10:30:00.000Z' })
  const file = join(dir, 'backup.json')
  expect(store.backupLibrary(lib.db, file)).toEqual({ rosters: 2, revisions: 2, games: 2 })
  return { file, mine, theirs, finished, playing }
}

const read = (file: string): LibraryBackup => checked(JSON.parse(readFileSync(file, 'utf8')))

describe("the library's games in its backup", () => {
  it('come back whole into an empty library: sheets, sides, times, results, taps in order, and the records', () => {
    const { file, mine, theirs, finished, playing } = backedUp()
    const report = store.restoreLibrary(fresh.db, read(file))
    expect(report).toMatchObject({ restored: 2, games: { restored: 2, alreadyThere: 0 } })
    for (const id of [finished, playing]) {
      expect(store.games.getGame(fresh.db, id)).toEqual(store.games.getGame(lib.db, id))
      expect(games.getGame(fresh.db, id)).toEqual(games.getGame(lib.db, id))
    }
    expect(games.getGame(fresh.db, finished).result).toMatchObject({ over: true, winner: 0, agreed: true })
    expect(games.getGame(fresh.db, playing)).toMatchObject({ result: null, round: 2 })
    expect(recordForRoster(fresh.db, mine)).toEqual({ games: 1, wins: 1, losses: 0, draws: 0 })
    expect(recordForRoster(fresh.db, theirs)).toEqual({ games: 1, wins: 0, losses: 1, draws: 0 })
    // by name: two rosters saved within one clock tick list in either order
    const records = (db: typeof lib.db) =>
      listRosters(db, { record: true })
        .rows.map((r) => [r.name, r.record] as const)
        .sort((a, b) => a[0].localeCompare(b[0]))
    expect(records(fresh.db)).toEqual(records(lib.db))
    // the restored game plays on
    expect(games.tap(fresh.db, playing, loss(0, 0, 1)).taps).toHaveLength(3)

    // restored again: every game already there, kept as it is (the tap above stays)
    expect(store.restoreLibrary(fresh.db, read(file)).games).toEqual({ restored: 0, alreadyThere: 2 })
    expect(games.getGame(fresh.db, playing).taps).toHaveLength(3)
  })

  it('keeps a game whose rosters the library lacks, without their ids, and restores all or nothing', async () => {
    const { file, mine, finished } = backedUp()
    const backup = read(file)
    // only the games: no roster comes with them
    expect(store.restoreLibrary(fresh.db, { ...backup, rosters: [] }).games).toEqual({ restored: 2, alreadyThere: 0 })
    expect(store.games.getGame(fresh.db, finished)).toMatchObject({ rosterIds: [null, null], players: ['Ann', 'Bob'] })
    expect(games.record(fresh.db, { player: 'Ann' })).toEqual({ games: 1, wins: 1, losses: 0, draws: 0 })

    const other = await openLibrary(join(dir, 'other.sqlite'))
    try {
      // one of its rosters restored with it: the game keeps its tie to that one
      store.restoreLibrary(other.db, { ...backup, rosters: backup.rosters.filter((r) => r.id === mine) })
      expect(store.games.getGame(other.db, finished).rosterIds).toEqual([mine, null])
    } finally {
      other.close()
    }

    // a finished game without its finish is refused by the check, and by the store: nothing restored, no roster either
    const broken = { ...backup, games: [{ ...backup.games![0], id: 'broken-game', finishedAt: null }] }
    expect(() => checked(broken)).toThrow('/games/0: a game still being played (finishedAt null) has no result')
    const empty = await openLibrary(join(dir, 'empty.sqlite'))
    try {
      expect(() => store.restoreLibrary(empty.db, broken)).toThrow()
      expect(store.listRosters(empty.db).total).toBe(0)
      expect(store.games.listGames(empty.db).total).toBe(0)
    } finally {
      empty.close()
    }
  })

  it('an older backup, from before games, still restores', () => {
    const { file } = backedUp()
    const old = JSON.parse(readFileSync(file, 'utf8')) as LibraryBackup
    delete old.games
    const report = store.restoreLibrary(fresh.db, checked(old))
    expect(report).toMatchObject({ restored: 2, games: { restored: 0, alreadyThere: 0 } })
    expect(store.games.listGames(fresh.db).total).toBe(0)
  })

  it('the schema refuses a game that is not one', () => {
    const { file } = backedUp()
    const backup = JSON.parse(readFileSync(file, 'utf8')) as LibraryBackup
    const game = backup.games![0]
    for (const bad of [
      { ...game, sheet: { format: 'muster-roster' } },
      { ...game, rosterIds: [null] },
      { ...game, taps: [{ tap: {} }] }
    ])
      expect(() => checked({ ...backup, games: [bad] })).toThrow(/^not a Muster library backup: /)
  })
})
