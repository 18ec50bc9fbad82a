// The one IPC contract between the renderer and the main process: one definition per call (below,
// `calls`), its arguments a TypeBox tuple, so the JSON Schema ajv checks every argument with in the
// main process (nothing from the renderer is trusted) and the arguments' TypeScript type come from
// the same line. The renderer's API (MusterApi), the preload's bridge and the main-side handler map
// are all derived from it. The channel names live in channels.ts, for the preload.
import Type, { type Static, type TSchema, type TTuple, type TUnsafe } from 'typebox'
import type { Evaluation } from '../rules/types'
import type { Channel, Command } from './channels'
import type { EventReport } from '../event/types'

export type { EventReport }
export type { PairReport } from '../services/pair-report'
import type { PairReport } from '../services/pair-report'
import type { ListOptions, RevisionDiff, RevisionRow, RosterDocument, RosterRow } from '../store/types'

export type { ListOptions, RevisionDiff, RevisionRow, RosterDocument, RosterRow }

export type { ArmySummary } from '../rules/army-summary'
import { PAPERS, PRINT_KINDS } from '../../src-shared/print'
import * as game from './game-contract'

// Games kept in the library (services/games.ts): their shapes, and Game day's shared ones.
export type {
  AgreedResult,
  GameListOptions,
  GameOpponentSource,
  GameProgress,
  GameRecord,
  GameRosterSource,
  GameRow,
  GameSideSummary,
  GameState,
  RecordOf,
  StartGameRequest,
  StoredResult
} from '../services/game-types'
import type { GameProgress, GameRecord, GameRow, GameState, StoredResult } from '../services/game-types'
export type { GameLosses, GameResult, GameScore, PlaySheet, SideIndex, Tap } from '../../src-shared/play/types'
import type { Tap } from '../../src-shared/play/types'

// The catalogue's answer lives with the service that makes it (services/catalogue.ts).
export type { RulesetSummary } from '../services/catalogue'
import type { RulesetSummary } from '../services/catalogue'

/** A roster whose points or verdict new data (or other values) change: before and after. */
export type { LibraryImpact } from '../services/library-data'
import type { LibraryImpact } from '../services/library-data'

/** A ruleset's values for the library to be checked under (services/library.ts). */
export type { RulesetValues } from '../services/library'

// What the army browser and the editor show of a list and a ruleset (services/army-details.ts).
export type { ArmyDetails, ArmyFactSummary, BattleCardSummary, OptionSummary, RulesetDetails, TroopSummary } from '../services/army-details'
import type { ArmyDetails, RulesetDetails } from '../services/army-details'

/** A sample roster, as the welcome shows it. */
export interface SampleSummary {
  /** Its file name: what addSample takes. */
  file: string
  name: string
  ruleset: string
  army: string
  armyName: string
  points: number
  limit: number | null
  units: number
}

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

// The collection: what the player owns (services/collection.ts).
export type { ArmyFielded, CollectionItem, FitReport, ListedCollection, NewItem, OwnedLeft } from '../services/collection'
export type { LineReading } from '../services/collection-lines'
import type { LineReading } from '../services/collection-lines'
import type { ArmyFielded, CollectionItem, FitReport, ListedCollection, OwnedLeft } from '../services/collection'
import type { RosterFit } from '../rules/coverage'

/** What to buy to field any one of some library rosters: per roster, and together, on screen and as text. */
export interface ShoppingAnswer {
  reports: FitReport[]
  toBuy: Array<RosterFit['missing'][number] & { ruleset: string }>
  text: string
}

/** A Meshwesh sync's report (services/meshwesh/sync.ts), with what it did to the library's rosters when it published. */
export type { SyncProgress, SyncReport } from '../services/meshwesh/sync'
export type { SyncImpact } from '../services/meshwesh/impact'
import type { SyncProgress, SyncReport } from '../services/meshwesh/sync'
import type { SyncImpact } from '../services/meshwesh/impact'
export type MeshweshReport = SyncReport & { impact?: SyncImpact; finishedAt: string }

/** The Meshwesh catalogue on this computer, and the sync under way or last run (meshwesh-handlers.ts). */
export interface MeshweshStatus {
  /** The ruleset the lists are for. */
  ruleset: string
  /** Lists in the published catalogue (0 before the first sync). */
  lists: number
  publishedAt: string | null
  /** When the extras (historical enemies, themes) were last refreshed whole; null before the first sync. */
  extrasRefreshedAt: string | null
  /** The server a sync asks (the saved setting, else the public site), and the public site's. */
  baseUrl: string
  defaultBaseUrl: string
  /** Syncs leave out the list authors' descriptions and notes (the player's last choice). */
  factsOnly: boolean
  running: boolean
  progress?: SyncProgress
  lastReport?: MeshweshReport
}

