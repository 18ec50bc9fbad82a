// How the stand-in Meshwesh server sends an answer: a strong ETag and a Last-Modified on every 200
// (unless `etags` is off), a 304 to a matching validator, or a body cut in half on demand.
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ServedRequest } from './meshwesh-server'
import type { Answer } from './meshwesh-routes'

function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`
}

/** The send function of one server: its validators are remembered by path and query from its start. */
export function answerSender(etags: boolean) {
  const started = Math.floor(Date.now() / 1000) * 1000
  const validators = new Map<string, { etag: string; modified: number }>()
  const etagsMade = new WeakMap<Answer, string>()
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
  return send
}
