// Real headless Chromium (Debian's package) driven by playwright-core, for the renderer tests.
import { WebSocketServer } from 'ws'
import { createServer, type Server } from 'node:http'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser } from 'playwright-core'
import { chromiumFound, launchOptions } from './chromium-server'
import { toolOrSkip } from './tools'

export const chromiumPath = toolOrSkip('Chromium', chromiumFound, 'apt-get install chromium-headless-shell')

declare module 'vitest' {
  export interface ProvidedContext {
    /** The e2e tier's one Chromium (chromium-server.ts), when it runs. */
    chromiumEndpoint?: string
  }
}

/**
 * A browser for a test file: in the e2e tier, a connection to the tier's one Chromium (tens of ms,
 * where a launch takes most of a second and a close as much again); elsewhere (other tiers, the
 * bench) a Chromium of its own. Each test still makes its own contexts; close() disconnects.
 */
export async function launchChromium(): Promise<Browser> {
  const shared = process.env.VITEST ? (await import('vitest')).inject('chromiumEndpoint') : undefined
  return shared ? chromium.connect(shared) : chromium.launch(launchOptions)
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
 * Serves a folder over HTTP on 127.0.0.1. With `call`, a WebSocket at /__muster carries calls to it
 * ({id, channel, args} as JSON, answered {id, answer}): a transport for window.muster that, like
 * Electron's IPC, is a message on an open local channel (well under a millisecond), where
 * playwright's exposeFunction goes through the debugging protocol and a fetch through Chromium's
 * network service (several milliseconds each).
 */
export async function serveFolder(
  dir: string,
  call?: (channel: string, args: unknown) => Promise<unknown>
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
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
  const sockets = call ? new WebSocketServer({ server, path: '/__muster' }) : undefined
  sockets?.on('connection', (socket) => {
    socket.on('message', (data: Buffer) => {
      const { id, channel, args } = JSON.parse(data.toString('utf8')) as { id: number; channel: string; args: unknown }
      void call!(channel, args).then((answer) => socket.send(JSON.stringify({ id, answer })))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      sockets?.clients.forEach((c) => c.terminate())
      await new Promise<void>((resolve) => (sockets ? sockets.close(() => resolve()) : resolve()))
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
