// A stand-in for the Meshwesh API (https://meshwesh.wgcwar.com/api/v1) for tests and the bench: a
// loopback HTTP server (node:http, 127.0.0.1, a free port) serving the real army lists of
// ../shared/fixtures/meshwesh in the shapes the real site answers, with faults on demand.
//
// What follows the real server (ElJocko/meshwesh, app/controllers/armyListController.js and
// thematicCategoryController.js, app/services/armyListService.js, app/routes/schemas):
// - its own errors are plain sentences, as Express sends a string (text/html; charset=utf-8):
//   400 "Army List id is badly formatted." for an id that is not 24 hex digits, 404 "Army List not
//   found.", 500 "Unable to get ally options. Server error." when an ally list is missing, 400
//   "Invalid request." for a query parameter the route's schema does not allow (`/armyLists` takes
//   only `name` and `summary`, `/armyLists/:id` none), "Category id is badly formatted." and
//   "Thematic Category not found." for the category routes;
// - `/armyLists?summary=true` is `{id, name, keywords, derivedData}` of each list, `/armyLists` every
//   list in full, and `/thematicCategories/:id/armyLists` gives the lists in full;
// - `/allyArmyLists` is every ally army list, as allyArmyListService.retrieveByQueryLean answers them:
//   the document with `_id` made `id` and `__v` gone (`{name, listId, sublistId, dateRange,
//   troopOptions, internalContingent, armyListId, id}`); `/allyArmyLists/:id` one of them, 404 "Ally
//   Army List not found." (where the real controller names an undefined service for a bad id, this
//   one answers 400 "Ally Army List id is badly formatted.").
// Where this server differs, on purpose:
// - the sub-routes of an unknown (or removed) list answer 404 "Army List not found." (the real one
//   answers 200 with [] or, for allyOptions, an empty body);
// - `/armyLists?name=X` filters by a case-insensitive substring (the real query is broken);
// - an unknown route is a 404 with a JSON body (the real site serves its web page);
// - every 200 carries a strong ETag (a hash of the body) and a Last-Modified, and a matching
//   If-None-Match (which wins) or If-Modified-Since gets a 304 (Express sends a weak ETag only);
// - injected faults answer with a JSON body `{"message": ...}`; there is no gzip.
// - Enemies are made up, see testEnemies below: the fixtures hold no enemy data.
//
// A path, for the faults and in `requests`, is the part after /api/v1, e.g. '/armyLists/<id>' or
// '/armyLists?summary=true'. A fault is looked up first by the path with its query, then without;
// a fault on a path with an empty query ('/armyLists?') is for the request without one only (the
// bulk route `/armyLists`, not the summary).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { sharedOrSkip } from './tools'

// The API's documents, loosely typed on purpose: tests edit them freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MeshweshJson = any

