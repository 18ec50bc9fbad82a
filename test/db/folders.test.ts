// Library folders on real SQLite files: names as players type them (trimmed, capped, one name however
// it is cased), rename, counts beside the folder list, the list filtered by folder (or by none) with
// totals that match, and deleting a folder, which never deletes a roster. Then the same through the
// IPC contract, whose schemas refuse what the store never sees, and the CLI's `library list --folder`.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  createFolder,
  createRoster,
  deleteFolder,
  emptyTrash,
  findFolder,
  folderSummary,
  FOLDER_NAME_MAX,
  getRosterRow,
  listFolders,
  listRosters,
  moveToFolder,
  openLibrary,
  renameFolder,
  restoreFromTrash,
  searchRosters,
  trashRoster
} from '../../src-main/store'
import { testDispatch } from '../support/dispatch'
import { tempFolders } from '../support/tmp'
import { triumphRoman } from '../support/fixtures-roman'

const tmp = tempFolders('muster-folders-')

describe('folders in the store', () => {
  it('takes a name trimmed, refuses an empty, too long or taken one (case aside) in words, and renames', async () => {
    const lib = await openLibrary(join(tmp(), 'lib.sqlite'))
    const club = createFolder(lib.db, '  Club   night ')
    expect(listFolders(lib.db)).toEqual([{ id: club, name: 'Club night', count: 0 }])
    expect(() => createFolder(lib.db, '   ')).toThrow('a folder name cannot be empty')
    expect(() => createFolder(lib.db, 'x'.repeat(FOLDER_NAME_MAX + 1))).toThrow(`a folder name can be at most ${FOLDER_NAME_MAX} characters`)
    expect(createFolder(lib.db, 'é'.repeat(FOLDER_NAME_MAX))).toBeTruthy()
    expect(() => createFolder(lib.db, 'CLUB NIGHT')).toThrow("a folder called 'CLUB NIGHT' already exists")
    const salute = createFolder(lib.db, 'Salute 2026')
    expect(() => renameFolder(lib.db, salute, 'club night')).toThrow("a folder called 'club night' already exists")
    // case aside beyond A-Z too; accents still tell names apart
    const elite = createFolder(lib.db, 'Élite')
    expect(() => createFolder(lib.db, 'élite')).toThrow("a folder called 'élite' already exists")
    expect(findFolder(lib.db, 'ÉLITE')).toBe(elite)
    expect(findFolder(lib.db, 'Elite')).toBeUndefined()
    expect(renameFolder(lib.db, elite, 'élite')).toEqual({ id: elite, name: 'élite' })
    deleteFolder(lib.db, elite)
    expect(() => renameFolder(lib.db, salute, '')).toThrow('a folder name cannot be empty')
    expect(() => renameFolder(lib.db, 'no-such-folder', 'Anything')).toThrow("no folder with id 'no-such-folder' in the library")
    // its own name in another case is not taken
    expect(renameFolder(lib.db, club, ' club Night ')).toEqual({ id: club, name: 'club Night' })
    expect(renameFolder(lib.db, salute, 'Salute')).toEqual({ id: salute, name: 'Salute' })
    createFolder(lib.db, 'Game 10')
    createFolder(lib.db, 'game 2')
    // by name as players read them: case and accents aside, numbers by value
    expect(listFolders(lib.db).map((f) => f.name)).toEqual(['club Night', 'é'.repeat(FOLDER_NAME_MAX), 'game 2', 'Game 10', 'Salute'])
    expect(findFolder(lib.db, ' CLUB  night')).toBe(club)
    expect(findFolder(lib.db, 'Nope')).toBeUndefined()
    lib.close()
  })

  it('moves rosters in and out; the list and search filter by folder or by none, their totals match the counts', async () => {
    const lib = await openLibrary(join(tmp(), 'lib.sqlite'))
    const [a, b, c, d] = ['Alpha', 'Beta', 'Gamma', 'Delta'].map((n) => createRoster(lib.db, triumphRoman(n)).id)
    const club = createFolder(lib.db, 'Club night')
    const salute = createFolder(lib.db, 'Salute')
    moveToFolder(lib.db, a, club)
    moveToFolder(lib.db, b, club)
    moveToFolder(lib.db, c, salute)
    expect(() => moveToFolder(lib.db, d, 'no-such-folder')).toThrow("no folder with id 'no-such-folder' in the library")
    expect(() => moveToFolder(lib.db, d, '')).toThrow("no folder with id '' in the library")
    expect(getRosterRow(lib.db, d).folderId).toBeNull()
    expect(folderSummary(lib.db)).toEqual({
      folders: [
        { id: club, name: 'Club night', count: 2 },
        { id: salute, name: 'Salute', count: 1 }
      ],
      unfiled: 1,
      all: 4
    })
    const names = (r: { rows: Array<{ name: string }> }) => r.rows.map((x) => x.name).sort()
    expect(names(listRosters(lib.db, { folderId: club }))).toEqual(['Alpha', 'Beta'])
    expect(listRosters(lib.db, { folderId: club }).total).toBe(2)
    expect(names(listRosters(lib.db, { folderId: null }))).toEqual(['Delta'])
    expect(listRosters(lib.db, { folderId: null }).total).toBe(1)
    expect(listRosters(lib.db).total).toBe(4)
    expect(names(searchRosters(lib.db, 'roman', { folderId: club }))).toEqual(['Alpha', 'Beta'])
    expect(searchRosters(lib.db, 'roman', { folderId: null }).total).toBe(1)
    expect(searchRosters(lib.db, 'gamma', { folderId: club }).total).toBe(0)

    // the trash counts in no folder; a roster restored from it is back in its folder
    trashRoster(lib.db, b)
    expect(folderSummary(lib.db).folders[0].count).toBe(1)
    expect(listRosters(lib.db, { folderId: club }).total).toBe(1)
    expect(folderSummary(lib.db).all).toBe(3)
    restoreFromTrash(lib.db, b)
    expect(getRosterRow(lib.db, b).folderId).toBe(club)

    // out of a folder
    moveToFolder(lib.db, a, null)
    expect(folderSummary(lib.db)).toMatchObject({ unfiled: 2, all: 4 })
    lib.close()
  })

  it('deleting a folder keeps its rosters (trashed ones too), in no folder, in one transaction', async () => {
    const lib = await openLibrary(join(tmp(), 'lib.sqlite'))
    const [a, b, c] = ['Alpha', 'Beta', 'Gamma'].map((n) => createRoster(lib.db, triumphRoman(n)).id)
    const club = createFolder(lib.db, 'Club night')
    const other = createFolder(lib.db, 'Other')
    for (const id of [a, b]) moveToFolder(lib.db, id, club)
    moveToFolder(lib.db, c, other)
    trashRoster(lib.db, b)
    expect(deleteFolder(lib.db, club)).toBe(1) // one roster outside the trash
    expect(listFolders(lib.db).map((f) => f.name)).toEqual(['Other'])
    expect(getRosterRow(lib.db, a).folderId).toBeNull()
    expect(getRosterRow(lib.db, b)).toMatchObject({ folderId: null, deletedAt: expect.any(String) })
    expect(getRosterRow(lib.db, c).folderId).toBe(other)
    expect(folderSummary(lib.db)).toMatchObject({ unfiled: 1, all: 2 })
    restoreFromTrash(lib.db, b)
    expect(listRosters(lib.db, { folderId: null }).total).toBe(2)
    expect(listRosters(lib.db).total).toBe(3)
    expect(() => deleteFolder(lib.db, club)).toThrow("no folder with id 'club' in the library".replace('club', club))
    // the same, with the schema's ON DELETE SET NULL out of play: the store moves the rosters itself
    lib.db.pragma('foreign_keys = OFF')
    moveToFolder(lib.db, c, other)
    expect(deleteFolder(lib.db, other)).toBe(1)
    expect(getRosterRow(lib.db, c).folderId).toBeNull()
    lib.db.pragma('foreign_keys = ON')
    // a failure half-way leaves the folder and its rosters as they were
    const kept = createFolder(lib.db, 'Kept')
    moveToFolder(lib.db, a, kept)
    lib.db.exec(`CREATE TEMP TRIGGER refuse BEFORE DELETE ON folders BEGIN SELECT RAISE(ABORT, 'disk says no'); END`)
    expect(() => deleteFolder(lib.db, kept)).toThrow()
    expect(getRosterRow(lib.db, a).folderId).toBe(kept)
    expect(listFolders(lib.db).map((f) => f.name)).toEqual(['Kept'])
    lib.db.exec('DROP TRIGGER refuse')
    expect(emptyTrash(lib.db)).toBe(0)
    lib.close()
  })
})