export interface IpcError {
  code: string
  message: string
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError }

export { channelNames, channels, COMMANDS, COMMAND_CHANNEL, type Channel, type Command } from './channels'

// ---- Argument schemas: the pieces the calls share ----

/** The longest paste importShareCode takes (5 MB of bytes as base64: far beyond any share code). */
const MAX_PASTE = Math.ceil((5 * 1024 * 1024) / 3) * 4 + 4

const id = Type.String({ minLength: 1, maxLength: 64 })
const slug = Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 64 })
const rulesetValues = Type.Object({ ruleset: slug, edition: Type.Union([slug, Type.Null()]) }, { additionalProperties: false })
const revision = Type.Integer({ minimum: 1 })
/** A roster the renderer sends: any object here; the handler checks it against the roster schema and answers in players' words. */
const rosterDocument = Type.Unsafe<RosterDocument>({ type: 'object' })
/** Any object, checked by the handler itself (a roster to check, an event profile). */
const anyObject = Type.Unsafe<unknown>({ type: 'object' })
const newRosterRequest = Type.Object(
  {
    ruleset: id,
    army: Type.String({ minLength: 1, maxLength: 200 }),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    year: Type.Optional(Type.Integer({ minimum: -5000, maximum: 2000 })),
    limit: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000 })),
    edition: Type.Optional(id),
    minimums: Type.Optional(Type.Boolean()),
    fromCollection: Type.Optional(Type.Boolean())
  },
  { additionalProperties: false }
)
/** A folder name as typed: the store trims it and says in words what it refuses (empty, too long, taken). */
const folderName = Type.String({ minLength: 1, maxLength: 100 })
/** An http(s) address (a Meshwesh API); the handler also parses it and says in words what it refuses. */
const httpUrl = Type.String({ minLength: 10, maxLength: 2000, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$' })
const kinds = Type.Enum([...PRINT_KINDS])
const papers = Type.Enum([...PAPERS])
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

/**
 * A submitted file of an event (or the last check's report): where it is, read by the main process
 * at each check, and the name the report gives it (its path under the folder chosen).
 */
const eventFile = Type.Object(
  { path: Type.String({ minLength: 1, maxLength: 4096 }), name: Type.String({ minLength: 1, maxLength: 1000 }) },
  { additionalProperties: false }
)
const eventFiles = Type.Array(eventFile, { maxItems: 5000 })
export type EventFile = Static<typeof eventFile>

/** The key of a PDF the main process keeps for Save (ipc/file-handlers.ts PdfShelf). */
const pdfKey = Type.String({ pattern: '^[0-9a-f]{24}$' })
/** A file name the save dialog offers: a name, no folder. */
const offeredName = Type.String({ minLength: 1, maxLength: 255, pattern: '^[^/\\\\:*?"<>|\\x00-\\x1f]+$' })

const attributeValues = Type.Record(
  Type.String({ pattern: '^[a-z][a-zA-Z0-9]*$', maxLength: 64 }),
  Type.Union([Type.String({ maxLength: 80 }), Type.Boolean()]),
  {
    maxProperties: 20
  }
)
/** Items as lines a player types or pastes (services/collection-lines.ts reads them; a longer text is refused there in words). */
const linesText = Type.String({ maxLength: 200_000 })
/** An item to add: what it is in one ruleset (the others proposed); the service checks the rest. */
const newItem = Type.Object(
  {
    name: Type.String({ maxLength: 120 }),
    count: Type.Integer({ minimum: 1, maximum: 100000 }),
    counted: Type.Optional(Type.Enum(['stands', 'figures'])),
    ruleset: slug,
    troop: slug,
    attributes: Type.Optional(attributeValues),
    figuresPerStand: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    basing: Type.Optional(Type.String({ maxLength: 80 })),
    notes: Type.Optional(Type.String({ maxLength: 2000 }))
  },
  { additionalProperties: false }
)
const itemChanges = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
    counted: Type.Optional(Type.Enum(['stands', 'figures'])),
    figuresPerStand: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 100 }), Type.Null()])),
    basing: Type.Optional(Type.String({ maxLength: 80 })),
    notes: Type.Optional(Type.String({ maxLength: 2000 }))
  },
  { additionalProperties: false }
)

