// Meshwesh sync against a loopback server serving the real lists in the API's shapes
// (test/support/meshwesh-server.ts): what is published, what a second sync fetches and reports (a
// few requests, not one per list), and every fault the issue names: 5xx, slow and timed-out answers,
// cut-off JSON, a list that fails the import, a server that changes, Cancel, SIGKILL mid-sync, and no
// server at all. The extras (enemies, themes) are meshwesh-sync-extras.test.ts's.
import { describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { createServer } from 'node:http'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { closedPort, fixtureSummary, fixturesPresent, startMeshweshServer, type MeshweshServer } from '../support/meshwesh-server'
import { tempFolders } from '../support/tmp'
import { repoRoot } from '../support/engine'
import { runMeshweshSync } from '../../src-main/services/meshwesh/run'
import { readPointer } from '../../src-main/meshwesh/catalogue'
import { createClient } from '../../src-main/meshwesh/http'
import { createEngine, solveArmy } from '../../src-main/rules'

const temp = tempFolders('muster-mw-')
const summary = fixtureSummary()
/** A small catalogue for most tests: quick, and still with allies, categories and enemies. */
const SOME = summary.slice(0, 40).map((s) => s.id)
const fast = { timeoutMs: 2000, retries: 2, backoffMs: 5 }

const sync = (root: string, server: MeshweshServer | string, more: Partial<Parameters<typeof runMeshweshSync>[0]> = {}) =>
  runMeshweshSync({ root, baseUrl: typeof server === 'string' ? server : server.url, dataDirsAbove: [], http: fast, ...more })

const publishedArmies = (root: string) => {
  const p = readPointer(root)!
  return readdirSync(join(root, p.folder, 'triumph', 'armies')).filter((f) => f.endsWith('.json'))
}

async function withServer<T>(opts: Parameters<typeof startMeshweshServer>[0], fn: (s: MeshweshServer) => Promise<T>): Promise<T> {
  const server = await startMeshweshServer(opts)
  try {
    return await fn(server)
  } finally {
    await server.close()
  }
}

describe.skipIf(!fixturesPresent)('Meshwesh sync', () => {
  it('publishes every list the server serves, with categories, enemies and related lists, and the engine checks them', async () => {
    const root = temp()
    await withServer({}, async (server) => {
      const report = await sync(root, server)
      expect(report.status).toBe('published')
      expect(report.total).toBe(600)
      expect(report.added).toHaveLength(600)
      expect(report.failed).toEqual([])
      expect(publishedArmies(root)).toHaveLength(report.lists)
      expect(report).toMatchObject({ extrasRefreshed: true, extrasRefreshedAt: expect.any(String), extrasNotFetched: [], notes: [] })
      // The summary, every list and every ally list in one request each, the themes (1 + 40), and each
      // list's enemies: no route gives those at once. Nothing asked twice, nothing asked per list but that.
      expect(server.requests).toHaveLength(3 + 41 + 600)
      expect(server.requests.filter((r) => /^\/armyLists\/[0-9a-f]{24}$|allyOptions|associated/.test(r.path))).toEqual([])
      expect(new Set(server.requests.map((r) => r.headers['user-agent']))).toEqual(new Set([expect.stringMatching(/^Muster\/\d+\.\d+\.\d+ /)]))

      // An update where nothing changed: the summary and the two bulk routes, asked conditionally (what
      // the server sees: the client may retry on a kept-alive connection the server has just closed).
      server.requests.length = 0
      const again = await sync(root, server)
      expect(again).toMatchObject({ status: 'unchanged', downloaded: 0, unchanged: 600, extrasRefreshed: false })
      expect(again.extrasRefreshedAt).toBe(report.extrasRefreshedAt)
      expect(server.requests.map((r) => [r.path, r.status, !!r.headers['if-none-match']])).toEqual([
        ['/armyLists?summary=true', 200, false],
        ['/armyLists', 304, true],
        ['/allyArmyLists', 304, true]
      ])
    })
    const engine = createEngine({ dataDirs: [join(root, readPointer(root)!.folder)] })
    const triumph = engine.ruleset('triumph')!
    const army = triumph.armies.get('abbasid-revolt-255a')!
    expect(army.source).toMatchObject({ origin: 'Meshwesh', list: '255a', fetched: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) })
    expect(army.categories).toContain('Scimitar and Crescent')
    expect(army.related).toContain('early-abbasid-255b')
    // Enemies are symmetric and name loaded armies.
    for (const e of army.enemies ?? []) expect(triumph.armies.get(e)?.enemies).toContain(army.id)
    const solved = solveArmy(triumph, army.id)
    expect(solved.ok && engine.check(solved.roster).valid).toBe(true)
  })

  it('without ETags, content hashes tell unchanged lists from changed ones, in as few requests', async () => {
    const root = temp()
    await withServer({ only: SOME, etags: false }, async (server) => {
      const first = await sync(root, server)
      server.requests.length = 0
      const again = await sync(root, server)
      expect(again).toMatchObject({ status: 'unchanged', downloaded: 0, unchanged: 40 })
      expect(server.requests.map((r) => [r.path, r.status])).toEqual([
        ['/armyLists?summary=true', 200],
        ['/armyLists', 200],
        ['/allyArmyLists', 200]
      ])
      // A change is still seen, and only it.
      server.lists.get(SOME[3]).troopOptions[0].max += 1
      const changed = await sync(root, server)
      expect(changed).toMatchObject({ status: 'published', downloaded: 1, unchanged: 39 })
      expect(changed.changed.map((c) => c.name)).toEqual([server.lists.get(SOME[3]).name])
      expect(first.status).toBe('published')
    })
  })

  it('a server that changes between two syncs: the report names exactly those changes, in words', async () => {
    const root = temp()
    await withServer({ only: SOME }, async (server) => {
      await sync(root, server)
      const [a, b, c] = SOME
      const listA = server.lists.get(a)
      const option = listA.troopOptions.find((o: { max: number }) => o.max > 0)
      const oldMax = option.max
      option.max = oldMax + 2
      const removedName = server.lists.get(b).name
      // Meshwesh drops a removed list's cross-references; the others' enemies stay as they were.
      const enemies = new Map(server.enemies)
      server.remove(b)
      const added = structuredClone(server.lists.get(c))
      added.id = 'aaaaaaaaaaaaaaaaaaaaaaaa'
      added.name = 'Test Added Army'
      added.sublistId = 'z'
      server.add(added)
      server.enemies.clear()
      for (const [id, list] of enemies)
        if (id !== b)
          server.enemies.set(
            id,
            list.filter((e) => e !== b)
          )
      const hadB = [...enemies].filter(([id, list]) => id !== b && list.includes(b)).map(([id]) => server.lists.get(id).name)
      const report = await sync(root, server)
      expect(report.status).toBe('published')
      expect(report.added.map((x) => x.name)).toEqual(['Test Added Army'])
      expect(report.removed.map((x) => x.name)).toEqual([removedName])
      // The added list shares its list number with a and c: they gain a related list.
      const nameC = server.lists.get(c).name
      expect(report.changed.map((x) => x.name).sort()).toEqual([...new Set([listA.name, nameC, ...hadB])].sort())
      // b was a sublist of the same list number as a and c: their related lists say so.
      const related = `related lists: +Test Added Army, −${removedName}`
      expect(report.changed.find((x) => x.name === nameC)!.changes).toEqual([related])
      expect(report.changed.find((x) => x.name === listA.name)!.changes).toEqual([
        expect.stringMatching(new RegExp(` max ${oldMax} → ${oldMax + 2}$`)),
        related
      ])
      for (const name of hadB) expect(report.changed.find((x) => x.name === name)!.changes).toEqual([`historical enemies: −${removedName}`])
      expect(report.message).toMatch(new RegExp(`1 added, ${report.changed.length} changed, 1 removed`))
    })
  })

  it('a list Meshwesh removes still checks, from the last copy, with a warning that names the removal', async () => {
    const root = temp()
    await withServer({ only: SOME }, async (server) => {
      await sync(root, server)
      const gone = server.lists.get(SOME[5])
      server.remove(SOME[5])
      await sync(root, server)
      const engine = createEngine({ dataDirs: [join(root, readPointer(root)!.folder)] })
      const triumph = engine.ruleset('triumph')!
      const army = [...triumph.armies.values()].find((x) => x.source?.meshwesh === gone.id)!
      expect(army.source?.removed).toMatch(/^\d{4}-\d\d-\d\d$/)
      const solved = solveArmy(triumph, army.id)
      expect(solved.ok).toBe(true)
      const v = engine.check(solved.ok ? solved.roster : {})
      expect(v.valid).toBe(true)
      expect(v.issues).toContainEqual(
        expect.objectContaining({
          code: 'army-withdrawn',
          severity: 'warning',
          message: expect.stringMatching(/^Meshwesh no longer publishes .+ checked from the copy last fetched\.$/)
        })
      )
      // A third sync does not report the removal again.
      expect((await sync(root, server)).removed).toEqual([])
    })
  })

  it('a list that fails the import is reported; the rest publish, and a list with a good earlier copy keeps it', async () => {
    const root = temp()
    await withServer({ only: SOME }, async (server) => {
      await sync(root, server)
      server.lists.get(SOME[1]).troopOptions[0].troopEntries[0].troopTypeCode = 'ZZZ'
      const fresh = structuredClone(server.lists.get(SOME[2]))
      fresh.id = 'bbbbbbbbbbbbbbbbbbbbbbbb'
      fresh.name = 'Broken New Army'
      fresh.troopOptions[0].troopEntries[0].troopTypeCode = 'ZZZ'
      server.add(fresh)
      const report = await sync(root, server)
      // Nothing else changed: the broken list keeps its last good copy, the new broken one is left out.
      expect(report.status).toBe('unchanged')
      expect(report.message).toMatch(/; 2 failed the checks\.$/)
      expect(report.rejected).toEqual([
        expect.objectContaining({ id: SOME[1], kept: true, reason: expect.stringContaining("unknown troop code 'ZZZ'") }),
        expect.objectContaining({ id: fresh.id, kept: false })
      ])
      // With a real change beside them, the rest publish.
      server.lists.get(SOME[3]).troopOptions[0].max += 1
      const next = await sync(root, server)
      expect(next.status).toBe('published')
      expect(next.rejected).toHaveLength(2)
      expect(publishedArmies(root)).toHaveLength(40)
    })
  })

  it('the newer shape (dateRanges on options) imports as the older one does', async () => {
    const [older, newer] = [temp(), temp()]
    await withServer({ only: SOME }, (server) => sync(older, server))
    await withServer({ only: SOME, newShape: true }, (server) => sync(newer, server))
    const armies = (root: string) =>
      publishedArmies(root).map((f) => {
        const a = JSON.parse(readFileSync(join(root, readPointer(root)!.folder, 'triumph', 'armies', f), 'utf8'))
        delete a.source.fetched
        return a
      })
    expect(armies(newer)).toEqual(armies(older))
  })

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

  it('a list renamed upstream keeps its army id (rosters name armies by id); a roster on a list Muster bundles in its own words stays legal, read as the synced copy (ADR 0023)', async () => {
    const root = temp()
    const bundled = JSON.parse(readFileSync(join(repoRoot, 'data', 'rulesets', 'triumph', 'armies', 'early-imperial-roman.json'), 'utf8')) as {
      source: { meshwesh: string }
    }
    await withServer({ only: [...SOME.slice(0, 5), bundled.source.meshwesh] }, async (server) => {
      await sync(root, server)
      const lists = readPointer(root)!.lists
      expect(lists[bundled.source.meshwesh].army).toBe('early-imperial-roman-115a')
      // The example roster on the bundled list is as legal as before, as the synced list.
      const engine = createEngine({ dataDirs: [join(root, readPointer(root)!.folder)] })
      expect(engine.check(JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')))).toMatchObject({
        valid: true,
        army: 'early-imperial-roman-115a'
      })
      const before = lists[SOME[0]].army
      server.lists.get(SOME[0]).name = 'Early Sumerian City States'
      const report = await sync(root, server)
      expect(report.changed).toEqual([
        expect.objectContaining({ army: before, name: 'Early Sumerian City States', changes: ['name Early Sumerian → Early Sumerian City States'] })
      ])
      expect(readPointer(root)!.lists[SOME[0]].army).toBe(before)
    })
  })

  it('an option added upstream before another of the same troops takes a new id: the options a roster uses keep theirs', async () => {
    const root = temp()
    await withServer({ only: SOME.slice(0, 3) }, async (server) => {
      await sync(root, server)
      const p = readPointer(root)!
      const armyFile = join(root, p.folder, 'triumph', 'armies', `${p.lists[SOME[0]].army}.json`)
      const before = JSON.parse(readFileSync(armyFile, 'utf8')) as { options: Array<{ id: string; name: string }> }
      const list = server.lists.get(SOME[0])
      const first = structuredClone(list.troopOptions[0])
      first._id = 'ffffffffffffffffffffffff'
      first.description = 'Newly listed guard'
      first.min = 0
      list.troopOptions.unshift(first)
      const report = await sync(root, server)
      expect(report.changed[0].changes).toEqual([`new option Newly listed guard (0–${first.max})`])
      const q = readPointer(root)!
      const after = JSON.parse(readFileSync(join(root, q.folder, 'triumph', 'armies', `${q.lists[SOME[0]].army}.json`), 'utf8')) as {
        options: Array<{ id: string; name: string }>
      }
      for (const o of before.options) expect(after.options.find((x) => x.name === o.name)?.id).toBe(o.id)
      expect(new Set(after.options.map((o) => o.id)).size).toBe(after.options.length)
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
