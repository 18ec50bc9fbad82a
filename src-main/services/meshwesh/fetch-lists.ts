// The lists half of a Meshwesh sync: the summary (every list the server names, at most MAX_LISTS),
// then every list in full from the bulk route `/armyLists` and every ally army list from
// `/allyArmyLists`: two requests, asked conditionally where the last answer left validators, and
// compared by content hash where it did not. A list the bulk answer leaves out, or every list when
// that route fails, is asked on its own (`/armyLists/:id`); a list whose ally army list is not in
// `/allyArmyLists` (or every list with allies when that route fails) asks `/armyLists/:id/allyOptions`.
// Only answers: what is kept and published is sync.ts's and publish.ts's.
import { createHash } from '../../files/node-crypto'
import { CancelledError, FetchError, OfflineError, RedirectRefused, type JsonAnswer, type MeshweshClient } from '../../meshwesh/http'
import { readFetched, type PartRecord } from '../../meshwesh/catalogue'
import { readAllies, readBulkState, writeAllies, type BulkState, type CachedList } from '../../meshwesh/cache'
import { sentences, type ProgressStep } from './sync-types'

/**
 * The most lists a server may name. Meshwesh has about 700; 3,000 took 95 s, and a server naming
 * 100,000 would keep a sync going for most of an hour: refused before any list is asked for.
 */
export const MAX_LISTS = 5000

export const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32)
export const HEX_ID = /^[0-9a-f]{24}$/i

export interface SummaryItem {
  id: string
  name: string
}

export function readSummary(body: unknown): SummaryItem[] {
  if (!Array.isArray(body)) throw new Error('the list of army lists (/armyLists?summary=true) is not a list')
  if (body.length > MAX_LISTS)
    throw new Error(`The server names ${body.length} army lists, more than the ${MAX_LISTS} Muster fetches (Meshwesh has about 700): check the server address`)
  const items: SummaryItem[] = []
  const seen = new Set<string>()
  for (const [i, item] of body.entries()) {
    const { id, name } = (item ?? {}) as { id?: unknown; name?: unknown }
    if (typeof id !== 'string' || !HEX_ID.test(id)) throw new Error(`army list ${i + 1} of the summary (/armyLists?summary=true) has no valid id`)
    const key = id.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    items.push({ id: key, name: typeof name === 'string' ? name : id })
  }
  return items
}

/** Ids of the army lists in an answer that lists them in full (enemies, a theme's lists). */
export function idsOf(body: unknown, path: string): string[] {
  if (!Array.isArray(body)) throw new FetchError(path, `The answer for ${path} is not a list of army lists`)
  return body
    .map((l) => String((l as { id?: unknown; _id?: unknown })?.id ?? (l as { _id?: unknown })?._id ?? '').toLowerCase())
    .filter((id) => HEX_ID.test(id))
}

/** Errors that stop the whole sync (cancelled, offline, sent elsewhere, this machine's own folder). */
export const stopsSync = (e: unknown) =>
  e instanceof CancelledError || e instanceof OfflineError || e instanceof RedirectRefused || !!(e as NodeJS.ErrnoException).syscall