describe('folders through the IPC contract', () => {
  const dispatch = testDispatch()
  const ok = async <T>(channel: Parameters<typeof dispatch>[0], args: unknown[]): Promise<T> => {
    const r = await dispatch(channel, args)
    if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`)
    return r.value as T
  }

  it('creates, lists with counts, filters, renames and deletes; the store and the schemas say what they refuse', async () => {
    const row = await ok<{ id: string }>('createRoster', [triumphRoman('Legio XX')])
    const folder = await ok<string>('createFolder', ['  Tournament '])
    expect(await dispatch('createFolder', ['tournament'])).toEqual({
      ok: false,
      error: { code: 'conflict', message: "a folder called 'tournament' already exists" }
    })
    expect(await dispatch('createFolder', [' '])).toEqual({ ok: false, error: { code: 'invalid', message: 'a folder name cannot be empty' } })
    expect(await dispatch('createFolder', [''])).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })
    expect(await dispatch('createFolder', ['x'.repeat(101)])).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })
    expect(await dispatch('renameFolder', [folder])).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })
    expect(await dispatch('deleteFolder', [42])).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })
    expect(await dispatch('listRosters', [{ folderId: 7 }])).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })

    expect(await ok('moveToFolder', [row.id, folder])).toMatchObject({ id: row.id, folderId: folder })
    expect(await ok('listFolders', [])).toEqual({ folders: [{ id: folder, name: 'Tournament', count: 1 }], unfiled: 0, all: 1 })
    expect(await ok('listRosters', [{ folderId: folder }])).toMatchObject({ total: 1 })
    expect(await ok('listRosters', [{ folderId: null }])).toMatchObject({ total: 0 })
    expect(await ok('searchRosters', ['legio', { folderId: folder }])).toMatchObject({ total: 1 })
    expect(await ok('renameFolder', [folder, 'Salute'])).toEqual({ id: folder, name: 'Salute' })
    expect(await ok('deleteFolder', [folder])).toBe(1)
    expect(await dispatch('deleteFolder', [folder])).toMatchObject({ ok: false, error: { code: 'not-found' } })
    expect(await ok('listFolders', [])).toEqual({ folders: [], unfiled: 1, all: 1 })
    expect(await ok('getRoster', [row.id])).toMatchObject({ row: { folderId: null } })
  })
})

describe('muster library list --folder', () => {
  it("lists one folder's rosters, or ('') those in none; an unknown folder is named with the ones there are", async () => {
    const { musterHere } = await import('../support/cli')
    const db = join(tmp(), 'lib.sqlite')
    const lib = await openLibrary(db)
    const [a, , c] = ['Alpha', 'Beta', 'Gamma'].map((n) => createRoster(lib.db, triumphRoman(n)).id)
    const club = createFolder(lib.db, 'Club night')
    moveToFolder(lib.db, a, club)
    moveToFolder(lib.db, c, club)
    lib.close()
    const list = async (...args: string[]) =>
      JSON.parse((await musterHere(['library', 'list', '--db', db, '--json', ...args])).stdout) as { total: number; rows: Array<{ name: string }> }
    expect((await list('--folder', 'club NIGHT')).rows.map((r) => r.name).sort()).toEqual(['Alpha', 'Gamma'])
    expect(await list('--folder', '')).toMatchObject({ total: 1, rows: [{ name: 'Beta' }] })
    expect((await list()).total).toBe(3)
    const unknown = await musterHere(['library', 'list', '--db', db, '--folder', 'Salute'])
    expect(unknown.code).not.toBe(0)
    expect(unknown.stderr).toContain("no folder called 'Salute' in the library (folders: 'Club night')")
  })
})
