// The one IPC contract between the renderer and the main process: one definition per call (below,
// `calls`, assembled from the per-area files *-contract.ts), its arguments a TypeBox tuple, so the
// JSON Schema ajv checks every argument with in the main process (nothing from the renderer is
// trusted) and the arguments' TypeScript type come from the same line. The renderer's API
// (MusterApi), the preload's bridge and the main-side handler map are all derived from it. The
// channel names live in channels.ts, for the preload.
import Type, { type Static, type TSchema } from 'typebox'
import type { Evaluation } from '../rules/types'
import type { Channel, Command } from './channels'
import type { EventReport } from '../event/types'
import { anyObject, Args, call, id, type Call } from './contract-parts'
import { libraryCalls } from './library-contract'
import { eventCalls } from './event-contract'
import { collectionCalls } from './collection-contract'
import { meshweshCalls } from './meshwesh-contract'
import { eventDayCalls } from './event-day-contract'

export type { EventReport }
// The rules' and events' shapes the renderer draws: it takes them from here only (types, nothing else).
export type { AmendmentState, CardOfferAnswer, Evaluation, Issue, OptionsAnswer, RosterCard, RosterUnit, UnitReport, Verdict } from '../rules/types'
export type { EventRow } from '../event/types'
export type { PairReport } from '../services/pair-report'
export type * from '../services/event-day-types'
export type { EnterReport, EventExport, PairedRound } from '../services/event-day'
import type { RosterDocument, RosterRow } from '../store/types'
export type { ListOptions, RevisionDiff, RevisionRow, RosterDocument, RosterRow } from '../store/types'
export type { ArmySummary } from '../rules/army-summary'
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

/** A ruleset's values for the library to be checked under (services/library.ts). */
export type { RulesetValues } from '../services/library'

// What the army browser and the editor show of a list and a ruleset (services/army-details.ts).
export type { ArmyDetails, ArmyFactSummary, BattleCardSummary, OptionSummary, RulesetDetails, TroopSummary } from '../services/army-details'
import type { ArmyDetails, RulesetDetails } from '../services/army-details'

/** A sample roster, as the welcome shows it. */
export type { SampleSummary } from '../services/samples'
import type { SampleSummary } from '../services/samples'

export type { FolderList, FolderSummary, ImportAnswer } from './library-contract'
export type { EventFile } from './event-contract'
export type { Call, PdfMade } from './contract-parts'

// The collection: what the player owns (services/collection.ts).
export type { ArmyFielded, CollectionItem, FitReport, ListedCollection, NewItem, OwnedLeft } from '../services/collection'
export type { LineReading } from '../services/collection-lines'
export type { ShoppingAnswer } from './collection-contract'

/** A Meshwesh sync's report (services/meshwesh/sync.ts), with what it did to the library's rosters when it published. */
export type { SyncProgress, SyncReport } from '../services/meshwesh/sync'
export type { SyncImpact } from '../services/meshwesh/impact'
export type { MeshweshReport, MeshweshStatus } from './meshwesh-contract'

export interface IpcError {
  code: string
  message: string
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError }

export { channelNames, channels, COMMANDS, COMMAND_CHANNEL, type Channel, type Command } from './channels'

// ---- Argument schemas: the pieces the calls share ----

/** The longest paste importShareCode takes (5 MB of bytes as base64: far beyond any share code). */
const MAX_PASTE = Math.ceil((5 * 1024 * 1024) / 3) * 4 + 4

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

  ...libraryCalls,

  // Tournament checking.
  ...eventCalls,

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
  ...collectionCalls,

  // Army lists from Meshwesh.
  ...meshweshCalls,

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
  stopShowingOnPhone: call(Args()).answers<boolean>(),

  // Event day: an event run in the library (services/event-day.ts).
  ...eventDayCalls
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
