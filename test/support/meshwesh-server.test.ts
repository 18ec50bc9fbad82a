// The Meshwesh stand-in server itself (test/support/meshwesh-server.ts): routes and shapes against
// the fixture files, validators, the new shape, every fault, edits, and closing.
import { readFileSync } from 'node:fs'
import { Agent, get } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { fixtureSummary, fixturesPresent, meshweshFixtures, startMeshweshServer, testEnemies, type MeshweshJson, type MeshweshServer } from './meshwesh-server'

const fixtures = meshweshFixtures
const readJson = (...parts: string[]): MeshweshJson => JSON.parse(readFileSync(join(fixtures, ...parts), 'utf8'))
const summary = fixtureSummary()
const first = summary[0]?.id // Early Sumerian, 1a

async function getJson(url: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: MeshweshJson }> {
  const res = await fetch(url, init)
  const raw = await res.text()
  return { status: res.status, headers: res.headers, body: raw ? JSON.parse(raw) : undefined }
}

// Every key path in a JSON value where `key` occurs, e.g. "[0].allyEntries[1].allyArmyList.dateRange".
function keyPaths(value: unknown, key: string, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keyPaths(v, key, `${at}[${i}]`))
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [...(k === key ? [`${at}.${k}`] : []), ...keyPaths(v, key, `${at}.${k}`)])
  }
  return []
}

