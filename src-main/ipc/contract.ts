// The one IPC contract between the renderer and the main process. The preload API, the renderer
// client and the main-side handler map are all derived from MusterApi; payload schemas check every
// argument in the main process, because nothing from the renderer is trusted.
import type { OptionsAnswer, Verdict } from '../rules/types'
import type { EventReport } from '../event/types'

export type { EventReport }
import type { ListOptions, RevisionDiff, RevisionRow, RosterDocument, RosterRow } from '../store/types'

export type { ListOptions, RevisionDiff, RevisionRow, RosterDocument, RosterRow }

export interface ArmySummary {
  id: string
  name: string
  dates: Array<{ from: number; to: number }>
  tags: string[]
  region?: string
  era?: string
}

export interface RulesetSummary {
  id: string
  name: string
  /** The name where space is short (library column, editor bar). */
  shortName: string
  dataVersion: string
  costUnit: 'figure' | 'stand' | 'unit'
  defaultPointsLimit: number | null
  /** Labels of the derived figures a verdict reports, in display order. */
  figures: Array<{ id: string; label: string }>
  armies: ArmySummary[]
}

export interface OptionSummary {
  /** What a roster unit's `option` names: the option id, or `<ally>.<contingent>.<option>`. */
  key: string
  name: string
  troops: Array<{ id: string; name: string; cost: number | null }>
  min: number
  max: number | null
  /** "available 280-168 BC", or null when always available. */
  availability: string | null
  dates: Array<{ from: number; to: number }> | null
  restriction: string | null
  battleLine: string | null
  sameType: boolean
  /** The ally option it belongs to, for allied and optional contingents. */
  ally: { id: string; name: string; internal: boolean; availability: string | null; dates: Array<{ from: number; to: number }> | null } | null
}

export interface TroopSummary {
  id: string
  name: string
  category: string
  /** Cost per count when flat; null when it depends on attributes (see costTable). */
  cost: number | null
  costTable: { by: string[]; table: Record<string, unknown> } | null
  /** What a new unit of this type starts at. */
  defaultCount: number
  attributes: Array<{ id: string; label: string; type: 'enum' | 'boolean'; values: string[]; valueLabels: Record<string, string>; required: boolean }>
  /** The troop's profile: its game numbers, labelled by the ruleset (short for one line, full on hover). */
  stats: Array<{ id: string; label: string; short: string; unit: string | null; value: string | number | boolean }>
  /** Its special rules: the troop type's notes and the reference sheet's card rules for it. */
  rules: string[]
}

export interface RulesetDetails {
  id: string
  name: string
  shortName: string
  costUnit: 'figure' | 'stand' | 'unit'
  defaultPointsLimit: number | null
  hasCamp: boolean
  troops: TroopSummary[]
  figures: Array<{ id: string; label: string }>
  unitFigures: Array<{ id: string; label: string }>
}

/** A battle card this army list offers (Triumph!), and where. */
export interface BattleCardSummary {
  code: string
  name: string
  description: string | null
  /** What a roster's count of it means; null when it is taken once. */
  counts: 'cards' | 'stands' | null
  /** "1 point", "0.5 points a card", "1 card: free; 2: 1 point; 3: 2 points (at most 3)"... from the cost formula. */
  costText: string
  /** The list as a whole (option null) or the troop options that offer it. */
  offers: Array<{ option: string | null; optionName: string | null; max: number | null; note: string | null }>
}

/** An army-wide rating (Triumph!: invasion, maneuver), undated or for some dates. */
export interface RatingSummary {
  kind: 'invasion' | 'maneuver'
  label: string
  value: number
  dates: Array<{ from: number; to: number }> | null
  /** "55-54 BC, 43-51 AD" and the list's note, or null. */
  when: string | null
}

export interface ArmyDetails extends ArmySummary {
  ruleset: string
  notes: string[]
  generals: string[]
  ratings: RatingSummary[]
  /** Home topographies (Triumph!), for the set-up roll. */
  topography: string[]
  options: OptionSummary[]
  battleCards: BattleCardSummary[]
}

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

export interface IpcError {
  code: string
  message: string
}

/**
 * A file the user picked in the window, sent as its bytes (base64), so the main side reads it as
 * the CLI reads files from disk: UTF-8 only, strict JSON, the same caps and messages.
 */
export interface UserFile {
  name: string
  base64: string
  /** Set, with no bytes, for a file too large to send: the main side reports it by its size. */
  size?: number
}

/** 5 MB of bytes in base64. */
const MAX_FILE_BASE64 = Math.ceil((5 * 1024 * 1024) / 3) * 4 + 4

export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError }

/** Every call the renderer may make, with its arguments and answer. */
export interface MusterApi {
  listRulesets(): Promise<Result<RulesetSummary[]>>
  checkRoster(roster: unknown): Promise<Result<Verdict>>
  /** What can be added to the roster (a unit ready to append) and what cannot, and why. */
  rosterOptions(roster: unknown): Promise<Result<OptionsAnswer>>
  armyDetails(rulesetId: string, armyId: string): Promise<Result<ArmyDetails>>
  rulesetDetails(rulesetId: string): Promise<Result<RulesetDetails>>
  /** A legal roster built from the army list's minimums, topped up to the points limit. */
  suggestRoster(rulesetId: string, armyId: string, year?: number): Promise<Result<RosterDocument>>

