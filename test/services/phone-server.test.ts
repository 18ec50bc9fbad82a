// The phone page's local server on 127.0.0.1, for real over node:http: the page under its token, 404
// for everything else (empty, nothing listed), foreign Host headers, the body cap, taps back, and the
// stop when the game ends.
import { afterEach, describe, expect, it } from 'vitest'
import { request } from 'node:http'
import { startPhoneServer, MAX_BODY, type PhoneAssets, type PhoneServer } from '../../src-main/serve'
import { memoryGame, servePhone } from '../../src-main/services/phone'
import { readFragment } from '../../src-shared/play/sheet-link'
import type { Tap } from '../../src-shared/play/types'
import { fixtureSheet } from '../components/play-fixture'
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'

const assets: PhoneAssets = new Map([
  ['index.html', { body: Buffer.from('<!doctype html><title>page</title>'), type: 'text/html; charset=utf-8' }],
  ['assets/index-abc.js', { body: Buffer.from('console.log(1)'), type: 'text/javascript; charset=utf-8' }]
])

interface Reply {
  status: number
  body: string
  headers: Record<string, string | string[] | undefined>
}

/** One request as a browser (or anyone on the network) would send it; Host as given. */
function send(url: string, opts: { method?: string; body?: string | Buffer; headers?: Record<string, string> } = {}): Promise<Reply> {
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

const json = { 'content-type': 'application/json' }
let open: Array<{ close: () => Promise<void> }> = []
afterEach(async () => {
  await Promise.all(open.map((s) => s.close()))
  open = []
})

async function serve(taps: Tap[] = []): Promise<PhoneServer & { taken: Tap[][] }> {
  const taken: Tap[][] = []
  const server = await startPhoneServer({ assets, sheet: 's=abc', port: 0, game: { taps: () => taps, take: (t) => void taken.push(t) } })
  open.push(server)
  return Object.assign(server, { taken })
}

describe('the phone page server', () => {
  it('serves the page and its assets under the token, on 127.0.0.1 and a free port', async () => {
    const s = await serve()
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9_-]{32}\/$/)
    expect(s.port).toBeGreaterThan(0)
    const page = await send(s.url)
    expect(page.status).toBe(200)
    expect(page.body).toContain('<title>page</title>')
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.headers['cache-control']).toBe('no-store')
    expect((await send(`${s.url}assets/index-abc.js`)).status).toBe(200)
    expect((await send(`${s.url}sheet`)).body).toBe('s=abc')
  })

  it('answers 404 with an empty body to a wrong token and to every other path, and lists nothing', async () => {
    const s = await serve()
    const base = `http://127.0.0.1:${s.port}`
    const token = s.url.split('/')[3]
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    for (const path of [
      `/${wrong}/`,
      `/${wrong}/assets/index-abc.js`,
      '/',
      '/index.html',
      '/assets/',
      `/${token}`,
      `/${token}/assets/`,
      `/${token}/nope.js`,
      `/${token}/../index.html`,
      '/favicon.ico'
    ]) {
      const r = await send(base + path)
      expect([path, r.status, r.body]).toEqual([path, 404, ''])
    }
    expect((await send(`${base}/${wrong}/game`, { method: 'POST', headers: json, body: '{"taps":[]}' })).status).toBe(404)
  })

  it('refuses a Host it is not (a rebound name) and methods other than GET and POST', async () => {
    const s = await serve()
    expect((await send(s.url, { headers: { host: 'evil.example:80' } })).status).toBe(404)
    expect((await send(s.url, { headers: { host: `localhost:${s.port}` } })).status).toBe(200)
    expect((await send(s.url, { method: 'DELETE' })).status).toBe(405)
    expect((await send(`${s.url}game`, { method: 'PUT', headers: json, body: '{}' })).status).toBe(405)
  })

  it('takes taps back by POST, as JSON from its own origin only, and caps the body with 413', async () => {
    const s = await serve([{ kind: 'loss', side: 0, unit: 0, delta: 1 }])
    expect(JSON.parse((await send(`${s.url}game`)).body)).toEqual({ taps: [{ kind: 'loss', side: 0, unit: 0, delta: 1 }] })
    const taps: Tap[] = [
      { kind: 'loss', side: 1, unit: 2, delta: 1 },
      { kind: 'agreed', winner: null }
    ]
    expect((await send(`${s.url}game`, { method: 'POST', headers: json, body: JSON.stringify({ taps }) })).status).toBe(204)
    expect(s.taken).toEqual([taps])
    // a form post (no JSON) or another site's page is refused before its body is read
    expect((await send(`${s.url}game`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"taps":[]}' })).status).toBe(403)
    expect((await send(`${s.url}game`, { method: 'POST', headers: { ...json, origin: 'http://evil.example' }, body: '{"taps":[]}' })).status).toBe(403)
    expect((await send(`${s.url}game`, { method: 'POST', headers: json, body: '{"taps":[{"kind":"loss","side":3}]}' })).status).toBe(400)
    const big = JSON.stringify({ taps: Array.from({ length: 2000 }, () => ({ kind: 'loss', side: 0, unit: 0, delta: 1 })) })
    expect(Buffer.byteLength(big)).toBeGreaterThan(MAX_BODY)
    const r = await send(`${s.url}game`, { method: 'POST', headers: json, body: big })
    expect([r.status, r.body]).toEqual([413, ''])
    expect(s.taken).toHaveLength(1)
  })

  it('stops when the game ends, and the port is closed after', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'muster-phone-'))
    mkdirSync(join(dir, 'assets'))
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>page</title>')
    const sheet = fixtureSheet()
    const game = memoryGame(sheet)
    const serving = await servePhone({ dir, sheet, game, port: 0 })
    open.push(serving)
    expect(readFragment(serving.link.split('#')[1])?.sheet).toEqual(sheet)
    const page = serving.link.split('#')[0]
    expect(
      (await send(`${page}game`, { method: 'POST', headers: json, body: JSON.stringify({ taps: [{ kind: 'loss', side: 0, unit: 0, delta: 1 }] }) })).status
    ).toBe(204)
    expect((await send(page)).status).toBe(200)
    // the players agree a result: the game is over, the answer goes out, then the server stops
    const end = { taps: [...game.current(), { kind: 'agreed', winner: 0 }] }
    expect((await send(`${page}game`, { method: 'POST', headers: json, body: JSON.stringify(end) })).status).toBe(204)
    await serving.closed
    await expect(send(page)).rejects.toThrow(/ECONNREFUSED/)
  })
})

