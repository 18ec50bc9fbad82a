// `muster meshwesh sync` itself, run in this process (musterHere): what it says and exits with, the
// lists in `muster rulesets`, the library's recheck, --full and an extra that could not be fetched,
// a damaged catalogue repaired, offline and a bad --base-url. The sync's own behaviour is
// meshwesh-sync.test.ts's; the shipped bundle's, meshwesh-sync-answers and -races.
import { describe, expect, it } from 'vitest'
import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { closedPort, fixtureSummary, fixturesPresent, withServer } from '../support/meshwesh-server'
import { SOME } from '../support/meshwesh-sync-kit'
import { tempFolders } from '../support/tmp'
import { repoRoot } from '../support/engine'
import { musterHere } from '../support/cli'
import { readPointer } from '../../src-main/meshwesh/catalogue'
import { createEngine, solveArmy } from '../../src-main/rules'
import { createAjv } from '../../src-main/rules/schemas'
import { documentChecks } from '../../src-main/services/library-checks'
import { createRoster, openLibrary, type RosterDocument } from '../../src-main/store'

const temp = tempFolders('muster-mw-cli-')
const summary = fixtureSummary()

describe.skipIf(!fixturesPresent)('muster meshwesh sync', () => {
  it('publishes, says what it did, puts the lists in `muster rulesets`, and rechecks the library', async () => {
    const home = temp()
    const env = { MUSTER_MESHWESH: join(home, 'meshwesh'), MUSTER_DB: join(home, 'library.sqlite') }
    await withServer({ only: SOME }, async (server) => {
      const first = await musterHere(['meshwesh', 'sync', '--base-url', server.url], { env })
      expect(first.code).toBe(0)
      expect(first.stdout).toMatch(
        /^40 lists from Meshwesh: 40 added, 0 changed, 0 removed\.\nRequests: \d+; lists downloaded 40, unchanged 0\.\nHistorical enemies and themes: refreshed now\.\n/
      )
      expect(first.stderr).toBe('') // no progress line when not on a terminal
      const listed = JSON.parse((await musterHere(['rulesets', '--json'], { env })).stdout) as Array<{ id: string; armies: Array<Record<string, unknown>> }>
      const triumph = listed.find((r) => r.id === 'triumph')!
      const abbasid = summary.findIndex((s) => s.name === 'Early Sumerian')
      expect(abbasid).toBeGreaterThanOrEqual(0)
      const synced = triumph.armies.filter((a) => a.source === 'meshwesh')
      expect(synced).toHaveLength(40)
      expect(synced.find((a) => a.id === 'early-sumerian-1a')).toMatchObject({
        listNumber: '1a',
        categories: ['Cradle of Civilization'],
        source: 'meshwesh',
        origin: 'Meshwesh',
        fetched: expect.any(String)
      })
      expect(triumph.armies.filter((a) => a.source === 'bundled').length).toBeGreaterThan(0)

      // A roster on a list that then changes: the library's recheck marks it and the report says so.
      const engine = createEngine({ dataDirs: [join(home, 'meshwesh', readPointer(join(home, 'meshwesh'))!.folder)] })
      const target = server.lists.get(SOME[0])
      const armyId = [...engine.ruleset('triumph')!.armies.values()].find((a) => a.source?.meshwesh === target.id)!.id
      const solved = solveArmy(engine.ruleset('triumph')!, armyId)
      if (!solved.ok) throw new Error(solved.reason)
      const lib = await openLibrary(env.MUSTER_DB)
      createRoster(lib.db, solved.roster as RosterDocument, { check: documentChecks(engine, createAjv()).summarise!(solved.roster as RosterDocument) })
      lib.close()
      // Every option now wants its maximum: the roster built from the minimums misses some.
      for (const o of target.troopOptions) o.min = o.max
      const second = await musterHere(['meshwesh', 'sync', '--base-url', server.url, '--json'], { env })
      const report = JSON.parse(second.stdout)
      expect(report.status).toBe('published')
      expect(report.changed).toHaveLength(1)
      expect(report.changed[0].changes.join('; ')).toMatch(/min \d+ → \d+/)
      expect(report.impact.listsUsed).toEqual([expect.objectContaining({ army: armyId, rosters: 1 })])
      expect(report.impact.summary).toMatch(/^Meshwesh changed 1 list you use: 1 roster is now illegal\.$/)
      expect(report.impact.rosters[0]).toMatchObject({ before: { valid: true }, after: { valid: false } })

      // --full asks for the extras again; one that fails is said below the line, its last copy kept (exit 1).
      server.faults.status.set('/thematicCategories', 404)
      const full = await musterHere(['meshwesh', 'sync', '--base-url', server.url, '--full'], { env })
      expect(full.code).toBe(1)
      const day = '\\d{4}-\\d\\d-\\d\\d'
      expect(full.stdout).toMatch(
        new RegExp(
          `^Up to date: 40 lists, none changed since ${day}\\. Some historical enemies or themes could not be fetched: see below\\.\\n` +
            `Requests: \\d+; lists downloaded 0, unchanged 40\\.\\nHistorical enemies and themes: refreshed now\\.\\n` +
            `  not fetched: The themes \\(thematic categories\\) could not be fetched: The server answered 404 \\(Not found\\) for /thematicCategories: “Injected fault: 404 for /thematicCategories”\\. The themes fetched on ${day} are kept\\.\\n$`
        )
      )
      // A plain update says when they were last refreshed, and how to refresh them.
      server.faults.status.clear()
      const plain = await musterHere(['meshwesh', 'sync', '--base-url', server.url], { env })
      expect(plain.code).toBe(0)
      expect(plain.stdout.split('\n')[2]).toMatch(
        /^Historical enemies and themes: last refreshed \d{4}-\d\d-\d\d \(new lists' fetched now; `muster meshwesh sync --full` refreshes them all\)\.$/
      )
    })
  }, 60_000)

  it('a damaged catalogue is left out with a warning (Muster keeps working), and the next sync repairs it', async () => {
    const home = temp()
    const env = { MUSTER_MESHWESH: join(home, 'meshwesh'), MUSTER_DB: join(home, 'library.sqlite') }
    await withServer({ only: SOME.slice(0, 6) }, async (server) => {
      expect((await musterHere(['meshwesh', 'sync', '--base-url', server.url], { env })).code).toBe(0)
      const root = join(home, 'meshwesh')
      const dir = join(root, readPointer(root)!.folder, 'triumph', 'armies')
      const file = readdirSync(dir).find((f) => f.endsWith('.json'))!
      writeFileSync(join(dir, file), '{"id": "cut off')
      const checked = await musterHere(['validate', join(repoRoot, 'examples', 'triumph-legal.muster.json')], { env })
      expect(checked.code).toBe(0)
      expect(checked.stderr).toMatch(
        /^muster: warning: the Meshwesh catalogue is damaged \(.+\), so its lists are left out; run `muster meshwesh sync` \(or Update from Meshwesh in the app\) to repair it\n$/
      )
      const repaired = await musterHere(['meshwesh', 'sync', '--base-url', server.url, '--json'], { env })
      expect(JSON.parse(repaired.stdout)).toMatchObject({ status: 'published', downloaded: 0, added: [], changed: [] })
      const after = await musterHere(['rulesets', '--json'], { env })
      expect(after.stderr).toBe('')
      expect(
        (JSON.parse(after.stdout) as Array<{ id: string; armies: Array<{ source: string }> }>)
          .find((r) => r.id === 'triumph')!
          .armies.filter((a) => a.source === 'meshwesh')
      ).toHaveLength(6)
    })
  })

  it('offline: one line on stderr, exit 2; a bad --base-url is refused in words', async () => {
    const home = temp()
    const env = { MUSTER_MESHWESH: join(home, 'meshwesh'), MUSTER_DB: join(home, 'library.sqlite') }
    const url = await closedPort()
    const off = await musterHere(['meshwesh', 'sync', '--base-url', url], { env })
    expect(off).toEqual({ code: 2, stdout: '', stderr: `Offline: cannot reach ${url} (nothing answers at that address). The lists you have keep working.\n` })
    const bad = await musterHere(['meshwesh', 'sync', '--base-url', 'ftp://x'], { env })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/^--base-url: 'ftp:\/\/x' is not an http\(s\) address/)
  })
})