  // The roster library (one SQLite file in the main process).
  listRosters(options: ListOptions): Promise<Result<{ rows: RosterRow[]; total: number }>>
  searchRosters(text: string, options: ListOptions): Promise<Result<{ rows: RosterRow[]; total: number }>>
  getRoster(id: string, revision?: number): Promise<Result<{ row: RosterRow; document: RosterDocument; verdict: Verdict }>>
  createRoster(document: RosterDocument): Promise<Result<RosterRow>>
  saveRoster(id: string, document: RosterDocument, message?: string): Promise<Result<RosterRow>>
  listRevisions(id: string): Promise<Result<RevisionRow[]>>
  restoreRevision(id: string, revision: number): Promise<Result<RosterRow>>
  compareRevisions(id: string, from: number, to: number): Promise<Result<RevisionDiff>>
  renameRoster(id: string, name: string): Promise<Result<RosterRow>>
  duplicateRoster(id: string): Promise<Result<RosterRow>>
  setFavourite(id: string, favourite: boolean): Promise<Result<RosterRow>>
  setTags(id: string, tags: string[]): Promise<Result<RosterRow>>
  listTags(): Promise<Result<Array<{ tag: string; count: number }>>>
  trashRoster(id: string): Promise<Result<RosterRow>>
  restoreRoster(id: string): Promise<Result<RosterRow>>
  emptyTrash(): Promise<Result<number>>
  listFolders(): Promise<Result<Array<{ id: string; name: string; count: number }>>>
  createFolder(name: string): Promise<Result<string>>
  moveToFolder(id: string, folderId: string | null): Promise<Result<RosterRow>>
  /** Roster files the user dropped or picked, as text: each checked, bad ones reported. */
  importRosterTexts(files: UserFile[]): Promise<Result<{ imported: Array<{ source: string; id: string; name: string }>; failed: Array<{ source: string; reason: string }> }>>
  exportRoster(id: string): Promise<Result<{ fileName: string; text: string }>>
  /** A printable PDF of a library roster: the roster sheet, unit cards, or a quick-reference sheet (optionally for a match-up). */
  exportPdf(id: string, kind: 'roster' | 'cards' | 'qrs', paper: 'a4' | 'letter', opponentId?: string): Promise<Result<{ fileName: string; base64: string; checkCode: string }>>

  // Tournament checking.
  /** Checks submitted roster files against an event profile; the report with its HTML and CSV. */
  checkEventFiles(event: unknown, files: UserFile[]): Promise<Result<{ report: EventReport; html: string; csv: string }>>

  // Sharing a list.
  /** A library roster as plain text ("Copy as text"), with the check code its PDF prints. Of the saved roster: save first. */
  rosterText(id: string): Promise<Result<{ text: string; checkCode: string }>>
  /** A library roster as a share code (MU1.…) to paste into chat, mail or a forum. */
  shareCode(id: string): Promise<Result<{ code: string }>>
  /** A new library roster from a share code; a damaged code or one holding no roster is an error (code 'bad-share-code'), in players' words. */
  importShareCode(code: string): Promise<Result<RosterRow>>

  // First run.
  /** The sample rosters the welcome offers: the legal examples, one or more per ruleset. */
  listSamples(): Promise<Result<SampleSummary[]>>
  /** Adds a sample (by its file name, as listSamples gave it) to the library as a new roster. */
  addSample(file: string): Promise<Result<RosterRow>>
}

/** Menu and shortcut commands the main process sends to the page (one way, no payload). */
export const COMMANDS = ['new', 'open', 'import', 'export', 'print', 'undo', 'redo', 'theme-system', 'theme-light', 'theme-dark', 'library', 'armies', 'reload'] as const
export type Command = (typeof COMMANDS)[number]
export const COMMAND_CHANNEL = 'muster:command'

/** What the preload exposes as window.muster: the calls, plus a subscription to menu commands. */
export type MusterBridge = MusterApi & { onCommand(listener: (command: Command) => void): () => void }

export type Channel = keyof MusterApi

