// The library's side of the IPC contract: each call parsed, handed to the store or to a library use
// case (services/library.ts), and answered. Free of electron, so tests drive it with a real SQLite file.
import type Ajv2020 from 'ajv/dist/2020'
import type { Engine } from '../rules'
import { documentChecks } from '../services/library-checks'
import * as libraryData from '../services/library-data'
import * as library from '../services/library'
import * as store from '../store'
import type { MusterHandlers } from './contract'

type LibraryChannels = Exclude<keyof MusterHandlers, 'listRulesets' | 'dataWarnings' | 'checkRoster' | 'rosterOptions' | 'armyDetails' | 'rulesetDetails' | 'newRoster' | 'checkEventFiles' | 'eventBook' | 'eventPairing' | 'listSamples' | 'addSample' | 'meshweshStatus' | 'meshweshSync' | 'meshweshCancel'>

export interface LibraryHandlerOptions {
  /** The fingerprint of the data in force (data-fingerprint.ts); without it, dataUpdate finds nothing. */
  dataFingerprint?: () => string
}

export function libraryHandlers(db: store.Db, engine: Engine, ajv: Ajv2020, options: LibraryHandlerOptions = {}): Pick<MusterHandlers, LibraryChannels> {
  const checks = documentChecks(engine, ajv)
  const row = (id: string) => store.getRosterRow(db, id)

  return {
    listRosters: (options) => store.listRosters(db, options),
    searchRosters: (text, options) => store.searchRosters(db, text, options),
    getRoster: (id, revision) => library.openRoster(db, engine, id, revision),
    createRoster: (doc) => library.createRoster(db, checks, doc),
    saveRoster: (id, doc, message) => library.saveRoster(db, checks, id, doc, message),
    listRevisions: (id) => store.listRevisions(db, id),
    restoreRevision: (id, revision) => library.restoreRevision(db, checks, id, revision),
    compareRevisions: (id, from, to) => store.diffDocuments(store.getDocument(db, id, from), store.getDocument(db, id, to)),
    renameRoster: (id, name) => {
      store.renameRoster(db, id, name, checks.summarise)
      return row(id)
    },
    duplicateRoster: (id) => row(store.duplicateRoster(db, id, undefined, checks.summarise)),
    setFavourite: (id, favourite) => {
      store.setFavourite(db, id, favourite)
      return row(id)
    },
    setTags: (id, tags) => {
      store.setTags(db, id, tags)
      return row(id)
    },
    listTags: () => store.listTags(db),
    trashRoster: (id) => {
      store.trashRoster(db, id)
      return row(id)
    },
    restoreRoster: (id) => {
      store.restoreFromTrash(db, id)
      return row(id)
    },
    emptyTrash: () => store.emptyTrash(db),
    listFolders: () => store.folderSummary(db),
    createFolder: (name) => store.createFolder(db, name),
    renameFolder: (folderId, name) => store.renameFolder(db, folderId, name),
    deleteFolder: (folderId) => store.deleteFolder(db, folderId),
    libraryImpact: (values) => (values ? library.impactOfValues(db, engine, values) : libraryData.impactOfData(db, engine).impacts),
    dataUpdate: () => {
      const now = options.dataFingerprint?.()
      if (now === undefined) return { changed: false, impacts: [] }
      return libraryData.recheckForNewData(db, engine, checks, now)
    },
    clearDataMarks: () => store.clearDataMarks(db),
    useValues: (values) => library.useValues(db, engine, checks, values),
    refreshSummaries: (ids) => libraryData.refreshResults(db, checks, ids),
    moveToFolder: (id, folderId) => {
      store.moveToFolder(db, id, folderId)
      return row(id)
    },
    // The files arrive as base64 (the contract's UserFile); the service reads bytes.
    importRosterTexts: (files) => library.importRosterBytes(db, checks, files.map((f) => ({ name: f.name, bytes: Buffer.from(f.base64, 'base64'), size: f.size }))),
    exportPdf: async (id, kind, paper, against) => {
      const printed = await library.printRoster(db, engine, id, kind, paper, against)
      return { fileName: printed.fileName, base64: printed.pdf.toString('base64'), checkCode: printed.checkCode }
    },
    exportRoster: (id) => library.rosterFile(db, id),
    rosterText: (id) => library.rosterAsText(db, engine, id),
    shareCode: (id) => library.shareCode(db, id),
    importShareCode: (code) => library.importShareCode(db, checks, code)
  }
}