/** Files imported into the library: each roster made (source: its file name, [i] for a list's i-th), and each refused, why. */
export interface ImportAnswer {
  imported: Array<{ source: string; id: string; name: string }>
  failed: Array<{ source: string; reason: string }>
}

/**
 * A PDF made in the main process: its bytes as binary (IPC carries a Uint8Array as it is), the name
 * it is offered under, and the key savePdf takes to save exactly these bytes.
 */
export interface PdfMade {
  fileName: string
  pdf: Uint8Array
  key: string
}

/**
 * A call's argument list: a tuple (`items: [...]` and `additionalItems: false`, JSON Schema draft-07
 * as TypeBox writes it), whose trailing Type.Optional elements may be left off. TypeBox counts them
 * in `minItems`; here they are not, as their types (`[string, number?]`) already say. No arguments:
 * an empty array (draft-07 has no empty `items` list).
 */
function Args(): TUnsafe<[]>
function Args<const T extends [TSchema, ...TSchema[]]>(...items: T): TTuple<T>
function Args(...items: TSchema[]): TSchema {
  if (items.length === 0) return Type.Unsafe<[]>({ type: 'array', maxItems: 0 })
  const firstOptional = items.findIndex((t) => Type.IsOptional(t))
  if (firstOptional >= 0 && items.slice(firstOptional).some((t) => !Type.IsOptional(t)))
    throw new Error('IPC contract: only the last arguments of a call may be optional')
  return Type.Tuple(items, { minItems: firstOptional < 0 ? items.length : firstOptional })
}

/** One call of the contract: its argument list (schema and type at once) and, as a type only, its answer. */
export interface Call<A extends TSchema = TSchema, Answer = unknown> {
  readonly args: A
  /** Never set: carries the answer's type. */
  readonly answer?: Answer
}
const call = <A extends TSchema>(args: A) => ({ answers: <Answer>(): Call<A, Answer> => ({ args }) })

// ---- The calls ----

