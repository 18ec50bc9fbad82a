// The collection's side of the IPC contract: each call handed to services/collection.ts over the
// library's SQLite file and answered. Files go through the main process's dialogs and its one reader
// and atomic writer; PDFs are kept on the shelf for Save. Free of electron: tests drive it for real.
import type { Engine } from '../rules'
import type { Roster } from '../rules/types'
import * as collection from '../services/collection'
import { addItemLines, readItemLines } from '../services/collection-lines'
import type { Db } from '../store'
import { writeErrorText, writeFileAtomic } from '../files/write-file'
import type { MusterHandlers } from './contract'
import { FileError, PdfShelf, shelved, type FileDialogs } from './file-handlers'

export type CollectionChannels =
  | 'collection'
  | 'addCollectionItems'
  | 'readCollectionLines'
  | 'addCollectionLines'
  | 'updateCollectionItem'
  | 'removeCollectionItems'
  | 'setCountsAs'
  | 'undoCollection'
  | 'ownRosters'
  | 'armiesFielded'
  | 'ownedLeft'
  | 'shoppingList'
  | 'shoppingListPdf'
  | 'importCollectionFile'
  | 'exportCollectionFile'

const COLLECTION_FILES = [{ name: 'Muster collection', extensions: ['json'] }]

export function collectionHandlers(db: Db, engine: Engine, options: { pdfs?: PdfShelf; dialogs?: FileDialogs } = {}): Pick<MusterHandlers, CollectionChannels> {
  const pdfs = options.pdfs ?? new PdfShelf()
  const items = () => collection.ownedItems(db)
  const rosters = (ids: string[]) => collection.libraryRosters(db, ids)
  const shopping = (ids: string[]) => {
    const reports = collection.fitRosters(engine, items(), rosters(ids))
    return { reports, toBuy: collection.shoppingList(reports), text: collection.shoppingText(engine, reports) }
  }

  return {
    collection: () => collection.listCollection(db, engine),
    addCollectionItems: (newItems) => collection.addItems(db, engine, newItems),
    readCollectionLines: (text, ruleset) => readItemLines(engine, text, ruleset),
    addCollectionLines: (text, ruleset) => {
      const { revision, items } = addItemLines(db, engine, text, ruleset)
      return { revision, items }
    },
    updateCollectionItem: (id, changes) => collection.updateItem(db, id, changes as collection.ItemChanges),
    removeCollectionItems: (ids) => collection.removeItems(db, ids),
    setCountsAs: (id, ruleset, troop, attributes) => collection.setCountsAs(db, engine, id, ruleset, troop, attributes),
    undoCollection: () => collection.undoCollection(db),
    ownRosters: (ids) => {
      const done = collection.ownRostersInLibrary(
        db,
        engine,
        rosters(ids).map((r) => r.roster)
      )
      return { revision: done.revision, items: done.items, said: collection.ownedWords(done) }
    },
    armiesFielded: (ruleset) => collection.armiesFielded(engine, items(), ruleset),
    ownedLeft: (roster) => collection.ownedLeft(engine, items(), roster as Roster),
    shoppingList: (ids) => shopping(ids),
    shoppingListPdf: async (ids, paper) => {
      const pdf = await collection.shoppingListPdf(engine, collection.fitRosters(engine, items(), rosters(ids)), paper)
      return shelved(pdfs, 'What to buy.pdf', pdf)
    },
    importCollectionFile: async (path, mode) => {
      const chosen = path ? [path] : await options.dialogs?.open({ title: 'Import a collection', filters: COLLECTION_FILES, multiple: false })
      if (!chosen?.length) return null
      const read = collection.readCollectionFile(chosen[0])
      if (!read.ok) throw new collection.StoreError('invalid', `${read.message} Nothing was imported.`)
      const { added, skipped } = collection.importCollection(db, read.collection, mode)
      return { added, skipped }
    },
    exportCollectionFile: async () => {
      const path = await options.dialogs?.save({ title: 'Export the collection', defaultName: 'collection.json', filters: COLLECTION_FILES })
      if (!path) return { saved: false }
      try {
        writeFileAtomic(path, JSON.stringify(collection.exportCollection(db), null, 2) + '\n', { library: db.name })
      } catch (e) {
        throw new FileError('write-failed', `${path}: ${writeErrorText(e as NodeJS.ErrnoException)}`)
      }
      return { saved: true, path }
    }
  }
}
