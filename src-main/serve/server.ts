// The local server of the phone pages (security/local-server.md says what it guards and how): node:http
// only, serving one built page, its assets and its app's routes under /<token>/, only while asked: a
// game (serve/game-app.ts) or an event's results page (services/event-results.ts). Everything else - a
// wrong token, another path, a foreign Host header - is 404 with an empty body. Posts are JSON only,
// from the page's own origin, capped in size; what they mean is the app's to judge. Nothing is logged:
// the token is in every path.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { PhoneAssets } from './assets'
import type { Route, RouteAnswer, ServedApp } from './app'
import { gameApp, type ServedGame } from './game-app'
import { empty, jsonBody, readBody, sendBody } from './respond'
import { newToken, sameToken } from './token'

/** A request body larger than this is refused with 413 (a game's taps are a few KB). */
export const MAX_BODY = 64 * 1024

interface ServerOptions {
  assets: PhoneAssets
  /** The address to bind: 127.0.0.1 unless the player opened it to the network. */
  host?: string
  /** 0: a free port. */
  port?: number
  maxBody?: number
  /** Called once each answer of a route has gone out (the owner may then stop the server). */
  afterAnswer?: () => void
}

/** An app to serve, or (as the game's page is served) a game and its sheet's link text (`s=...`, GET /<token>/sheet). */
export type PhoneServerOptions = ServerOptions & ({ app: ServedApp } | { game: ServedGame; sheet: string })

export interface PhoneServer {
  /** http://host:port/<token>/ : the page, without its fragment. */
  url: string
  port: number
  /** Stops serving (open connections are cut); resolves once the port is free. */
  close(): Promise<void>
  /** Resolves when the server has stopped, whoever stopped it. */
  closed: Promise<void>
}

function answer(res: ServerResponse, a: RouteAnswer): void {
  if (a.text !== undefined) return sendBody(res, a.status, 'text/plain; charset=utf-8', a.text)
  if (a.body === undefined) return empty(res, a.status)
  jsonBody(res, a.status, a.body)
}

export async function startPhoneServer(opts: PhoneServerOptions): Promise<PhoneServer> {
  const app = 'app' in opts ? opts.app : gameApp(opts.game, opts.sheet)
  // a Map: a path named like an Object's own property ('constructor', '__proto__') is no route
  const routes = new Map(Object.entries(app.routes))
  const host = opts.host ?? '127.0.0.1'
  const max = opts.maxBody ?? MAX_BODY
  const token = newToken()
  let port = 0
  const shown = host.includes(':') ? `[${host}]` : host
  // The names a browser may reach us by: a page of another site whose name was made to point here
  // (DNS rebinding) sends its own name as Host and is refused.
  const hosts = () => new Set([`${shown}:${port}`, ...(host === '127.0.0.1' ? [`localhost:${port}`] : [])])
  const origins = () => new Set([...hosts()].map((h) => `http://${h}`))

  const route = async (req: IncomingMessage, res: ServerResponse, r: Route): Promise<void> => {
    // once the answer is out (the page learns the game is finished, say), the owner may stop the server
    res.once('finish', () => opts.afterAnswer?.())
    const method = req.method ?? ''
    if (method === 'GET' && r.get) return answer(res, await r.get())
    if (method !== 'POST' || !r.post) return empty(res, 405, { allow: [r.get && 'GET', r.post && 'POST'].filter(Boolean).join(', ') })
    // A form or a page of another origin cannot send JSON here: no preflight is ever answered
    const origin = req.headers.origin
    if ((origin !== undefined && !origins().has(origin)) || !/^application\/json(;|$)/.test(req.headers['content-type'] ?? '')) return empty(res, 403)
    const text = await readBody(req, max)
    if (text === null) return empty(res, 413, { connection: 'close' })
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return empty(res, 400)
    }
    answer(res, await r.post(body, { address: req.socket.remoteAddress ?? '' }))
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '').split('?')[0]
    const [, given, ...rest] = path.split('/')
    if (!hosts().has(req.headers.host ?? '') || path[0] !== '/' || !sameToken(given ?? '', token) || rest.length === 0) return empty(res, 404)
    const name = rest.join('/')
    const r = routes.get(name)
    if (r) return route(req, res, r)
    // the app's page and the assets; another page of the bundle (the other app's) is not served here
    const asset = name === '' ? app.page : name
    const file = asset.endsWith('.html') && asset !== app.page ? undefined : opts.assets.get(asset)
    if (!file) return empty(res, 404)
    if (req.method !== 'GET') return empty(res, 405, { allow: 'GET' })
    sendBody(res, 200, file.type, file.body)
  }

  const server = createServer({ requestTimeout: 15_000, headersTimeout: 10_000, maxHeaderSize: 8192 }, (req, res) => {
    handle(req, res).catch(() => {
      // what failed is the app's store: the page keeps what it sent and sends it again
      if (!res.headersSent) empty(res, 503)
      else res.destroy()
    })
  })
  server.maxConnections = 64
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  port = (server.address() as AddressInfo).port
  let closing: Promise<void> | undefined
  return {
    url: `http://${shown}:${port}/${token}/`,
    port,
    closed,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closing
    }
  }
}