/** Every call the renderer may make, with its arguments and answer, once. */
export const calls = {
  listRulesets: call(Args()).answers<RulesetSummary[]>(),
  /**
   * What was left out of the user's data at start, and why, in words for the player (user-data.ts
   * withoutDamagedCatalogue): an edition named like one Muster ships, a damaged Meshwesh catalogue.
   * Never only in a log (issue 26): the app shows them on its first screen. Empty: nothing left out.
   */
  dataWarnings: call(Args()).answers<string[]>(),
  /** The editor's one call per edit: the verdict and what can be added, from one check (remembered for the save that follows). */
  evaluateRoster: call(Args(anyObject)).answers<Evaluation>(),
  /** (rulesetId, armyId) */
  armyDetails: call(Args(Type.String({ minLength: 1, maxLength: 200 }), Type.String({ minLength: 1, maxLength: 200 }))).answers<ArmyDetails>(),
  /** (rulesetId, edition?): its troop types, stats and costs as that data edition has them. */
  rulesetDetails: call(Args(Type.String({ minLength: 1, maxLength: 64 }), Type.Optional(id))).answers<RulesetDetails>(),
  /** The roster New roster creates (services/new-roster.ts): empty, or a legal army from the list's minimums, topped up to the limit. */
  newRoster: call(Args(newRosterRequest)).answers<{ document: RosterDocument; notices: string[] }>(),

  // The roster library (one SQLite file in the main process).
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
  savePdf: call(Args(pdfKey, Type.Optional(offeredName))).answers<{ saved: true; path: string } | { saved: false }>(),

  // Tournament checking.
  /**
   * (event, files, previous?): checks submitted roster files against an event profile; the report with its HTML and CSV.
   * `previous`, the JSON report of the last check (a user file), says for each resubmission what changed since.
   */
  checkEventFiles: call(Args(anyObject, eventFiles, Type.Optional(eventFile))).answers<{ report: EventReport; html: string; csv: string }>(),
  /** (event, files, judges, previous?): the list book (judges: false) or the judges' copy of the same check, as PDF bytes (binary), kept for savePdf. */
  eventBook: call(Args(anyObject, eventFiles, Type.Boolean(), Type.Optional(eventFile))).answers<PdfMade & { rosters: number; left: number }>(),
  /** (event, files): proposed first-round pairings of the submissions (as `muster pair`), with the CSV of them. */
  eventPairing: call(Args(anyObject, eventFiles)).answers<{ report: PairReport; csv: string }>(),
  /**
   * (purpose): the main process shows the open dialog: submitted files, a folder of them (its .json
   * files at any depth, named by their path under it), or the last check's report (one file). The files
   * chosen, not read yet (each check reads them afresh); null: cancelled.
   */
  pickEventFiles: call(Args(Type.Enum(['files', 'folder', 'previous']))).answers<EventFile[] | null>(),

  // Sharing a list.
  /** (id): a library roster as plain text ("Copy as text"), with the check code its PDF prints. Of the saved roster: save first. */
  rosterText: call(Args(id)).answers<{ text: string; checkCode: string }>(),
  /** (id): a library roster as a share code (MU1.…) to paste into chat, mail or a forum. */
  shareCode: call(Args(id)).answers<{ code: string }>(),
  /**
   * (code): a new library roster from a share code; a damaged code or one holding no roster is an error
   * (code 'bad-share-code'), in players' words. Its cap is longer than any code, so that a long paste
   * gets the share code's own words, not a schema's.
   */
  importShareCode: call(Args(Type.String({ maxLength: MAX_PASTE }))).answers<RosterRow>(),

  // First run.
  /** The sample rosters the welcome offers: the legal examples, one or more per ruleset. */
  listSamples: call(Args()).answers<SampleSummary[]>(),
  /** (file): adds a sample (by its file name, as listSamples gave it) to the library as a new roster. */
  addSample: call(Args(Type.String({ pattern: '^[a-z0-9-]+\\.muster\\.json$', maxLength: 100 }))).answers<RosterRow>(),

  // The collection: what the player owns, in the library.
  /** The items, and those some ruleset cannot count any more (listed with a warning, never dropped). */
  collection: call(Args()).answers<ListedCollection>(),
  /** (items): added, each with its counts-as in the other rulesets proposed; the new revision. */
  addCollectionItems: call(Args(Type.Array(newItem, { minItems: 1, maxItems: 500 }))).answers<{ revision: number; items: CollectionItem[] }>(),
  /** (text, ruleset?): items written one a line ("12 Gallic warriors as" a troop type), each read: what it adds, or what is wrong; `ruleset` for lines naming none. */
  readCollectionLines: call(Args(linesText, Type.Optional(slug))).answers<LineReading[]>(),
  /** (text, ruleset?): every line's item added as one change (one revision, one undo); any line wrong: nothing added, the error says which. */
  addCollectionLines: call(Args(linesText, Type.Optional(slug))).answers<{ revision: number; items: CollectionItem[] }>(),
  /** (id, changes): its name, count, basing or notes changed; the new revision. */
  updateCollectionItem: call(Args(id, itemChanges)).answers<number>(),
  /** (ids) */
  removeCollectionItems: call(Args(Type.Array(id, { minItems: 1, maxItems: 5000 }))).answers<{ revision: number; removed: CollectionItem[] }>(),
  /** (id, ruleset, troop, attributes?): what the item counts as there, as the player says (confirmed). */
  setCountsAs: call(Args(id, slug, slug, Type.Optional(attributeValues))).answers<number>(),
  /** The collection as it was before its last change (saved again as a new revision); null: nothing to undo. */
  undoCollection: call(Args()).answers<{ revision: number; restored: number; undid: string } | null>(),
  /**
   * (ids): "I own these armies": what the collection does not field of each library roster added as
   * items, as one change (`items` empty and the revision as it was when it fields them all); `said`: what was done, in words.
   */
  ownRosters: call(Args(Type.Array(id, { minItems: 1, maxItems: 50 }))).answers<{ revision: number; items: CollectionItem[]; said: string }>(),
  /** (ruleset?): every army (of one ruleset) with the share of it the collection fields, best first. */
  armiesFielded: call(Args(Type.Optional(slug))).answers<ArmyFielded[]>(),
  /** (roster): what the collection still has for it once its units have taken theirs (the editor's "only what I own"). */
  ownedLeft: call(Args(anyObject)).answers<OwnedLeft>(),
  /** (ids): library rosters, what the collection covers of each and what to buy to field any one of them. */
  shoppingList: call(Args(Type.Array(id, { minItems: 1, maxItems: 50 }))).answers<ShoppingAnswer>(),
  /** (ids, paper): the shopping list as a PDF, kept for savePdf. */
  shoppingListPdf: call(Args(Type.Array(id, { minItems: 1, maxItems: 50 }), papers)).answers<PdfMade>(),
  /**
   * (path?, mode): a collection file read by the main process (the open dialog when no path: null if
   * cancelled); refused whole, in words, if any of it is wrong. merge adds the items with new ids.
   */
  importCollectionFile: call(Args(Type.Union([Type.String({ minLength: 1, maxLength: 4096 }), Type.Null()]), Type.Enum(['merge', 'replace']))).answers<{
    added: number
    skipped: number
  } | null>(),
  /** The collection written where the player says in the save dialog. */
  exportCollectionFile: call(Args()).answers<{ saved: true; path: string } | { saved: false }>(),

  // Army lists from Meshwesh.
  /** The catalogue on this computer (how many lists, when published), the server in force, and the sync under way (progress) or last run (its report). */
  meshweshStatus: call(Args()).answers<MeshweshStatus>(),
  /**
   * (options?): starts a sync in the main process and answers at once (poll meshweshStatus); a given
   * `baseUrl` is saved as the server from now on; `full` refreshes the extras (enemies, themes) too.
   * Refused in words while a sync runs.
   */
  meshweshSync: call(
    Args(
      Type.Optional(
        Type.Object(
          { baseUrl: Type.Optional(httpUrl), factsOnly: Type.Optional(Type.Boolean()), full: Type.Optional(Type.Boolean()) },
          { additionalProperties: false }
        )
      )
    )
  ).answers<MeshweshStatus>(),
  /** Cancels the sync under way (what was fetched is kept; the next sync resumes); whether one was running. */
  meshweshCancel: call(Args()).answers<boolean>(),

  // Games at the table, kept in the library: every tap saved as it is made (services/games.ts).
  /** (request): a new game of my roster (library id, file, share code) against the opponent's (the same, or an army list); its sheet, ready to play. */
  startGame: call(Args(game.startGameRequest)).answers<GameState>(),
  /** (id, tap): one tap saved; a unit, flag or amount the game cannot take is refused in words (nothing saved). The game after it. */
  tapGame: call(Args(game.gameId, game.tap)).answers<GameProgress>(),
  /** (id): the latest tap taken back (removed); `undone`: which (null: there was none). */
  undoGameTap: call(Args(game.gameId)).answers<GameProgress & { undone: Tap | null }>(),
  /** (id): the game whole, to resume it where it stopped. */
  getGame: call(Args(game.gameId)).answers<GameState>(),
  /** (options): the history, newest first. */
  listGames: call(Args(game.gameListOptions)).answers<{ rows: GameRow[]; total: number }>(),
  /**
   * (id, agreed?): the game ended, its result kept with its result code. `agreed`: who won (null: a
   * draw) as the players say, where the rules name no winner yet; without it, a game the rules have
   * not ended is refused in words.
   */
  finishGame: call(Args(game.gameId, Type.Optional(game.agreedResult))).answers<StoredResult>(),
  /** (id): the game and its taps deleted; whether there was one. */
  deleteGame: call(Args(game.gameId)).answers<boolean>(),
  /** (whose): a library roster's or a player's record from finished games. */
  gameRecord: call(Args(game.recordOf)).answers<GameRecord>(),

  // The phone at the table (services/phone.ts, security/local-server.md).
  /**
   * (gameId, options?): serves that game's tracker to a phone from this computer (127.0.0.1; `lan`:
   * open to the network) until the game ends, stopShowingOnPhone, or the window closes; one game at
   * a time (showing another stops the first). The phone's taps come back into the game. Its link
   * (with a fresh secret token) and a QR code of it as a PNG data URL.
   */
  showOnPhone: call(Args(game.gameId, Type.Optional(Type.Object({ lan: Type.Optional(Type.Boolean()) }, { additionalProperties: false })))).answers<{
    url: string
    qr: string
    lan: boolean
  }>(),
  /** Stops serving the phone page; whether it was served. */
  stopShowingOnPhone: call(Args()).answers<boolean>()
} satisfies { [K in Channel]: Call }

type Calls = typeof calls
type ArgsOf<K extends Channel> = Static<Calls[K]['args']> extends infer L extends unknown[] ? L : never
type AnswerOf<K extends Channel> = Calls[K] extends Call<TSchema, infer Answer> ? Answer : never

/** Every call the renderer may make, with its arguments and answer: window.muster's calls. */
export type MusterApi = { [K in keyof Calls]: (...args: ArgsOf<K>) => Promise<Result<AnswerOf<K>>> }

/**
 * What the preload exposes as window.muster: the calls, a subscription to menu commands, and the path
 * of a file dropped on the window (Electron's webUtils.getPathForFile; '' for one not on disk).
 */
export type MusterBridge = MusterApi & { onCommand(listener: (command: Command) => void): () => void; pathForFile(file: File): string }

/** What the main side implements: the same calls, synchronous or not, minus the Result wrapping. */
export type MusterHandlers = { [K in keyof Calls]: (...args: ArgsOf<K>) => AnswerOf<K> | Promise<AnswerOf<K>> }
