// Meshwesh sync: fetch every army list the API serves (politely, resumably, only what changed), put
// each through the importer's checks, and publish the catalogue whole or not at all. The report says
// what was added, changed (in words) and removed. See docs/adr/0015-meshwesh-sync.md.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Army, ArmyOption } from '../../rules/types'
import type { ListConverter } from '../../import/import-armies'
import { importFailureText } from '../../import/import-armies'
import { writeErrorText, writeFileAtomic, syncFolder } from '../../files/write-file'
import { matchesCheckedIndex, writeCheckedIndex } from '../../rules/checked-index'
import { CancelledError, createClient, FetchError, OfflineError, type ClientOptions, type JsonAnswer, type MeshweshClient } from './http'
import {
  clearRun,
  lockSync,
  SyncBusy,
  readFetched,
  readPointer,
  readRun,
  removeStaleFolders,
  writeFetched,
  writePointer,
  writeRun,
  type CatalogueEntry,
  type CataloguePointer,
  type FetchedList,
  type PartRecord
} from './catalogue'
import { countOf } from '../../../src-shared/words'
import type { SyncPhase } from '../../../src-shared/meshwesh'
import { describeArmyChanges, type ChangeLabels } from './changes'

export const DEFAULT_BASE_URL = 'https://meshwesh.wgcwar.com/api/v1'
/** The name army files carry as their source (`source.origin`), and the credit shown with the authors' notes. */
export const ORIGIN = 'Meshwesh'
/** A sync killed or cancelled longer ago than this starts afresh (conditional requests keep it cheap). */
const RESUME_WITHIN_MS = 24 * 3600 * 1000

export interface SyncProgress {
  phase: SyncPhase
  done: number
  total: number
  /** The list just fetched. */
  name?: string
}

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

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32)
const today = (d: Date) => d.toISOString().slice(0, 10)
const HEX_ID = /^[0-9a-f]{24}$/i

interface SummaryItem {
  id: string
  name: string
}

function readSummary(body: unknown): SummaryItem[] {
  if (!Array.isArray(body)) throw new Error('the list of army lists is not a list')
  const items: SummaryItem[] = []
  for (const [i, item] of body.entries()) {
    const { id, name } = (item ?? {}) as { id?: unknown; name?: unknown }
    if (typeof id !== 'string' || !HEX_ID.test(id)) throw new Error(`army list ${i + 1} of the summary has no valid id`)
    const key = id.toLowerCase()
    if (!items.some((x) => x.id === key)) items.push({ id: key, name: typeof name === 'string' ? name : id })
  }
  return items
}

/** Ids of the army lists in an answer that lists them in full (enemies, associated lists). */
function idsOf(body: unknown, path: string): string[] {
  if (!Array.isArray(body)) throw new Error(`${path}: not a list`)
  return body
    .map((l) => String((l as { id?: unknown; _id?: unknown })?.id ?? (l as { _id?: unknown })?._id ?? '').toLowerCase())
    .filter((id) => HEX_ID.test(id))
}

/** Fetches one part, conditionally when the last fetch left validators; a 304 gives the last value. */
async function fetchPart<T>(
  client: MeshweshClient,
  path: string,
  before: PartRecord | undefined,
  previous: T | undefined,
  read: (body: unknown) => T
): Promise<{ value: T; record: PartRecord; downloaded: boolean }> {
  const conditional = before && previous !== undefined ? before.validators : undefined
  const answer: JsonAnswer = await client.getJson(path, conditional)
  if (answer.status === 304) return { value: previous as T, record: { validators: answer.validators, hash: before!.hash }, downloaded: false }
  const value = read(answer.body)
  return { value, record: { validators: answer.validators, hash: hashOf(value) }, downloaded: true }
}

interface Fetched {
  entry: FetchedList
  downloaded: boolean
  contentChanged: boolean
}

