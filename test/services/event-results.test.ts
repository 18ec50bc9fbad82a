// Results from the players' phones (issue 41 §3), for real over HTTP on 127.0.0.1: an event paired by
// the built CLI in a real temp library, its results page served by services/event-results.ts. The
// round's tables read; a typed result and a slip's code kept with source 'phone', each with its
// table's result PIN (the organiser's view and the slips show the same); a wrong PIN, another table's,
// and too many wrong ones (the table locked until the window passes, on the guard's clock) refused in
// words; a forged slip, a second result for a table, a winner not at the table and malformed posts
// refused in words, nothing written; too many posts from one address (429); an event deleted while
// served (410); the local server's guards as the game's page has them; one event served at a time, and
// stopEventResults frees the port.
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY } from '../../src-main/serve'
import { openLibrary, type Library } from '../../src-main/store'
import * as events from '../../src-main/store/events'
import { serveEventResults, serveResults, stopEventResults, type PhoneResult, type ResultsServer } from '../../src-main/services/event-results'
import { eventPins, PIN_ALPHABET, PIN_LENGTH } from '../../src-main/services/event-result-pins'
import { eventDayState } from '../../src-main/services/event-day-state'
import { pairRound, recordResult } from '../../src-main/services/event-day'
import type { ResultsTables } from '../../src-shared/event-results'
import { bundledEngine, repoRoot } from '../support/engine'
import { pairedEvent, resultCode, type PairedEvent } from '../support/event-day'
import { json, send, streamed } from '../support/http'
import { tempFolders } from '../support/tmp'

const tmp = tempFolders('muster-event-results-')
const phoneDir = join(repoRoot, 'out', 'phone')
const NAMES = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay']

let dir: string
let event: PairedEvent
let lib: Library
let server: ResultsServer
const heard: PhoneResult[] = []
/** The guard's clock (ms): moved by the tests, never waited for. */
let clock = 0

const post = (body: unknown, url = server.url, route = 'result') => send(`${url}${route}`, { method: 'POST', headers: json, body: JSON.stringify(body) })
const error = (r: { body: string }) => (JSON.parse(r.body) as { error: string }).error
/** The table's PIN in round 1, as the organiser's view shows it. */
const pinOf = (table: number) => eventPins(lib.db, event.id)!(1, table)
const tables = async () => JSON.parse((await send(`${server.url}tables`)).body) as ResultsTables
const stored = (table: number) => events.eventRounds(lib.db, event.id)[0].tables.find((t) => t.table === table)!
const playersAt = (table: number) => event.round.tables.find((t) => t.table === table)!.players as [string, string]

beforeAll(async () => {
  dir = tmp()
  event = pairedEvent(dir, NAMES)
  lib = await openLibrary(event.db)
  // posts a minute past what these tests send: the rate is tested on its own server below
  const guard = { postsPerMinute: 1000, now: () => clock }
  server = await serveResults({ db: lib.db, dir: phoneDir, eventId: event.id, onResult: (r) => heard.push(r), guard })
})
afterAll(async () => {
  await server?.close()
  await stopEventResults()
  lib?.close()
})