export interface MeshweshServerOptions {
  fixtures?: string // default: join(__dirname, '../../../shared/fixtures/meshwesh')  (i.e. /work/shared/fixtures/meshwesh)
  only?: string[] // serve only these list ids (default: all in summary.json)
  latencyMs?: number // added before every response (default 0)
  newShape?: boolean // serve the newer format: troop and ally options' `dateRange` (one or null) becomes `dateRanges` (an array, maybe empty)
  /** The lists will not change: each answer is made once and kept (for the bench, where the server's own work must not weigh). */
  frozen?: boolean
  etags?: boolean // default true: strong ETag (hash of body) + Last-Modified; answer 304 to a matching If-None-Match / If-Modified-Since
}
export interface ServedRequest {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  status: number
}
export interface MeshweshServer {
  url: string // e.g. http://127.0.0.1:43123/api/v1  (the base URL a client is given)
  requests: ServedRequest[] // every request, in order, with the status answered (0 while unanswered, or never: hung, client gone, server closed)
  lists: Map<string, MeshweshJson> // the served army lists by id, mutable: edit one and later requests serve the edit (ETag and Last-Modified change with content)
  allyArmyLists: Map<string, MeshweshJson> // ally army lists by _id, as /allyArmyLists serves them (mutable: delete one and the lists naming it answer 500 for their allyOptions)
  enemies: Map<string, string[]> // list id -> its enemies' ids, what /enemyArmyLists serves (unserved ids skipped); starts as testEnemies(server), remade by add() and remove(); mutable (symmetry is then the caller's job)
  remove(id: string): void // the list disappears from the summary and its routes 404
  add(list: MeshweshJson, extras?: { allyOptions?: MeshweshJson[]; categories?: Array<{ id: string; name: string }> }): void
  faults: {
    status: Map<string, number> // path (e.g. '/armyLists/<id>') -> status to answer (500, 503...) with a JSON error body; kept until deleted
    failTimes: Map<string, number> // path -> answer 500 this many times, then normally (the entry is deleted when it reaches 0)
    delayMs: Map<string, number> // path -> extra delay (for time-out tests)
    hang: Set<string> // path -> never answer (until close)
    truncate: Set<string> // path -> a 200 with the JSON body cut in half (Content-Length of the half), then the connection closes
    notModified: Set<string> // path -> a bare 304 Not Modified, whatever the request asked (a broken cache in front of the server)
    waitFor: Map<string, Promise<unknown>> // path -> answer only once the promise settles (a gate the test opens)
    redirect: Map<string, string> // path -> a 302 to this Location (absolute, or relative to the request)
  }
  close(): Promise<void> // closes the server and any open or hanging sockets
}

type Category = { id: string; name: string }

interface Fixtures {
  ids: string[] // summary.json order
  lists: Map<string, MeshweshJson>
  categories: Map<string, Category[]> // list id -> its themes
  allyArmyLists: Map<string, MeshweshJson> // ally army list _id -> the ally list, from the allyOptions files
}

interface State {
  lists: Map<string, MeshweshJson>
  categoriesOf: Map<string, Category[]>
  categories: Map<string, Category>
  allyArmyLists: Map<string, MeshweshJson>
  fixtures: Fixtures
}

const defaultFixtures = join(__dirname, '../../../shared/fixtures/meshwesh')

/** The real lists the server serves: they ship beside the project (../shared), not in it. */
export const meshweshFixtures = defaultFixtures
/** Whether they are here: the tests and the bench that need them skip, saying so, where they are not (on CI the tests fail: tools.ts). */
export const fixturesPresent = !!sharedOrSkip('the Meshwesh lists the sync tests serve', join(defaultFixtures, 'armyLists'))

/** The fixtures' summary (id and name of every list), or none where they are absent. */
export function fixtureSummary(): Array<{ id: string; name: string }> {
  return fixturesPresent ? (JSON.parse(readFileSync(join(defaultFixtures, 'summary.json'), 'utf8')) as Array<{ id: string; name: string }>) : []
}
const base = '/api/v1'
const hex24 = /^[0-9a-f]{24}$/i
const json = 'application/json; charset=utf-8'
const text = 'text/html; charset=utf-8'
const states = new WeakMap<MeshweshServer, State>()

// ---- Fixtures: read once per process and folder, cloned per server ----

const loaded = new Map<string, Promise<Fixtures>>()

function loadFixtures(dir: string): Promise<Fixtures> {
  let p = loaded.get(dir)
  if (!p) {
    p = readFixtures(dir)
    p.catch(() => loaded.delete(dir))
    loaded.set(dir, p)
  }
  return p
}

async function readJson(file: string, missing?: MeshweshJson): Promise<MeshweshJson> {
  try {
    return JSON.parse(await readFile(file, 'utf8'))
  } catch (e) {
    if (missing !== undefined && (e as NodeJS.ErrnoException).code === 'ENOENT') return missing
    throw e
  }
}

