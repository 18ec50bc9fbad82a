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
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { answerSender } from './meshwesh-answers'
import { madeUpEnemies } from './meshwesh-enemies'
import { fixtureThemes, loadFixtures, meshweshFixtures, type Category, type MeshweshJson } from './meshwesh-fixtures'
import { faultsFor, noFaults, type Faults } from './meshwesh-faults'
import { answerError, hex24, json, notFound, routes, type Answer, type State } from './meshwesh-routes'
import { newShapeList } from './meshwesh-shapes'

export { fixtureSummary, fixturesPresent, meshweshFixtures, type MeshweshJson } from './meshwesh-fixtures'
export type { Faults } from './meshwesh-faults'

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
  faults: Faults
  close(): Promise<void> // closes the server and any open or hanging sockets
}

const base = '/api/v1'
const states = new WeakMap<MeshweshServer, State>()

/**
 * TEST DATA, NOT HISTORY: the made-up enemies of meshwesh-enemies.ts, what `/armyLists/:id/enemyArmyLists` serves.
 * `source` is a server (its served lists and their themes) or lists (a Map by id, or an iterable);
 * for bare lists the themes come from `categories`, else from the default fixtures' files.
 */
export function testEnemies(
  source: MeshweshServer | Map<string, MeshweshJson> | Iterable<MeshweshJson>,
  categories?: Map<string, Array<{ id: string; name: string }>>
): Map<string, string[]> {
  const state = states.get(source as MeshweshServer)
  if (state) return madeUpEnemies([...state.lists.values()], (id) => state.categoriesOf.get(id) ?? [])
  const lists = source instanceof Map ? [...source.values()] : [...(source as Iterable<MeshweshJson>)]
  return madeUpEnemies(lists, (id): Category[] => (categories ? (categories.get(id) ?? []) : fixtureThemes(id)))
}

export async function startMeshweshServer(opts: MeshweshServerOptions = {}): Promise<MeshweshServer> {
  const fixtures = await loadFixtures(opts.fixtures ?? meshweshFixtures)
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

  const send = answerSender(etags)
  /** Answers made so far, by path and query, when `frozen`. */
  const made = new Map<string, Answer>()
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

  const faults = noFaults()
  const route = routes(state, newShape, () => server.enemies)

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
    const fault = faultsFor(faults, key)
    if (fault.isIn(faults.hang)) return
    const extra = fault.entry(faults.delayMs)?.[1] ?? 0
    await sleep(latencyMs + extra)
    const gate = fault.entry(faults.waitFor)
    if (gate) await gate[1].catch(() => undefined)
    if (closed || gone) return
    const moved = fault.entry(faults.redirect)
    if (moved) {
      record.status = 302
      res.writeHead(302, { Location: moved[1], 'Content-Length': 0 })
      res.end()
      return
    }
    if (fault.isIn(faults.notModified)) {
      record.status = 304
      res.writeHead(304)
      res.end()
      return
    }

    let answer: Answer | undefined
    const status = fault.entry(faults.status)
    if (status) answer = answerError(status[1], `Injected fault: ${status[1]} for ${key}`)
    const failing = answer ? undefined : fault.failing()
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
    send(req, res, record, key, answer, fault.isIn(faults.truncate))
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

/** Runs `fn` against a server started with `opts`, and closes it after, whatever happens. */
export async function withServer<T>(opts: MeshweshServerOptions, fn: (s: MeshweshServer) => Promise<T>): Promise<T> {
  const server = await startMeshweshServer(opts)
  try {
    return await fn(server)
  } finally {
    await server.close()
  }
}
