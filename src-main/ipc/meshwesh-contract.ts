// The calls of army lists from Meshwesh (meshwesh-handlers.ts): the catalogue's status, a sync
// started and cancelled. contract.ts assembles them into the one contract.
import Type from 'typebox'
import type { SyncProgress, SyncReport } from '../services/meshwesh/sync'
import type { SyncImpact } from '../services/meshwesh/impact'
import { Args, call } from './contract-parts'

/** A Meshwesh sync's report (services/meshwesh/sync.ts), with what it did to the library's rosters when it published. */
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

/** An http(s) address (a Meshwesh API); the handler also parses it and says in words what it refuses. */
const httpUrl = Type.String({ minLength: 10, maxLength: 2000, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$' })

export const meshweshCalls = {
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
  meshweshCancel: call(Args()).answers<boolean>()
}
