// The Meshwesh stand-in server (test/support/meshwesh-server.ts): its options (the lists served, the
// new shape, validators, latency) and a test's edits (a list changed, removed, added; the enemies).
import { describe, expect, it } from 'vitest'
import { fixturesPresent, startMeshweshServer, testEnemies, type MeshweshJson } from './meshwesh-server'
import { first, getJson, keyPaths, readJson, summary } from './meshwesh-reads'

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