export const channelNames: { [K in Channel]: string } = {
  listRulesets: 'rules:list-rulesets',
  checkRoster: 'rules:check-roster',
  rosterOptions: 'rules:roster-options',
  armyDetails: 'rules:army-details',
  rulesetDetails: 'rules:ruleset-details',
  suggestRoster: 'rules:suggest-roster',
  listRosters: 'library:list',
  searchRosters: 'library:search',
  getRoster: 'library:get',
  createRoster: 'library:create',
  saveRoster: 'library:save',
  listRevisions: 'library:revisions',
  restoreRevision: 'library:restore-revision',
  compareRevisions: 'library:compare-revisions',
  renameRoster: 'library:rename',
  duplicateRoster: 'library:duplicate',
  setFavourite: 'library:favourite',
  setTags: 'library:tags',
  listTags: 'library:list-tags',
  trashRoster: 'library:trash',
  restoreRoster: 'library:untrash',
  emptyTrash: 'library:empty-trash',
  listFolders: 'library:folders',
  createFolder: 'library:create-folder',
  moveToFolder: 'library:move',
  importRosterTexts: 'library:import-texts',
  exportRoster: 'library:export',
  exportPdf: 'library:export-pdf',
  checkEventFiles: 'event:check',
  rosterText: 'library:roster-text',
  shareCode: 'library:share-code',
  importShareCode: 'library:import-share-code',
  listSamples: 'library:samples',
  addSample: 'library:add-sample'
}

const id = { type: 'string', minLength: 1, maxLength: 64 }
const revision = { type: 'integer', minimum: 1 }
const listOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ruleset: { type: 'string', maxLength: 64 },
    tag: { type: 'string', maxLength: 100 },
    folderId: { type: 'string', maxLength: 64 },
    favourite: { type: 'boolean' },
    valid: { type: 'boolean' },
    trash: { type: 'boolean' },
    sort: { enum: ['updated', 'name', 'points', 'created'] },
    limit: { type: 'integer', minimum: 1, maximum: 1000 },
    offset: { type: 'integer', minimum: 0 }
  }
}
const rosterDocument = { type: 'object' }
const args = (...items: object[]) => (items.length ? { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length, items: false } : { type: 'array', maxItems: 0 })

/** JSON Schema of each call's argument list (an array), checked by ajv in the main process. */
export const argumentSchemas: { [K in Channel]: object } = {
  listRulesets: { type: 'array', maxItems: 0 },
  checkRoster: { type: 'array', minItems: 1, maxItems: 1, items: { type: 'object' } },
  rosterOptions: { type: 'array', minItems: 1, maxItems: 1, items: { type: 'object' } },
  armyDetails: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'string', minLength: 1, maxLength: 200 } },
  rulesetDetails: args({ type: 'string', minLength: 1, maxLength: 64 }),
  suggestRoster: { anyOf: [args(id, id), args(id, id, { type: 'integer', minimum: -5000, maximum: 2000 })] },
  listRosters: args(listOptions),
  searchRosters: args({ type: 'string', maxLength: 500 }, listOptions),
  getRoster: { anyOf: [args(id), args(id, revision)] },
  createRoster: args(rosterDocument),
  saveRoster: { anyOf: [args(id, rosterDocument), args(id, rosterDocument, { type: 'string', maxLength: 500 })] },
  listRevisions: args(id),
  restoreRevision: args(id, revision),
  compareRevisions: args(id, revision, revision),
  renameRoster: args(id, { type: 'string', minLength: 1, maxLength: 200 }),
  duplicateRoster: args(id),
  setFavourite: args(id, { type: 'boolean' }),
  setTags: args(id, { type: 'array', maxItems: 50, items: { type: 'string', minLength: 1, maxLength: 100 } }),
  listTags: args(),
  trashRoster: args(id),
  restoreRoster: args(id),
  emptyTrash: args(),
  listFolders: args(),
  createFolder: args({ type: 'string', minLength: 1, maxLength: 100 }),
  moveToFolder: args(id, { type: ['string', 'null'], maxLength: 64 }),
  importRosterTexts: args({
    type: 'array',
    maxItems: 2000,
    items: { type: 'object', required: ['name', 'base64'], additionalProperties: false, properties: { name: { type: 'string', maxLength: 500 }, base64: { type: 'string', maxLength: MAX_FILE_BASE64 }, size: { type: 'integer', minimum: 0 } } }
  }),
  exportRoster: args(id),
  exportPdf: { anyOf: [args(id, { enum: ['roster', 'cards', 'qrs'] }, { enum: ['a4', 'letter'] }), args(id, { enum: ['roster', 'cards', 'qrs'] }, { enum: ['a4', 'letter'] }, id)] },
  checkEventFiles: args(rosterDocument, {
    type: 'array',
    maxItems: 5000,
    items: { type: 'object', required: ['name', 'base64'], additionalProperties: false, properties: { name: { type: 'string', maxLength: 1000 }, base64: { type: 'string', maxLength: MAX_FILE_BASE64 }, size: { type: 'integer', minimum: 0 } } }
  }),
  rosterText: args(id),
  shareCode: args(id),
  // Longer than any code, so that a long paste gets the share code's own words, not a schema's.
  importShareCode: args({ type: 'string', maxLength: MAX_FILE_BASE64 }),
  listSamples: args(),
  addSample: args({ type: 'string', pattern: '^[a-z0-9-]+\\.muster\\.json$', maxLength: 100 })
}

/** What the main side implements: the same calls, synchronous or not, minus the Result wrapping. */
export type MusterHandlers = { [K in Channel]: (...args: Parameters<MusterApi[K]>) => Awaited<ReturnType<MusterApi[K]>> extends Result<infer T> ? T | Promise<T> : never }