describe("an event's results page, served to the players' phones", () => {
  it('serves the page and the round tables under its token, on 127.0.0.1', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9_-]{32}\/$/)
    const page = await send(server.url)
    expect(page.status).toBe(200)
    expect(page.body).toMatch(/<title>Muster: results<\/title>[\s\S]*src="\.\/assets\/results-[^"]+\.js"/)
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self';/)
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    const read = await tables()
    expect(read).toEqual({
      event: 'Venue Cup',
      round: 1,
      tables: event.round.tables.map((t) => ({ table: t.table, players: t.players, result: null }))
    })
    expect(read.tables).toHaveLength(3)
  })

  it("gives each table of two a PIN of 5 unambiguous characters, the same in the organiser's view; none for a bye", () => {
    const shown = eventDayState(lib.db, event.id).rounds[0].tables
    expect(shown.map((t) => t.pin)).toEqual(event.round.tables.map((t) => pinOf(t.table)))
    for (const t of shown) expect(t.pin).toMatch(new RegExp(`^[${PIN_ALPHABET}]{${PIN_LENGTH}}$`))
    expect(PIN_ALPHABET).not.toMatch(/[0O1I]/)
    expect(new Set(shown.map((t) => t.pin)).size).toBe(shown.length)
    // another round's table 1 has another PIN
    expect(eventPins(lib.db, event.id)!(2, 1)).not.toBe(pinOf(1))
  })

  it("keeps a typed result with source 'phone' and answers it as recorded; the tables then show it", async () => {
    const [a, b] = playersAt(1)
    const r = await post({ round: 1, table: 1, pin: pinOf(1), winner: b, score: [2, 4] })
    expect(r.status, r.body).toBe(200)
    expect(JSON.parse(r.body)).toEqual({ round: 1, table: 1, players: [a, b], result: { winner: b, score: [2, 4] } })
    expect(stored(1)).toMatchObject({ result: { winner: 1, score: [2, 4] }, resultSource: 'phone' })
    expect((await tables()).tables[0].result).toEqual({ winner: b, score: [2, 4] })
    expect(heard).toEqual([JSON.parse(r.body)])
  })

  it('refuses a second result for a table in words (only the organiser replaces one), writing nothing', async () => {
    const [a] = playersAt(1)
    const r = await post({ round: 1, table: 1, pin: pinOf(1), winner: a })
    expect(r.status).toBe(422)
    expect(JSON.parse(r.body)).toEqual({
      error: 'Muster did not take this result. Table 1 of round 1 already has a result: only the organiser can replace it, in Muster.'
    })
    expect(stored(1).result).toEqual({ winner: 1, score: [2, 4] })
  })

  it('refuses a winner not at the table, a table or round the event lacks, and malformed posts, in words', async () => {
    const [a, b] = playersAt(2)
    const pin = pinOf(2)
    const refusals: Array<[unknown, number, RegExp]> = [
      [
        { round: 1, table: 2, pin, winner: 'Nobody' },
        422,
        new RegExp(`^Muster did not take this result\\. Nobody is not at table 2 of round 1 \\(${a} v ${b}\\)\\.$`)
      ],
      [{ round: 1, table: 9, pin, winner: a }, 422, /^Muster did not take this result\. Round 1 has no table 9: tap your table in the list\.$/],
      [{ round: 2, table: 2, pin, winner: a }, 422, /Round 2 has no table 2/],
      [{ round: 1, table: 2, pin }, 400, /Say who won .* or paste the result code/],
      [{ round: 1, table: 2, pin, winner: a, slip: 'MR1.x' }, 400, /one of them/],
      [{ round: 1, table: 2, pin, slip: 'MR1.x', score: [1, 2] }, 400, /carries its own score/],
      [{ round: 1, table: 2, winner: a }, 400, /did not understand this result: send the round, the table, its PIN/],
      [{ round: 1, table: 2, pin, winner: a, extra: 1 }, 400, /did not understand this result/],
      [{ round: '1', table: 2, pin, winner: a }, 400, /did not understand/],
      [{ round: 1, table: 2, pin, winner: a, score: [-1, 2] }, 400, /did not understand/],
      [{ round: 1, table: 2, pin, winner: a, score: [1, 1e7] }, 400, /did not understand/],
      [[], 400, /did not understand/]
    ]
    for (const [body, status, says] of refusals) {
      const r = await post(body)
      expect([JSON.stringify(body), r.status]).toEqual([JSON.stringify(body), status])
      expect(error(r)).toMatch(says)
    }
    expect(stored(2).result).toBeNull()
  })

  it("refuses a wrong PIN and another table's PIN in words, takes one typed in any case; five wrong and the table is locked for ten minutes", async () => {
    const [a] = playersAt(3)
    const wrong = await post({ round: 1, table: 2, pin: 'ZZZZZ', winner: a })
    expect([wrong.status, error(wrong)]).toEqual([
      403,
      "Muster did not take this result. That is not table 2's PIN: it is on the table's result slip (4 more tries)."
    ])
    expect((await post({ round: 1, table: 2, pin: pinOf(3) }, server.url, 'pin')).status).toBe(403)
    // the PIN checked on its own, as the page does before it asks for the result: any case, spaces dropped
    const typed = `${pinOf(3).slice(0, 2).toLowerCase()} ${pinOf(3).slice(2)}`
    const checked = await post({ round: 1, table: 3, pin: typed }, server.url, 'pin')
    expect([checked.status, JSON.parse(checked.body)]).toEqual([200, { table: 3 }])
    expect(stored(2).result).toBeNull()
    // three more wrong for table 2 (five in all): locked, even for the right PIN, until ten minutes pass
    const tries = []
    for (let i = 0; i < 3; i++) tries.push(await post({ round: 1, table: 2, pin: `WRONG${i}`, winner: a }))
    expect(tries.map((r) => r.status)).toEqual([403, 403, 429])
    expect(error(tries[1])).toMatch(/\(1 more try\)\.$/)
    const locked =
      /^Muster did not take this result\. Table 2 has had too many wrong PINs: ask the organiser to enter its result \(or try again in (\d+) minutes?\)\.$/
    expect(error(tries[2])).toMatch(locked)
    clock += 9 * 60_000
    const still = await post({ round: 1, table: 2, pin: pinOf(2), winner: a })
    expect([still.status, error(still).match(locked)?.[1]]).toEqual([429, '1'])
    expect(error(await post({ round: 1, table: 2, pin: pinOf(2) }, server.url, 'pin'))).toMatch(/^Table 2 has had too many wrong PINs/)
    expect(stored(2).result).toBeNull()
    // other tables are not locked with it
    expect((await post({ round: 1, table: 3, pin: pinOf(3) }, server.url, 'pin')).status).toBe(200)
    clock += 60_000
    expect((await post({ round: 1, table: 2, pin: pinOf(2) }, server.url, 'pin')).status).toBe(200)
  })

  it("takes game day's result slip, and refuses a forged one (a roster the event does not hold) saying why", async () => {
    const [a, b] = playersAt(2)
    const forged = await post({ round: 1, table: 2, pin: pinOf(2), slip: resultCode(dir, event.rosterOf(a), event.rosterOf(b), { forged: true }) })
    expect(forged.status).toBe(422)
    expect((JSON.parse(forged.body) as { error: string }).error).toMatch(
      /^Muster did not take this result\. The check code .* matches no roster this event holds: the roster played is not the one submitted\.$/
    )
    expect(stored(2).result).toBeNull()
    // the slip's sides in the other order than the table's: the slip's first side (b) won
    const code = resultCode(dir, event.rosterOf(b), event.rosterOf(a))
    const ok = await post({ round: 1, table: 2, pin: pinOf(2), slip: `${code.slice(0, 20)}\n${code.slice(20)}` })
    expect(ok.status, ok.body).toBe(200)
    expect(JSON.parse(ok.body)).toMatchObject({ round: 1, table: 2, players: [a, b], result: { winner: b } })
    expect(stored(2)).toMatchObject({ result: { winner: 1, slip: code }, resultSource: 'phone' })
  })

  it("guards as the game's page does: token, Host, Origin, content type, body cap, methods; no other page or path", async () => {
    const base = `http://127.0.0.1:${new URL(server.url).port}`
    const token = server.url.split('/')[3]
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    for (const path of [
      `/${wrong}/`,
      `/${wrong}/tables`,
      '/',
      `/${token}`,
      `/${token}/index.html`,
      `/${token}/constructor`,
      `/${token}/__proto__`,
      `/${token}/nope`
    ]) {
      const r = await send(base + path)
      expect([path, r.status, r.body]).toEqual([path, 404, ''])
    }
    const [a] = playersAt(3)
    const body = JSON.stringify({ round: 1, table: 3, pin: pinOf(3), winner: a })
    expect((await post({ round: 1, table: 3, pin: pinOf(3), winner: a }, `${base}/${wrong}/`)).status).toBe(404)
    expect((await send(`${server.url}tables`, { headers: { host: 'evil.example:80' } })).status).toBe(404)
    expect((await send(`${server.url}result`, { method: 'POST', headers: { ...json, host: 'evil.example:80' }, body })).status).toBe(404)
    expect((await send(`${server.url}result`, { method: 'POST', headers: { ...json, origin: 'http://evil.example' }, body })).status).toBe(403)
    expect((await send(`${server.url}result`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body })).status).toBe(403)
    expect((await send(`${server.url}result`, { method: 'POST', headers: json, body: '{"round":' })).status).toBe(400)
    const big = JSON.stringify({ round: 1, table: 3, pin: pinOf(3), winner: a, slip: 'x'.repeat(MAX_BODY) })
    const r = await send(`${server.url}result`, { method: 'POST', headers: json, body: big })
    expect([r.status, r.body]).toEqual([413, ''])
    expect([413, -1]).toContain(await streamed(`${server.url}result`, big.match(/[\s\S]{1,4096}/g)!))
    expect((await send(`${server.url}result`)).status).toBe(405)
    expect((await send(`${server.url}tables`, { method: 'POST', headers: json, body })).status).toBe(405)
    expect(stored(3).result).toBeNull()
    // the page's own origin may post
    expect((await send(`${server.url}result`, { method: 'POST', headers: { ...json, origin: base }, body })).status).toBe(200)
  })

  it('answers 10 posts a minute from one address, then 429 in words; a token back every 6 seconds', async () => {
    let now = 0
    const limited = await serveResults({ db: lib.db, dir: phoneDir, eventId: event.id, guard: { now: () => now } })
    try {
      const answers = []
      for (let i = 0; i < 11; i++) answers.push((await post({ round: 1, table: 1, pin: 'X' }, limited.url, i % 2 ? 'pin' : 'result')).status)
      expect(answers.slice(0, 10)).not.toContain(429)
      expect(answers[10]).toBe(429)
      const r = await post({ round: 1, table: 3, pin: pinOf(3) }, limited.url, 'pin')
      expect([r.status, error(r)]).toEqual([429, 'Muster has had 10 posts from this phone in the last minute: wait a minute, then send it again.'])
      // reading the tables is not a post
      expect((await send(`${limited.url}tables`)).status).toBe(200)
      now += 6_000
      // table 3 has its result by now: refused for that, not for the rate
      expect((await post({ round: 1, table: 3, pin: pinOf(3) }, limited.url, 'pin')).status).toBe(422)
      expect((await post({ round: 1, table: 3, pin: pinOf(3) }, limited.url, 'pin')).status).toBe(429)
    } finally {
      await limited.close()
    }
  })

  it("refuses an earlier round's table, open or done, its PIN right: only the organiser enters that result, in Muster", async () => {
    const other = pairedEvent(tmp(), ['Ann', 'Bob', 'Cy', 'Dee'], 'Later Cup')
    const otherLib = await openLibrary(other.db)
    const served = await serveResults({ db: otherLib.db, dir: phoneDir, eventId: other.id, guard: { postsPerMinute: 1000 } })
    try {
      for (const t of other.round.tables) recordResult(otherLib.db, other.id, { round: 1, table: t.table, winner: t.players[0] })
      pairRound(bundledEngine(), otherLib.db, other.id)
      // a round-1 table left open (as if its result had never come in): phones may not fill it now
      otherLib.db
        .prepare('UPDATE event_tables SET result = NULL, result_source = NULL, result_at = NULL WHERE event_id = ? AND round = 1 AND table_no = 2')
        .run(other.id)
      const pins = eventPins(otherLib.db, other.id)!
      const words = "Muster did not take this result. Only the organiser can enter an earlier round's result, in Muster."
      for (const table of [1, 2]) {
        const r = await post({ round: 1, table, pin: pins(1, table), winner: 'draw' }, served.url)
        expect([table, r.status, error(r)]).toEqual([table, 422, words])
        const p = await post({ round: 1, table, pin: pins(1, table) }, served.url, 'pin')
        expect([p.status, error(p)]).toEqual([422, "Only the organiser can enter an earlier round's result, in Muster."])
      }
      expect(events.eventRounds(otherLib.db, other.id)[0].tables.find((t) => t.table === 2)!.result).toBeNull()
      // the service says so too, in its own transaction, for a post that passed the gate before round 2 was paired
      expect(() => recordResult(otherLib.db, other.id, { round: 1, table: 2, winner: 'draw', fromPhone: true })).toThrow(
        "only the organiser can enter an earlier round's result, in Muster"
      )
      // the latest round's tables take their results as before; the organiser still enters round 1's
      const r = await post({ round: 2, table: 1, pin: pins(2, 1), winner: 'draw' }, served.url)
      expect(r.status, r.body).toBe(200)
      expect(recordResult(otherLib.db, other.id, { round: 1, table: 2, winner: 'draw' }).result.winner).toBeNull()
    } finally {
      await served.close()
      otherLib.close()
    }
  })

  it('answers 410 "this event is no longer run here" once the event served is deleted', async () => {
    const other = pairedEvent(tmp(), ['Ann', 'Bob', 'Cy'], 'Gone Cup')
    const otherLib = await openLibrary(other.db)
    const served = await serveResults({ db: otherLib.db, dir: phoneDir, eventId: other.id })
    try {
      const pin = eventPins(otherLib.db, other.id)!(1, 1)
      expect((await send(`${served.url}tables`)).status).toBe(200)
      expect(events.deleteEvent(otherLib.db, other.id)).toBe(true)
      const gone = { error: 'this event is no longer run here' }
      const read = await send(`${served.url}tables`)
      expect([read.status, JSON.parse(read.body)]).toEqual([410, gone])
      for (const route of ['pin', 'result']) {
        const r = await post({ round: 1, table: 1, pin, ...(route === 'result' ? { winner: 'draw' } : {}) }, served.url, route)
        expect([route, r.status, JSON.parse(r.body)]).toEqual([route, 410, gone])
      }
    } finally {
      await served.close()
      otherLib.close()
    }
  })

  it('serves one event at a time for the app: a second call stops the first, and stopEventResults frees the port', async () => {
    const first = await serveEventResults(lib.db, phoneDir, event.id)
    expect(first).toMatchObject({ eventId: event.id, lan: false })
    expect(first.qr).toMatch(/^data:image\/png;base64,/)
    expect((await send(`${first.url}tables`)).status).toBe(200)
    const second = await serveEventResults(lib.db, phoneDir, event.id)
    expect(second.url).not.toBe(first.url)
    await expect(send(first.url)).rejects.toThrow(/ECONNREFUSED/)
    expect((await send(`${second.url}tables`)).status).toBe(200)
    expect(await stopEventResults()).toBe(true)
    await expect(send(second.url)).rejects.toThrow(/ECONNREFUSED/)
    // the port is free again: this process can listen on it
    const port = Number(new URL(second.url).port)
    const again = createServer()
    await new Promise<void>((resolve, reject) => again.once('error', reject).listen(port, '127.0.0.1', () => resolve()))
    await new Promise<void>((resolve) => again.close(() => resolve()))
    expect(await stopEventResults()).toBe(false)
  })

  it('refuses an event the library lacks, in words', async () => {
    await expect(serveEventResults(lib.db, phoneDir, '00000000-0000-0000-0000-000000000000')).rejects.toThrow(/no event with id/)
    expect(await stopEventResults()).toBe(false)
  })
})
