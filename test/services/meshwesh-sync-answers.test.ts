// Answers a Meshwesh server should not give (issue 38): a 304 Not Modified to a request that sent no
// validators (point 6), a redirect to another server or address, a summary naming far too many lists; and the
// progress that shows a stuck sync (work left, time elapsed). The shipped CLI where the failure was
// seen there, the service where a fault is quicker to show there. Synthetic lists: any clone runs it.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { startMeshweshServer, type MeshweshServer, type MeshweshServerOptions } from '../support/meshwesh-server'
import { syntheticId, syntheticList, writeMeshweshFolder } from '../support/meshwesh-synthetic'
import { musterAsync } from '../support/cli'
import { tempFolders } from '../support/tmp'
import { readPointer } from '../../src-main/meshwesh/catalogue'
import { runMeshweshSync } from '../../src-main/services/meshwesh/run'
import { createClient } from '../../src-main/meshwesh/http'
import type { SyncProgress } from '../../src-main/services/meshwesh/sync'
import { progressLine } from '../../src-main/cli/meshwesh'

const temp = tempFolders('muster-mw-answers-')
const LISTS = 6
const fast = { timeoutMs: 2000, retries: 2, backoffMs: 5 }

async function withServer<T>(opts: MeshweshServerOptions, fn: (server: MeshweshServer, home: string) => Promise<T>): Promise<T> {
  const home = temp()
  const site = writeMeshweshFolder(
    join(home, 'site'),
    Array.from({ length: LISTS }, (_, i) => syntheticList(i + 1))
  )
  const server = await startMeshweshServer({ ...opts, fixtures: site })
  try {
    return await fn(server, home)
  } finally {
    await server.close()
  }
}

/** The shipped `muster meshwesh sync --json`: its exit code and report. */
async function cliSync(server: MeshweshServer | string, home: string): Promise<{ code: number; report: Record<string, unknown>; stdout: string }> {
  const url = typeof server === 'string' ? server : server.url
  const r = await musterAsync(['meshwesh', 'sync', '--base-url', url, '--no-library', '--timeout', '10', '--json'], {
    env: { MUSTER_MESHWESH: join(home, 'meshwesh'), MUSTER_DB: join(home, 'library.sqlite') },
    timeoutMs: 50_000
  })
  expect(r.stderr).toBe('')
  return { code: r.code, report: JSON.parse(r.stdout) as Record<string, unknown>, stdout: r.stdout }
}

const serviceSync = (server: MeshweshServer, home: string, more: Partial<Parameters<typeof runMeshweshSync>[0]> = {}) =>
  runMeshweshSync({ root: join(home, 'meshwesh'), baseUrl: server.url, dataDirsAbove: [], http: fast, ...more })

const asked = (server: MeshweshServer, path: string) => server.requests.filter((r) => r.path === path).length
const NOT_MODIFIED = (path: string) => `The server answered 304 (Not modified) for ${path} to a request that had no earlier copy to compare with`

