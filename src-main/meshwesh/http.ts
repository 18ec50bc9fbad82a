// A polite JSON client for the Meshwesh API: at most `concurrency` requests at a time, a User-Agent
// naming Muster, a time-out per request, retries with backoff on 5xx answers, time-outs, cut-off
// bodies and dropped connections, and conditional requests (If-None-Match / If-Modified-Since) where
// the caller has an ETag or a date from last time. Node's own fetch (undici) keeps connections alive.
// Redirects are followed within the server's own address only (a few at most); one elsewhere stops
// the sync, naming both addresses. A 304 to a request that sent no validators is a server error.
// Every error is a sentence for the player that names the address asked ("The server answered 404
// (Not found) for /thematicCategories/…/armyLists").
import { STATUS_CODES } from 'node:http'

export interface Validators {
  etag?: string
  lastModified?: string
}

export type JsonAnswer = { status: 200; body: unknown; validators: Validators } | { status: 304; validators: Validators }

export interface ClientOptions {
  baseUrl: string
  userAgent: string
  /** Per request, from sending to the last byte of the body. */
  timeoutMs?: number
  concurrency?: number
  /** Attempts after the first one, for answers worth retrying. */
  retries?: number
  /** First backoff; doubled each retry, with jitter. */
  backoffMs?: number
  signal?: AbortSignal
  /** The most one answer may hold; the whole summary of ~700 lists is well under a megabyte. */
  maxBytes?: number
}

/** The server cannot be reached at all (no network, refused, unknown host): the sync says so in one line. */
/** What a system error code means to a player. */
const OFFLINE_WORDS: Record<string, string> = {
  ECONNREFUSED: 'nothing answers at that address',
  ENOTFOUND: 'no such server',
  EAI_AGAIN: 'no network, or no name server',
  ENETUNREACH: 'no network',
  EHOSTUNREACH: 'the server cannot be reached',
  ENETDOWN: 'no network'
}

export class OfflineError extends Error {
  constructor(
    readonly url: string,
    readonly code: string
  ) {
    super(`cannot reach ${url} (${OFFLINE_WORDS[code] ?? code})`)
    this.name = 'OfflineError'
  }
}

/** "404 (Not found)": a status with its meaning, in sentence case. */
export function statusText(status: number): string {
  const phrase = STATUS_CODES[status]
  return phrase ? `${status} (${phrase.charAt(0)}${phrase.slice(1).toLowerCase()})` : String(status)
}

/** An answer that is not what was asked for, after every retry: the status, the address and the server's sentence. */
export class FetchError extends Error {
  constructor(
    readonly path: string,
    message: string,
    readonly status?: number
  ) {
    super(message)
    this.name = 'FetchError'
  }
}

/**
 * The server sent Muster elsewhere: to another server (host), or to another address of the same host
 * (another scheme or port, e.g. http to https). Muster asks only the address it was given: a redirect
 * elsewhere may be a hijacked or mistyped address. Stops the whole sync, naming both addresses and,
 * where the redirect shows it, the address to sync with instead.
 */
export class RedirectRefused extends Error {
  constructor(
    readonly from: string,
    readonly to: string,
    path = ''
  ) {
    const other = new URL(to).hostname === new URL(from).hostname ? 'address' : 'server'
    // The same request at the new place: its base is where the lists have moved.
    const moved = path && to.endsWith(path) && to.length > path.length ? to.slice(0, -path.length) : 'that address'
    super(`${from} sent Muster on to another ${other}, ${to}; Muster asks only the ${other} it was given: if the lists have moved there, sync with ${moved}`)
    this.name = 'RedirectRefused'
  }
}

/** Redirects within the server's own address, followed for one request, at most. */
const MAX_REDIRECTS = 5
const REDIRECTS = new Set([301, 302, 303, 307, 308])

export class CancelledError extends Error {
  constructor() {
    super('cancelled')
    this.name = 'CancelledError'
  }
}

const OFFLINE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN'])

/** The system error under a fetch failure (undici wraps it as `cause`). */
function errorCode(e: unknown): string | undefined {
  let cur = e as { code?: string; cause?: unknown } | undefined
  for (let depth = 0; cur && depth < 4; depth++) {
    if (typeof cur.code === 'string' && !cur.code.startsWith('UND_ERR_ABORTED')) return cur.code
    cur = cur.cause as typeof cur
  }
  return undefined
}

/** A counting semaphore: at most `size` holders at once, served in order. */
class Slots {
  private free: number
  private readonly waiting: Array<() => void> = []
  constructor(size: number) {
    this.free = size
  }
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--
    else await new Promise<void>((resolve) => this.waiting.push(resolve))
    try {
      return await fn()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.free++
    }
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new CancelledError())
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(new CancelledError())
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })

export interface MeshweshClient {
  getJson(path: string, validators?: Validators): Promise<JsonAnswer>
  /** Requests sent, retries included (for the report and the bench). */
  readonly sent: number
}

