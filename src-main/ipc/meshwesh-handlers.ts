// The app's "Get lists from Meshwesh": the IPC side of the Meshwesh sync (services/meshwesh), as
// `muster meshwesh sync` is its CLI side. A sync runs in the main process, one at a time; the window
// starts it, polls meshweshStatus for its progress and report, and may cancel it. When a sync
// publishes, the owner reloads its engine (onPublished) and the library's data-change recheck runs,
// so the report says what the new lists did to the player's rosters (and the library marks them).
// The server to ask is a setting in the app folder. Free of electron, so tests drive it for real.
import type Ajv2020 from 'ajv/dist/2020'
import type { Engine } from '../rules'
import { countedPhase, httpAddress, SYNC_PHASES } from '../../src-shared/meshwesh'
import type { Db } from '../store'
import { documentChecks } from '../services/library-checks'
import { saveMeshweshBaseUrl, saveMeshweshFactsOnly, savedMeshweshBaseUrl, savedMeshweshFactsOnly } from '../services/settings'
import { catalogueInForce, MESHWESH_RULESET, runMeshweshSync, type RunSyncInput } from '../services/meshwesh/run'
import { DEFAULT_BASE_URL, emptyReport, ORIGIN, sentences, type SyncProgress, type SyncReport } from '../services/meshwesh/sync'
import { syncImpact } from '../services/meshwesh/impact'
import type { MeshweshReport, MeshweshStatus, MusterHandlers } from './contract'
import { CodedError } from '../../src-shared/coded-error'

/** A refusal written for the player (the dispatch passes its message and code on as they are). */
export class MeshweshError extends CodedError<'busy' | 'invalid' | 'failed'> {
  override name = 'MeshweshError'
}

export interface MeshweshHandlerOptions {
  /** The library whose rosters a publish rechecks. */
  db: Db
  ajv: Ajv2020
  /** The catalogue folder (user-data.ts meshweshFolder()). */
  root: string
  /** The app's settings file (JSON; the server to ask is kept in it). */
  settingsFile: string
  /** The player's own data folders, laid over the catalogue: the new catalogue must load beneath them. */
  dataDirsAbove: () => string[]
  /** After a publish: reload the engine over the new catalogue; the engine now in force and the fingerprint of its data. */
  onPublished: () => { engine: Engine; fingerprint: string }
  /** Time-outs and retries (tests); a request waits 30 s by default, as the CLI's. */
  http?: RunSyncInput['http']
}

export type MeshweshChannels = 'meshweshStatus' | 'meshweshSync' | 'meshweshCancel'

const PHASE: Record<SyncProgress['phase'], string> = Object.fromEntries(Object.entries(SYNC_PHASES).map(([k, v]) => [k, v.toLowerCase()])) as Record<
  SyncProgress['phase'],
  string
>

/** A report for a sync that ended before the service could write one (its engine would not load, say). */
const failure = (baseUrl: string, message: string): SyncReport => ({ ...emptyReport(baseUrl), status: 'failed', message })

export function meshweshHandlers(opts: MeshweshHandlerOptions): Pick<MusterHandlers, MeshweshChannels> {
  let running: { controller: AbortController; progress: SyncProgress; started: number } | null = null
  let lastReport: MeshweshReport | undefined
  // The published catalogue's size and date, read again once no sync runs (a poll every 250 ms
  // during a sync need not parse the pointer file each time).
  let published: { lists: number; publishedAt: string | null; extrasRefreshedAt: string | null } | undefined

  const catalogue = () => {
    if (published && running) return published
    published = catalogueInForce(opts.root)
    return published
  }

  const status = (): MeshweshStatus => ({
    ruleset: MESHWESH_RULESET,
    ...catalogue(),
    baseUrl: savedMeshweshBaseUrl(opts.settingsFile) ?? DEFAULT_BASE_URL,
    defaultBaseUrl: DEFAULT_BASE_URL,
    factsOnly: savedMeshweshFactsOnly(opts.settingsFile),
    running: running !== null,
    // The time elapsed as of this poll, not of the last step: a sync that is stuck shows its clock running.
    ...(running ? { progress: { ...running.progress, elapsedMs: Date.now() - running.started } } : {}),
    ...(lastReport ? { lastReport } : {})
  })

  async function sync(run: NonNullable<typeof running>, baseUrl: string, factsOnly: boolean, full: boolean): Promise<void> {
    let report: MeshweshReport
    try {
      const got = await runMeshweshSync({
        root: opts.root,
        baseUrl,
        factsOnly,
        full,
        signal: run.controller.signal,
        onProgress: (p) => {
          run.progress = p
        },
        http: { timeoutMs: 30_000, ...opts.http },
        dataDirsAbove: opts.dataDirsAbove()
      })
      report = { ...got, finishedAt: new Date().toISOString() }
      if (got.status === 'published') {
        try {
          const { engine, fingerprint } = opts.onPublished()
          report.impact = syncImpact(opts.db, engine, documentChecks(engine, opts.ajv), fingerprint, got, MESHWESH_RULESET)
        } catch (e) {
          report.message += ` Your rosters could not be rechecked with the new lists (${(e as Error).message}); the library rechecks them when Muster next starts.`
        }
      }
    } catch (e) {
      report = { ...failure(baseUrl, sentences((e as Error).message, 'the catalogue in force is unchanged')), finishedAt: new Date().toISOString() }
    }
    // In one step (no await between): a poll sees either the sync running or its report.
    lastReport = report
    running = null
    published = undefined
  }

  return {
    meshweshStatus: () => status(),
    meshweshSync: (options = {}) => {
      if (running) {
        const p = running.progress
        throw new MeshweshError(
          'busy',
          `A sync with ${ORIGIN} is already running (${PHASE[p.phase]}${countedPhase(p.phase) ? `, ${p.done} of ${p.total}` : ''}): wait for it to finish, or cancel it first.`
        )
      }
      let baseUrl = savedMeshweshBaseUrl(opts.settingsFile) ?? DEFAULT_BASE_URL
      if (options.baseUrl !== undefined) {
        const url = httpAddress(options.baseUrl)
        if (!url) throw new MeshweshError('invalid', `'${options.baseUrl}' is not an http(s) address, e.g. ${DEFAULT_BASE_URL}`)
        if (url !== baseUrl) {
          try {
            saveMeshweshBaseUrl(opts.settingsFile, url, DEFAULT_BASE_URL)
          } catch (e) {
            throw new MeshweshError('failed', `The server could not be saved in ${opts.settingsFile} (${(e as Error).message}); no sync was started.`)
          }
        }
        baseUrl = url
      }
      // Facts only, or the authors' words too: as chosen now, else as last chosen (a Resume keeps it).
      const factsOnly = options.factsOnly ?? savedMeshweshFactsOnly(opts.settingsFile)
      if (options.factsOnly !== undefined && options.factsOnly !== savedMeshweshFactsOnly(opts.settingsFile)) {
        try {
          saveMeshweshFactsOnly(opts.settingsFile, options.factsOnly)
        } catch (e) {
          throw new MeshweshError('failed', `The choice could not be saved in ${opts.settingsFile} (${(e as Error).message}); no sync was started.`)
        }
      }
      const run = { controller: new AbortController(), progress: { phase: 'summary', done: 0, total: 1, elapsedMs: 0 } as SyncProgress, started: Date.now() }
      running = run
      // After this answer has gone: the sync's first steps (loading the importer) take a moment.
      setImmediate(() => void sync(run, baseUrl, factsOnly, options.full === true))
      return status()
    },
    meshweshCancel: () => {
      if (!running) return false
      running.controller.abort()
      return true
    }
  }
}
