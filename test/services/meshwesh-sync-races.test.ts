// The shipped `muster meshwesh sync` killed at an exact step of its publish (a preload that SIGKILLs
// the process just after a chosen rename, child/kill-after-rename.cjs), and several started at once
// after a crash: a finished run is never resumed, one sync runs at a time, and what killed publishes
// leave is tidied at the next start (issue 38, points 4 and 5, and "tidy them at the next start").
// Synthetic lists (meshwesh-synthetic.ts), so it runs on any clone.
import { describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startMeshweshServer, type MeshweshServer } from '../support/meshwesh-server'
import { syntheticId, syntheticList, writeMeshweshFolder } from '../support/meshwesh-synthetic'
import { musterAsync, type CliResult } from '../support/cli'
import { tempFolders } from '../support/tmp'
import { readPointer } from '../../src-main/meshwesh/catalogue'

const temp = tempFolders('muster-mw-race-')
const LISTS = 6
const killer = join(__dirname, 'child', 'kill-after-rename.cjs')

async function withServer<T>(fn: (server: MeshweshServer, home: string) => Promise<T>): Promise<T> {
  const home = temp()
  const site = writeMeshweshFolder(
    join(home, 'site'),
    Array.from({ length: LISTS }, (_, i) => syntheticList(i + 1))
  )
  const server = await startMeshweshServer({ fixtures: site })
  try {
    return await fn(server, home)
  } finally {
    await server.close()
  }
}

/** `muster meshwesh sync` as shipped; `kill`: SIGKILLed just after the `count`-th rename onto a path matching it. */
function sync(server: MeshweshServer, home: string, opts: { json?: boolean; kill?: { after: string; count?: number } } = {}): Promise<CliResult> {
  const env: Record<string, string> = { MUSTER_MESHWESH: join(home, 'meshwesh'), MUSTER_DB: join(home, 'library.sqlite') }
  if (opts.kill)
    Object.assign(env, {
      NODE_OPTIONS: `--require ${killer}`,
      MUSTER_TEST_KILL_AFTER: opts.kill.after,
      MUSTER_TEST_KILL_COUNT: String(opts.kill.count ?? 1)
    })
  return musterAsync(['meshwesh', 'sync', '--base-url', server.url, '--no-library', '--timeout', '10', ...(opts.json ? ['--json'] : [])], {
    env,
    timeoutMs: 50_000
  })
}

const catalogueFolders = (root: string) =>
  readdirSync(root)
    .filter((f) => f.startsWith('c-'))
    .sort()
/** Raises the first troop option's maximum of synthetic list n on the server. */
const change = (server: MeshweshServer, n: number) => void (server.lists.get(syntheticId(n)).troopOptions[0].max += 1)
const name = (n: number) => syntheticList(n).name as string

/** A gate: the server answers the summary once it is opened (and the requests seen so far are forgotten). */
function gateSummary(server: MeshweshServer): () => void {
  server.requests.length = 0
  let open: () => void = () => undefined
  server.faults.waitFor.set('/armyLists', new Promise<void>((resolve) => (open = resolve)))
  return () => {
    server.faults.waitFor.delete('/armyLists')
    open()
  }
}
const summaryAsked = (server: MeshweshServer) => server.requests.filter((r) => r.path.startsWith('/armyLists?summary')).length

async function until(what: () => boolean): Promise<void> {
  for (let i = 0; i < 1500 && !what(); i++) await new Promise((r) => setTimeout(r, 20))
}

