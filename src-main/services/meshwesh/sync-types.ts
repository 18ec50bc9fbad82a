// What a Meshwesh sync is given and what it answers (sync.ts runs it; fetch-lists.ts and publish.ts
// do its two halves).
import type { ListConverter } from '../../import/import-armies'
import type { SyncPhase } from '../../../src-shared/meshwesh'
import type { ClientOptions } from './http'
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
}

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
  /** Lists whose content was downloaded this time (a 200 on any part). */
  downloaded: number
  /** Lists the server said (304) or showed (same content) were unchanged. */
  unchanged: number
  /** Lists an interrupted sync had already fetched. */
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
  lists: 0
})
