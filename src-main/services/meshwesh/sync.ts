// Meshwesh sync: fetch every army list the API serves (politely, resumably, only what changed), put
// each through the importer's checks, and publish the catalogue whole or not at all. The report says
// what was added, changed (in words) and removed. See docs/adr/0015-meshwesh-sync.md.
// The steps: take the lock (lock.ts) and tidy what killed syncs left, fetch the lists (fetch-lists.ts:
// the bulk routes, list by list where they fail) and the extras (extras.ts: enemies and themes, kept
// from last time where they fail), publish (publish.ts). The catalogue's files are catalogue.ts's and
// cache.ts's. Only the summary and the lists may stop a publish; an extra never does.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { writeErrorText } from '../../files/write-file'
import { CancelledError, createClient, OfflineError } from '../../meshwesh/http'
import { isPublishedRun, readPointer, readRun, tidyCatalogue, writeFetched, writeRun, type RunState } from '../../meshwesh/catalogue'
import { readExtrasState, writeBulkState } from '../../meshwesh/cache'
import { lockSync, SyncBusy } from '../../meshwesh/lock'
import { fetchLists, pool, readSummary } from './fetch-lists'
import { fetchExtras } from './extras'
import { confirmRemovals, publish } from './publish'
import { emptyReport, EXTRAS_MAX_AGE_DAYS, sentences, type ProgressStep, type SyncOptions, type SyncReport } from './sync-types'
import { countOf } from '../../../src-shared/words'

export { DEFAULT_BASE_URL, emptyReport, ORIGIN, sentences, type ListRef, type SyncOptions, type SyncProgress, type SyncReport } from './sync-types'
export { keepOptionIds } from './publish'

/** A sync killed or cancelled longer ago than this starts afresh (conditional requests keep it cheap). */
const RESUME_WITHIN_MS = 24 * 3600 * 1000
const DAY_MS = 24 * 3600 * 1000

/** run.json: the run under way, and whether it refreshes the extras whole (a resumed run goes on doing so). */
type Run = RunState & { full?: boolean }

