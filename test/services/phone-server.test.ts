// The phone page's local server on 127.0.0.1, for real over node:http: the page under its token, 404
// for everything else (empty, nothing listed), foreign Host headers, the body cap (declared or streamed),
// and a library game served (real SQLite): the phone's taps taken whole or not at all, a stale post
// refused with Muster's taps, served until the game is finished, then stopped.
import { afterEach, describe, expect, it } from 'vitest'
import { startPhoneServer, MAX_BODY, type PhoneAssets, type PhoneServer } from '../../src-main/serve'
import { readFragment } from '../../src-shared/play/sheet-link'
import { tapsBase } from '../../src-shared/play/tap-base'
import type { Tap } from '../../src-shared/play/types'
import { testLibrary } from '../support/library'
import { json, send, streamed } from '../support/http'

const assets: PhoneAssets = new Map([
  ['index.html', { body: Buffer.from('<!doctype html><title>page</title>'), type: 'text/html; charset=utf-8' }],
  ['assets/index-abc.js', { body: Buffer.from('console.log(1)'), type: 'text/javascript; charset=utf-8' }]
])

let open: Array<{ close: () => Promise<void> }> = []
afterEach(async () => {
  await Promise.all(open.map((s) => s.close()))
  open = []
})

/** A server over a game that keeps what it is posted (what it means is the games service's: tested below). */
async function serve(taps: Tap[] = []): Promise<PhoneServer & { taken: unknown[] }> {
  const taken: unknown[] = []
  const read = () => ({ taps, base: tapsBase(taps), code: null, finished: false })
  const server = await startPhoneServer({
    assets,
    sheet: 's=abc',
    port: 0,
    game: { read, post: (body) => (taken.push(body), { status: 200, body: read() }), finish: () => ({ status: 422, body: read() }) }
  })
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

  it('takes JSON by POST from its own origin only, and caps the body with 413, declared or streamed', async () => {
    const s = await serve([{ kind: 'loss', side: 0, unit: 0, delta: 1 }])
    const read = JSON.parse((await send(`${s.url}game`)).body) as { taps: Tap[]; base: string }
    expect(read.taps).toEqual([{ kind: 'loss', side: 0, unit: 0, delta: 1 }])
    const post = { base: read.base, taps: [] }
    expect((await send(`${s.url}game`, { method: 'POST', headers: json, body: JSON.stringify(post) })).status).toBe(200)
    expect(s.taken).toEqual([post])
    // a form post (no JSON) or another site's page is refused before its body is read; a body that is not JSON is 400
    expect((await send(`${s.url}game`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' })).status).toBe(403)
    expect((await send(`${s.url}game`, { method: 'POST', headers: { ...json, origin: 'http://evil.example' }, body: '{}' })).status).toBe(403)
    expect((await send(`${s.url}game`, { method: 'POST', headers: json, body: '{"taps":[' })).status).toBe(400)
    const big = JSON.stringify({ base: read.base, taps: Array.from({ length: 2000 }, () => ({ kind: 'loss', side: 0, unit: 0, delta: 1 })) })
    expect(Buffer.byteLength(big)).toBeGreaterThan(MAX_BODY)
    const r = await send(`${s.url}game`, { method: 'POST', headers: json, body: big })
    expect([r.status, r.body]).toEqual([413, ''])
    // the same body in 4 KB chunks, with no length said: refused once past the cap, never taken
    const chunks = big.match(/[\s\S]{1,4096}/g)!
    expect([413, -1]).toContain(await streamed(`${s.url}finish`, chunks))
    expect([413, -1]).toContain(await streamed(`${s.url}game`, chunks))
    expect(s.taken).toHaveLength(1)
  })
})

const loss = (side: 0 | 1, unit: number, delta = 1): Tap => ({ kind: 'loss', side, unit, delta })

describe('a library game on the phone (Show on phone, muster play --serve)', () => {
  async function shown() {
    const t = await testLibrary()
    const game = await t.handlers.startGame({
      mine: { file: 'examples/triumph-legal.muster.json' },
      opponent: { ruleset: 'triumph', army: 'later-carthaginian' }
    })
    const s = await t.handlers.showOnPhone(game.id)
    const page = s.url.split('#')[0]
    const postTo = async (path: 'game' | 'finish', body: unknown) => {
      const r = await send(`${page}${path}`, { method: 'POST', headers: json, body: JSON.stringify(body) })
      return {
        status: r.status,
        answer: r.body ? (JSON.parse(r.body) as { taps: Tap[]; base: string; code: string | null; finished: boolean; error?: string }) : null
      }
    }
    const read = async () => JSON.parse((await send(`${page}game`)).body) as { taps: Tap[]; base: string; code: string | null; finished: boolean }
    return { t, game, s, page, postTo, read }
  }
  /** A test with a game shown on the phone (see shown); the showing stopped and the library disposed after, whatever happens. */
  async function whileShown(test: (game: Awaited<ReturnType<typeof shown>>) => Promise<void>): Promise<void> {
    const shownGame = await shown()
    try {
      await test(shownGame)
    } finally {
      await shownGame.t.handlers.stopShowingOnPhone()
      shownGame.t.dispose()
    }
  }

  it("takes the phone's taps into the library game the app sees, and an undo based on what Muster holds", () =>
    whileShown(async ({ t, game, s, page, postTo, read }) => {
      expect(s.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/[A-Za-z0-9_-]{32}/#s=[^&]+&sync=1&g=${game.id}$`))
      expect(readFragment(s.url.split('#')[1])?.sheet).toEqual(game.sheet)
      expect(s.qr).toMatch(/^data:image\/png;base64,/)
      expect((await send(page)).status).toBe(200)
      const first = await read()
      expect(first).toEqual({ taps: [], base: tapsBase([]), code: null, finished: false })
      const taps = [loss(1, 0), loss(0, 1)]
      const took = await postTo('game', { base: first.base, taps })
      expect([took.status, took.answer?.taps]).toEqual([200, taps])
      expect((await t.handlers.getGame(game.id)).taps).toEqual(taps)
      // an undo on the phone, based on Muster's taps as they are
      expect((await postTo('game', { base: took.answer!.base, taps: taps.slice(0, 1) })).status).toBe(200)
      expect((await t.handlers.getGame(game.id)).taps).toEqual(taps.slice(0, 1))
      expect(await t.handlers.stopShowingOnPhone()).toBe(true)
      await expect(send(page)).rejects.toThrow(/ECONNREFUSED/)
      expect(await t.handlers.stopShowingOnPhone()).toBe(false)
    }))

  it("refuses a stale post (the app tapped since the phone read): 409 with Muster's taps, the app's tap kept", () =>
    whileShown(async ({ t, game, postTo, read }) => {
      const before = await read()
      await t.handlers.tapGame(game.id, loss(0, 2))
      // the phone, not having seen the app's tap, posts its own list (an undo of everything, or a tap)
      for (const taps of [[], [loss(1, 1)]]) {
        const r = await postTo('game', { base: before.base, taps })
        expect([r.status, r.answer?.taps]).toEqual([409, [loss(0, 2)]])
        expect(r.answer?.error).toMatch(/Muster held taps this phone had not seen/)
      }
      expect((await t.handlers.getGame(game.id)).taps).toEqual([loss(0, 2)])
    }))

  it('refuses a post with one tap the game cannot take whole (422, in words), and malformed taps with the tap schema (400)', () =>
    whileShown(async ({ t, game, postTo, read }) => {
      const { base } = await read()
      const partly = await postTo('game', { base, taps: [loss(1, 0), loss(1, 500)] })
      expect(partly.status).toBe(422)
      expect(partly.answer?.error).toMatch(/^Muster did not take these taps: .* has \d+ units: there is no unit 501\.$/)
      expect(partly.answer?.taps).toEqual([])
      expect((await t.handlers.getGame(game.id)).taps).toEqual([])
      for (const taps of [[{ kind: 'loss', side: 3, unit: 0, delta: 1 }], [{ kind: 'round', round: 0, at: 'x' }], [{ ...loss(0, 0), extra: 1 }]])
        expect((await postTo('game', { base, taps })).status).toBe(400)
      expect((await postTo('game', { taps: [] })).status).toBe(400)
      expect((await t.handlers.getGame(game.id)).taps).toEqual([])
    }))

  it('serves on after the game is over (an ending tap can be undone), and stops once the phone finishes it', () =>
    whileShown(async ({ t, game, page, postTo, read }) => {
      let { base } = await read()
      const ended = await postTo('game', { base, taps: [loss(1, 0), { kind: 'agreed', winner: 0 }] })
      expect(ended.status).toBe(200)
      // over by agreement, not finished: still served, and the agreement can be taken back
      const undone = await postTo('game', { base: ended.answer!.base, taps: [loss(1, 0)] })
      expect([undone.status, undone.answer?.finished]).toEqual([200, false])
      expect((await postTo('finish', { base: undone.answer!.base })).answer?.error).toMatch(/not over by its rules/)
      base = (await postTo('game', { base: undone.answer!.base, taps: [loss(1, 0), { kind: 'agreed', winner: 0 }] })).answer!.base
      const finished = await postTo('finish', { base })
      expect(finished.status).toBe(200)
      expect(finished.answer?.finished).toBe(true)
      expect(finished.answer?.code).toMatch(/^MR1\./)
      const kept = await t.handlers.getGame(game.id)
      expect(kept.result?.code).toBe(finished.answer?.code)
      await expect
        .poll(() =>
          send(page).then(
            () => 'open',
            (e: Error) => e.message
          )
        )
        .toMatch(/ECONNREFUSED/)
      expect(await t.handlers.stopShowingOnPhone()).toBe(false)
    }))

  it('gives each game its own id in the link, so a rematch of the same armies starts clean on the phone', () =>
    whileShown(async ({ t, game, s }) => {
      const again = await t.handlers.startGame({
        mine: { file: 'examples/triumph-legal.muster.json' },
        opponent: { ruleset: 'triumph', army: 'later-carthaginian' }
      })
      const s2 = await t.handlers.showOnPhone(again.id)
      expect(s.url.split('#')[1].split('&g=')[0]).toBe(s2.url.split('#')[1].split('&g=')[0])
      expect(s2.url.endsWith(`&g=${again.id}`)).toBe(true)
      expect(again.id).not.toBe(game.id)
    }))
})
