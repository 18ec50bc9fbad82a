// The extras of a Meshwesh sync (issue 39, point 1 and 2): themes and historical enemies never stop a
// publish. A route of theirs that fails keeps its last good copy and is said in words, naming the
// address; an update asks for them only where they are missing, the report says when they were last
// refreshed, and a full refresh (or their age) asks again. The bulk routes fall back to one request
// per list where they fail, and the themes are capped as the lists are. The loopback server serves
// the real lists (test/support/meshwesh-server.ts); the cap test makes up its own (meshwesh-synthetic.ts).
import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fixtureSummary, fixturesPresent, withServer, type MeshweshServer } from '../support/meshwesh-server'
import { syntheticList, writeMeshweshFolder } from '../support/meshwesh-synthetic'
import { syncWith } from '../support/meshwesh-sync-kit'
import { tempFolders } from '../support/tmp'
import { readPointer } from '../../src-main/meshwesh/catalogue'
import type { Army } from '../../src-main/rules/types'

const temp = tempFolders('muster-mw-extras-')
const SOME = fixtureSummary()
  .slice(0, 12)
  .map((s) => s.id)
const fast = { timeoutMs: 2000, retries: 1, backoffMs: 5 }
const DAY = 24 * 3600 * 1000
const T0 = Date.parse('2030-01-01T12:00:00Z')

const sync = syncWith(fast)
const on = (days: number) => () => new Date(T0 + days * DAY)

/** The armies published, by Meshwesh id. */
function armies(root: string): Map<string, Army> {
  const p = readPointer(root)!
  const dir = join(root, p.folder, 'triumph', 'armies')
  return new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Army)
      .map((a) => [String(a.source?.meshwesh), a])
  )
}

/** A theme the served lists have, and one of its lists. */
async function aTheme(server: MeshweshServer): Promise<{ id: string; name: string; list: string }> {
  const themes = (await (await fetch(`${server.url}/thematicCategories`)).json()) as Array<{ id: string; name: string }>
  const lists = (await (await fetch(`${server.url}/thematicCategories/${themes[0].id}/armyLists`)).json()) as Array<{ id: string }>
  return { ...themes[0], list: lists[0].id }
}

const asked = (server: MeshweshServer) => server.requests.map((r) => r.path)

