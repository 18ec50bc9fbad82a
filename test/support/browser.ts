// Real headless Chromium (Debian's package) driven by playwright-core, for the renderer tests.
import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser } from 'playwright-core'
import { toolOrSkip } from './tools'

export const chromiumPath = toolOrSkip(
  'Chromium',
  ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p)),
  'apt-get install chromium'
)

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage'
    ]
  })
}

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2'
}

/** Serves a built folder on a loopback port (file:// would hit CORS on module scripts). */
/**
 * Serves a folder over HTTP on 127.0.0.1. With `post`, a POST to /__muster carries a call
 * ({channel, args} as JSON) to it and answers its result as JSON: a transport for window.muster as
 * quick as Electron's IPC (a local round trip of well under a millisecond), where playwright's
 * exposeFunction goes through the debugging protocol (several milliseconds).
 */
export async function serveFolder(
  dir: string,
  post?: (channel: string, args: unknown) => Promise<unknown>
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (post && req.method === 'POST' && req.url === '/__muster') {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const { channel, args } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { channel: string; args: unknown }
        void post(channel, args).then((answer) => {
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end(JSON.stringify(answer))
        })
      })
      return
    }
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '')
    const file = join(dir, path === '/' ? 'index.html' : path)
    readFile(file)
      .then((body) => {
        res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
        res.end(body)
      })
      .catch(() => {
        res.writeHead(404)
        res.end()
      })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