async function fetchList(client: MeshweshClient, id: string, prev: FetchedList | undefined, run: string, now: Date): Promise<Fetched> {
  const p = prev?.parts ?? {}
  const list = await fetchPart(client, `/armyLists/${id}`, p.list, prev?.list, (body) => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('the army list is not an object')
    return body
  })
  const allyIds = (list.value as { allyOptions?: unknown }).allyOptions
  const hasAllies = Array.isArray(allyIds) && allyIds.length > 0
  const [allies, enemies, associated] = await Promise.all([
    hasAllies ? fetchPart(client, `/armyLists/${id}/allyOptions`, p.allyOptions, prev?.allyOptions, (b) => b) : undefined,
    fetchPart(client, `/armyLists/${id}/enemyArmyLists`, p.enemies, prev?.enemies, (b) => idsOf(b, 'historical enemies')),
    fetchPart(client, `/armyLists/${id}/associatedArmyLists`, p.associated, prev?.associated, (b) => idsOf(b, 'associated lists'))
  ])
  const parts: Record<string, PartRecord> = { list: list.record, enemies: enemies.record, associated: associated.record }
  if (allies) parts.allyOptions = allies.record
  const downloaded = [list, allies, enemies, associated].some((x) => x?.downloaded)
  const contentChanged =
    !prev || Object.entries(parts).some(([k, r]) => prev.parts[k]?.hash !== r.hash) || Object.keys(prev.parts).length !== Object.keys(parts).length
  const entry: FetchedList = {
    id,
    run,
    fetchedAt: contentChanged ? now.toISOString() : prev!.fetchedAt,
    parts,
    list: list.value,
    enemies: enemies.value,
    associated: associated.value
  }
  if (allies) entry.allyOptions = allies.value
  return { entry, downloaded, contentChanged }
}

type CategoriesCache = Record<string, { record: PartRecord; value: unknown }>

/** The last answers about categories; a damaged file is as none (everything is asked for again). */
function readCache(file: string): CategoriesCache {
  try {
    const data = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as unknown) : {}
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as CategoriesCache) : {}
  } catch {
    return {}
  }
}

/** Thematic categories by list id: one request for the categories and one per category. */
async function fetchCategories(client: MeshweshClient, root: string): Promise<Map<string, string[]>> {
  const file = join(root, 'categories.json')
  const cache = readCache(file)
  const next: CategoriesCache = {}
  const get = async <T>(path: string, read: (b: unknown) => T): Promise<T> => {
    const got = await fetchPart(client, path, cache[path]?.record, cache[path]?.value as T | undefined, read)
    next[path] = { record: got.record, value: got.value }
    return got.value
  }
  const categories = await get('/thematicCategories', (b) => {
    if (!Array.isArray(b)) throw new Error('thematic categories: not a list')
    return b.flatMap((c) => {
      const { id, name } = (c ?? {}) as { id?: unknown; name?: unknown }
      return typeof id === 'string' && typeof name === 'string' ? [{ id, name }] : []
    })
  })
  const byList = new Map<string, string[]>()
  await Promise.all(
    categories.map(async (c) => {
      const ids = await get(`/thematicCategories/${encodeURIComponent(c.id)}/armyLists`, (b) => idsOf(b, `category ${c.name}`))
      for (const id of ids) byList.set(id, [...(byList.get(id) ?? []), c.name])
    })
  )
  for (const names of byList.values()) names.sort((a, b) => a.localeCompare(b))
  writeFileAtomic(file, JSON.stringify(next))
  return byList
}

/** Runs `work` over `items`, `width` at a time; stops handing out work once one throws. */
async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  let stop = false
  const runner = async () => {
    while (!stop && next < items.length) {
      const item = items[next++]
      try {
        await work(item)
      } catch (e) {
        stop = true
        throw e
      }
    }
  }
  const results = await Promise.allSettled(Array.from({ length: Math.min(width, items.length) }, runner))
  const failed = results.find((r) => r.status === 'rejected')
  if (failed) throw (failed as PromiseRejectedResult).reason
}

function readArmyFile(dir: string | undefined, army: string): Army | undefined {
  if (!dir) return undefined
  const file = join(dir, `${army}.json`)
  try {
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Army) : undefined
  } catch {
    return undefined // damaged: as if there were no earlier copy
  }
}

