// What every answer of the local server carries, and how bodies are read: one place, so the game's
// page and an event's results page answer with the same headers and the same body cap.
import type { IncomingMessage, ServerResponse } from 'node:http'

export const HEADERS = {
  'cache-control': 'no-store',
  // the token is in the path: no page may send it on as a Referer
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}

export function sendBody(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { ...HEADERS, 'content-type': type, 'content-length': String(Buffer.byteLength(body)) })
  res.end(body)
}

export const jsonBody = (res: ServerResponse, status: number, value: unknown): void =>
  sendBody(res, status, 'application/json; charset=utf-8', JSON.stringify(value))

export function empty(res: ServerResponse, status: number, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...HEADERS, 'content-length': '0', ...extra })
  res.end()
}

/** The body as text, or null once past `max` (the rest is not read). */
export function readBody(req: IncomingMessage, max: number): Promise<string | null> {
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