async function readFixtures(dir: string): Promise<Fixtures> {
  const summary = (await readJson(join(dir, 'summary.json'))) as Array<{ id: string }>
  const ids = summary.map((s) => s.id)
  const lists = new Map<string, MeshweshJson>()
  const categories = new Map<string, Category[]>()
  const allyArmyLists = new Map<string, MeshweshJson>()
  const files = join(dir, 'armyLists')
  const read = async (id: string): Promise<void> => {
    const [list, allyOptions, themes] = await Promise.all([
      readJson(join(files, id)),
      readJson(join(files, `${id}.allyOptions.json`), []),
      readJson(join(files, `${id}_thematicCategories`), [])
    ])
    lists.set(id, list)
    categories.set(
      id,
      (themes as Category[]).map((c) => ({ id: c.id, name: c.name }))
    )
    for (const option of allyOptions as MeshweshJson[]) {
      for (const entry of option.allyEntries ?? []) {
        if (entry.allyArmyList && typeof entry.allyArmyList === 'object') allyArmyLists.set(entry.allyArmyList._id, entry.allyArmyList)
      }
    }
  }
  for (let i = 0; i < ids.length; i += 64) await Promise.all(ids.slice(i, i + 64).map(read))
  return { ids, lists, categories, allyArmyLists }
}

const themesRead = new Map<string, Category[]>()

// A list's themes from the default fixtures, synchronously (for testEnemies on bare lists).
function fixtureThemes(id: string): Category[] {
  let themes = themesRead.get(id)
  if (!themes) {
    try {
      themes = JSON.parse(readFileSync(join(defaultFixtures, 'armyLists', `${id}_thematicCategories`), 'utf8')) as Category[]
    } catch {
      themes = []
    }
    themesRead.set(id, themes)
  }
  return themes
}

// ---- Shapes ----

// The newer format: an option's `dateRange` (one or null) becomes `dateRanges` (array), in place.
function withDateRanges(option: MeshweshJson): MeshweshJson {
  if (!option || typeof option !== 'object' || !('dateRange' in option)) return option
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(option)) {
    if (k === 'dateRange') {
      if (!('dateRanges' in option)) out.dateRanges = v == null ? [] : [v]
    } else out[k] = v
  }
  return out
}

function mapKey(doc: MeshweshJson, key: string, f: (x: MeshweshJson) => MeshweshJson): MeshweshJson {
  return Array.isArray(doc?.[key]) ? { ...doc, [key]: doc[key].map(f) } : doc
}

// A list (or an ally army list) in the newer format: its troop options and ally options. An ally
// army list's own `dateRange` stays, as in the real AllyArmyList model.
function newShapeList(list: MeshweshJson): MeshweshJson {
  return mapKey(mapKey(list, 'troopOptions', withDateRanges), 'allyOptions', withDateRanges)
}

function newShapeAllyOptions(options: MeshweshJson[]): MeshweshJson[] {
  return options.map((o) =>
    mapKey(withDateRanges(o), 'allyEntries', (e: MeshweshJson) =>
      e && typeof e.allyArmyList === 'object' && e.allyArmyList ? { ...e, allyArmyList: newShapeList(e.allyArmyList) } : e
    )
  )
}

// derivedData as the real server computes it on save, for an added list that lacks it.
function derivedData(list: MeshweshJson): MeshweshJson {
  if (list.derivedData) return list.derivedData
  const ranges = (Array.isArray(list.dateRanges) ? list.dateRanges : []) as Array<{ startDate: number; endDate: number }>
  const start = ranges.length ? Math.min(...ranges.map((r) => r.startDate)) : null
  const end = ranges.length ? Math.max(...ranges.map((r) => r.endDate)) : null
  let when = ''
  if (start != null && end != null) {
    if (start < 0 && end < 0) when = `${-start} to ${-end} BC`
    else if (start >= 0) when = `${start} to ${end} AD`
    else when = `${-start} BC to ${end} AD`
  }
  return { listStartDate: start, listEndDate: end, extendedName: `${list.name}  ${when}` }
}

