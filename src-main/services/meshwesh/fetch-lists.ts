// The fetching half of a Meshwesh sync: the summary (every list the server names, at most
// MAX_LISTS), the thematic categories, and each list's parts, asked conditionally where the last fetch
// left validators. Only answers: what is kept and published is sync.ts's and publish.ts's.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { writeFileAtomic } from '../../files/write-file'
import { FetchError, type JsonAnswer, type MeshweshClient } from './http'
import type { FetchedList, PartRecord } from './catalogue'

/**
 * The most lists a server may name. Meshwesh has about 700; 3,000 took 95 s, and a server naming
 * 100,000 would keep a sync going for most of an hour: refused before any list is asked for.
 */
export const MAX_LISTS = 5000

export const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32)
const HEX_ID = /^[0-9a-f]{24}$/i

export interface SummaryItem {
  id: string
  name: string
}

export function readSummary(body: unknown): SummaryItem[] {
  if (!Array.isArray(body)) throw new Error('the list of army lists is not a list')
  if (body.length > MAX_LISTS)
    throw new Error(`the server names ${body.length} army lists, more than the ${MAX_LISTS} Muster fetches (Meshwesh has about 700): check the server address`)
  const items: SummaryItem[] = []
  const seen = new Set<string>()
  for (const [i, item] of body.entries()) {
    const { id, name } = (item ?? {}) as { id?: unknown; name?: unknown }
    if (typeof id !== 'string' || !HEX_ID.test(id)) throw new Error(`army list ${i + 1} of the summary has no valid id`)
    const key = id.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    items.push({ id: key, name: typeof name === 'string' ? name : id })
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
  if (answer.status === 304) {
    // The client takes a 304 only as the answer to validators it sent: there is a last value.
    if (!before || previous === undefined) throw new FetchError(path, 'the server answered 304 Not Modified with no earlier copy to compare')
    return { value: previous, record: { validators: answer.validators, hash: before.hash }, downloaded: false }
  }
  const value = read(answer.body)
  return { value, record: { validators: answer.validators, hash: hashOf(value) }, downloaded: true }
}

export interface Fetched {
  entry: FetchedList
  downloaded: boolean
  contentChanged: boolean
}

export async function fetchList(client: MeshweshClient, id: string, prev: FetchedList | undefined, run: string, now: Date): Promise<Fetched> {
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
export async function fetchCategories(client: MeshweshClient, root: string): Promise<Map<string, string[]>> {
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
