// Meshwesh sync against a loopback server (test/support/meshwesh-server.ts): every fault the issue
// names: 5xx, slow and timed-out answers, cut-off JSON, Cancel, SIGKILL mid-sync, a second sync at
// once, damaged cache files, a summary cut short, answers far too big, and no server at all; and
// the HTTP client's limits.
import { describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { createServer } from 'node:http'
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { closedPort, fixturesPresent, withServer } from '../support/meshwesh-server'
import { publishedArmies, SOME, syncWith } from '../support/meshwesh-sync-kit'
import { tempFolders } from '../support/tmp'
import { repoRoot } from '../support/engine'
import { createEngine } from '../../src-main/rules'
import { readPointer } from '../../src-main/meshwesh/catalogue'
import { createClient } from '../../src-main/meshwesh/http'

const temp = tempFolders('muster-mw-')
const fast = { timeoutMs: 2000, retries: 2, backoffMs: 5 }
const sync = syncWith(fast)

describe.skipIf(!fixturesPresent)('Meshwesh sync: faults', () => {
  it('5xx answers are retried with backoff; a bulk route that keeps failing: each list is asked on its own, a list that keeps failing keeps its last copy, and many failing stop the publish', async () => {
    const root = temp()
    await withServer({ only: SOME }, async (server) => {
      // '/armyLists?': the bulk route only, not the summary.
      server.faults.failTimes.set('/armyLists?', 2)
      expect((await sync(root, server)).status).toBe('published')
      expect(server.requests.filter((r) => r.path === '/armyLists').map((r) => r.status)).toEqual([500, 500, 200])
      // The bulk route fails for good (as on a server without it): every list on its own, and one
      // list the server keeps failing on (as a missing ally list upstream does): the rest publish.
      server.faults.status.set('/armyLists?', 404)
      server.lists.get(SOME[0]).troopOptions[0].max += 1
      server.faults.status.set(`/armyLists/${SOME[7]}`, 503)
      const one = await sync(root, server)
      expect(one.status).toBe('published')
      expect(one.notes).toEqual([
        'The server answered 404 (Not found) for /armyLists: “Injected fault: 404 for /armyLists”. Each list was asked for on its own instead.'
      ])
      expect(one.failed).toEqual([
        {
          id: SOME[7],
          name: server.lists.get(SOME[7]).name,
          reason: `The server answered 503 (Service unavailable) for /armyLists/${SOME[7]}: “Injected fault: 503 for /armyLists/${SOME[7]}”`,
          kept: true
        }
      ])
      expect(one.changed).toHaveLength(1)
      expect(Object.keys(readPointer(root)!.lists)).toHaveLength(40)
      // Many: the server is in trouble; nothing changes, and the next sync asks again.
      const published = readPointer(root)!
      server.lists.get(SOME[1]).troopOptions[0].max += 1
      for (const id of SOME.slice(10, 15)) server.faults.status.set(`/armyLists/${id}`, 503)
      const many = await sync(root, server)
      expect(many.status).toBe('failed')
      expect(many.failed).toHaveLength(6)
      expect(many.message).toBe(
        `6 lists of 40 could not be fetched. The server answered 503 (Service unavailable) for /armyLists/${many.failed[0].id}: “Injected fault: 503 for /armyLists/${many.failed[0].id}” (the first of 6). The catalogue in force is unchanged. The next sync asks for them again.`
      )
      expect(readPointer(root)).toEqual(published)
      server.faults.status.clear()
      const next = await sync(root, server)
      expect(next).toMatchObject({ status: 'published', failed: [], notes: [] })
      expect(next.changed).toHaveLength(1)
    })
  })

  it('a slow answer within the time-out is waited for; one past it is retried, then each list is asked on its own', async () => {
    const root = temp()
    await withServer({ only: SOME.slice(0, 6) }, async (server) => {
      server.faults.delayMs.set('/armyLists?', 300)
      expect((await sync(root, server, { http: { ...fast, timeoutMs: 1000 } })).status).toBe('published')
      server.faults.delayMs.clear()
      server.faults.delayMs.set('/armyLists?', 3000)
      const r = await sync(root, server, { http: { ...fast, timeoutMs: 200, retries: 1 } })
      expect(r).toMatchObject({
        status: 'unchanged',
        failed: [],
        notes: ['No answer for /armyLists within 200 ms. Each list was asked for on its own instead.']
      })
      expect(server.requests.filter((q) => q.path === '/armyLists').length).toBe(1 + 2)
    })
  })

  it('cut-off JSON is retried, then reported; nothing half-read is published, and a list that could not be read whole is asked for again', async () => {
    const root = temp()
    await withServer({ only: SOME.slice(0, 6) }, async (server) => {
      server.faults.truncate.add('/armyLists?')
      server.faults.truncate.add(`/armyLists/${SOME[4]}`)
      const r = await sync(root, server)
      expect(r.status).toBe('published')
      expect(r.notes).toEqual([
        expect.stringMatching(/^The answer for \/armyLists was not whole JSON \(\d+ bytes\)\. Each list was asked for on its own instead\.$/)
      ])
      expect(r.failed).toEqual([
        expect.objectContaining({ id: SOME[4], reason: expect.stringMatching(/^The answer for \/armyLists\/[0-9a-f]+ was not whole JSON/), kept: false })
      ])
      expect(publishedArmies(root)).toHaveLength(5)
      server.faults.truncate.clear()
      expect((await sync(root, server)).added).toHaveLength(1)
    })
  })

  it('Cancel stops at once, keeps what was fetched, and the next sync starts where it stopped', async () => {
    const root = temp()
    await withServer({ only: SOME, latencyMs: 5 }, async (server) => {
      const cancel = new AbortController()
      const r = await sync(root, server, { signal: cancel.signal, onProgress: (p) => p.phase === 'enemies' && p.done >= 10 && cancel.abort() })
      expect(r.status).toBe('cancelled')
      expect(r.message).toMatch(/next sync starts where this one stopped/)
      expect(readPointer(root)).toBeUndefined()
      server.requests.length = 0
      const next = await sync(root, server)
      expect(next.status).toBe('published')
      expect(next.resumed).toBeGreaterThanOrEqual(10)
      // Only the enemies the cancelled sync had not fetched are asked for.
      expect(server.requests.filter((q) => q.path.endsWith('/enemyArmyLists'))).toHaveLength(40 - next.resumed)
    })
  })

  it('SIGKILL mid-sync leaves the old catalogue in force, and the next sync resumes', async () => {
    const root = temp()
    await withServer({ only: SOME, latencyMs: 10 }, async (server) => {
      await sync(root, server)
      const old = readPointer(root)!
      server.lists.get(SOME[0]).troopOptions[0].max += 1
      // A full refresh whose last list's enemies never answer: the child cannot finish before it is killed.
      server.faults.hang.add(`/armyLists/${SOME[39]}/enemyArmyLists`)
      const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'child', 'sync.ts'), root, server.url, 'full'], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe']
      })
      await new Promise<void>((resolve, reject) => {
        let out = ''
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString()
          if ((out.match(/^enemies$/gm) ?? []).length >= 15) child.kill('SIGKILL')
        })
        child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`child ended ${code}: ${out}`))))
      })
      expect(readPointer(root)).toEqual(old)
      expect(existsSync(join(root, 'run.json'))).toBe(true)
      server.faults.hang.clear()
      // The old catalogue still loads whole.
      expect(
        [
          ...createEngine({ dataDirs: [join(root, old.folder)] })
            .ruleset('triumph')!
            .armies.values()
        ].length
      ).toBeGreaterThan(40)
      // Not asked for a full refresh, it goes on with the one killed.
      const next = await sync(root, server)
      expect(next).toMatchObject({ status: 'published', extrasRefreshed: true })
      expect(next.resumed).toBeGreaterThanOrEqual(10)
      expect(next.changed).toHaveLength(1)
      // The folder in force and the one it replaced (a running app may still read it); no other.
      expect(
        readdirSync(root)
          .filter((f) => f.startsWith('c-'))
          .sort()
      ).toEqual([old.folder, readPointer(root)!.folder].sort())
    })
  }, 60_000)

  it('one sync at a time: a second one says another is running; a dead sync’s lock is taken over', async () => {
    const root = temp()
    await withServer({ only: SOME, latencyMs: 5 }, async (server) => {
      const first = sync(root, server)
      const second = await sync(root, server)
      expect(second.status).toBe('failed')
      expect(second.message).toMatch(
        new RegExp(`^Another sync is running \\(process ${process.pid}, started at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\); wait for it to finish\\.$`)
      )
      expect((await first).status).toBe('published')
      // A lock left by a killed process (no such process now) does not stop the next sync.
      writeFileSync(join(root, 'sync.lock'), '2147483646')
      expect((await sync(root, server)).status).toBe('unchanged')
      expect(existsSync(join(root, 'sync.lock'))).toBe(false)
    })
  })

  it('damaged cache files are fetched again, never trusted', async () => {
    const root = temp()
    await withServer({ only: SOME.slice(0, 8) }, async (server) => {
      await sync(root, server)
      writeFileSync(join(root, 'categories.json'), '{"cut off')
      writeFileSync(join(root, 'fetched', `${SOME[2]}.json`), '[1,')
      writeFileSync(join(root, 'fetched', 'allyArmyLists.json'), '{"body": [')
      server.requests.length = 0
      const again = await sync(root, server)
      // The list whose file was damaged is downloaded again (the bulk answer, not its 304); what it holds is as published.
      expect(again).toMatchObject({ status: 'unchanged', downloaded: 1, unchanged: 7 })
      expect(server.requests.filter((r) => r.path === '/armyLists' || r.path === '/allyArmyLists').map((r) => [r.path, r.status])).toEqual([
        ['/armyLists', 200],
        ['/allyArmyLists', 200]
      ])
      expect(server.requests.filter((r) => r.path === '/thematicCategories')).toHaveLength(1)
    })
  })

  it('a summary cut short changes nothing; a list it leaves out but still serves is not withdrawn; duplicates count once', async () => {
    const root = temp()
    await withServer({ only: SOME.slice(0, 8) }, async (server) => {
      await sync(root, server)
      const published = readPointer(root)!
      // The summary lists only 2 of 8: refused.
      const full = new Map(server.lists)
      for (const id of SOME.slice(2, 8)) server.lists.delete(id)
      const cut = await sync(root, server)
      expect(cut.status).toBe('failed')
      expect(cut.message).toBe('The server lists 2 army lists where it listed 8: that looks like trouble at its end. The catalogue in force is unchanged.')
      expect(readPointer(root)).toEqual(published)
      for (const [id, list] of full) server.lists.set(id, list)
    })
  })

  it('an answer far too big, or a web page instead of the API, is refused in words without retrying', async () => {
    let hits = 0
    const server = createServer((req, res) => {
      hits++
      if (req.url === '/big') {
        res.setHeader('content-type', 'application/json')
        res.end('['.padEnd(2048, ' ') + ']')
      } else {
        res.setHeader('content-type', 'text/html; charset=utf-8')
        res.end('<!doctype html><title>Meshwesh</title>')
      }
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const port = (server.address() as { port: number }).port
    try {
      const client = createClient({ baseUrl: `http://127.0.0.1:${port}`, userAgent: 'Muster/test', maxBytes: 1024, backoffMs: 1 })
      await expect(client.getJson('/big')).rejects.toThrow('The answer for /big is over 0 MB, far more than the Meshwesh API sends: check the server address')
      await expect(client.getJson('/page')).rejects.toThrow('The server answered /page with a web page, not the Meshwesh API: check the server address')
      expect(hits).toBe(2)
    } finally {
      server.close()
    }
  })

  it('offline (nothing listening): one line says so, and nothing changes', async () => {
    const root = temp()
    const url = await closedPort()
    const r = await sync(root, url)
    expect(r.status).toBe('offline')
    expect(r.message).toBe(`Offline: cannot reach ${url} (nothing answers at that address). The lists you have keep working.`)
    expect(readPointer(root)).toBeUndefined()
  })
})

describe('the HTTP client', () => {
  it('asks at most 4 at a time and names Muster in its User-Agent', async () => {
    let inFlight = 0
    let most = 0
    const agents = new Set<string>()
    const server = createServer((req, res) => {
      inFlight++
      most = Math.max(most, inFlight)
      agents.add(String(req.headers['user-agent']))
      setTimeout(() => {
        inFlight--
        res.setHeader('content-type', 'application/json')
        res.end('[]')
      }, 20)
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const port = (server.address() as { port: number }).port
    try {
      const client = createClient({ baseUrl: `http://127.0.0.1:${port}`, userAgent: 'Muster/9.9.9 (test)' })
      await Promise.all(Array.from({ length: 20 }, (_, i) => client.getJson(`/x/${i}`)))
      expect(most).toBe(4)
      expect([...agents]).toEqual(['Muster/9.9.9 (test)'])
    } finally {
      server.close()
    }
  })
})