describe.skipIf(!fixturesPresent)('Meshwesh sync: the extras', () => {
  it('a theme route that answers 404 on the first sync: every list is published anyway, and the report says what could not be fetched, naming the address', async () => {
    const root = temp()
    await withServer({ only: SOME }, async (server) => {
      const theme = await aTheme(server)
      const path = `/thematicCategories/${theme.id}/armyLists`
      server.faults.status.set(path, 404)
      const first = await sync(root, server)
      expect(first).toMatchObject({ status: 'published', lists: 12, failed: [] })
      expect(first.message).toBe('12 lists from Meshwesh: 12 added, 0 changed, 0 removed. Some historical enemies or themes could not be fetched: see below.')
      expect(first.extrasNotFetched).toEqual([
        `The lists of the theme “${theme.name}” could not be fetched: The server answered 404 (Not found) for ${path}: “Injected fault: 404 for ${path}”. That theme is left off the lists until the next update fetches them.`
      ])
      expect(armies(root).get(theme.list)!.categories ?? []).not.toContain(theme.name)
      // The route answers again: the next update asks for the themes (and only them, beside the lists).
      server.faults.status.clear()
      server.requests.length = 0
      const next = await sync(root, server)
      expect(next.extrasNotFetched).toEqual([])
      expect(asked(server).filter((p) => p.endsWith('/enemyArmyLists'))).toEqual([])
      expect(next.changed.map((c) => c.changes)).toContainEqual([`categories: +${theme.name}`])
      expect(armies(root).get(theme.list)!.categories).toContain(theme.name)
    })
  })

  it('the themes and a list’s enemies failing on a full refresh: the lists publish, and the last good copy of each is kept', async () => {
    const root = temp()
    await withServer({ only: SOME }, async (server) => {
      await sync(root, server)
      const theme = await aTheme(server)
      const enemiesOf = SOME.find((id) => (armies(root).get(id)!.enemies ?? []).length > 0)!
      const before = armies(root).get(enemiesOf)!
      server.lists.get(SOME[0]).troopOptions[0].max += 1
      server.faults.status.set('/thematicCategories', 404)
      server.faults.status.set(`/armyLists/${enemiesOf}/enemyArmyLists`, 503)
      const r = await sync(root, server, { full: true })
      expect(r).toMatchObject({ status: 'published', extrasRefreshed: true })
      expect(r.changed.map((c) => c.army)).toEqual([armies(root).get(SOME[0])!.id])
      const day = new Date().toISOString().slice(0, 10)
      expect(r.extrasNotFetched).toEqual([
        `The themes (thematic categories) could not be fetched: The server answered 404 (Not found) for /thematicCategories: “Injected fault: 404 for /thematicCategories”. The themes fetched on ${day} are kept.`,
        `The historical enemies of ${server.lists.get(enemiesOf).name} could not be fetched: The server answered 503 (Service unavailable) for /armyLists/${enemiesOf}/enemyArmyLists: “Injected fault: 503 for /armyLists/${enemiesOf}/enemyArmyLists”. Their last copies are kept; the next update asks again.`
      ])
      const after = armies(root)
      expect(after.get(theme.list)!.categories).toContain(theme.name)
      expect(after.get(enemiesOf)!.enemies).toEqual(before.enemies)
      // The next update asks again for what failed, and only that.
      server.faults.status.clear()
      server.requests.length = 0
      expect((await sync(root, server)).extrasNotFetched).toEqual([])
      expect(asked(server).filter((p) => p.endsWith('/enemyArmyLists'))).toEqual([`/armyLists/${enemiesOf}/enemyArmyLists`])
      expect(asked(server)).toContain('/thematicCategories')
    })
  })

  it('an update asks for no extras and says when they were last refreshed; a new list gets its own; Full refresh, or 30 days, asks for all', async () => {
    const root = temp()
    await withServer({ only: SOME.slice(0, 6) }, async (server) => {
      const first = await sync(root, server, { now: on(0) })
      expect(first).toMatchObject({ extrasRefreshed: true, extrasRefreshedAt: new Date(T0).toISOString() })
      server.requests.length = 0
      const update = await sync(root, server, { now: on(1) })
      expect(update).toMatchObject({ status: 'unchanged', extrasRefreshed: false, extrasRefreshedAt: new Date(T0).toISOString() })
      expect(asked(server)).toEqual(['/armyLists?summary=true', '/armyLists', '/allyArmyLists'])

      // A list new upstream: its enemies, and the themes (the list may be in some), nothing more.
      const added = structuredClone(server.lists.get(SOME[1]))
      added.id = 'cccccccccccccccccccccccc'
      added.name = 'Test Added Army'
      added.sublistId = 'z'
      server.add(added)
      server.requests.length = 0
      const grown = await sync(root, server, { now: on(2) })
      expect(grown.added.map((a) => a.name)).toEqual(['Test Added Army'])
      expect(grown.extrasRefreshed).toBe(false)
      expect(asked(server).filter((p) => p.endsWith('/enemyArmyLists'))).toEqual([`/armyLists/${added.id}/enemyArmyLists`])
      expect(asked(server)).toContain('/thematicCategories')

      server.requests.length = 0
      const full = await sync(root, server, { now: on(3), full: true })
      expect(full).toMatchObject({ extrasRefreshed: true, extrasRefreshedAt: new Date(T0 + 3 * DAY).toISOString() })
      expect(asked(server).filter((p) => p.endsWith('/enemyArmyLists'))).toHaveLength(7)

      server.requests.length = 0
      expect(await sync(root, server, { now: on(3 + 30) })).toMatchObject({ extrasRefreshed: false })
      expect(asked(server)).toHaveLength(3)
      server.requests.length = 0
      expect(await sync(root, server, { now: on(3 + 31) })).toMatchObject({ extrasRefreshed: true })
      expect(asked(server).filter((p) => p.endsWith('/enemyArmyLists'))).toHaveLength(7)
    })
  })

  it('the bulk routes answering 404 (a server without them): each list and its allies asked on its own, the same armies published', async () => {
    const [bulk, alone] = [temp(), temp()]
    await withServer({ only: SOME }, (server) => sync(bulk, server))
    await withServer({ only: SOME }, async (server) => {
      // '/armyLists?': the bulk route only, not the summary.
      server.faults.status.set('/armyLists?', 404)
      server.faults.status.set('/allyArmyLists', 404)
      const r = await sync(alone, server)
      expect(r).toMatchObject({ status: 'published', lists: 12, failed: [] })
      expect(r.notes).toEqual([
        'The server answered 404 (Not found) for /armyLists: “Injected fault: 404 for /armyLists”. Each list was asked for on its own instead.',
        "The server answered 404 (Not found) for /allyArmyLists: “Injected fault: 404 for /allyArmyLists”. Each list's allies were asked for on their own instead."
      ])
      expect(asked(server).filter((p) => /^\/armyLists\/[0-9a-f]{24}$/.test(p))).toHaveLength(12)
      expect(asked(server).some((p) => p.endsWith('/allyOptions'))).toBe(true)
    })
    const strip = (m: Map<string, Army>) => new Map([...m].map(([id, a]) => [id, { ...a, source: { ...a.source, fetched: '' } }]))
    expect(strip(armies(alone))).toEqual(strip(armies(bulk)))
  })

  it('an ally army list missing from /allyArmyLists: that list asks its own allyOptions route (upstream, 500), and keeps its last copy', async () => {
    const root = temp()
    await withServer({ only: SOME }, async (server) => {
      await sync(root, server)
      // An ally army list one or two of the lists name (more would be over a tenth: nothing would publish).
      const usersOf = (ally: string) => SOME.filter((id) => JSON.stringify(server.lists.get(id).allyOptions ?? []).includes(ally))
      const ally = SOME.flatMap((id) =>
        (server.lists.get(id).allyOptions ?? []).flatMap((o: { allyEntries: Array<{ allyArmyList: string }> }) => o.allyEntries.map((e) => e.allyArmyList))
      ).find((a) => usersOf(a).length <= 2)!
      server.allyArmyLists.delete(ally)
      const users = usersOf(ally)
      server.requests.length = 0
      const r = await sync(root, server)
      expect(r.status).toBe('unchanged')
      expect(r.failed.map((f) => [f.id, f.kept])).toEqual(users.map((id) => [id, true]))
      expect(r.failed[0].reason).toMatch(
        /^The server answered 500 \(Internal server error\) for \/armyLists\/[0-9a-f]{24}\/allyOptions: “Unable to get ally options\. Server error\.”$/
      )
      expect(new Set(asked(server).filter((p) => p.endsWith('/allyOptions')))).toEqual(new Set(users.map((id) => `/armyLists/${id}/allyOptions`)))
    })
  })
})

describe('Meshwesh sync: a server naming far too many themes', () => {
  it('stops at 500 before asking for any, in the words of the list limit; the lists publish without themes', async () => {
    const home = temp()
    const themes = Array.from({ length: 501 }, (_, i) => ({ id: (0xabc000 + i).toString(16).padStart(24, '0'), name: `Theme ${i}` }))
    const site = writeMeshweshFolder(
      join(home, 'site'),
      [1, 2, 3].map((n) => syntheticList(n)),
      themes
    )
    await withServer({ fixtures: site }, async (server) => {
      const r = await sync(join(home, 'meshwesh'), server)
      expect(r).toMatchObject({ status: 'published', lists: 3 })
      expect(r.extrasNotFetched).toEqual([
        'The themes (thematic categories) could not be fetched: The server names 501 thematic categories, more than the 500 Muster fetches (Meshwesh has about 40): check the server address. The lists have no themes until a later sync fetches them.'
      ])
      expect(asked(server).filter((p) => p.startsWith('/thematicCategories/'))).toEqual([])
    })
  })
})