function summaryOf(list: MeshweshJson): MeshweshJson {
  const out: Record<string, unknown> = {}
  for (const k of ['id', 'name', 'keywords']) if (k in list) out[k] = list[k]
  out.derivedData = derivedData(list)
  return out
}

// ---- Test enemies ----

function rangesOf(list: MeshweshJson): Array<{ startDate: number; endDate: number }> {
  const ranges = Array.isArray(list.dateRanges)
    ? list.dateRanges.filter((r: MeshweshJson) => typeof r?.startDate === 'number' && typeof r?.endDate === 'number')
    : []
  if (ranges.length) return ranges
  const d = list.derivedData
  return typeof d?.listStartDate === 'number' && typeof d?.listEndDate === 'number' ? [{ startDate: d.listStartDate, endDate: d.listEndDate }] : []
}

function byListNumber(a: MeshweshJson, b: MeshweshJson): number {
  return (a.listId ?? 0) - (b.listId ?? 0) || String(a.sublistId ?? '').localeCompare(String(b.sublistId ?? '')) || String(a.id).localeCompare(String(b.id))
}

/**
 * TEST DATA, NOT HISTORY. The fixtures hold no enemy data, so this server makes up a deterministic,
 * symmetric cross-reference for `/armyLists/:id/enemyArmyLists`:
 * 1. B is a candidate enemy of A when B is another list, one of A's date ranges overlaps one of
 *    B's (ends included; derivedData's dates where a list has no dateRanges), and A and B share at
 *    least one thematic category;
 * 2. A picks its 6 nearest candidates by list number: |A.listId - B.listId|, then listId, sublistId, id;
 * 3. it is made symmetric: B is A's enemy when A picked B or B picked A (so a list can have more than 6);
 * 4. each list's enemies are in list-number order (listId, sublistId, id); every list has an entry.
 * `source` is a server (its served lists and their themes) or lists (a Map by id, or an iterable);
 * for bare lists the themes come from `categories`, else from the default fixtures' files.
 */
export function testEnemies(
  source: MeshweshServer | Map<string, MeshweshJson> | Iterable<MeshweshJson>,
  categories?: Map<string, Array<{ id: string; name: string }>>
): Map<string, string[]> {
  const state = states.get(source as MeshweshServer)
  let lists: MeshweshJson[]
  let themesOf: (id: string) => Category[]
  if (state) {
    lists = [...state.lists.values()]
    themesOf = (id) => state.categoriesOf.get(id) ?? []
  } else {
    lists = source instanceof Map ? [...source.values()] : [...(source as Iterable<MeshweshJson>)]
    themesOf = (id) => (categories ? (categories.get(id) ?? []) : fixtureThemes(id))
  }
  const info = lists.map((list) => ({ list, id: String(list.id), ranges: rangesOf(list), themes: new Set(themesOf(String(list.id)).map((c) => c.id)) }))
  const enemies = new Map<string, Set<string>>(info.map((a) => [a.id, new Set<string>()]))
  for (const a of info) {
    const candidates = info.filter(
      (b) =>
        b.id !== a.id &&
        [...b.themes].some((t) => a.themes.has(t)) &&
        a.ranges.some((ra) => b.ranges.some((rb) => ra.startDate <= rb.endDate && rb.startDate <= ra.endDate))
    )
    candidates.sort(
      (x, y) => Math.abs((x.list.listId ?? 0) - (a.list.listId ?? 0)) - Math.abs((y.list.listId ?? 0) - (a.list.listId ?? 0)) || byListNumber(x.list, y.list)
    )
    for (const b of candidates.slice(0, 6)) {
      enemies.get(a.id)!.add(b.id)
      enemies.get(b.id)!.add(a.id)
    }
  }
  const byId = new Map(info.map((x) => [x.id, x.list]))
  return new Map([...enemies].map(([id, set]) => [id, [...set].sort((x, y) => byListNumber(byId.get(x), byId.get(y)))]))
}

// ---- The server ----