describe('Show on phone (the app)', () => {
  it("serves a library game: the phone's taps reach the games service, and the call stops it", async () => {
    const { testLibrary } = await import('../support/library')
    const t = await testLibrary()
    try {
      const game = await t.handlers.startGame({
        mine: { file: 'examples/triumph-legal.muster.json' },
        opponent: { ruleset: 'triumph', army: 'later-carthaginian' }
      })
      const shown = await t.handlers.showOnPhone(game.id)
      expect(shown.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9_-]{32}\/#s=/)
      expect(shown.qr).toMatch(/^data:image\/png;base64,/)
      const page = shown.url.split('#')[0]
      expect((await send(page)).status).toBe(200)
      const taps: Tap[] = [
        { kind: 'loss', side: 1, unit: 0, delta: 1 },
        { kind: 'loss', side: 0, unit: 1, delta: 1 }
      ]
      expect((await send(`${page}game`, { method: 'POST', headers: json, body: JSON.stringify({ taps }) })).status).toBe(204)
      expect((await t.handlers.getGame(game.id)).taps).toEqual(taps)
      // an undo on the phone takes the app's last tap back
      expect((await send(`${page}game`, { method: 'POST', headers: json, body: JSON.stringify({ taps: taps.slice(0, 1) }) })).status).toBe(204)
      expect((await t.handlers.getGame(game.id)).taps).toEqual(taps.slice(0, 1))
      expect(await t.handlers.stopShowingOnPhone()).toBe(true)
      await expect(send(page)).rejects.toThrow(/ECONNREFUSED/)
      expect(await t.handlers.stopShowingOnPhone()).toBe(false)
    } finally {
      t.dispose()
    }
  })
})
