// The local server of the phone page (security/local-server.md says what it guards and how): node:http
// only, serving the built page, its assets and one game under /<token>/, only while asked. Everything
// else - a wrong token, another path, a foreign Host header - is 404 with an empty body. Taps come back
// as a POST of JSON to /<token>/game (the finish to /<token>/finish), capped in size; what they mean is
// the game's to judge (services/phone-game.ts). Nothing is logged: the token is in every path.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Tap } from '../../src-shared/play/types'
import type { PhoneAssets } from './assets'
import { newToken, sameToken } from './token'

/** A request body larger than this is refused with 413 (a game's taps are a few KB). */
export const MAX_BODY = 64 * 1024

/** What the page reads of its game: Muster's taps, their digest (what a post is based on), and the result code once finished. */
export interface GameAnswer {
  taps: readonly Tap[]
  base: string
  code: string | null
  finished: boolean
}

/** An answer to a post: its status, and a JSON body (none: empty). */
export interface PostAnswer {
  status: number
  body?: unknown
}

/** The game the page plays: what a GET of /<token>/game answers, and what a POST of JSON there or to /<token>/finish gets. */
export interface ServedGame {
  read(): GameAnswer | Promise<GameAnswer>
  post(body: unknown): PostAnswer | Promise<PostAnswer>
  finish(body: unknown): PostAnswer | Promise<PostAnswer>
}

export interface PhoneServerOptions {
  assets: PhoneAssets
  game: ServedGame
  /** The sheet's link text (`s=...`): GET /<token>/sheet, for a QR code too small to carry it in its fragment. */
  sheet: string
  /** The address to bind: 127.0.0.1 unless the player opened it to the network. */
  host?: string
  /** 0: a free port. */
  port?: number
  maxBody?: number
  /** Called once each answer about the game has gone out. */
  afterAnswer?: () => void
}

export interface PhoneServer {
  /** http://host:port/<token>/ : the page, without its fragment. */
  url: string
  port: number
  /** Stops serving (open connections are cut); resolves once the port is free. */
  close(): Promise<void>
  /** Resolves when the server has stopped, whoever stopped it. */
  closed: Promise<void>
}

const HEADERS = {
  'cache-control': 'no-store',
  // the token is in the path: no page may send it on as a Referer
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}

function jsonBody(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value)
  res.writeHead(status, { ...HEADERS, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) })
  res.end(body)
}

function empty(res: ServerResponse, status: number, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...HEADERS, 'content-length': '0', ...extra })
  res.end()
}

/** The body as text, or null once past `max` (the rest is not read). */
function readBody(req: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'])
    if (declared > max) return resolve(null)
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > max) {
        req.removeAllListeners('data')
        req.pause()
        resolve(null)
      } else chunks.push(c)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

export async function startPhoneServer(opts: PhoneServerOptions): Promise<PhoneServer> {
  const host = opts.host ?? '127.0.0.1'
  const max = opts.maxBody ?? MAX_BODY
  const token = newToken()
  let port = 0
  const shown = host.includes(':') ? `[${host}]` : host
  // The names a browser may reach us by: a page of another site whose name was made to point here
  // (DNS rebinding) sends its own name as Host and is refused.
  const hosts = () => new Set([`${shown}:${port}`, ...(host === '127.0.0.1' ? [`localhost:${port}`] : [])])
  const origins = () => new Set([...hosts()].map((h) => `http://${h}`))

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '').split('?')[0]
    const [, given, ...rest] = path.split('/')
    if (!hosts().has(req.headers.host ?? '') || path[0] !== '/' || !sameToken(given ?? '', token) || rest.length === 0) return empty(res, 404)
    const name = rest.join('/')
    const method = req.method ?? ''
    if (name === 'game' || name === 'finish') {
      // once the answer is out (the page learns the game is finished, say), the owner may stop the server
      res.once('finish', () => opts.afterAnswer?.())
      if (name === 'game' && method === 'GET') return jsonBody(res, 200, await opts.game.read())
      if (method !== 'POST') return empty(res, 405, { allow: name === 'game' ? 'GET, POST' : 'POST' })
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
      const answer = await (name === 'game' ? opts.game.post(body) : opts.game.finish(body))
      if (answer.body === undefined) return empty(res, answer.status)
      return jsonBody(res, answer.status, answer.body)
    }
    if (name === 'sheet') {
      if (method !== 'GET') return empty(res, 405, { allow: 'GET' })
      res.writeHead(200, { ...HEADERS, 'content-type': 'text/plain; charset=utf-8', 'content-length': String(Buffer.byteLength(opts.sheet)) })
      return void res.end(opts.sheet)
    }
    const file = opts.assets.get(name === '' ? 'index.html' : name)
    if (!file) return empty(res, 404)
    if (method !== 'GET') return empty(res, 405, { allow: 'GET' })
    res.writeHead(200, { ...HEADERS, 'content-type': file.type, 'content-length': String(file.body.length) })
    res.end(file.body)
  }

  const server = createServer({ requestTimeout: 15_000, headersTimeout: 10_000, maxHeaderSize: 8192 }, (req, res) => {
    handle(req, res).catch(() => {
      // what failed is the game's store: the phone keeps its taps and posts them again
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