/** Fetches one part, conditionally when the last fetch left validators; a 304 gives the last value. */
export async function fetchPart<T>(
  client: MeshweshClient,
  path: string,
  before: PartRecord | undefined,
  previous: T | undefined,
  read: (body: unknown) => T
): Promise<{ value: T; record: PartRecord; downloaded: boolean }> {
  const conditional = before && previous !== undefined ? before.validators : undefined
  const answer: JsonAnswer = await client.getJson(path, conditional)
  if (answer.status === 304) {
    // The client takes a 304 only as the answer to validators it sent: there is a last value.
    if (!before || previous === undefined) throw new FetchError(path, `The server answered 304 (Not modified) for ${path} with no earlier copy to compare`)
    return { value: previous, record: { validators: answer.validators, hash: before.hash }, downloaded: false }
  }
  const value = read(answer.body)
  return { value, record: { validators: answer.validators, hash: hashOf(value) }, downloaded: true }
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

export interface ListsFetched {
  /** Every list fetched, by id: its content as now served, with what the cache held of its extras. */
  entries: Map<string, CachedList>
  /** Lists whose content is new or changed since the cached copy. */
  changed: Set<string>
  /** Lists that could not be fetched, with the reason in words. */
  failed: Array<{ id: string; name: string; reason: string }>
  /** What was done instead of the usual, in words. */
  notes: string[]
  /** The bulk routes' state, to keep once every list's file is written. */
  bulk: BulkState
}

/** An ally option's entries with each ally army list filled in from `allies`; null when one is missing. */
function withAllies(options: unknown[], allies: Map<string, unknown>): unknown[] | null {
  let missing = false
  const filled = options.map((o) => {
    const option = isObject(o) ? o : {}
    const entries = Array.isArray(option.allyEntries) ? option.allyEntries : []
    return {
      ...option,
      allyEntries: entries.map((e) => {
        const entry = isObject(e) ? e : {}
        const ref = entry.allyArmyList
        const ally = typeof ref === 'string' ? allies.get(ref.toLowerCase()) : ref
        if (!isObject(ally)) missing = true
        return { ...entry, allyArmyList: ally }
      })
    }
  })
  return missing ? null : filled
}

/** Every list's content: from the bulk routes, or asked list by list where they fail or leave one out. */
export async function fetchLists(
  client: MeshweshClient,
  root: string,
  summary: SummaryItem[],
  run: string,
  now: Date,
  step: (p: ProgressStep) => void
): Promise<ListsFetched> {
  const cached = new Map<string, CachedList>()
  for (const item of summary) {
    const c = readFetched(root, item.id) as CachedList | undefined
    if (c) cached.set(item.id, c)
  }
  const state = readBulkState(root)
  const bulk: BulkState = {}
  const notes: string[] = []
  const failed: ListsFetched['failed'] = []
  const docs = new Map<string, { doc: Record<string, unknown>; record: PartRecord }>()
  const bulkPart = (doc: Record<string, unknown>): PartRecord => ({ validators: {}, hash: hashOf(doc) })
  step({ phase: 'lists', done: 0, total: summary.length })

  // Every list in one answer. Asked conditionally only when each list it held is still in the cache.
  const last = state.lists
  const whole = last && Object.entries(last.hashes).every(([id, hash]) => cached.get(id)?.parts.list?.hash === hash)
  try {
    const answer = await client.getJson('/armyLists', whole ? last.validators : undefined)
    if (answer.status === 304) {
      for (const id of Object.keys(last!.hashes)) docs.set(id, { doc: cached.get(id)!.list as Record<string, unknown>, record: cached.get(id)!.parts.list })
      bulk.lists = { validators: answer.validators, hashes: last!.hashes }
    } else {
      if (!Array.isArray(answer.body)) throw new FetchError('/armyLists', 'The answer for /armyLists is not a list of army lists')
      const hashes: Record<string, string> = {}
      const named = new Set(summary.map((s) => s.id))
      for (const doc of answer.body) {
        // Only the lists the summary names: it says what the server publishes.
        const id = isObject(doc) && typeof doc.id === 'string' ? doc.id.toLowerCase() : ''
        if (!named.has(id)) continue
        const record = bulkPart(doc as Record<string, unknown>)
        docs.set(id, { doc: doc as Record<string, unknown>, record })
        hashes[id] = record.hash
      }
      bulk.lists = { validators: answer.validators, hashes }
    }
  } catch (e) {
    if (stopsSync(e)) throw e
    notes.push(sentences((e as Error).message, 'Each list was asked for on its own instead'))
  }

  // Lists the bulk answer left out, or all of them: one request each.
  const alone = summary.filter((s) => !docs.has(s.id))
  let done = summary.length - alone.length
  step({ phase: 'lists', done, total: summary.length })
  await pool(alone, 8, async (item) => {
    const prev = cached.get(item.id)
    try {
      const got = await fetchPart(client, `/armyLists/${item.id}`, prev?.parts.list, prev?.list, (body) => {
        if (!isObject(body)) throw new FetchError(`/armyLists/${item.id}`, `The answer for /armyLists/${item.id} is not an army list`)
        return body
      })
      docs.set(item.id, { doc: got.value as Record<string, unknown>, record: got.record })
    } catch (e) {
      if (stopsSync(e)) throw e
      failed.push({ id: item.id, name: item.name, reason: (e as Error).message })
    }
    step({ phase: 'lists', done: ++done, total: summary.length, name: item.name })
  })

  // Every ally army list in one answer, unless no list has allies.
  const hasAllies = (doc: Record<string, unknown>) => Array.isArray(doc.allyOptions) && doc.allyOptions.length > 0
  let allies: Map<string, unknown> | undefined
  if ([...docs.values()].some((d) => hasAllies(d.doc))) {
    const lastAllies = readAllies(root, state.allies?.hash, hashOf)
    try {
      const answer = await client.getJson('/allyArmyLists', lastAllies ? state.allies!.validators : undefined)
      const body = answer.status === 304 ? lastAllies! : answer.body
      if (!Array.isArray(body)) throw new FetchError('/allyArmyLists', 'The answer for /allyArmyLists is not a list of ally army lists')
      const hash = answer.status === 304 ? state.allies!.hash : hashOf(body)
      if (hash !== state.allies?.hash || !lastAllies) writeAllies(root, body)
      bulk.allies = { validators: answer.validators, hash }
      allies = new Map()
      for (const a of body) {
        const id = isObject(a) ? (a.id ?? a._id) : undefined
        if (typeof id === 'string') allies.set(id.toLowerCase(), a)
      }
    } catch (e) {
      if (stopsSync(e)) throw e
      notes.push(sentences((e as Error).message, "Each list's allies were asked for on their own instead"))
    }
  }

  const entries = new Map<string, CachedList>()
  const changed = new Set<string>()
  const names = new Map(summary.map((s) => [s.id, s.name]))
  await pool(
    [...docs].filter(([id]) => names.has(id)),
    8,
    async ([id, { doc, record }]) => {
      const prev = cached.get(id)
      let allyOptions: unknown[] | undefined
      let allyRecord: PartRecord | undefined
      try {
        if (hasAllies(doc)) {
          const filled = allies && withAllies(doc.allyOptions as unknown[], allies)
          if (filled) {
            allyOptions = filled
            allyRecord = { validators: {}, hash: hashOf(filled) }
          } else {
            // An ally army list the bulk answer lacks (upstream, a missing one answers 500 here too).
            const path = `/armyLists/${id}/allyOptions`
            const got = await fetchPart(client, path, prev?.parts.allyOptions, prev?.allyOptions as unknown[] | undefined, (b) => {
              if (!Array.isArray(b)) throw new FetchError(path, `The answer for ${path} is not a list of ally options`)
              return b
            })
            allyOptions = got.value
            allyRecord = got.record
          }
        }
      } catch (e) {
        if (stopsSync(e)) throw e
        failed.push({ id, name: names.get(id) ?? id, reason: (e as Error).message })
        return
      }
      const parts: Record<string, PartRecord> = { list: record }
      if (allyRecord) parts.allyOptions = allyRecord
      if (prev?.parts.enemies) parts.enemies = prev.parts.enemies
      const same = !!prev && prev.parts.list?.hash === record.hash && prev.parts.allyOptions?.hash === allyRecord?.hash
      // New content, or new to the run resumed here (its file was written before the interruption).
      if (!same || prev.run === run) changed.add(id)
      const entry: CachedList = {
        id,
        run: same ? prev.run : run,
        fetchedAt: same ? prev.fetchedAt : now.toISOString(),
        parts,
        list: doc,
        enemies: prev?.enemies ?? [],
        associated: [],
        ...(prev?.enemiesAt ? { enemiesAt: prev.enemiesAt } : {}),
        ...(prev?.extrasRun ? { extrasRun: prev.extrasRun } : {})
      }
      if (allyOptions) entry.allyOptions = allyOptions
      entries.set(id, entry)
    }
  )
  step({ phase: 'lists', done: summary.length, total: summary.length })
  // In the summary's order, whichever answer came first.
  const order = new Map(summary.map((s, i) => [s.id, i]))
  failed.sort((a, b) => order.get(a.id)! - order.get(b.id)!)
  relate(entries, summary, cached)
  return { entries, changed, failed, notes, bulk }
}

/**
 * Associated lists, as the server makes them (armyListService: the other lists of the same list
 * number, `listId`): from the lists themselves, so no request is needed. A list that could not be
 * fetched counts by its last copy.
 */
function relate(entries: Map<string, CachedList>, summary: SummaryItem[], cached: Map<string, CachedList>): void {
  const byNumber = new Map<unknown, string[]>()
  for (const item of summary) {
    const list = (entries.get(item.id) ?? cached.get(item.id))?.list as { listId?: unknown } | undefined
    if (list?.listId === undefined || list.listId === null) continue
    byNumber.set(list.listId, [...(byNumber.get(list.listId) ?? []), item.id])
  }
  for (const [id, entry] of entries) {
    const listId = (entry.list as { listId?: unknown }).listId
    entry.associated = (byNumber.get(listId) ?? []).filter((x) => x !== id)
  }
}

/** Runs `work` over `items`, `width` at a time; stops handing out work once one throws. */
export async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
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
