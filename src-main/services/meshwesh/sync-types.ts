// What a Meshwesh sync is given and what it answers (sync.ts runs it; fetch-lists.ts and publish.ts
// do its two halves).
import type { ListConverter } from '../../import/import-armies'
import type { SyncPhase } from '../../../src-shared/meshwesh'
import type { ClientOptions } from '../../meshwesh/http'
import type { ChangeLabels } from './changes'

export const DEFAULT_BASE_URL = 'https://meshwesh.wgcwar.com/api/v1'
/** The name army files carry as their source (`source.origin`), and the credit shown with the authors' notes. */
export const ORIGIN = 'Meshwesh'

export interface SyncProgress {
  phase: SyncPhase
  done: number
  total: number
  /** Time since the sync started: with `total - done` left, a sync that is stuck can be seen. */
  elapsedMs: number
  /** The list just fetched. */
  name?: string
}

/** A step as the sync's parts say it; sync.ts adds the time elapsed. */
export type ProgressStep = Omit<SyncProgress, 'elapsedMs'>

export interface SyncOptions {
  /** The catalogue folder (user-data.ts meshweshFolder()). */
  root: string
  baseUrl: string
  userAgent: string
  /** The ruleset the lists are for: the published folder is <ruleset>/armies. */
  ruleset: string
  converter: ListConverter
  labels: Omit<ChangeLabels, 'army'>
  /** Loads the engine over the new folder; throws (with the reason) to refuse publishing it. */
  verify: (dataDir: string) => void
  signal?: AbortSignal
  onProgress?: (p: SyncProgress) => void
  http?: Pick<ClientOptions, 'timeoutMs' | 'retries' | 'backoffMs' | 'concurrency'>
  now?: () => Date
  /**
   * Fetch the extras (every list's historical enemies, the themes) again whatever their age. An update
   * otherwise asks for them only for lists that lack them, or once the last refresh is EXTRAS_MAX_AGE_DAYS old.
   */
  full?: boolean
}

/** An update refreshes the extras whole once the last refresh is this old. */
export const EXTRAS_MAX_AGE_DAYS = 30

export interface ListRef {
  army: string
  name: string
  list: string
}

export interface SyncReport {
  status: 'published' | 'unchanged' | 'offline' | 'cancelled' | 'failed'
  /** One line for the player. */
  message: string
  baseUrl: string
  /** Lists the server serves. */
  total: number
  /** Lists whose content is new or changed since the last fetch. */
  downloaded: number
  /** Lists the server said (304) or showed (same content) were unchanged. */
  unchanged: number
  /** Lists whose extras (historical enemies) an interrupted refresh had already fetched. */
  resumed: number
  requests: number
  /** Lists that could not be fetched: each keeps its last copy (`kept`) when the rest publish. */
  failed: Array<{ id: string; name: string; reason: string; kept?: boolean }>
  /** Lists that were fetched but failed the importer's checks: the rest were published. */
  rejected: Array<{ id: string; name: string; reason: string; kept: boolean }>
  added: ListRef[]
  changed: Array<ListRef & { changes: string[] }>
  removed: ListRef[]
  lists: number
  /**
   * When the extras (historical enemies and themes) were last refreshed whole (ISO), after this sync;
   * null before the first refresh. Lists and allies are asked at every sync; the extras are not.
   */
  extrasRefreshedAt: string | null
  /** This sync refreshed the extras whole (the first sync, a full refresh, or the last one old). */
  extrasRefreshed: boolean
  /** Extras that could not be fetched, in players' words (what, why, what is kept): the lists published anyway. */
  extrasNotFetched: string[]
  /** What the sync did instead of the usual (a bulk route that failed: each list asked on its own). */
  notes: string[]
}

export const emptyReport = (baseUrl: string): SyncReport => ({
  status: 'failed',
  message: '',
  baseUrl,
  total: 0,
  downloaded: 0,
  unchanged: 0,
  resumed: 0,
  requests: 0,
  failed: [],
  rejected: [],
  added: [],
  changed: [],
  removed: [],
  lists: 0,
  extrasRefreshedAt: null,
  extrasRefreshed: false,
  extrasNotFetched: [],
  notes: []
})

/**
 * Sentences for the player from parts that may lack a capital or a full stop: "the server answered
 * 404" and "nothing was published" make "The server answered 404. Nothing was published."
 */
export function sentences(...parts: string[]): string {
  return (
    parts
      .map((p) => p.trim())
      .filter(Boolean)
      // An address stays as written ("http://…"), however it begins.
      .map((p) => `${/^[a-z][\w+.-]*:\/\//.test(p) ? p : `${p.charAt(0).toUpperCase()}${p.slice(1)}`}${/[.!?]["”’)]?$/.test(p) ? '' : '.'}`)
      .join(' ')
  )
}

/** "Early Sumerian, Akkadian and 3 more": a few names of many. */
export function someNames(names: string[], shown = 3): string {
  if (names.length <= shown) return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '')
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`
}