export function createClient(opts: ClientOptions): MeshweshClient {
  const base = opts.baseUrl.replace(/\/+$/, '')
  const origin = new URL(base).origin
  const slots = new Slots(opts.concurrency ?? 4)
  const timeoutMs = opts.timeoutMs ?? 30_000
  const retries = opts.retries ?? 3
  const backoffMs = opts.backoffMs ?? 500
  const maxBytes = opts.maxBytes ?? 32 * 1024 * 1024
  let sent = 0

  /** One attempt: an answer, or an error saying whether another attempt may help. */
  async function attempt(
    path: string,
    validators: Validators | undefined
  ): Promise<JsonAnswer | { retry: true; error: Error } | { retry: false; error: Error }> {
    if (opts.signal?.aborted) throw new CancelledError()
    let url = `${base}${path}`
    const timeout = new AbortController()
    const timer = setTimeout(() => timeout.abort(), timeoutMs)
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout.signal]) : timeout.signal
    const headers: Record<string, string> = { 'User-Agent': opts.userAgent, Accept: 'application/json' }
    if (validators?.etag) headers['If-None-Match'] = validators.etag
    if (validators?.lastModified) headers['If-Modified-Since'] = validators.lastModified
    sent++
    try {
      let res = await fetch(url, { headers, signal, redirect: 'manual' })
      for (let hops = 0; REDIRECTS.has(res.status); hops++) {
        await res.body?.cancel()
        const location = res.headers.get('location')
        if (!location)
          return { retry: true, error: new FetchError(path, `The server answered ${statusText(res.status)} for ${path} with no address to go to`, res.status) }
        const to = new URL(location, url)
        if (to.origin !== origin) return { retry: false, error: new RedirectRefused(base, to.href, path) }
        if (hops >= MAX_REDIRECTS)
          return {
            retry: false,
            error: new FetchError(path, `The server sent the request for ${path} on more than ${MAX_REDIRECTS} times: check the server address`)
          }
        url = to.href
        sent++
        res = await fetch(url, { headers, signal, redirect: 'manual' })
      }
      const got: Validators = {}
      const etag = res.headers.get('etag')
      const lastModified = res.headers.get('last-modified')
      if (etag) got.etag = etag
      if (lastModified) got.lastModified = lastModified
      if (res.status === 304) {
        await res.body?.cancel()
        // "Not modified" since nothing: a broken cache or server, as good as a 5xx. Another try may do.
        if (!validators?.etag && !validators?.lastModified)
          return {
            retry: true,
            error: new FetchError(path, `The server answered 304 (Not modified) for ${path} to a request that had no earlier copy to compare with`, 304)
          }
        return { status: 304, validators: { ...validators, ...got } }
      }
      const text = await readCapped(res, maxBytes)
      if (text === null)
        return {
          retry: false,
          error: new FetchError(
            path,
            `The answer for ${path} is over ${Math.round(maxBytes / 1024 / 1024)} MB, far more than the Meshwesh API sends: check the server address`
          )
        }
      const answered = () => `The server answered ${statusText(res.status)} for ${path}${sentence(text)}`
      if (res.status >= 500 || res.status === 429) return { retry: true, error: new FetchError(path, answered(), res.status) }
      if (res.status !== 200) return { retry: false, error: new FetchError(path, answered(), res.status) }
      if (/^text\/html/i.test(res.headers.get('content-type') ?? ''))
        return { retry: false, error: new FetchError(path, `The server answered ${path} with a web page, not the Meshwesh API: check the server address`) }
      try {
        return { status: 200, body: JSON.parse(text), validators: got }
      } catch {
        // A body cut off mid-way (a dropped connection behind a proxy): worth another try.
        return { retry: true, error: new FetchError(path, `The answer for ${path} was not whole JSON (${text.length} bytes)`) }
      }
    } catch (e) {
      if (opts.signal?.aborted) throw new CancelledError()
      if (timeout.signal.aborted)
        return {
          retry: true,
          error: new FetchError(path, `No answer for ${path} within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}`)
        }
      const code = errorCode(e)
      if (code && OFFLINE_CODES.has(code)) return { retry: false, error: new OfflineError(base, code) }
      return { retry: true, error: new FetchError(path, `The connection failed while asking for ${path}${code ? ` (${code})` : ''}`) }
    } finally {
      clearTimeout(timer)
    }
  }

  async function getJson(path: string, validators?: Validators): Promise<JsonAnswer> {
    for (let n = 0; ; n++) {
      const result = await slots.run(() => attempt(path, validators))
      if ('status' in result) return result
      if (!result.retry || n >= retries) throw result.error
      // Backoff outside the slot, so a struggling list does not hold up the others.
      await sleep(backoffMs * 2 ** n * (0.75 + Math.random() / 2), opts.signal)
    }
  }

  return {
    getJson,
    get sent() {
      return sent
    }
  }
}

/** The body as text, or null once it passes `maxBytes` (the rest is not read). */
async function readCapped(res: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(res.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel()
    return null
  }
  if (!res.body) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = res.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The server's own sentence from a JSON or text error body, short and quoted: `: “Army List not found.”`. */
function sentence(text: string): string {
  // A web page (the site's own, for an address it has no route for) says nothing a player can use.
  if (/^\s*</.test(text)) return ''
  let said = text
  try {
    const body = JSON.parse(text) as unknown
    if (typeof body === 'string') said = body
    else if (body && typeof body === 'object')
      said = String((body as { message?: unknown; error?: unknown }).message ?? (body as { error?: unknown }).error ?? '')
  } catch {
    // plain text
  }
  said = said.replace(/\s+/g, ' ').trim()
  return said ? `: “${said.length > 120 ? `${said.slice(0, 117)}...` : said}”` : ''
}
