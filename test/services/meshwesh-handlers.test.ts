// The app's side of the Meshwesh sync (src-main/ipc/meshwesh-handlers.ts) through the real dispatch,
// as main.ts makes it: a real catalogue folder, app folder and data folder in temp dirs, a real
// library file, and the loopback Meshwesh server. A sync starts and answers at once; polling
// meshweshStatus shows its progress and then its report, with what it did to the library's rosters;
// one sync at a time; Cancel keeps the catalogue in force and the next sync resumes; offline says so.
import { describe, expect, it, beforeAll, afterAll } from 'vitest'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { closedPort, fixtureSummary, fixturesPresent, startMeshweshServer, type MeshweshServer } from '../support/meshwesh-server'
import { appHome } from '../support/app-calls'
import { appDispatch, type AppDispatch } from '../support/app-dispatch'
import { readPointer } from '../../src-main/meshwesh/catalogue'
import { meshweshFolder } from '../../src-main/services/user-data'
import { solveArmy } from '../../src-main/rules'
import { openLibrary, type Library, type RosterDocument } from '../../src-main/store'
import type { MeshweshStatus, Result } from '../../src-main/ipc/contract'

// The app's folders, as the app and the CLI find them.
const { temp, home } = appHome('muster-mwh-')

const summary = fixtureSummary()
const SOME = summary.slice(0, 40).map((s) => s.id)
const settingsFile = join(home, 'settings.json')

let server: MeshweshServer
let lib: Library
let app: AppDispatch

