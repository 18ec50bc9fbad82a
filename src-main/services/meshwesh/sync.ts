// Meshwesh sync: fetch every army list the API serves (politely, resumably, only what changed), put
// each through the importer's checks, and publish the catalogue whole or not at all. The report says
// what was added, changed (in words) and removed. See docs/adr/0015-meshwesh-sync.md.
// The steps: take the lock (lock.ts) and tidy what killed syncs left, fetch (fetch-lists.ts), publish
// (publish.ts). The catalogue's files are catalogue.ts's.
import { mkdirSync } from 'node:fs'
import { writeErrorText } from '../../files/write-file'
import { CancelledError, createClient, OfflineError, RedirectRefused } from './http'
import { isPublishedRun, readFetched, readPointer, readRun, tidyCatalogue, writeFetched, writeRun, type FetchedList } from './catalogue'
import { lockSync, SyncBusy } from './lock'
import { fetchCategories, fetchList, pool, readSummary } from './fetch-lists'
import { confirmRemovals, publish } from './publish'
import { emptyReport, type ProgressStep, type SyncOptions, type SyncReport } from './sync-types'
import { countOf } from '../../../src-shared/words'

export { DEFAULT_BASE_URL, ORIGIN, type ListRef, type SyncOptions, type SyncProgress, type SyncReport } from './sync-types'
export { keepOptionIds } from './publish'

/** A sync killed or cancelled longer ago than this starts afresh (conditional requests keep it cheap). */
const RESUME_WITHIN_MS = 24 * 3600 * 1000

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
    progress({ phase: 'summary', done: 0, total: 1 })
    const summaryAnswer = await client.getJson('/armyLists?summary=true')
    if (summaryAnswer.status !== 200) throw new Error('the server sent no list of army lists')
    const summary = readSummary(summaryAnswer.body)
    report.total = summary.length
    const previous = readPointer(opts.root)
    // A summary that drops most of what was published is the server's trouble, not news: publish nothing.
    const before = previous ? Object.values(previous.lists).filter((l) => !l.removed).length : 0
    if (before > 0 && summary.length < before * 0.75)
      throw new Error(`the server lists ${summary.length} army lists where it listed ${before}; that looks like trouble at its end, so nothing was changed`)

    // Resume the run a killed or cancelled sync left, if it was recent, against the same server, and
    // not already published (a sync killed just after publishing leaves its run.json behind).
    const previousRun = readRun(opts.root)
    const resume =
      previousRun &&
      typeof previousRun.run === 'string' &&
      previousRun.baseUrl === opts.baseUrl &&
      now.getTime() - Date.parse(previousRun.startedAt) < RESUME_WITHIN_MS &&
      !isPublishedRun(previous, previousRun.run)
    const run = resume ? previousRun.run : now.toISOString().replace(/[-:.]/g, '')
    if (!resume) writeRun(opts.root, { run, startedAt: now.toISOString(), baseUrl: opts.baseUrl })

    progress({ phase: 'categories', done: 0, total: summary.length })
    const categories = await fetchCategories(client, opts.root)

    const fetched = new Map<string, FetchedList>()
    let done = 0
    await pool(summary, 8, async (item) => {
      const prev = readFetched(opts.root, item.id)
      if (prev && prev.run === run) {
        fetched.set(item.id, prev)
        report.resumed++
      } else {
        try {
          const got = await fetchList(client, item.id, prev, run, now)
          await writeFetched(opts.root, got.entry)
          fetched.set(item.id, got.entry)
          if (got.downloaded && got.contentChanged) report.downloaded++
          else report.unchanged++
        } catch (e) {
          // Cancelled, offline, sent to another server, or this machine cannot write its own folder:
          // stop at once, for every list.
          if (e instanceof CancelledError || e instanceof OfflineError || e instanceof RedirectRefused || (e as NodeJS.ErrnoException).syscall) throw e
          report.failed.push({ id: item.id, name: item.name, reason: (e as Error).message })
        }
      }
      progress({ phase: 'lists', done: ++done, total: summary.length, name: item.name })
    })
    // A few lists the server keeps failing on (a missing ally list upstream answers 500) keep their
    // last copy and the rest publish; many failures mean the server is in trouble: publish nothing.
    if (report.failed.length > Math.max(2, summary.length * 0.1)) {
      return finish(
        'failed',
        `${countOf(report.failed.length, 'list')} of ${summary.length} could not be fetched; ${previous ? 'the catalogue in force is unchanged' : 'nothing was published'}, and the next sync starts where this one stopped.`
      )
    }

    progress({ phase: 'checking', done: 0, total: summary.length })
    const gone = new Set<string>()
    await confirmRemovals(client, previous, summary, gone)
    publish(opts, progress, report, previous, summary, fetched, categories, gone, run, now)
    return report.status === 'unchanged' ? finish('unchanged', report.message) : finish('published', report.message)
  } catch (e) {
    if (e instanceof CancelledError) return finish('cancelled', 'Cancelled; what was fetched is kept, and the next sync starts where this one stopped.')
    if (e instanceof OfflineError) return finish('offline', `Offline: ${e.message}. The lists you have keep working.`)
    if ((e as NodeJS.ErrnoException).syscall)
      return finish('failed', `Cannot write the catalogue folder ${opts.root}: ${writeErrorText(e as NodeJS.ErrnoException)}; ${inForce()}.`)
    return finish('failed', `${(e as Error).message}; ${inForce()}.`)
  } finally {
    unlock()
  }
}
