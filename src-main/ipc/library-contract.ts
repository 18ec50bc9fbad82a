// The roster library's calls (one SQLite file in the main process): rosters, revisions, folders,
// tags, the data's marks, files in and out, PDFs. contract.ts assembles them into the one contract.
import Type, { type Static } from 'typebox'
import type { LibraryImpact } from '../services/library-data'
import type { ListOptions, RevisionDiff, RevisionRow, RosterDocument, RosterRow } from '../store/types'
import { Args, call, id, kinds, papers, slug, type PdfMade } from './contract-parts'

/** A folder of the library, with how many rosters (outside the trash) it holds. */
export interface FolderSummary {
  id: string
  name: string
  count: number
}

/** The library's folders by name, and the counts beside them: in no folder, and all (outside the trash). */
export interface FolderList {
  folders: FolderSummary[]
  unfiled: number
  all: number
}

/** Files imported into the library: each roster made (source: its file name, [i] for a list's i-th), and each refused, why. */
export interface ImportAnswer {
  imported: Array<{ source: string; id: string; name: string }>
  failed: Array<{ source: string; reason: string }>
}

const rulesetValues = Type.Object({ ruleset: slug, edition: Type.Union([slug, Type.Null()]) }, { additionalProperties: false })
const revision = Type.Integer({ minimum: 1 })
/** A roster the renderer sends: any object here; the handler checks it against the roster schema and answers in players' words. */
const rosterDocument = Type.Unsafe<RosterDocument>({ type: 'object' })
/** A folder name as typed: the store trims it and says in words what it refuses (empty, too long, taken). */
const folderName = Type.String({ minLength: 1, maxLength: 100 })
const listOptions = Type.Object(
  {
    ruleset: Type.Optional(Type.String({ maxLength: 64 })),
    tag: Type.Optional(Type.String({ maxLength: 100 })),
    /** A folder's rosters, or (null) those in no folder. */
    folderId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
    favourite: Type.Optional(Type.Boolean()),
    valid: Type.Optional(Type.Boolean()),
    dataChanged: Type.Optional(Type.Boolean()),
    played: Type.Optional(Type.Boolean()),
    won: Type.Optional(Type.Boolean()),
    record: Type.Optional(Type.Boolean()),
    trash: Type.Optional(Type.Boolean()),
    sort: Type.Optional(Type.Enum(['updated', 'name', 'points', 'created'])),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    offset: Type.Optional(Type.Integer({ minimum: 0 }))
  },
  { additionalProperties: false }
)
// A type error here if the store's ListOptions and this schema part ways.
const _listOptionsAgree: [Static<typeof listOptions>, ListOptions] extends [ListOptions, Static<typeof listOptions>] ? true : never = true

/**
 * Files on this computer by path: dropped on the window (the preload's pathForFile) or chosen in an
 * open dialog. The main process reads each with the one file reader (regular files only, capped).
 */
const filePaths = (maxFiles: number) => Type.Array(Type.String({ minLength: 1, maxLength: 4096 }), { minItems: 1, maxItems: maxFiles })

/** The key of a PDF the main process keeps for Save (ipc/file-handlers.ts PdfShelf). */
const pdfKey = Type.String({ pattern: '^[0-9a-f]{24}$' })
/** A file name the save dialog offers: a name, no folder. */
const offeredName = Type.String({ minLength: 1, maxLength: 255, pattern: '^[^/\\\\:*?"<>|\\x00-\\x1f]+$' })