async function call<T>(channel: Parameters<AppDispatch['dispatch']>[0], ...args: unknown[]): Promise<Result<T>> {
  return (await app.dispatch(channel, args)) as Result<T>
}
async function status(): Promise<MeshweshStatus> {
  const r = await call<MeshweshStatus>('meshweshStatus')
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
/** Polls as the window does, until the sync ends; every status seen on the way. */
async function untilDone(seen: MeshweshStatus[] = []): Promise<MeshweshStatus> {
  for (;;) {
    const s = await status()
    seen.push(s)
    if (!s.running) return s
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe.skipIf(!fixturesPresent)('Meshwesh sync from the app (IPC)', () => {
  beforeAll(async () => {
    server = await startMeshweshServer({ only: SOME, latencyMs: 2 })
    lib = await openLibrary(join(temp(), 'library.sqlite'))
    app = appDispatch(lib.db, { settingsFile, http: { timeoutMs: 2000, retries: 2, backoffMs: 5 } })
  })
  afterAll(async () => {
    lib?.close()
    await server?.close()
  })

  it('before any sync: no catalogue, the public site as the server', async () => {
    expect(await status()).toEqual({
      ruleset: 'triumph',
      lists: 0,
      publishedAt: null,
      extrasRefreshedAt: null,
      baseUrl: 'https://meshwesh.wgcwar.com/api/v1',
      defaultBaseUrl: 'https://meshwesh.wgcwar.com/api/v1',
      factsOnly: false,
      running: false
    })
  })

  it('starts at once, shows its progress, refuses a second start, publishes, reloads the engine and rechecks the library', async () => {
    const started = await call<MeshweshStatus>('meshweshSync', { baseUrl: server.url })
    expect(started).toMatchObject({ ok: true, value: { running: true, progress: { phase: 'summary' }, baseUrl: server.url } })
    // The server given is the setting from now on, saved in the app folder.
    expect(JSON.parse(readFileSync(settingsFile, 'utf8'))).toEqual({ meshweshBaseUrl: server.url })
    const again = await call('meshweshSync')
    expect(again).toMatchObject({
      ok: false,
      error: { code: 'busy', message: expect.stringMatching(/^A sync with Meshwesh is already running \(.+\): wait for it to finish, or cancel it first\.$/) }
    })
    const seen: MeshweshStatus[] = []
    const done = await untilDone(seen)
    expect(seen.some((s) => s.progress?.phase === 'enemies' && s.progress.done > 0 && s.progress.total === 40 && typeof s.progress.name === 'string')).toBe(
      true
    )
    // Each poll says the time elapsed as of then (a stuck sync's clock still runs).
    expect(seen.every((s) => !s.progress || s.progress.elapsedMs >= 0)).toBe(true)
    const polled = seen.filter((s) => s.progress).map((s) => s.progress!.elapsedMs)
    expect(polled).toEqual([...polled].sort((a, b) => a - b))
    expect(done.lastReport).toMatchObject({
      status: 'published',
      total: 40,
      lists: 40,
      message: '40 lists from Meshwesh: 40 added, 0 changed, 0 removed.',
      finishedAt: expect.any(String)
    })
    expect(done.lastReport!.added).toHaveLength(40)
    expect(done.lastReport!.impact).toMatchObject({ listsUsed: [], rosters: [], summary: expect.any(String) })
    expect(done).toMatchObject({
      lists: 40,
      publishedAt: readPointer(meshweshFolder())!.publishedAt,
      extrasRefreshedAt: done.lastReport!.extrasRefreshedAt,
      running: false
    })
    expect(done.extrasRefreshedAt).toEqual(expect.any(String))
    expect(done.progress).toBeUndefined()
    expect(app.reloads()).toBe(1)
    // The reloaded engine (and so listRulesets) has the lists.
    const rulesets = await call<Array<{ id: string; armies: Array<{ source: string }> }>>('listRulesets')
    if (!rulesets.ok) throw new Error(rulesets.error.message)
    expect(rulesets.value.find((r) => r.id === 'triumph')!.armies.filter((a) => a.source === 'meshwesh')).toHaveLength(40)
  })

  it('a list a roster is built on changes: the report says how in words, and the impact names the roster, before and after; the library marks it', async () => {
    const triumph = app.engine().ruleset('triumph')!
    const target = server.lists.get(SOME[0])
    const army = [...triumph.armies.values()].find((a) => a.source?.meshwesh === target.id)!
    const solved = solveArmy(triumph, army.id)
    if (!solved.ok) throw new Error(solved.reason)
    const created = await call<{ id: string }>('createRoster', { ...solved.roster, name: 'My Sumerians' } as RosterDocument)
    if (!created.ok) throw new Error(created.error.message)
    // Every minimum raised to its maximum: the roster (the list's minimums, topped up) now misses one.
    for (const o of target.troopOptions) if (o.min > 0 && o.max > o.min) o.min = o.max
    await call('meshweshSync')
    const done = await untilDone()
    const report = done.lastReport!
    expect(report).toMatchObject({ status: 'published', baseUrl: server.url })
    expect(report.changed).toEqual([expect.objectContaining({ army: army.id, changes: expect.arrayContaining([expect.stringMatching(/ min \d+ → \d+$/)]) })])
    expect(report.impact!.listsUsed).toEqual([expect.objectContaining({ army: army.id, rosters: 1 })])
    expect(report.impact!.summary).toBe('Meshwesh changed 1 list you use: 1 roster is now illegal.')
    expect(report.impact!.rosters).toEqual([
      expect.objectContaining({
        id: created.value.id,
        name: 'My Sumerians',
        before: expect.objectContaining({ valid: true }),
        after: expect.objectContaining({ valid: false })
      })
    ])
    const marked = await call<{ total: number }>('listRosters', { dataChanged: true })
    expect(marked).toMatchObject({ ok: true, value: { total: 1 } })
    expect(app.reloads()).toBe(2)
  })

  it('Cancel mid-run (a full refresh) keeps the catalogue in force; the next sync resumes from what was fetched', async () => {
    const before = readPointer(meshweshFolder())
    for (const id of SOME) server.lists.get(id).troopOptions[0].max += 1
    server.faults.delayMs.set(`/armyLists/${SOME[30]}/enemyArmyLists`, 400)
    await call('meshweshSync', { full: true })
    let s = await status()
    while (!(s.progress?.phase === 'enemies' && s.progress.done >= 10)) {
      expect(s.running).toBe(true)
      await new Promise((r) => setTimeout(r, 10))
      s = await status()
    }
    expect(await call('meshweshCancel')).toEqual({ ok: true, value: true })
    const cancelled = await untilDone()
    expect(cancelled.lastReport).toMatchObject({
      status: 'cancelled',
      message: 'Cancelled; what was fetched is kept, and the next sync starts where this one stopped.'
    })
    expect(cancelled.lastReport!.impact).toBeUndefined()
    expect(readPointer(meshweshFolder())).toEqual(before)
    expect(cancelled).toMatchObject({ lists: 40, publishedAt: before!.publishedAt })
    expect(app.reloads()).toBe(2)
    expect(await call('meshweshCancel')).toEqual({ ok: true, value: false })

    server.faults.delayMs.clear()
    await call('meshweshSync')
    const resumed = await untilDone()
    expect(resumed.lastReport).toMatchObject({ status: 'published' })
    expect(resumed.lastReport!.resumed).toBeGreaterThan(0)
    expect(resumed.lastReport).toMatchObject({ extrasRefreshed: true })
    expect(resumed.lastReport!.changed).toHaveLength(40)
  })

  it('offline (nothing listening): one line, the catalogue in force kept', async () => {
    const before = readPointer(meshweshFolder())
    const url = await closedPort()
    await call('meshweshSync', { baseUrl: url })
    const done = await untilDone()
    expect(done.lastReport).toMatchObject({
      status: 'offline',
      message: `Offline: cannot reach ${url} (nothing answers at that address). The lists you have keep working.`
    })
    expect(done).toMatchObject({ lists: 40, baseUrl: url })
    expect(readPointer(meshweshFolder())).toEqual(before)
  })

  it('checks its arguments: an address that is not http(s) is refused before anything starts', async () => {
    for (const bad of ['ftp://example.org/api', 'javascript:alert(1)', 'meshwesh.wgcwar.com/api/v1', 'x'.repeat(3000)]) {
      expect(await call('meshweshSync', { baseUrl: bad })).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })
    }
    expect(await call('meshweshSync', { baseUrl: 'http://[oops/api' })).toMatchObject({
      ok: false,
      error: { code: 'invalid', message: "'http://[oops/api' is not an http(s) address, e.g. https://meshwesh.wgcwar.com/api/v1" }
    })
    expect(await call('meshweshSync', { factsOnly: 'yes' })).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })
    expect(await call('meshweshSync', { full: 'yes' })).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })
    expect(await call('meshweshSync', { baseUrl: server.url, extra: 1 })).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })
    expect(await call('meshweshStatus', 1)).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })
    expect((await status()).running).toBe(false)
  })

  it('reads the settings file with care: a damaged file or a bad address means the public site', async () => {
    mkdirSync(home, { recursive: true })
    writeFileSync(settingsFile, '{"meshweshBaseUrl": "file:///etc/passwd"}')
    expect((await status()).baseUrl).toBe('https://meshwesh.wgcwar.com/api/v1')
    writeFileSync(settingsFile, '{"meshweshBaseUrl": ')
    expect((await status()).baseUrl).toBe('https://meshwesh.wgcwar.com/api/v1')
    writeFileSync(settingsFile, '{"meshweshBaseUrl": "http://a.example/api", "meshweshBaseUrl": "http://b.example/api"}')
    expect((await status()).baseUrl).toBe('https://meshwesh.wgcwar.com/api/v1')
    // Choosing the public site again takes the setting away; other settings stay.
    writeFileSync(settingsFile, JSON.stringify({ meshweshBaseUrl: 'http://127.0.0.1:9/api/v1', other: 1 }))
    await call('meshweshSync', { baseUrl: 'https://meshwesh.wgcwar.com/api/v1' })
    await call('meshweshCancel')
    await untilDone()
    expect(JSON.parse(readFileSync(settingsFile, 'utf8'))).toEqual({ other: 1 })
  })

  it('facts only is the player’s choice until changed: a sync started without saying (Resume, Try again) keeps it', async () => {
    writeFileSync(settingsFile, JSON.stringify({ other: 1 }))
    expect((await status()).factsOnly).toBe(false)
    await call('meshweshSync', { baseUrl: 'http://127.0.0.1:9/api/v1', factsOnly: true })
    await untilDone()
    expect(JSON.parse(readFileSync(settingsFile, 'utf8'))).toMatchObject({ meshweshFactsOnly: true })
    expect((await status()).factsOnly).toBe(true)
    await call('meshweshSync')
    await untilDone()
    expect((await status()).factsOnly).toBe(true)
    await call('meshweshSync', { factsOnly: false })
    await untilDone()
    expect(JSON.parse(readFileSync(settingsFile, 'utf8'))).not.toHaveProperty('meshweshFactsOnly')
  })
})