describe('muster meshwesh sync, killed and raced', () => {
  it('killed just after it publishes: the next sync fetches afresh and reports what changed since, never "Up to date"', async () => {
    await withServer(async (server, home) => {
      const root = join(home, 'meshwesh')
      expect((await sync(server, home)).stdout).toMatch(/^6 lists from Meshwesh: 6 added, 0 changed, 0 removed\.\n/)
      const first = readPointer(root)!
      change(server, 1)
      const killed = await sync(server, home, { kill: { after: '/catalogue\\.json$' } })
      expect(killed).toMatchObject({ code: -1, stdout: '' })
      // It did publish: the change to list 1 is in force.
      const second = readPointer(root)!
      expect(second.folder).not.toBe(first.folder)
      expect(second.lists[syntheticId(1)].hash).not.toBe(first.lists[syntheticId(1)].hash)
      change(server, 2)
      const next = JSON.parse((await sync(server, home, { json: true })).stdout)
      expect(next).toMatchObject({ status: 'published', resumed: 0, added: [], removed: [] })
      expect(next.changed.map((c: { name: string }) => c.name)).toEqual([name(2)])
      // And the one after that has nothing left to find.
      expect(JSON.parse((await sync(server, home, { json: true })).stdout)).toMatchObject({ status: 'unchanged', changed: [] })
    })
  }, 60_000)

  it('eight started at once over the lock of a killed sync: one runs and publishes, each other says which sync runs and exits 2', async () => {
    await withServer(async (server, home) => {
      const root = join(home, 'meshwesh')
      mkdirSync(root, { recursive: true })
      // What a killed sync leaves: a lock file naming a process that no longer runs.
      writeFileSync(join(root, 'sync.lock'), '2147483646')
      const open = gateSummary(server)
      let ended = 0
      const runs = Array.from({ length: 8 }, () => sync(server, home).finally(() => ended++))
      // Seven give up, or (the failure) two get as far as asking the server: then the gate opens.
      await until(() => ended >= 7 || summaryAsked(server) >= 2)
      open()
      const results = await Promise.all(runs)
      for (const r of results) expect(`${r.stdout}${r.stderr}`).not.toMatch(/ENOENT|EEXIST|Error:|    at /)
      expect(summaryAsked(server)).toBe(1)
      const published = results.filter((r) => r.code === 0)
      expect(published).toHaveLength(1)
      expect(published[0].stdout).toMatch(/^6 lists from Meshwesh: 6 added/)
      const waiting = results.filter((r) => r.code !== 0)
      expect(waiting).toHaveLength(7)
      for (const r of waiting) {
        expect(r.code).toBe(2)
        expect(r.stdout).toMatch(/^Another sync is running \(process \d+, started at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\); wait for it to finish\.\n$/)
      }
      expect(existsSync(join(root, 'sync.lock'))).toBe(false)
    })
  }, 60_000)

  it('a publish killed mid-way leaves a folder: the next sync removes it as it starts, keeping the folder in force and the one it replaced', async () => {
    await withServer(async (server, home) => {
      const root = join(home, 'meshwesh')
      await sync(server, home)
      change(server, 1)
      await sync(server, home)
      const { folder, replaced } = readPointer(root)!
      change(server, 2)
      // Killed after writing its third army file.
      const killed = await sync(server, home, { kill: { after: '/c-[^/]+/triumph/armies/[^/]+\\.json$', count: 3 } })
      expect(killed.code).toBe(-1)
      const left = catalogueFolders(root).filter((f) => f !== folder && f !== replaced)
      expect(left).toHaveLength(1)
      // The next sync, held at its first request: by then it has tidied.
      const open = gateSummary(server)
      const next = sync(server, home)
      await until(() => summaryAsked(server) >= 1)
      expect(catalogueFolders(root)).toEqual([folder, replaced].sort())
      open()
      expect((await next).code).toBe(0)
    })
  }, 60_000)

  it('a killed publish’s folder goes when the catalogue is next opened for use, unless a sync is running (it may be writing it)', async () => {
    await withServer(async (server, home) => {
      const root = join(home, 'meshwesh')
      const env = { MUSTER_MESHWESH: root, MUSTER_DB: join(home, 'library.sqlite') }
      await sync(server, home)
      change(server, 1)
      await sync(server, home)
      const { folder, replaced } = readPointer(root)!
      change(server, 2)
      await sync(server, home, { kill: { after: '/c-[^/]+/triumph/armies/[^/]+\\.json$', count: 2 } })
      expect(catalogueFolders(root)).toHaveLength(3)
      const listed = await musterAsync(['rulesets', '--json'], { env })
      expect(listed.code).toBe(0)
      expect(catalogueFolders(root)).toEqual([folder, replaced].sort())
      // A sync under way (held at its first request); a folder it could be writing is left alone.
      const open = gateSummary(server)
      const running = sync(server, home)
      await until(() => summaryAsked(server) >= 1)
      mkdirSync(join(root, 'c-being-written-1'))
      expect((await musterAsync(['rulesets', '--json'], { env })).code).toBe(0)
      expect(existsSync(join(root, 'c-being-written-1'))).toBe(true)
      open()
      expect((await running).code).toBe(0)
    })
  }, 60_000)
})