export const libraryCalls = {
  listRosters: call(Args(listOptions)).answers<{ rows: RosterRow[]; total: number }>(),
  /** (text, options) */
  searchRosters: call(Args(Type.String({ maxLength: 500 }), listOptions)).answers<{ rows: RosterRow[]; total: number }>(),
  /**
   * (id, revision?): the row and the document, no verdict (the editor's evaluateRoster gives it).
   * `moved`: the document was saved on a list a Meshwesh list of the same number now supersedes; it
   * is given as a roster of that list, and this says so (rules/roster-on-list.ts).
   */
  getRoster: call(Args(id, Type.Optional(revision))).answers<{ row: RosterRow; document: RosterDocument; moved?: string }>(),
  createRoster: call(Args(rosterDocument)).answers<RosterRow>(),
  /** (id, document, message?) */
  saveRoster: call(Args(id, rosterDocument, Type.Optional(Type.String({ maxLength: 500 })))).answers<RosterRow>(),
  listRevisions: call(Args(id)).answers<RevisionRow[]>(),
  /** (id, revision) */
  restoreRevision: call(Args(id, revision)).answers<RosterRow>(),
  /** (id, from, to) */
  compareRevisions: call(Args(id, revision, revision)).answers<RevisionDiff>(),
  /** (id, name) */
  renameRoster: call(Args(id, Type.String({ minLength: 1, maxLength: 200 }))).answers<RosterRow>(),
  duplicateRoster: call(Args(id)).answers<RosterRow>(),
  /** (id, favourite) */
  setFavourite: call(Args(id, Type.Boolean())).answers<RosterRow>(),
  /** (id, tags) */
  setTags: call(Args(id, Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 }))).answers<RosterRow>(),
  listTags: call(Args()).answers<Array<{ tag: string; count: number }>>(),
  trashRoster: call(Args(id)).answers<RosterRow>(),
  restoreRoster: call(Args(id)).answers<RosterRow>(),
  emptyTrash: call(Args()).answers<number>(),
  listFolders: call(Args()).answers<FolderList>(),
  /** (name): the new folder's id. A name in use (case aside) is refused (code 'conflict'). */
  createFolder: call(Args(folderName)).answers<string>(),
  /** (folderId, name) */
  renameFolder: call(Args(id, folderName)).answers<{ id: string; name: string }>(),
  /** (folderId): the folder goes, its rosters stay (in no folder); how many rosters were in it. */
  deleteFolder: call(Args(id)).answers<number>(),
  /**
   * (values?): every roster checked with the data in force now against the result the library stored
   * when it was saved; or, given a ruleset's values, each of its rosters as it is against under those
   * values. The rosters whose points or verdict differ.
   */
  libraryImpact: call(Args(Type.Optional(rulesetValues))).answers<LibraryImpact[]>(),
  /** (ids): their stored results brought up to date with the data in force (no new revision); how many. */
  refreshSummaries: call(Args(Type.Array(id, { maxItems: 100000 }))).answers<number>(),
  /**
   * At start: when the data changed since the library last saw it (new army lists, an update), every
   * roster is rechecked and those whose points or verdict changed are marked and returned.
   */
  dataUpdate: call(Args()).answers<{ changed: boolean; impacts: LibraryImpact[] }>(),
  /**
   * (values): every roster of that ruleset (not in the trash) switched to those values, a revision
   * each; the ones whose points or verdict changed are marked. How many were switched, and marked.
   */
  useValues: call(Args(rulesetValues)).answers<{ switched: number; changed: number }>(),
  /** Takes every "changed by new data" mark off; how many there were. */
  clearDataMarks: call(Args()).answers<number>(),
  /** (id, folderId or null) */
  moveToFolder: call(Args(id, Type.Union([Type.String({ maxLength: 64 }), Type.Null()]))).answers<RosterRow>(),
  /**
   * (paths?): roster files (and .txt files holding a share code) imported, each checked, bad ones
   * reported in words. Given paths (files dropped on the window), those; else the main process shows
   * the open dialog. null: the player cancelled it.
   */
  importRosterFiles: call(Args(Type.Optional(filePaths(2000)))).answers<ImportAnswer | null>(),
  exportRoster: call(Args(id)).answers<{ fileName: string; text: string }>(),
  /**
   * (id, kind, paper, against?, sheet?): a printable PDF of a library roster: the roster sheet, unit cards, or a
   * quick-reference sheet, optionally for a match-up: against another library roster (its id) or an
   * army list of the roster's ruleset ({ army }: the troops it can field, and its army facts).
   */
  exportPdf: call(
    Args(
      id,
      kinds,
      papers,
      Type.Optional(Type.Union([id, Type.Object({ army: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }), Type.Null()])),
      /** markProxies: the roster sheet marks each unit the collection does not cover as a proxy. */
      Type.Optional(Type.Object({ markProxies: Type.Optional(Type.Boolean()) }, { additionalProperties: false }))
    )
  ).answers<PdfMade & { checkCode: string }>(),
  /**
   * (key, fileName?): the PDF exportPdf or eventBook made (its key), exactly those bytes, saved where
   * the player says in the save dialog (fileName, else the PDF's own, offered), written whole or not at
   * all. Where it went, or that the player cancelled (nothing written).
   */
  savePdf: call(Args(pdfKey, Type.Optional(offeredName))).answers<{ saved: true; path: string } | { saved: false }>()
}