const emptyReport = (baseUrl: string): SyncReport => ({
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

export async function syncMeshwesh(opts: SyncOptions): Promise<SyncReport> {
  const now = (opts.now ?? (() => new Date()))()
  const report = emptyReport(opts.baseUrl)
  const client = createClient({ baseUrl: opts.baseUrl, userAgent: opts.userAgent, signal: opts.signal, ...opts.http })
  const progress = opts.onProgress ?? (() => {})
  mkdirSync(opts.root, { recursive: true })
  const finish = (status: SyncReport['status'], message: string) => Object.assign(report, { status, message, requests: client.sent })
  let unlock: () => void
  try {
    unlock = lockSync(opts.root)
  } catch (e) {
    if (e instanceof SyncBusy) return finish('failed', `${e.message}.`)
    throw e
  }

  try {
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

    // Resume the run a killed or cancelled sync left, if it was recent and against the same server.
    const previousRun = readRun(opts.root)
    const resume = previousRun && previousRun.baseUrl === opts.baseUrl && now.getTime() - Date.parse(previousRun.startedAt) < RESUME_WITHIN_MS
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
          // Cancelled, offline, or this machine cannot write its own folder: stop at once, for every list.
          if (e instanceof CancelledError || e instanceof OfflineError || (e as NodeJS.ErrnoException).syscall) throw e
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
    publish(opts, report, previous, summary, fetched, categories, gone, run, now)
    return report.status === 'unchanged' ? finish('unchanged', report.message) : finish('published', report.message)
  } catch (e) {
    if (e instanceof CancelledError) return finish('cancelled', 'Cancelled; what was fetched is kept, and the next sync starts where this one stopped.')
    if (e instanceof OfflineError) return finish('offline', `Offline: ${e.message}. The lists you have keep working.`)
    if ((e as NodeJS.ErrnoException).syscall)
      return finish(
        'failed',
        `Cannot write the catalogue folder ${opts.root}: ${writeErrorText(e as NodeJS.ErrnoException)}; ${readPointer(opts.root) ? 'the catalogue in force is unchanged' : 'nothing was published'}.`
      )
    return finish('failed', `${(e as Error).message}; ${readPointer(opts.root) ? 'the catalogue in force is unchanged' : 'nothing was published'}.`)
  } finally {
    unlock()
  }
}

/**
 * Option ids as the last copy had them, for the options that are the same (name and troops): the
 * importer numbers options of one troop type by position, so an option added upstream before another
 * would otherwise take its id, and rosters' units (which name options by id) would move to it.
 */
export function keepOptionIds(before: Army, after: Army): void {
  const sameTroops = (a: string[], b: string[]) => a.length === b.length && a.every((t, i) => t === b[i])
  const matched = new Map<ArmyOption, string>()
  const taken = new Set<string>()
  // The same name and troops first; then an option renamed upstream keeps its id if the troops and
  // the id the importer gives it are still the same.
  const match = (same: (x: ArmyOption, o: ArmyOption) => boolean) => {
    for (const o of after.options) {
      if (matched.has(o)) continue
      const b = before.options.find((x) => !taken.has(x.id) && sameTroops(x.troops, o.troops) && same(x, o))
      if (b) {
        matched.set(o, b.id)
        taken.add(b.id)
      }
    }
  }
  match((x, o) => x.name === o.name)
  match((x, o) => x.id === o.id)
  const used = new Set(taken)
  for (const o of after.options) {
    const id = matched.get(o)
    if (id) o.id = id
    else {
      // A new option: its own id, never one a kept option has (roster units would move to it).
      let fresh = o.id
      for (let n = 2; used.has(fresh) || before.options.some((x) => x.id === fresh); n++) fresh = `${o.id}-${n}`
      o.id = fresh
      used.add(fresh)
    }
  }
}

/**
 * Lists published before that the summary leaves out: each is asked for once more, and only a 404
 * makes it removed (a summary cut short must not withdraw lists): those are added to `gone`.
 */
async function confirmRemovals(client: MeshweshClient, previous: CataloguePointer | undefined, summary: SummaryItem[], gone: Set<string>): Promise<void> {
  const served = new Set(summary.map((s) => s.id))
  const missing = Object.entries(previous?.lists ?? {}).filter(([id, l]) => !served.has(id) && !l.removed)
  await Promise.all(
    missing.map(async ([id]) => {
      try {
        await client.getJson(`/armyLists/${id}`)
      } catch (e) {
        if (e instanceof FetchError && e.status === 404) gone.add(id)
        else if (e instanceof CancelledError || e instanceof OfflineError) throw e
      }
    })
  )
}

/** Converts, checks and publishes; sets the report's lists, changes and status. Throws to publish nothing. */
function publish(
  opts: SyncOptions,
  report: SyncReport,
  previous: CataloguePointer | undefined,
  summary: SummaryItem[],
  fetched: Map<string, FetchedList>,
  categories: Map<string, string[]>,
  gone: Set<string>,
  run: string,
  now: Date
): void {
  const previousDir = previous ? join(opts.root, previous.folder, opts.ruleset, 'armies') : undefined
  const armies = new Map<string, Army>() // by Meshwesh id
  const usedIds = new Map<string, string>()
  for (const item of summary) {
    const entry = fetched.get(item.id)
    try {
      if (!entry) throw new Error(report.failed.find((f) => f.id === item.id)?.reason ?? 'not fetched')
      const themes = categories.get(item.id) ?? []
      const { army } = opts.converter.convert(entry.list, entry.allyOptions, themes)
      // A list keeps the army id it was first published under, whatever its name becomes upstream:
      // rosters name armies by id.
      const pinned = previous?.lists[item.id]?.army
      if (pinned && pinned !== army.id) army.id = pinned
      const last = previous?.lists[item.id]
      const before = last ? readArmyFile(previousDir, last.army) : undefined
      if (before) keepOptionIds(before, army)
      const clash = usedIds.get(army.id)
      if (clash) throw new Error(`its army id '${army.id}' is already used by another list`)
      usedIds.set(army.id, item.id)
      if (themes.length) army.categories = themes
      army.source = { ...army.source, origin: ORIGIN, fetched: entry.fetchedAt.slice(0, 10) }
      armies.set(item.id, army)
    } catch (e) {
      // A list that fails the checks keeps its last good copy, if there is one; the rest publish.
      const last = previous?.lists[item.id]
      const kept = last ? readArmyFile(previousDir, last.army) : undefined
      if (entry) report.rejected.push({ id: item.id, name: item.name, reason: importFailureText(e), kept: !!kept })
      else report.failed.find((f) => f.id === item.id)!.kept = !!kept
      if (kept && !usedIds.has(kept.id)) {
        usedIds.set(kept.id, item.id)
        armies.set(item.id, kept)
      }
    }
  }
  // Enemies and related lists by Muster army id, among the lists converted (both ways: the upstream
  // cross-reference is symmetric, so one side's answer is enough).
  const armyOf = (mid: string) => armies.get(mid)?.id
  const enemies = new Map<string, Set<string>>()
  for (const [mid, entry] of fetched) {
    if (!armies.has(mid)) continue
    for (const other of entry.enemies) {
      const a = armyOf(mid)!
      const b = armyOf(other)
      if (!b || a === b) continue
      enemies.set(a, (enemies.get(a) ?? new Set()).add(b))
      enemies.set(b, (enemies.get(b) ?? new Set()).add(a))
    }
  }
  for (const [mid, army] of armies) {
    // A list kept from its last copy keeps the links it had: nothing new was learnt of it.
    if (!fetched.has(mid) || report.rejected.some((r) => r.id === mid)) continue
    const e = [...(enemies.get(army.id) ?? [])].sort()
    if (e.length) army.enemies = e
    else delete army.enemies
    const related = [...new Set((fetched.get(mid)?.associated ?? []).map(armyOf).filter((x): x is string => !!x && x !== army.id))].sort()
    if (related.length) army.related = related
    else delete army.related
  }
  // Lists Meshwesh no longer serves stay, from their last copy, marked with the date they were missed.
  const served = new Set(summary.map((s) => s.id))
  for (const [mid, last] of Object.entries(previous?.lists ?? {})) {
    if (served.has(mid)) continue
    const kept = readArmyFile(previousDir, last.army)
    if (!kept || usedIds.has(kept.id)) continue
    // Left out of the summary but still served (a 404 was not seen): kept as it was, not withdrawn.
    const removed = last.removed ?? (gone.has(mid) ? today(now) : undefined)
    if (!last.removed && removed) report.removed.push({ army: last.army, name: last.name, list: last.list })
    if (removed) kept.source = { ...kept.source, removed }
    usedIds.set(kept.id, mid)
    armies.set(mid, kept)
  }

  const lists: Record<string, CatalogueEntry> = {}
  for (const [mid, army] of armies) {
    const source = army.source ?? {}
    lists[mid] = {
      army: army.id,
      name: army.name,
      list: String(source.list ?? ''),
      hash: hashOf(army),
      fetched: String(source.fetched ?? ''),
      ...(source.removed ? { removed: String(source.removed) } : {})
    }
  }
  const names = new Map([...armies.values()].map((a) => [a.id, a.name]))
  const labels: ChangeLabels = { ...opts.labels, army: (id) => names.get(id) ?? id }
  for (const [mid, entry] of Object.entries(lists)) {
    const was = previous?.lists[mid]
    const ref = { army: entry.army, name: entry.name, list: entry.list }
    if (!was) report.added.push(ref)
    else if (was.hash !== entry.hash && !entry.removed) {
      const before = readArmyFile(previousDir, was.army)
      report.changed.push({ ...ref, changes: before ? describeArmyChanges(before, armies.get(mid)!, labels) : ['changed'] })
    }
  }
  report.lists = armies.size
  const listsText = (n: number) => countOf(n, 'list')
  // Nothing new, and the folder in force is as it was written: nothing to publish. A damaged folder
  // (a file edited, cut short or gone) is written afresh from what was fetched.
  const intact = previousDir !== undefined && existsSync(previousDir) && matchesCheckedIndex(previousDir)
  if (previous && intact && !report.added.length && !report.changed.length && !report.removed.length && Object.keys(previous.lists).length === armies.size) {
    clearRun(opts.root)
    report.status = 'unchanged'
    report.message = `Up to date: ${listsText(armies.size)}, none changed since ${previous.publishedAt.slice(0, 10)}${report.rejected.length ? `; ${report.rejected.length} failed the checks` : ''}.`
    return
  }

  opts.onProgress?.({ phase: 'publishing', done: 0, total: armies.size })
  // A folder of its own for each publish: never the one in force, even when a killed publish is resumed.
  const folder = `c-${run}-${now.getTime().toString(36)}`
  const dataDir = join(opts.root, folder)
  const armiesDir = join(dataDir, opts.ruleset, 'armies')
  mkdirSync(armiesDir, { recursive: true })
  try {
    for (const army of armies.values()) writeFileAtomic(join(armiesDir, `${army.id}.json`), JSON.stringify(army, null, 1) + '\n', { deferFolderSync: true })
    writeCheckedIndex(armiesDir)
    syncFolder(armiesDir)
    opts.verify(dataDir)
  } catch (e) {
    rmSync(dataDir, { recursive: true, force: true })
    throw new Error(`the new catalogue did not load (${(e as Error).message})`)
  }
  const pointer: CataloguePointer = {
    format: 'muster-meshwesh-catalogue',
    version: 1,
    folder,
    publishedAt: now.toISOString(),
    baseUrl: opts.baseUrl,
    ruleset: opts.ruleset,
    lists
  }
  writePointer(opts.root, pointer)
  // Published. What follows is tidying: it may fail (a file held open on Windows) without undoing it.
  try {
    clearRun(opts.root)
    // The folder just replaced stays until the next publish: a running app may still be reading it.
    removeStaleFolders(opts.root, [folder, previous?.folder])
  } catch {
    // left for the next sync
  }
  report.status = 'published'
  report.message = `${listsText(armies.size)} from ${ORIGIN}: ${report.added.length} added, ${report.changed.length} changed, ${report.removed.length} removed${report.rejected.length ? `; ${report.rejected.length} failed the checks` : ''}.`
}
