// Meshwesh sync against a loopback server serving the real lists in the API's shapes
// (test/support/meshwesh-server.ts): what is published, what a second sync fetches and reports (a
// few requests, not one per list), a list that fails the import, a server that changes, a list
// renamed or an option added upstream. Faults: meshwesh-sync-faults.test.ts; the extras (enemies,
// themes): meshwesh-sync-extras.test.ts.
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fixturesPresent, withServer } from '../support/meshwesh-server'
import { publishedArmies, SOME, syncWith } from '../support/meshwesh-sync-kit'
import { tempFolders } from '../support/tmp'
import { repoRoot } from '../support/engine'
import { readPointer } from '../../src-main/meshwesh/catalogue'
import { createEngine, solveArmy } from '../../src-main/rules'

const temp = tempFolders('muster-mw-')
const sync = syncWith({ timeoutMs: 2000, retries: 2, backoffMs: 5 })

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
})
