// The library's rosters as the command line names them: listed (a folder by its name, a search),
// one found by the first characters of its id, written out as roster files, and the whole library
// backed up and restored. The app's screens use library.ts and library-shelf.ts; these take what a
// command line gives and refuse in the player's words (StoreError). It loads SQLite: the CLI
// imports it when a library command runs.
import * as store from '../store'
import type { Engine } from '../rules'
import { describeAjvErrors, projectAjv, storedSchemaId } from '../rules/schemas'
import { readRosterFile } from '../files/read-json'
import { oneLine } from '../../src-shared/text'
import { documentChecks } from './library-checks'

// A name as a message shows it (quoted, cut short, on one line), and the backup as the store writes it.
export { backupLibrary, shownName } from '../store'

export interface RosterQuery extends Omit<store.ListOptions, 'folderId'> {
  /** A folder by its name; '' (or spaces): the rosters in none. */
  folder?: string
  /** Words to search for (names, notes, armies, troops, tags). */
  search?: string
}

/** The rosters asked for, newest first; a folder named that the library does not have is refused, naming those it has. */
export function findRosters(db: store.Db, query: RosterQuery): { rows: store.RosterRow[]; total: number } {
  const { folder, search, ...filter } = query
  let folderId: string | null | undefined
  if (folder !== undefined && folder.trim() === '') folderId = null
  else if (folder !== undefined) {
    folderId = store.findFolder(db, folder)
    if (!folderId) {
      const names = store.listFolders(db).map((f) => `'${f.name}'`)
      throw new store.StoreError(
        'not-found',
        `no folder called '${folder}' in the library (${names.length ? `folders: ${names.join(', ')}` : 'it has no folders'})`
      )
    }
  }
  return search ? store.searchRosters(db, search, { ...filter, folderId }) : store.listRosters(db, { ...filter, folderId })
}

/** The roster whose id starts with `given`, and its row. */
export function findRoster(db: store.Db, given: string): { id: string; row: store.RosterRow } {
  const id = store.resolveRosterId(db, given)
  return { id, row: store.getRosterRow(db, id) }
}

export const rosterRevisions = (db: store.Db, id: string): store.RevisionRow[] => store.listRevisions(db, id)

/** The roster's document as saved: its newest revision, or the one asked for. */
export const rosterDocument = (db: store.Db, id: string, revision?: number): store.RosterDocument => store.getDocument(db, id, revision)

/** The rosters named by the first characters of their ids (or every one not in the trash) written into `dir` as .muster.json files. */
export function exportRosterFiles(db: store.Db, given: string[] | 'all', dir: string): string[] {
  const ids = given === 'all' ? store.liveRosterIds(db) : given.map((i) => store.resolveRosterId(db, i))
  if (ids.length === 0) throw new store.StoreError('invalid', 'name the rosters to export, or use --all')
  return store.exportRosters(db, ids, dir)
}

/**
 * A backup file read and checked before the library is opened: a file that is not a backup is refused
 * whole (its first problems). Rosters as the library keeps them: past the format's length limits but
 * within earlier Musters' (stored-roster.ts).
 */
export function readBackup(file: string): store.LibraryBackup {
  const read = readRosterFile(file, store.MAX_BACKUP_BYTES)
  if (!read.ok) throw new store.StoreError('invalid', oneLine(`${read.place}: ${read.message}`))
  const validate = projectAjv().getSchema(storedSchemaId('library-export.schema.json'))!
  return store.assertBackup(read.data, (d) => (validate(d) ? null : describeAjvErrors(validate.errors).slice(0, 3).join('; ')))
}

/** A backup's rosters, games and events added to the library (those already there kept), each roster's results from the engine. */
export const restoreBackup = (db: store.Db, engine: Engine, backup: store.LibraryBackup): store.RestoreReport =>
  store.restoreLibrary(db, backup, documentChecks(engine))
