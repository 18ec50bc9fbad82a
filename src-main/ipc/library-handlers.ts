// The library's side of the IPC contract: each call parsed, handed to the store or to a library use
// case (services/library.ts), and answered. Free of electron, so tests drive it with a real SQLite file.
import type Ajv2020 from 'ajv/dist/2020'
import type { Engine } from '../rules'
import type { Verdict } from '../rules/types'
import { documentChecks } from '../services/library-checks'
import * as libraryData from '../services/library-data'
import * as library from '../services/library'
import * as gameRecords from '../services/game-records'
import * as store from '../store'
import type { MusterHandlers } from './contract'
import { PdfShelf, shelved, type FileDialogs } from './file-handlers'
import type { CollectionChannels } from './collection-handlers'
import type { GameChannels } from './game-handlers'
import type { PhoneChannels } from './phone-handlers'
import type { EventDayChannels } from './event-day-contract'

type LibraryChannels = Exclude<
  keyof MusterHandlers,
  | 'listRulesets'
  | 'dataWarnings'
  | 'evaluateRoster'
  | 'armyDetails'
  | 'rulesetDetails'
  | 'newRoster'
  | 'checkEventFiles'
  | 'eventBook'
  | 'eventPairing'
  | 'listSamples'
  | 'addSample'
  | 'meshweshStatus'
  | 'meshweshSync'
  | 'meshweshCancel'
  | 'savePdf'
  | 'pickEventFiles'
  | CollectionChannels
  | GameChannels
  | PhoneChannels
  | EventDayChannels
>

export interface LibraryHandlerOptions {
  /** The fingerprint of the data in force (data-fingerprint.ts); without it, dataUpdate finds nothing. */
  dataFingerprint?: () => string
  /** Where exportPdf keeps each PDF it makes for savePdf (file-handlers.ts); by default a shelf of its own. */
  pdfs?: PdfShelf
  /** The native open dialog for importRosterFiles (electron/file-dialogs.ts; a fake in tests); without it, every dialog is cancelled. */
  dialogs?: FileDialogs
  /** The verdicts the editor's evaluations remembered (services/evaluation.ts): a save reuses its edit's. */
  verdictOf?: (doc: unknown) => Verdict
}

export function libraryHandlers(db: store.Db, engine: Engine, ajv: Ajv2020, options: LibraryHandlerOptions = {}): Pick<MusterHandlers, LibraryChannels> {
  const checks = documentChecks(engine, ajv, options.verdictOf)
  const row = (id: string) => store.getRosterRow(db, id)
  const pdfs = options.pdfs ?? new PdfShelf()

  return {
    listRosters: (options) => gameRecords.listRosters(db, options),
    searchRosters: (text, options) => gameRecords.searchRosters(db, text, options),
    getRoster: (id, revision) => library.openRoster(db, id, revision, engine),
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
    // Paths, not bytes: main reads the files (dropped ones by their paths; else those the open dialog gives).
    importRosterFiles: async (paths) => {
      const chosen =
        paths ??
        (await options.dialogs?.open({ title: 'Import rosters', filters: [{ name: 'Rosters and share codes', extensions: ['json', 'txt'] }], multiple: true }))
      return chosen ? library.importRosterPaths(db, checks, chosen) : null
    },
    exportPdf: async (id, kind, paper, against, sheet) => {
      const printed = await library.printRoster(db, engine, id, kind, paper, against ?? undefined, sheet)
      return { ...shelved(pdfs, printed.fileName, printed.pdf), checkCode: printed.checkCode }
    },
    exportRoster: (id) => library.rosterFile(db, id),
    rosterText: (id) => library.rosterAsText(db, engine, id),
    shareCode: (id) => library.shareCode(db, id),
    importShareCode: (code) => library.importShareCode(db, checks, code)
  }
}