/** A server of its own on 127.0.0.1 answering every request with `answer`; counts what it is asked. */
async function otherServer(answer: (url: string) => { status: number; body: string }): Promise<{ url: string; hits: string[]; server: Server }> {
  const hits: string[] = []
  const server = createServer((req, res) => {
    hits.push(req.url ?? '')
    const a = answer(req.url ?? '')
    res.writeHead(a.status, { 'Content-Type': 'application/json' })
    res.end(a.body)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, hits, server }
}

describe('a 304 Not Modified to a request sent without validators', () => {
  it('muster meshwesh sync: a list so answered is retried, then reported in words; later it keeps its last copy, never trusted as unchanged', async () => {
    // No ETags or dates: every request goes out without validators, as on a first sync. The bulk
    // route fails ('/armyLists?': not the summary), so each list is asked on its own.
    await withServer({ etags: false }, async (server, home) => {
      const [three, four] = [syntheticId(3), syntheticId(4)]
      server.faults.status.set('/armyLists?', 404)
      server.faults.notModified.add(`/armyLists/${four}`)
      const first = await cliSync(server, home)
      expect(first.code).toBe(0)
      expect(first.report).toMatchObject({ status: 'published', lists: 5, failed: [{ id: four, reason: NOT_MODIFIED(`/armyLists/${four}`), kept: false }] })
      expect(asked(server, `/armyLists/${four}`)).toBe(4) // the first try and 3 retries
      // The list changes upstream, and a broken cache in front of the server says it has not.
      server.faults.notModified.clear()
      server.lists.get(three).troopOptions[0].max += 1
      server.faults.notModified.add(`/armyLists/${three}`)
      const before = readPointer(join(home, 'meshwesh'))!.lists[three]
      const second = await cliSync(server, home)
      expect(second.report).toMatchObject({ status: 'published', failed: [{ id: three, reason: NOT_MODIFIED(`/armyLists/${three}`), kept: true }] })
      expect((second.report.added as Array<{ name: string }>).map((a) => a.name)).toEqual([syntheticList(4).name])
      // List 3 is as it was (the others gain list 4 as an enemy).
      expect((second.report.changed as Array<{ name: string }>).map((c) => c.name)).not.toContain(syntheticList(3).name)
      expect(readPointer(join(home, 'meshwesh'))!.lists[three]).toEqual(before)
    })
  }, 60_000)

  it('the themes so answered: retried, then said in words; the lists publish without them (themes are extras)', async () => {
    await withServer({ etags: false }, async (server, home) => {
      server.faults.notModified.add('/thematicCategories')
      const r = await serviceSync(server, home)
      expect(r).toMatchObject({
        status: 'published',
        lists: LISTS,
        extrasNotFetched: [
          `The themes (thematic categories) could not be fetched: ${NOT_MODIFIED('/thematicCategories')}. The lists have no themes until a later sync fetches them.`
        ]
      })
      expect(asked(server, '/thematicCategories')).toBe(3)
    })
  })
})

describe('redirects', () => {
  const others: Server[] = []
  afterEach(() => {
    for (const s of others.splice(0)) s.close()
  })

  it('muster meshwesh sync refuses to be sent to another server, naming both addresses, and asks it nothing', async () => {
    const other = await otherServer(() => ({ status: 200, body: '[]' }))
    others.push(other.server)
    await withServer({}, async (server, home) => {
      // Another host name (localhost, not 127.0.0.1): another server, not just another address.
      const elsewhere = other.url.replace('127.0.0.1', 'localhost')
      const target = `${elsewhere}/api/v1/armyLists?summary=true`
      server.faults.redirect.set('/armyLists', target)
      const r = await musterAsync(['meshwesh', 'sync', '--base-url', server.url, '--no-library'], {
        env: { MUSTER_MESHWESH: join(home, 'meshwesh'), MUSTER_DB: join(home, 'library.sqlite') }
      })
      expect(r).toMatchObject({ code: 2, stderr: '' })
      expect(r.stdout.split('\n')[0]).toBe(
        `${server.url} sent Muster on to another server, ${target}; Muster asks only the server it was given: if the lists have moved there, sync with ${elsewhere}/api/v1. Nothing was published.`
      )
      expect(other.hits).toEqual([])
    })
  })

  it('the lists sent elsewhere stop the whole sync (the catalogue in force stays); a redirect within the server is followed', async () => {
    const other = await otherServer(() => ({ status: 200, body: '{}' }))
    others.push(other.server)
    await withServer({}, async (server, home) => {
      // Within the server: followed.
      server.faults.redirect.set('/armyLists?summary=true', '/api/v1/armyLists/?summary=true')
      expect(await serviceSync(server, home)).toMatchObject({ status: 'published', lists: LISTS })
      server.faults.redirect.clear()
      const published = readPointer(join(home, 'meshwesh'))
      server.lists.get(syntheticId(1)).troopOptions[0].max += 1
      // The lists in bulk ('/armyLists?': not the summary), sent to another server.
      const elsewhere = other.url.replace('127.0.0.1', 'localhost')
      server.faults.redirect.set('/armyLists?', `${elsewhere}/elsewhere`)
      const r = await serviceSync(server, home)
      expect(r.status).toBe('failed')
      expect(r.message).toBe(
        `${server.url} sent Muster on to another server, ${elsewhere}/elsewhere; Muster asks only the server it was given: if the lists have moved there, sync with that address. The catalogue in force is unchanged.`
      )
      expect(readPointer(join(home, 'meshwesh'))).toEqual(published)
      expect(other.hits).toEqual([])
    })
  })

  it('a redirect to the same host at another scheme or port (http to https) is "another address", naming both and the address to sync with', async () => {
    await withServer({}, async (server, home) => {
      const https = server.url.replace(/^http:/, 'https:')
      server.faults.redirect.set('/armyLists?summary=true', `${https}/armyLists?summary=true`)
      const r = await serviceSync(server, home)
      expect(r.message).toBe(
        `${server.url} sent Muster on to another address, ${https}/armyLists?summary=true; Muster asks only the address it was given: if the lists have moved there, sync with ${https}. Nothing was published.`
      )
    })
  })

  it('the client follows a few redirects within the server, then stops in words', async () => {
    const loop = await otherServer(() => ({ status: 200, body: '[]' }))
    loop.server.removeAllListeners('request')
    loop.server.on('request', (req, res) => {
      loop.hits.push(req.url ?? '')
      res.writeHead(307, { Location: req.url === '/a' ? '/b' : '/a' })
      res.end()
    })
    others.push(loop.server)
    const client = createClient({ baseUrl: loop.url, userAgent: 'Muster/test', backoffMs: 1 })
    await expect(client.getJson('/a')).rejects.toThrow('The server sent the request for /a on more than 5 times: check the server address')
    expect(loop.hits).toHaveLength(6)
  })
})

describe('a server naming far too many lists', () => {
  it('muster meshwesh sync stops at 5000 before asking for any of them, in words', async () => {
    const ids = Array.from({ length: 5001 }, (_, i) => ({ id: i.toString(16).padStart(24, '0'), name: `List ${i}` }))
    const site = await otherServer((url) =>
      url === '/api/v1/armyLists?summary=true' ? { status: 200, body: JSON.stringify(ids) } : { status: 404, body: '{}' }
    )
    try {
      const r = await cliSync(`${site.url}/api/v1`, temp())
      expect(r.code).toBe(2)
      expect(r.report).toMatchObject({
        status: 'failed',
        message:
          'The server names 5001 army lists, more than the 5000 Muster fetches (Meshwesh has about 700): check the server address. Nothing was published.'
      })
      expect(site.hits).toEqual(['/api/v1/armyLists?summary=true'])
    } finally {
      site.server.close()
    }
  })
})

describe('progress: the work left and the time elapsed', () => {
  afterEach(() => void vi.useRealTimers())

  it('every step the sync reports carries the time elapsed, and the lists what is left', async () => {
    await withServer({}, async (server, home) => {
      const seen: SyncProgress[] = []
      await serviceSync(server, home, { onProgress: (p) => seen.push(p) })
      expect(seen.map((p) => p.phase)).toEqual([
        'summary',
        'lists',
        'lists',
        'lists',
        'categories',
        ...Array<string>(LISTS + 1).fill('enemies'),
        'checking',
        'publishing'
      ])
      for (const [i, p] of seen.entries()) {
        expect(p.elapsedMs).toBeGreaterThanOrEqual(i ? seen[i - 1].elapsedMs : 0)
        expect(p.total - p.done).toBeGreaterThanOrEqual(0)
      }
    })
  })

  it('the progress line says what is left and the time, and its clock runs on while a sync is stuck', () => {
    vi.useFakeTimers()
    const written: string[] = []
    const line = progressLine({ isTTY: true, columns: 100, write: (s: string) => (written.push(s), true) })
    line.show({ phase: 'lists', done: 120, total: 3000, elapsedMs: 65_000, name: 'Test Kingdom A' })
    expect(written.at(-1)).toBe('\r\x1b[2KFetching lists 120 of 3000 (2880 left, 1:05 elapsed): Test Kingdom A')
    // Nothing more arrives: the line still moves.
    vi.advanceTimersByTime(3000)
    expect(written.at(-1)).toBe('\r\x1b[2KFetching lists 120 of 3000 (2880 left, 1:08 elapsed): Test Kingdom A')
    line.clear()
    vi.advanceTimersByTime(3000)
    expect(written.at(-1)).toBe('\r\x1b[2K')
  })
})
