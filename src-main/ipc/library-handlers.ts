// The library's side of the IPC contract: each call parsed, handed to a library use case
// (services/library.ts, services/library-shelf.ts), and answered. Free of electron, so tests drive it with a real SQLite file.
import type Ajv2020 from 'ajv/dist/2020'
import type { Engine } from '../rules'
import type { Verdict } from '../rules/types'
import { documentChecks } from '../services/library-checks'
import * as libraryData from '../services/library-data'
import * as library from '../services/library'
import * as gameRecords from '../services/game-records'
import * as shelf from '../services/library-shelf'
import type { Db } from '../store'
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

export function libraryHandlers(db: Db, engine: Engine, ajv: Ajv2020, options: LibraryHandlerOptions = {}): Pick<MusterHandlers, LibraryChannels> {
  const checks = documentChecks(engine, ajv, options.verdictOf)
  const pdfs = options.pdfs ?? new PdfShelf()

  return {
    listRosters: (options) => gameRecords.listRosters(db, options),
    searchRosters: (text, options) => gameRecords.searchRosters(db, text, options),
    getRoster: (id, revision) => library.openRoster(db, id, revision, engine),
    createRoster: (doc) => library.createRoster(db, checks, doc),
    saveRoster: (id, doc, message) => library.saveRoster(db, checks, id, doc, message),
    listRevisions: (id) => shelf.listRevisions(db, id),
    restoreRevision: (id, revision) => library.restoreRevision(db, checks, id, revision),
    compareRevisions: (id, from, to) => shelf.compareRevisions(db, id, from, to),
    renameRoster: (id, name) => shelf.renameRoster(db, checks, id, name),
    duplicateRoster: (id) => shelf.duplicateRoster(db, checks, id),
    setFavourite: (id, favourite) => shelf.setFavourite(db, id, favourite),
    setTags: (id, tags) => shelf.setTags(db, id, tags),
    listTags: () => shelf.listTags(db),
    trashRoster: (id) => shelf.trashRoster(db, id),
    restoreRoster: (id) => shelf.restoreRoster(db, id),
    emptyTrash: () => shelf.emptyTrash(db),
    listFolders: () => shelf.listFolders(db),
    createFolder: (name) => shelf.createFolder(db, name),
    renameFolder: (folderId, name) => shelf.renameFolder(db, folderId, name),
    deleteFolder: (folderId) => shelf.deleteFolder(db, folderId),
    libraryImpact: (values) => (values ? library.impactOfValues(db, engine, values) : libraryData.impactOfData(db, engine).impacts),
    dataUpdate: () => {
      const now = options.dataFingerprint?.()
      if (now === undefined) return { changed: false, impacts: [] }
      return libraryData.recheckForNewData(db, engine, checks, now)
    },
    clearDataMarks: () => shelf.clearDataMarks(db),
    useValues: (values) => library.useValues(db, engine, checks, values),
    refreshSummaries: (ids) => libraryData.refreshResults(db, checks, ids),
    moveToFolder: (id, folderId) => shelf.moveToFolder(db, id, folderId),
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