describe.skipIf(!fixturesPresent)('meshwesh server: reading', () => {
  let server: MeshweshServer
  beforeAll(async () => {
    server = await startMeshweshServer()
  })
  afterAll(() => server.close())

  it('serves the summary of all 600 lists in the real shape', async () => {
    const { status, headers, body } = await getJson(`${server.url}/armyLists?summary=true`)
    expect(status).toBe(200)
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(body).toHaveLength(600)
    expect(body).toEqual(summary)
    for (const s of body) expect(Object.keys(s).sort()).toEqual(['derivedData', 'id', 'keywords', 'name'])
  })

  it('serves every list in full, and filters by name', async () => {
    const all = await getJson(`${server.url}/armyLists`)
    expect(all.body).toHaveLength(600)
    expect(all.body[0]).toEqual(readJson('armyLists', first))
    const named = await getJson(`${server.url}/armyLists?name=sUmErIaN`)
    expect(named.body.map((l: MeshweshJson) => l.name).sort()).toEqual(
      summary
        .filter((s) => /sumerian/i.test(s.name))
        .map((s) => s.name)
        .sort()
    )
    expect(named.body.length).toBeGreaterThan(1)
  })

  it('serves one list as the fixture holds it', async () => {
    const { status, body } = await getJson(`${server.url}/armyLists/${first}`)
    expect(status).toBe(200)
    expect(body).toEqual(readJson('armyLists', first))
  })

  it("answers a bad id with 400 and an unknown one with 404, in the real server's words", async () => {
    const bad = await fetch(`${server.url}/armyLists/not-an-id`)
    expect(bad.status).toBe(400)
    expect(await bad.text()).toBe('Army List id is badly formatted.')
    const unknown = await fetch(`${server.url}/armyLists/${'0'.repeat(24)}`)
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toBe('Army List not found.')
    for (const sub of ['allyOptions', 'thematicCategories', 'enemyArmyLists', 'associatedArmyLists']) {
      expect((await fetch(`${server.url}/armyLists/${'0'.repeat(24)}/${sub}`)).status).toBe(404)
      expect((await fetch(`${server.url}/armyLists/xyz/${sub}`)).status).toBe(400)
    }
    const query = await fetch(`${server.url}/armyLists?colour=red`)
    expect([query.status, await query.text()]).toEqual([400, 'Invalid request.'])
    const other = await getJson(`${server.url}/troopTypes`)
    expect(other.status).toBe(404)
    expect(other.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(typeof other.body.message).toBe('string')
    expect((await fetch(server.url.replace('/api/v1', '/elsewhere'))).status).toBe(404)
  })

  it('serves ally options with the ally lists filled in, and a list’s categories', async () => {
    for (const id of summary.slice(0, 25).map((s) => s.id)) {
      expect((await getJson(`${server.url}/armyLists/${id}/allyOptions`)).body).toEqual(readJson('armyLists', `${id}.allyOptions.json`))
      expect((await getJson(`${server.url}/armyLists/${id}/thematicCategories`)).body).toEqual(readJson('armyLists', `${id}_thematicCategories`))
    }
  })

  it('serves every ally army list as /allyArmyLists does (`_id` made `id`, no `__v`), and one by id', async () => {
    const fromFiles = new Map<string, MeshweshJson>()
    for (const s of summary)
      for (const o of readJson('armyLists', `${s.id}.allyOptions.json`) as MeshweshJson[])
        for (const e of o.allyEntries) fromFiles.set(e.allyArmyList._id, e.allyArmyList)
    const { status, body } = await getJson(`${server.url}/allyArmyLists`)
    expect(status).toBe(200)
    expect(body).toHaveLength(fromFiles.size)
    for (const ally of body as MeshweshJson[]) {
      const { _id, __v, ...rest } = fromFiles.get(ally.id)
      expect(ally).toEqual({ ...rest, id: _id })
      expect(__v).toBeDefined()
    }
    const one = (body as MeshweshJson[])[0]
    expect((await getJson(`${server.url}/allyArmyLists/${one.id}`)).body).toEqual(one)
    const unknown = await fetch(`${server.url}/allyArmyLists/${'0'.repeat(24)}`)
    expect([unknown.status, await unknown.text()]).toEqual([404, 'Ally Army List not found.'])
    const named = await getJson(`${server.url}/allyArmyLists?name=${encodeURIComponent(one.name)}`)
    expect(named.body.map((a: MeshweshJson) => a.id)).toContain(one.id)
  })

  it('serves every category once, and the lists in one', async () => {
    const perList = summary.map((s) => readJson('armyLists', `${s.id}_thematicCategories`) as Array<{ id: string; name: string }>)
    const distinct = new Map(perList.flat().map((c) => [c.id, c.name]))
    const { body } = await getJson(`${server.url}/thematicCategories`)
    expect(body).toHaveLength(distinct.size)
    expect(new Map(body.map((c: { id: string; name: string }) => [c.id, c.name]))).toEqual(distinct)
    const theme = perList[0][0]
    const inTheme = await getJson(`${server.url}/thematicCategories/${theme.id}/armyLists`)
    const expected = summary.filter((_, i) => perList[i].some((c) => c.id === theme.id)).map((s) => s.id)
    expect(inTheme.body.map((l: MeshweshJson) => l.id)).toEqual(expected)
    expect(inTheme.body[0]).toMatchObject({ id: first, name: 'Early Sumerian', listId: 1, sublistId: 'a' })
    expect((await getJson(`${server.url}/thematicCategories/${theme.id}`)).body).toEqual({ name: theme.name, id: theme.id })
    expect((await fetch(`${server.url}/thematicCategories/${'0'.repeat(24)}`)).status).toBe(404)
    expect((await getJson(`${server.url}/thematicCategories/${'0'.repeat(24)}/armyLists`)).body).toEqual([])
  })

  it('makes up symmetric test enemies and serves them as full lists', async () => {
    const enemies = testEnemies(server)
    expect(enemies.size).toBe(600)
    expect(enemies).toEqual(server.enemies)
    expect(testEnemies(server.lists)).toEqual(enemies) // bare lists: themes from the fixture files
    let links = 0
    for (const [id, others] of enemies) {
      expect(others).not.toContain(id)
      for (const other of others) expect(enemies.get(other)).toContain(id)
      links += others.length
    }
    expect(links).toBeGreaterThan(600)
    const expected = enemies.get(first)!
    expect(expected.length).toBeGreaterThan(0)
    const { body } = await getJson(`${server.url}/armyLists/${first}/enemyArmyLists`)
    expect(body.map((l: MeshweshJson) => l.id)).toEqual(expected)
    expect(body[0]).toEqual(readJson('armyLists', expected[0]))
  })

  it('serves the other sublists of a list number as associated lists', async () => {
    const lists = [...server.lists.values()]
    const list = lists.find((l) => lists.filter((o) => o.listId === l.listId).length >= 3)!
    const { body } = await getJson(`${server.url}/armyLists/${list.id}/associatedArmyLists`)
    const expected = lists.filter((o) => o.listId === list.listId && o.id !== list.id)
    expect(body).toEqual(expected)
    expect(body.map((l: MeshweshJson) => l.sublistId)).not.toContain(list.sublistId)
  })

  it('sends a strong ETag and Last-Modified, and answers 304 to either validator', async () => {
    const url = `${server.url}/armyLists/${first}`
    const res = await fetch(url)
    await res.text()
    const etag = res.headers.get('etag')!
    const modified = res.headers.get('last-modified')!
    expect(etag).toMatch(/^"[^"]+"$/)
    expect(Number.isNaN(Date.parse(modified))).toBe(false)
    const byTag = await fetch(url, { headers: { 'If-None-Match': etag } })
    expect(byTag.status).toBe(304)
    expect(await byTag.text()).toBe('')
    expect(byTag.headers.get('etag')).toBe(etag)
    expect((await fetch(url, { headers: { 'If-None-Match': `"other", W/${etag}` } })).status).toBe(304)
    expect((await fetch(url, { headers: { 'If-Modified-Since': modified } })).status).toBe(304)
    const stale = await fetch(url, { headers: { 'If-None-Match': '"other"', 'If-Modified-Since': modified } })
    expect(stale.status).toBe(200) // If-None-Match wins
    await stale.text()
    expect(
      server.requests
        .filter((r) => r.path === `/armyLists/${first}`)
        .map((r) => r.status)
        .slice(-5)
    ).toEqual([200, 304, 304, 304, 200])
  })

  it('keeps connections alive', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const reused: boolean[] = []
    for (let i = 0; i < 2; i++) {
      await new Promise<void>((resolve, reject) => {
        const req = get(`${server.url}/armyLists/${first}/thematicCategories`, { agent }, (res) => {
          res.resume()
          res.on('end', () => resolve())
        })
        req.on('error', reject)
        reused.push(req.reusedSocket)
      })
    }
    agent.destroy()
    expect(reused).toEqual([false, true])
  })
})

