// The Meshwesh stand-in server itself (test/support/meshwesh-server.ts): routes and shapes against
// the fixture files, validators and connections. Options and edits: meshwesh-server-changes.test.ts;
// faults and closing: meshwesh-server-faults.test.ts.
import { Agent, get } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixturesPresent, startMeshweshServer, testEnemies, type MeshweshJson, type MeshweshServer } from './meshwesh-server'
import { first, getJson, readJson, summary } from './meshwesh-reads'

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