export async function syncMeshwesh(opts: SyncOptions): Promise<SyncReport> {
  const now = (opts.now ?? (() => new Date()))()
  const started = Date.now()
  const report = emptyReport(opts.baseUrl)
  const client = createClient({ baseUrl: opts.baseUrl, userAgent: opts.userAgent, signal: opts.signal, ...opts.http })
  const progress = (p: ProgressStep) => opts.onProgress?.({ ...p, elapsedMs: Date.now() - started })
  const finish = (status: SyncReport['status'], message: string) => Object.assign(report, { status, message, requests: client.sent })
  const inForce = () => (readPointer(opts.root) ? 'the catalogue in force is unchanged' : 'nothing was published')
  let unlock: () => void
  try {
    mkdirSync(opts.root, { recursive: true })
    unlock = await lockSync(opts.root)
  } catch (e) {
    if (e instanceof SyncBusy) return finish('failed', `${e.message}.`)
    const err = e as NodeJS.ErrnoException
    return finish('failed', `Cannot write the catalogue folder ${opts.root}: ${err.syscall ? writeErrorText(err) : err.message}; nothing was changed.`)
  }

  try {
    // What killed publishes and syncs left, while no other sync can be writing.
    tidyCatalogue(opts.root, true)
    mkdirSync(join(opts.root, 'fetched'), { recursive: true })
    progress({ phase: 'summary', done: 0, total: 1 })
    const summaryAnswer = await client.getJson('/armyLists?summary=true')
    if (summaryAnswer.status !== 200) throw new Error('the server sent no list of army lists for /armyLists?summary=true')
    const summary = readSummary(summaryAnswer.body)
    report.total = summary.length
    const previous = readPointer(opts.root)
    // A summary that drops most of what was published is the server's trouble, not news: publish nothing.
    const before = previous ? Object.values(previous.lists).filter((l) => !l.removed).length : 0
    if (before > 0 && summary.length < before * 0.75)
      throw new Error(`the server lists ${summary.length} army lists where it listed ${before}: that looks like trouble at its end`)

    // Resume the run a killed or cancelled sync left, if it was recent, against the same server, and
    // not already published (a sync killed just after publishing leaves its run.json behind).
    const previousRun = readRun(opts.root) as Run | undefined
    const resume =
      previousRun &&
      typeof previousRun.run === 'string' &&
      previousRun.baseUrl === opts.baseUrl &&
      now.getTime() - Date.parse(previousRun.startedAt) < RESUME_WITHIN_MS &&
      !isPublishedRun(previous, previousRun.run)
    // The extras are refreshed whole when asked, when never or long ago refreshed, or when the
    // interrupted run was refreshing them.
    const extrasAt = readExtrasState(opts.root).refreshedAt
    const whole = !!opts.full || !extrasAt || now.getTime() - Date.parse(extrasAt) > EXTRAS_MAX_AGE_DAYS * DAY_MS || (!!resume && previousRun.full === true)
    const run: Run = resume
      ? { ...previousRun, full: whole }
      : { run: now.toISOString().replace(/[-:.]/g, ''), startedAt: now.toISOString(), baseUrl: opts.baseUrl, full: whole }
    writeRun(opts.root, run)

    const lists = await fetchLists(client, opts.root, summary, run.run, now, progress)
    report.failed.push(...lists.failed)
    report.notes.push(...lists.notes)
    const extras = await fetchExtras({
      client,
      root: opts.root,
      summary,
      entries: lists.entries,
      run: run.run,
      runStartedAt: run.startedAt,
      now,
      whole,
      step: progress
    })
    // The lists whose content changed and that were not written with their enemies; then the bulk
    // answers' validators, which a 304 trusts only once every list of them is in its file.
    await pool(
      [...lists.changed].filter((id) => !extras.written.has(id)),
      16,
      (id) => writeFetched(opts.root, lists.entries.get(id)!)
    )
    writeBulkState(opts.root, lists.bulk)
    Object.assign(report, {
      downloaded: lists.changed.size,
      unchanged: lists.entries.size - lists.changed.size,
      resumed: extras.resumed,
      extrasRefreshedAt: extras.refreshedAt,
      extrasRefreshed: whole,
      extrasNotFetched: extras.notFetched
    })
    // A few lists the server keeps failing on (a missing ally list upstream answers 500) keep their
    // last copy and the rest publish; many failures mean the server is in trouble: publish nothing.
    if (report.failed.length > Math.max(2, summary.length * 0.1)) {
      return finish(
        'failed',
        sentences(
          `${countOf(report.failed.length, 'list')} of ${summary.length} could not be fetched`,
          `${report.failed[0].reason}${report.failed.length > 1 ? ` (the first of ${report.failed.length})` : ''}`,
          inForce(),
          'The next sync asks for them again'
        )
      )
    }

    progress({ phase: 'checking', done: 0, total: summary.length })
    const gone = new Set<string>()
    await confirmRemovals(client, previous, summary, gone)
    publish(opts, progress, report, previous, summary, lists.entries, extras.themes, gone, run.run, now)
    // The lists are in; what of the extras could not be fetched is said below the line.
    const more = report.extrasNotFetched.length ? ' Some historical enemies or themes could not be fetched: see below.' : ''
    return finish(report.status === 'unchanged' ? 'unchanged' : 'published', `${report.message}${more}`)
  } catch (e) {
    if (e instanceof CancelledError) return finish('cancelled', 'Cancelled; what was fetched is kept, and the next sync starts where this one stopped.')
    if (e instanceof OfflineError) return finish('offline', `Offline: ${e.message}. The lists you have keep working.`)
    if ((e as NodeJS.ErrnoException).syscall)
      return finish('failed', sentences(`Cannot write the catalogue folder ${opts.root}: ${writeErrorText(e as NodeJS.ErrnoException)}`, inForce()))
    return finish('failed', sentences((e as Error).message, inForce()))
  } finally {
    unlock()
  }
}
