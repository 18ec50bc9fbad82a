// How the player keeps the library in order: a roster's name, favourite, tags, folder and place in the
// trash, its revisions and what changed between two, and the folders themselves. Each change answers
// the roster's row as it now is, which the app shows. One use case per call of the library screen.
import * as store from '../store'

export const rosterRow = (db: store.Db, id: string): store.RosterRow => store.getRosterRow(db, id)

export const listRevisions = (db: store.Db, id: string): store.RevisionRow[] => store.listRevisions(db, id)

/** What changed from one revision of a roster to another. */
export const compareRevisions = (db: store.Db, id: string, from: number, to: number): store.RevisionDiff =>
  store.diffDocuments(store.getDocument(db, id, from), store.getDocument(db, id, to))

/** `change` made to the roster, then its row as it now is. */
function changed(db: store.Db, id: string, change: () => unknown): store.RosterRow {
  change()
  return rosterRow(db, id)
}

/** `checks` (library-checks.ts): a renamed roster, and a copy, are stored with the engine's summary. */
export const renameRoster = (db: store.Db, checks: store.DocumentChecks, id: string, name: string): store.RosterRow =>
  changed(db, id, () => store.renameRoster(db, id, name, checks.summarise))

export const duplicateRoster = (db: store.Db, checks: store.DocumentChecks, id: string): store.RosterRow =>
  rosterRow(db, store.duplicateRoster(db, id, undefined, checks.summarise))

export const setFavourite = (db: store.Db, id: string, favourite: boolean): store.RosterRow => changed(db, id, () => store.setFavourite(db, id, favourite))
export const setTags = (db: store.Db, id: string, tags: string[]): store.RosterRow => changed(db, id, () => store.setTags(db, id, tags))
export const trashRoster = (db: store.Db, id: string): store.RosterRow => changed(db, id, () => store.trashRoster(db, id))
export const restoreRoster = (db: store.Db, id: string): store.RosterRow => changed(db, id, () => store.restoreFromTrash(db, id))
export const moveToFolder = (db: store.Db, id: string, folderId: string | null): store.RosterRow => changed(db, id, () => store.moveToFolder(db, id, folderId))

// The library's lists and its folders, as the store keeps them.
export { clearDataMarks, createFolder, deleteFolder, emptyTrash, folderSummary as listFolders, listTags, renameFolder } from '../store'