describe.skipIf(!fixturesPresent)('meshwesh server: options and changes', () => {
  it('starts with all 600 lists', async () => {
    const server = await startMeshweshServer()
    await server.close()
    expect(server.lists.size).toBe(600)
  })

  it('gives each server its own copy of the lists', async () => {
    const a = await startMeshweshServer({ only: [first] })
    const b = await startMeshweshServer({ only: [first] })
    try {
      a.lists.get(first).name = 'Changed'
      expect(b.lists.get(first).name).toBe('Early Sumerian')
      expect((await getJson(`${b.url}/armyLists?summary=true`)).body.map((s: MeshweshJson) => s.name)).toEqual(['Early Sumerian'])
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })

  it('serves the newer shape: options carry dateRanges, never dateRange', async () => {
    const server = await startMeshweshServer({ newShape: true })
    try {
      const { body: lists } = await getJson(`${server.url}/armyLists`)
      expect(lists).toHaveLength(600)
      expect(keyPaths(lists, 'dateRange')).toEqual([])
      const options = lists.flatMap((l: MeshweshJson) => [...l.troopOptions, ...l.allyOptions])
      expect(options.every((o: MeshweshJson) => Array.isArray(o.dateRanges))).toBe(true)
      expect(options.some((o: MeshweshJson) => o.dateRanges.length === 1)).toBe(true)
      expect(options.some((o: MeshweshJson) => o.dateRanges.length === 0)).toBe(true)
      const one = await getJson(`${server.url}/armyLists/${first}`)
      expect(keyPaths(one.body, 'dateRange')).toEqual([])
      expect(keyPaths([...server.lists.values()], 'dateRange')).toEqual([])
      let withAllies = 0
      for (const id of summary.slice(0, 60).map((s) => s.id)) {
        const { body } = await getJson(`${server.url}/armyLists/${id}/allyOptions`)
        // Only an ally army list's own period stays `dateRange`, as in the real AllyArmyList model.
        for (const path of keyPaths(body, 'dateRange')) expect(path).toMatch(/^\[\d+\]\.allyEntries\[\d+\]\.allyArmyList\.dateRange$/)
        expect(keyPaths(body, 'dateRanges').length).toBeGreaterThanOrEqual(body.length)
        if (body.length) withAllies++
      }
      expect(withAllies).toBeGreaterThan(0)
    } finally {
      await server.close()
    }
  })

  it('answers the old shape by default, and no validators with etags: false', async () => {
    const server = await startMeshweshServer({ only: [first], etags: false })
    try {
      const res = await fetch(`${server.url}/armyLists/${first}`, { headers: { 'If-None-Match': '*' } })
      expect(res.status).toBe(200)
      expect(res.headers.get('etag')).toBeNull()
      expect(res.headers.get('last-modified')).toBeNull()
      expect(keyPaths(await res.json(), 'dateRange').length).toBeGreaterThan(0)
    } finally {
      await server.close()
    }
  })

  it('serves an edit with a new ETag and a later Last-Modified', async () => {
    const server = await startMeshweshServer({ only: [first] })
    try {
      const url = `${server.url}/armyLists/${first}`
      const before = await fetch(url)
      await before.text()
      const etag = before.headers.get('etag')!
      const modified = before.headers.get('last-modified')!
      server.lists.get(first).troopOptions[0].max = 3
      const after = await fetch(url, { headers: { 'If-None-Match': etag } })
      expect(after.status).toBe(200)
      expect(((await after.json()) as MeshweshJson).troopOptions[0].max).toBe(3)
      expect(after.headers.get('etag')).not.toBe(etag)
      expect(Date.parse(after.headers.get('last-modified')!)).toBeGreaterThan(Date.parse(modified))
      expect((await fetch(url, { headers: { 'If-Modified-Since': modified } })).status).toBe(200)
      const summaryBefore = await fetch(`${server.url}/armyLists?summary=true`)
      await summaryBefore.text()
      server.lists.get(first).name = 'Earliest Sumerian'
      const summaryAfter = await fetch(`${server.url}/armyLists?summary=true`, { headers: { 'If-None-Match': summaryBefore.headers.get('etag')! } })
      expect(summaryAfter.status).toBe(200)
      expect(((await summaryAfter.json()) as MeshweshJson)[0].name).toBe('Earliest Sumerian')
    } finally {
      await server.close()
    }
  })

  it('removes a list: 404 on its routes, gone from the summary, the categories and the enemies', async () => {
    const server = await startMeshweshServer()
    try {
      const enemy = server.enemies.get(first)![0]
      server.remove(first)
      expect((await fetch(`${server.url}/armyLists/${first}`)).status).toBe(404)
      expect((await fetch(`${server.url}/armyLists/${first}/allyOptions`)).status).toBe(404)
      const { body } = await getJson(`${server.url}/armyLists?summary=true`)
      expect(body).toHaveLength(599)
      expect(body.map((s: MeshweshJson) => s.id)).not.toContain(first)
      expect(server.enemies.has(first)).toBe(false)
      expect(server.enemies).toEqual(testEnemies(server))
      const enemies = await getJson(`${server.url}/armyLists/${enemy}/enemyArmyLists`)
      expect(enemies.body.map((l: MeshweshJson) => l.id)).not.toContain(first)
      const theme = readJson('armyLists', `${first}_thematicCategories`)[0].id
      expect((await getJson(`${server.url}/thematicCategories/${theme}/armyLists`)).body.map((l: MeshweshJson) => l.id)).not.toContain(first)
    } finally {
      await server.close()
    }
  })

  it('adds a list, with its ally options and categories', async () => {
    const server = await startMeshweshServer({ only: [first] })
    try {
      const id = summary[1].id
      const list = readJson('armyLists', id)
      const allyOptions = readJson('armyLists', `${id}.allyOptions.json`)
      const categories = readJson('armyLists', `${id}_thematicCategories`)
      delete list.allyOptions
      server.add(list, { allyOptions, categories })
      expect((await getJson(`${server.url}/armyLists?summary=true`)).body.map((s: MeshweshJson) => s.id)).toEqual([first, id])
      expect((await getJson(`${server.url}/armyLists/${id}`)).body).toEqual(readJson('armyLists', id))
      expect((await getJson(`${server.url}/armyLists/${id}/allyOptions`)).body).toEqual(allyOptions)
      expect((await getJson(`${server.url}/armyLists/${id}/thematicCategories`)).body).toEqual(categories)
      expect(server.enemies).toEqual(testEnemies(server))
      const made = { ...readJson('armyLists', first), id: 'a'.repeat(24), name: 'Test Army' }
      delete made.derivedData
      server.add(made)
      const added = (await getJson(`${server.url}/armyLists?summary=true`)).body[2]
      expect(added).toEqual({
        id: 'a'.repeat(24),
        name: 'Test Army',
        keywords: [],
        derivedData: { listStartDate: -3000, listEndDate: -2800, extendedName: 'Test Army  3000 to 2800 BC' }
      })
      expect(() => server.add({ name: 'no id' })).toThrow(/24 hex/)
    } finally {
      await server.close()
    }
  })

  it('lets a test set the enemies', async () => {
    const server = await startMeshweshServer({ only: summary.slice(0, 3).map((s) => s.id) })
    try {
      server.enemies.set(first, [summary[2].id, '0'.repeat(24)])
      const { body } = await getJson(`${server.url}/armyLists/${first}/enemyArmyLists`)
      expect(body.map((l: MeshweshJson) => l.id)).toEqual([summary[2].id]) // ids not served are skipped
    } finally {
      await server.close()
    }
  })

  it('adds latency before every response', async () => {
    const server = await startMeshweshServer({ only: [first], latencyMs: 150 })
    try {
      const t0 = performance.now()
      expect((await fetch(`${server.url}/nothing`)).status).toBe(404)
      expect(performance.now() - t0).toBeGreaterThanOrEqual(140)
    } finally {
      await server.close()
    }
  })
})

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
      await vi.waitFor(() => expect(server.requests.length).toBe(asked + 1))
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
    await vi.waitFor(() => expect(other.requests).toHaveLength(2))
    await other.close()
    expect(await hanging).toBe('failed')
    expect(await delayed).toBe('failed')
    await other.close() // twice is fine
  })
})
