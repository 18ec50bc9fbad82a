// Folders of the roster library: their names (cleaned as created, tidied from a backup, compared
// case aside in any script), and rosters moved between them. A folder's removal never removes a roster.
import { randomUUID } from '../files/node-crypto'
import { shorten } from '../../src-shared/text'
import { DIRECTION_CONTROL_CHARS, NAME_UNSAFE_CHARS } from '../../src-shared/unsafe-chars'
import { statement, writeTransaction, type Db } from './open'
import { getRosterRow, StoreError } from './rosters'

/** The longest folder name the library takes (after trimming). */
export const FOLDER_NAME_MAX = 80

/**
 * The longest folder name a backup may carry (schemas/library-export.schema.json says the same):
 * restores by earlier Musters stored names up to 200 characters, so their backups hold them. A
 * restore cuts a longer name to FOLDER_NAME_MAX.
 */
export const BACKUP_FOLDER_NAME_MAX = 200

const CONTROL = /\p{Cc}/u
/** Folder names refuse controls and direction controls; Hebrew and Arabic direction marks are allowed (src-shared/unsafe-chars.ts). */
const OVERRIDES = new RegExp(`[${DIRECTION_CONTROL_CHARS}]`, 'u')
const NAME_UNSAFE = new RegExp(`[${NAME_UNSAFE_CHARS}]`, 'gu')

/** Trimmed, runs of spaces (tabs, line breaks) as one space, in Unicode's composed form. */
const tidySpaces = (name: string) => name.normalize('NFC').replace(/\s+/g, ' ').trim()

/**
 * A folder name as created or renamed: trimmed, runs of spaces (tabs, line breaks) as one space;
 * refused if empty, too long, or holding control characters or direction overrides.
 */
export function cleanFolderName(name: string): string {
  const clean = tidySpaces(name)
  if (!clean) throw new StoreError('invalid', 'a folder name cannot be empty')
  if ([...clean].length > FOLDER_NAME_MAX) throw new StoreError('invalid', `a folder name can be at most ${FOLDER_NAME_MAX} characters`)
  if (CONTROL.test(clean)) throw new StoreError('invalid', 'a folder name cannot hold control characters')
  if (OVERRIDES.test(clean)) throw new StoreError('invalid', 'a folder name cannot hold invisible characters that reverse the direction of the text')
  return clean
}

/**
 * A folder name from a backup, made one cleanFolderName takes instead of refused: control characters
 * and direction overrides left out, spaces tidied, cut to FOLDER_NAME_MAX with "…", and `fallback`
 * when nothing is left.
 */
export function tidyFolderName(name: string, fallback: string): string {
  const kept = tidySpaces(name.replace(NAME_UNSAFE, (c) => (/\s/.test(c) ? ' ' : '')))
  return kept ? shorten(kept, FOLDER_NAME_MAX) : fallback
}

/**
 * One folder name however it is cased, in any script: "club night" and "Club Night" are one name, so
 * are "Élite" and "élite" (SQLite's NOCASE folds only A-Z); "Elite" and "Élite" stay two. The
 * collator also takes full-width digits or invisible hyphens as the plain ones: a superset of the
 * column's NOCASE, so it never lets through a name the UNIQUE constraint refuses.
 */
const sameName = new Intl.Collator('und', { sensitivity: 'accent' })

/** The folder of that name (as names compare); the exact name first, which a library from before this rule may hold beside a differently cased one. */
export function folderNamed(db: Db, name: string, except: string | null = null): { id: string; name: string } | undefined {
  const folders = statement(db, 'SELECT id, name FROM folders WHERE id IS NOT ?').all(except) as Array<{ id: string; name: string }>
  return folders.find((f) => f.name === name) ?? folders.find((f) => sameName.compare(f.name, name) === 0)
}

function refuseTakenName(db: Db, name: string, except: string | null): void {
  if (folderNamed(db, name, except)) throw new StoreError('conflict', `a folder called '${name}' already exists`)
}

function folderExists(db: Db, folderId: string): void {
  if (!statement(db, 'SELECT 1 FROM folders WHERE id = ?').get(folderId)) throw new StoreError('not-found', `no folder with id '${folderId}' in the library`)
}

export function createFolder(db: Db, name: string): string {
  const clean = cleanFolderName(name)
  return writeTransaction(db, () => {
    refuseTakenName(db, clean, null)
    const id = randomUUID()
    statement(db, 'INSERT INTO folders (id, name, created_at) VALUES (?, ?, ?)').run(id, clean, new Date().toISOString())
    return id
  })
}

export function renameFolder(db: Db, folderId: string, name: string): { id: string; name: string } {
  const clean = cleanFolderName(name)
  return writeTransaction(db, () => {
    folderExists(db, folderId)
    refuseTakenName(db, clean, folderId)
    statement(db, 'UPDATE folders SET name = ? WHERE id = ?').run(clean, folderId)
    return { id: folderId, name: clean }
  })
}

/** The folder's id whose name is `name` (as names compare: case aside in any script, spaces trimmed), if there is one. */
export function findFolder(db: Db, name: string): string | undefined {
  return folderNamed(db, tidySpaces(name))?.id
}

/** Folder names in the order players look for them: accents and case aside, "Game 2" before "Game 10". */
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

/** Every folder by name, with how many rosters (outside the trash) it holds. */
export function listFolders(db: Db): Array<{ id: string; name: string; count: number }> {
  const folders = statement(
    db,
    'SELECT f.id, f.name, (SELECT count(*) FROM rosters r WHERE r.folder_id = f.id AND r.deleted_at IS NULL) AS count FROM folders f'
  ).all() as Array<{ id: string; name: string; count: number }>
  return folders.sort((a, b) => byName.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/** The folders and the counts beside them in the library: each folder's, those in no folder, all (outside the trash). */
export function folderSummary(db: Db): { folders: Array<{ id: string; name: string; count: number }>; unfiled: number; all: number } {
  return db.transaction(() => {
    const counts = statement(
      db,
      'SELECT count(*) AS all_rosters, count(*) FILTER (WHERE folder_id IS NULL) AS unfiled FROM rosters WHERE deleted_at IS NULL'
    ).get() as { all_rosters: number; unfiled: number }
    return { folders: listFolders(db), unfiled: counts.unfiled, all: counts.all_rosters }
  })()
}

export function moveToFolder(db: Db, id: string, folderId: string | null): void {
  writeTransaction(db, () => {
    getRosterRow(db, id)
    if (folderId !== null) folderExists(db, folderId)
    statement(db, 'UPDATE rosters SET folder_id = ? WHERE id = ?').run(folderId, id)
  })
}

/**
 * Removes a folder, never its rosters: they (trashed ones too) go to no folder, in the same
 * transaction. Returns how many rosters outside the trash were in it.
 */
export function deleteFolder(db: Db, folderId: string): number {
  return writeTransaction(db, () => {
    folderExists(db, folderId)
    const live = (statement(db, 'SELECT count(*) AS n FROM rosters WHERE folder_id = ? AND deleted_at IS NULL').get(folderId) as { n: number }).n
    statement(db, 'UPDATE rosters SET folder_id = NULL WHERE folder_id = ?').run(folderId)
    statement(db, 'DELETE FROM folders WHERE id = ?').run(folderId)
    return live
  })
}
