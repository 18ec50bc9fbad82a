// Requests to the local servers (phone page, event results) as a browser, or anyone on the network,
// would send them: Host as given, no connection kept.
import { request } from 'node:http'

export interface Reply {
  status: number
  body: string
  headers: Record<string, string | string[] | undefined>
}

export const json = { 'content-type': 'application/json' }

/** One request; its status, body and headers. */
export function send(url: string, opts: { method?: string; body?: string | Buffer; headers?: Record<string, string> } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }))
    })
    req.on('error', reject)
    if (opts.body !== undefined) req.write(opts.body)
    req.end()
  })
}

/** A POST whose body is streamed in chunks, with no Content-Length: the cap counts what arrives. Its status, or -1 when the server cut the connection. */
export function streamed(url: string, chunks: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...json, 'transfer-encoding': 'chunked' }, agent: false }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? resolve(-1) : reject(e)))
    const next = (i: number) => {
      if (i === chunks.length) return req.end()
      req.write(chunks[i], () => next(i + 1))
    }
    next(0)
  })
}
