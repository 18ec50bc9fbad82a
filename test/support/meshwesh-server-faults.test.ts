// The Meshwesh stand-in server (test/support/meshwesh-server.ts): every fault a test can set, and
// closing with a request hanging.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { fixturesPresent, startMeshweshServer, type MeshweshServer } from './meshwesh-server'
import { first, getJson, readJson, summary } from './meshwesh-reads'

describe.skipIf(!fixturesPresent)('meshwesh server: faults', () => {
  let server: MeshweshServer
  beforeAll(async () => {
    server = await startMeshweshServer({ only: summary.slice(0, 5).map((s) => s.id) })
  })
  afterAll(() => server.close())
  const path = `/armyLists/${first}`

  it('answers a set status with a JSON error until the fault is deleted', async () => {
    server.faults.status.set(path, 503)
    for (let i = 0; i < 2; i++) {
      const { status, headers, body } = await getJson(server.url + path)
      expect(status).toBe(503)
      expect(headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(typeof body.message).toBe('string')
    }
    expect((await fetch(`${server.url}${path}/allyOptions`)).status).toBe(200)
    server.faults.status.delete(path)
    expect((await fetch(server.url + path)).status).toBe(200)
    server.faults.status.set('/armyLists?summary=true', 500)
    expect((await fetch(`${server.url}/armyLists?summary=true`)).status).toBe(500)
    expect((await fetch(`${server.url}/armyLists`)).status).toBe(200)
    server.faults.status.clear()
    // An empty query: the request without one only (the bulk route, not the summary).
    server.faults.status.set('/armyLists?', 404)
    expect((await fetch(`${server.url}/armyLists`)).status).toBe(404)
    expect((await fetch(`${server.url}/armyLists?summary=true`)).status).toBe(200)
    server.faults.status.clear()
  })

  it('fails a set number of times, then answers', async () => {
    server.faults.failTimes.set(path, 2)
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      const res = await fetch(server.url + path)
      await res.text()
      statuses.push(res.status)
    }
    expect(statuses).toEqual([500, 500, 200])
    expect(server.faults.failTimes.has(path)).toBe(false)
    expect(server.requests.slice(-3).map((r) => [r.method, r.path, r.status])).toEqual(statuses.map((s) => ['GET', path, s]))
  })

  it('delays a path', async () => {
    server.faults.delayMs.set(path, 300)
    try {
      const t0 = performance.now()
      expect((await fetch(server.url + path)).status).toBe(200)
      expect(performance.now() - t0).toBeGreaterThanOrEqual(290)
      await expect(fetch(server.url + path, { signal: AbortSignal.timeout(50) })).rejects.toThrow()
    } finally {
      server.faults.delayMs.delete(path)
    }
  })

  it('truncates a body: a 200 whose JSON does not parse', async () => {
    server.faults.truncate.add(path)
    try {
      const res = await fetch(server.url + path)
      expect(res.status).toBe(200)
      const raw = await res.text()
      expect(raw.length).toBeGreaterThan(100)
      expect(() => JSON.parse(raw)).toThrow(SyntaxError)
      expect(JSON.stringify(readJson('armyLists', first)).startsWith(raw)).toBe(true)
    } finally {
      server.faults.truncate.delete(path)
    }
    expect((await getJson(server.url + path)).body.id).toBe(first)
  })

  it('hangs a path until the client gives up', async () => {
    server.faults.hang.add(path)
    try {
      const controller = new AbortController()
      const asked = server.requests.length
      const pending = fetch(server.url + path, { signal: controller.signal })
      await vi.waitFor(() => expect(server.requests.length).toBe(asked + 1), { timeout: 15_000 })
      controller.abort()
      await expect(pending).rejects.toThrow(/abort/i)
      expect(server.requests.at(-1)).toMatchObject({ path, status: 0 })
    } finally {
      server.faults.hang.delete(path)
    }
    expect((await fetch(server.url + path)).status).toBe(200)
  })

  it('closes even with a request hanging', async () => {
    const other = await startMeshweshServer({ only: [first] })
    other.faults.hang.add(path)
    other.faults.delayMs.set('/armyLists', 10_000)
    const hanging = fetch(other.url + path).then(
      () => 'answered',
      () => 'failed'
    )
    const delayed = fetch(`${other.url}/armyLists`).then(
      () => 'answered',
      () => 'failed'
    )
    await vi.waitFor(() => expect(other.requests).toHaveLength(2), { timeout: 15_000 })
    await other.close()
    expect(await hanging).toBe('failed')
    expect(await delayed).toBe('failed')
    await other.close() // twice is fine
  })
})