type Answer = { status: number; body: string; type: string; cacheable?: boolean }

const answerJson = (value: unknown): Answer => ({ status: 200, body: JSON.stringify(value), type: json, cacheable: true })
const answerText = (status: number, sentence: string): Answer => ({ status, body: sentence, type: text })
const answerError = (status: number, message: string): Answer => ({ status, body: JSON.stringify({ message }), type: json })

function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`
}

export async function startMeshweshServer(opts: MeshweshServerOptions = {}): Promise<MeshweshServer> {
  const fixtures = await loadFixtures(opts.fixtures ?? defaultFixtures)
  const etags = opts.etags ?? true
  const newShape = opts.newShape ?? false
  const latencyMs = opts.latencyMs ?? 0

  let ids = fixtures.ids
  if (opts.only) {
    const unknown = opts.only.filter((id) => !fixtures.lists.has(id))
    if (unknown.length) throw new Error(`startMeshweshServer: no fixture list ${unknown.join(', ')}`)
    const only = new Set(opts.only)
    ids = ids.filter((id) => only.has(id))
  }
  const state: State = {
    lists: new Map(ids.map((id) => [id, newShape ? newShapeList(structuredClone(fixtures.lists.get(id))) : structuredClone(fixtures.lists.get(id))])),
    categoriesOf: new Map(ids.map((id) => [id, fixtures.categories.get(id)!.map((c) => ({ ...c }))])),
    categories: new Map(),
    allyArmyLists: new Map(fixtures.allyArmyLists),
    fixtures
  }
  for (const themes of state.categoriesOf.values()) for (const c of themes) if (!state.categories.has(c.id)) state.categories.set(c.id, c)

  const started = Math.floor(Date.now() / 1000) * 1000
  const validators = new Map<string, { etag: string; modified: number }>()
  /** Answers made so far, by path and query, when `frozen`. */
  const made = new Map<string, Answer>()
  const etagsMade = new WeakMap<Answer, string>()
  const waiting = new Set<() => void>()
  let closed = false

  const sleep = (ms: number): Promise<void> =>
    ms > 0
      ? new Promise((resolve) => {
          const done = (): void => {
            clearTimeout(timer)
            waiting.delete(done)
            resolve()
          }
          const timer = setTimeout(done, ms)
          waiting.add(done)
        })
      : Promise.resolve()

  const faults: MeshweshServer['faults'] = {
    status: new Map(),
    failTimes: new Map(),
    delayMs: new Map(),
    hang: new Set(),
    truncate: new Set(),
    notModified: new Set(),
    waitFor: new Map(),
    redirect: new Map()
  }

  const served = (id: string): MeshweshJson => state.lists.get(id)
  const shaped = (list: MeshweshJson): MeshweshJson => (newShape ? newShapeList(list) : list)

  // An ally army list as /allyArmyLists serves it: `_id` made `id`, `__v` gone (transform.js).
  const allyArmyListDoc = (ally: MeshweshJson): MeshweshJson => {
    const { _id, __v: _v, ...rest } = ally as Record<string, unknown>
    const doc = { ...rest, id: _id }
    return newShape ? newShapeList(doc) : doc
  }

  const allyOptionsOf = (list: MeshweshJson): MeshweshJson[] | null => {
    const options: MeshweshJson[] = []
    for (const option of (list.allyOptions ?? []) as MeshweshJson[]) {
      const entries: MeshweshJson[] = []
      for (const entry of (option.allyEntries ?? []) as MeshweshJson[]) {
        let ally = entry.allyArmyList
        if (typeof ally === 'string') {
          ally = state.allyArmyLists.get(ally)
          if (!ally) return null
        }
        entries.push({ ...entry, allyArmyList: ally })
      }
      options.push({ ...option, allyEntries: entries })
    }
    return newShape ? newShapeAllyOptions(options) : options
  }

  // The route's answer for a GET of `path` (after /api/v1, without the query) with `query`.
  const route = (path: string, query: URLSearchParams): Answer => {
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
    const parts = trimmed
      .split('/')
      .slice(1)
      .map((p) => {
        try {
          return decodeURIComponent(p)
        } catch {
          return p
        }
      })
    const [top, id, sub, more] = [parts[0]?.toLowerCase(), parts[1], parts[2]?.toLowerCase(), parts[3]]
    const keys = [...new Set(query.keys())]
    const allowed = (names: string[]): boolean => keys.every((k) => names.includes(k) && query.getAll(k).length === 1)

    if (top === 'armylists' && parts.length === 1) {
      if (!allowed(['name', 'summary'])) return answerText(400, 'Invalid request.')
      const all = [...state.lists.values()]
      if (query.get('summary') === 'true') return answerJson(all.map(summaryOf))
      const name = query.get('name')
      const chosen = name
        ? all.filter((l) =>
            String(l.name ?? '')
              .toLowerCase()
              .includes(name.toLowerCase())
          )
        : all
      return answerJson(chosen.map(shaped))
    }
    if (top === 'armylists' && parts.length >= 2 && parts.length <= 3 && more === undefined) {
      if (parts.length === 2 && !allowed([])) return answerText(400, 'Invalid request.')
      if (parts.length === 3 && !['allyoptions', 'enemyarmylists', 'associatedarmylists', 'thematiccategories'].includes(sub)) return notFound(path)
      if (!hex24.test(id)) return answerText(400, 'Army List id is badly formatted.')
      const key = id.toLowerCase()
      const list = served(key)
      if (!list) return answerText(404, 'Army List not found.')
      switch (sub) {
        case undefined:
          return answerJson(shaped(list))
        case 'allyoptions': {
          const options = allyOptionsOf(list)
          return options ? answerJson(options) : answerText(500, 'Unable to get ally options. Server error.')
        }
        case 'thematiccategories':
          return answerJson((state.categoriesOf.get(key) ?? []).map((c) => ({ name: c.name, id: c.id })))
        case 'associatedarmylists':
          return answerJson([...state.lists.values()].filter((l) => l !== list && l.listId === list.listId && l.id !== list.id).map(shaped))
        case 'enemyarmylists': {
          const enemies = [...new Set(server.enemies.get(key) ?? [])].map(served).filter(Boolean)
          return answerJson(enemies.map(shaped))
        }
      }
    }
    if (top === 'allyarmylists' && parts.length === 1) {
      if (!allowed(['name'])) return answerText(400, 'Invalid request.')
      const name = query.get('name')
      const all = [...state.allyArmyLists.values()].filter((a) =>
        name
          ? String(a.name ?? '')
              .toLowerCase()
              .includes(name.toLowerCase())
          : true
      )
      return answerJson(all.map(allyArmyListDoc))
    }
    if (top === 'allyarmylists' && parts.length === 2) {
      if (!hex24.test(id)) return answerText(400, 'Ally Army List id is badly formatted.')
      const ally = state.allyArmyLists.get(id.toLowerCase())
      return ally ? answerJson(allyArmyListDoc(ally)) : answerText(404, 'Ally Army List not found.')
    }
    if (top === 'thematiccategories' && parts.length === 1) {
      if (!allowed(['name'])) return answerText(400, 'Invalid request.')
      const name = query.get('name')
      return answerJson([...state.categories.values()].filter((c) => !name || c.name === name).map((c) => ({ name: c.name, id: c.id })))
    }
    if (top === 'thematiccategories' && (parts.length === 2 || (parts.length === 3 && sub === 'armylists'))) {
      if (!/^[0-9a-z]{24}$/i.test(id)) return answerText(400, 'Invalid request.')
      if (!hex24.test(id)) return answerText(400, 'Category id is badly formatted.')
      const key = id.toLowerCase()
      if (parts.length === 2) {
        const category = state.categories.get(key)
        return category ? answerJson({ name: category.name, id: category.id }) : answerText(404, 'Thematic Category not found.')
      }
      const inCategory = [...state.lists.entries()].filter(([listKey]) => (state.categoriesOf.get(listKey) ?? []).some((c) => c.id === key))
      return answerJson(inCategory.map(([, l]) => shaped(l)))
    }
    return notFound(path)
  }

  const notFound = (path: string): Answer => answerError(404, `Not found: ${path}`)

  const send = (req: IncomingMessage, res: ServerResponse, record: ServedRequest, key: string, answer: Answer, truncate: boolean): void => {
    if (truncate && answer.status === 200) {
      const half = answer.body.slice(0, Math.floor(answer.body.length / 2))
      record.status = 200
      res.writeHead(200, { 'Content-Type': answer.type, 'Content-Length': Buffer.byteLength(half), Connection: 'close' })
      res.end(half)
      return
    }
    const headers: Record<string, string | number> = { 'Content-Type': answer.type }
    if (answer.cacheable && etags) {
      const etag = etagsMade.get(answer) ?? etagOf(answer.body)
      etagsMade.set(answer, etag)
      const known = validators.get(key)
      let modified = started
      if (known) modified = known.etag === etag ? known.modified : Math.max(Math.floor(Date.now() / 1000) * 1000, known.modified + 1000)
      validators.set(key, { etag, modified })
      headers.ETag = etag
      headers['Last-Modified'] = new Date(modified).toUTCString()
      const inm = req.headers['if-none-match']
      const ims = req.headers['if-modified-since']
      let fresh = false
      if (inm !== undefined) {
        fresh = inm.split(',').some((t) => {
          const tag = t.trim()
          return tag === '*' || tag.replace(/^W\//, '') === etag
        })
      } else if (ims !== undefined) {
        const since = Date.parse(ims)
        fresh = !Number.isNaN(since) && modified <= since
      }
      if (fresh) {
        record.status = 304
        delete headers['Content-Type']
        res.writeHead(304, headers)
        res.end()
        return
      }
    }
    headers['Content-Length'] = Buffer.byteLength(answer.body)
    record.status = answer.status
    res.writeHead(answer.status, headers)
    res.end(answer.body)
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = req.url ?? '/'
    const method = req.method ?? 'GET'
    const underBase = url.toLowerCase().startsWith(base.toLowerCase()) && ['', '/', '?'].includes(url.charAt(base.length))
    const key = underBase ? url.slice(base.length) || '/' : url
    const record: ServedRequest = { method, path: key, headers: req.headers, status: 0 }
    server.requests.push(record)
    let gone = false
    res.on('close', () => {
      gone = true
    })
    const q = key.indexOf('?')
    const path = q < 0 ? key : key.slice(0, q)
    const query = new URLSearchParams(q < 0 ? '' : key.slice(q + 1))
    const fault = <T>(has: (k: string) => boolean, get: (k: string) => T): [string, T] | undefined => {
      if (has(key)) return [key, get(key)]
      if (q < 0 && has(`${path}?`)) return [`${path}?`, get(`${path}?`)]
      if (has(path)) return [path, get(path)]
      return undefined
    }
    if (
      fault(
        (k) => faults.hang.has(k),
        () => true
      )
    )
      return
    const extra =
      fault(
        (k) => faults.delayMs.has(k),
        (k) => faults.delayMs.get(k)!
      )?.[1] ?? 0
    await sleep(latencyMs + extra)
    const gate = fault(
      (k) => faults.waitFor.has(k),
      (k) => faults.waitFor.get(k)!
    )
    if (gate) await gate[1].catch(() => undefined)
    if (closed || gone) return
    const moved = fault(
      (k) => faults.redirect.has(k),
      (k) => faults.redirect.get(k)!
    )
    if (moved) {
      record.status = 302
      res.writeHead(302, { Location: moved[1], 'Content-Length': 0 })
      res.end()
      return
    }
    if (
      fault(
        (k) => faults.notModified.has(k),
        () => true
      )
    ) {
      record.status = 304
      res.writeHead(304)
      res.end()
      return
    }

    let answer: Answer | undefined
    const status = fault(
      (k) => faults.status.has(k),
      (k) => faults.status.get(k)!
    )
    if (status) answer = answerError(status[1], `Injected fault: ${status[1]} for ${key}`)
    const failing = answer
      ? undefined
      : fault(
          (k) => (faults.failTimes.get(k) ?? 0) > 0,
          (k) => faults.failTimes.get(k)!
        )
    if (failing) {
      if (failing[1] <= 1) faults.failTimes.delete(failing[0])
      else faults.failTimes.set(failing[0], failing[1] - 1)
      answer = answerError(500, `Injected failure for ${key} (${failing[1] - 1} more)`)
    }
    if (!answer && opts.frozen) answer = made.get(key)
    if (!answer) {
      answer = underBase && (method === 'GET' || method === 'HEAD') ? route(path, query) : notFound(key)
      if (opts.frozen) made.set(key, answer)
    }
    send(
      req,
      res,
      record,
      key,
      answer,
      !!fault(
        (k) => faults.truncate.has(k),
        () => true
      )
    )
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { 'Content-Type': json })
        res.end(JSON.stringify({ message: `meshwesh-server failed: ${String(e)}` }))
      }
    })
  })
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(0, '127.0.0.1', () => {
      http.off('error', reject)
      resolve()
    })
  })
  const { port } = http.address() as AddressInfo

  const remakeEnemies = (): void => {
    server.enemies.clear()
    for (const [id, enemies] of testEnemies(server)) server.enemies.set(id, enemies)
  }

  const server: MeshweshServer = {
    url: `http://127.0.0.1:${port}${base}`,
    requests: [],
    lists: state.lists,
    allyArmyLists: state.allyArmyLists,
    enemies: new Map(),
    faults,
    remove(id: string): void {
      state.lists.delete(id)
      state.categoriesOf.delete(id)
      remakeEnemies()
    },
    add(list, extras = {}): void {
      const id = list?.id
      if (typeof id !== 'string' || !hex24.test(id)) throw new Error(`MeshweshServer.add: a list needs an id of 24 hex digits, not ${JSON.stringify(id)}`)
      for (const option of extras.allyOptions ?? []) {
        for (const entry of option.allyEntries ?? []) {
          const ally = entry.allyArmyList
          if (ally && typeof ally === 'object' && typeof ally._id === 'string') state.allyArmyLists.set(ally._id, structuredClone(ally))
        }
      }
      if (list.allyOptions === undefined && extras.allyOptions) {
        list.allyOptions = extras.allyOptions.map((o: MeshweshJson) => ({
          ...o,
          allyEntries: (o.allyEntries ?? []).map((e: MeshweshJson) => ({
            ...e,
            allyArmyList: typeof e.allyArmyList === 'object' && e.allyArmyList ? e.allyArmyList._id : e.allyArmyList
          }))
        }))
      }
      const themes = (extras.categories ?? state.fixtures.categories.get(id) ?? []).map((c) => ({ id: c.id, name: c.name }))
      state.categoriesOf.set(id, themes)
      for (const c of themes) if (!state.categories.has(c.id)) state.categories.set(c.id, c)
      state.lists.set(id, list)
      remakeEnemies()
    },
    close(): Promise<void> {
      if (closed) return Promise.resolve()
      closed = true
      for (const wake of [...waiting]) wake()
      return new Promise<void>((resolve) => {
        http.close(() => resolve())
        http.closeAllConnections()
      })
    }
  }
  states.set(server, state)
  remakeEnemies()
  return server
}

/** The API address of a port nothing listens on (one just closed): a server that is offline. */
export async function closedPort(): Promise<string> {
  const s = createServer()
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  const port = (s.address() as { port: number }).port
  await new Promise((r) => s.close(r))
  return `http://127.0.0.1:${port}/api/v1`
}
