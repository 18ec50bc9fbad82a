// Issue 39, point 3: after a Meshwesh sync every list number is one list. A real sync (the loopback
// server serving ../shared/fixtures/meshwesh) of the lists Muster bundles, laid over the bundled data:
// the lists Muster ships in its own words (early-imperial-roman for 115a...) and their synced copies
// were shown twice; now the synced list is in force and the bundled id an alias of it
// (docs/adr/0023-one-list-per-list-number.md). Rosters saved on the old id open, check and print as
// the new list and say so once; pairing and historical enemies treat both ids as one army.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { fixtureSummary, fixturesPresent, startMeshweshServer } from '../support/meshwesh-server'
import { tempFolders } from '../support/tmp'
import { repoRoot } from '../support/engine'
import { musterHere } from '../support/cli'
import { runMeshweshSync } from '../../src-main/services/meshwesh/run'
import { readPointer } from '../../src-main/meshwesh/catalogue'
import { createEngine, solveArmy, type Engine } from '../../src-main/rules'
import type { Army, Roster } from '../../src-main/rules/types'
import { rulesetListing, rulesetSummaries } from '../../src-main/services/catalogue'
import { armiesFielded } from '../../src-main/services/collection-fit'
import { rosterText } from '../../src-main/export'
import { pairSubmissions } from '../../src-main/services/event-pairing'
import { checkEvent } from '../../src-main/event/check-event'
import { compareWithPrevious } from '../../src-main/event/resubmission'
import { rosterOnListInForce } from '../../src-main/rules/roster-on-list'
import type { EventProfile } from '../../src-main/event/types'
import * as library from '../../src-main/services/library'
import { documentChecks } from '../../src-main/services/library-checks'
import { createAjv } from '../../src-main/rules/schemas'
import { getDocument, openLibrary } from '../../src-main/store'

const temp = tempFolders('muster-one-list-')
const armiesDir = join(repoRoot, 'data', 'rulesets', 'triumph', 'armies')
const bundled: Army[] = readdirSync(armiesDir).map((f) => JSON.parse(readFileSync(join(armiesDir, f), 'utf8')) as Army)
const byList = (list: string) => bundled.find((a) => a.source?.list === list)!
const example = () => JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as Roster

let root = ''
let catalogue = ''
let engine: Engine
/** The bundled lists the synced catalogue holds under another id, found from the data: old id -> new id. */
let twins: Map<string, string>

describe.skipIf(!fixturesPresent)('one list per list number after a Meshwesh sync (issue 39, point 3)', () => {
  beforeAll(async () => {
    root = temp()
    // the bundled lists' own Meshwesh lists, those the fixture snapshot has
    const inFixture = new Set(fixtureSummary().map((l) => l.id))
    const served = bundled.map((a) => String(a.source?.meshwesh)).filter((id) => inFixture.has(id))
    const server = await startMeshweshServer({ only: served })
    try {
      // 115a and 119a historical enemies (the fixtures hold no enemies: the test says which)
      const [roman, britons] = ['115a', '119a'].map((l) => String(byList(l).source!.meshwesh))
      server.enemies.clear()
      for (const id of server.lists.keys()) server.enemies.set(id, id === roman ? [britons] : id === britons ? [roman] : [])
      const report = await runMeshweshSync({ root, baseUrl: server.url, dataDirsAbove: [], http: { timeoutMs: 5000, retries: 1, backoffMs: 5 } })
      expect(report.status).toBe('published')
    } finally {
      await server.close()
    }
    catalogue = join(root, readPointer(root)!.folder)
    engine = createEngine({ dataDirs: [catalogue] })
    const lists = Object.values(readPointer(root)!.lists)
    twins = new Map(
      bundled.flatMap((a) => {
        const synced = lists.find((l) => l.list === a.source?.list)
        return synced && synced.army !== a.id ? [[a.id, synced.army] as const] : []
      })
    )
  }, 60_000)

  it('shows each list number once: the picker, the Armies screen, `muster rulesets`, "Armies I can field"; the old ids are aliases', () => {
    // the issue's examples are among the twins the data has
    for (const list of ['115a', '63b', '119a']) expect(twins.has(byList(list).id), list).toBe(true)
    expect(twins.size).toBe(11)
    const triumph = engine.ruleset('triumph')!
    const numbers = (armies: Array<{ id: string; listNumber?: string }>) => armies.map((a) => a.listNumber).filter(Boolean)
    const app = rulesetSummaries(engine).find((r) => r.id === 'triumph')!.armies
    const cli = rulesetListing(engine).find((r) => r.id === 'triumph')!.armies
    for (const listed of [app, cli]) {
      expect(new Set(numbers(listed)).size).toBe(numbers(listed).length)
      for (const [from, to] of twins) {
        expect(listed.map((a) => a.id)).not.toContain(from)
        expect(listed.map((a) => a.id)).toContain(to)
      }
    }
    expect(app.filter((a) => a.listNumber === '115a')).toEqual([expect.objectContaining({ id: 'early-imperial-roman-115a', source: 'meshwesh' })])
    const fielded = armiesFielded(engine, [], 'triumph').map((a) => a.army)
    for (const from of twins.keys()) expect(fielded).not.toContain(from)
    expect(fielded).toHaveLength(new Set(fielded).size)
    for (const [from, to] of twins) {
      expect(triumph.armies.has(from)).toBe(true)
      expect(triumph.armies.get(from)!.id).toBe(to)
      expect(triumph.armies.canonical(from)).toBe(to)
    }
  })

  it('a roster saved on each bundled id checks as the list in force, every option it names matched, with one warning saying which list it now is', () => {
    const plain = createEngine()
    for (const [from, to] of twins) {
      // a legal roster of the bundled list checks the same on the new one, but for the warning
      const solved = solveArmy(plain.ruleset('triumph')!, from)
      expect(solved.ok, from).toBe(true)
      if (!solved.ok) continue
      const v = engine.check(solved.roster)
      expect(v.army, from).toBe(to)
      const moved = v.issues.filter((i) => i.code === 'army-list-superseded')
      expect(moved, from).toEqual([expect.objectContaining({ severity: 'warning', path: '/army' })])
      expect(v, from).toMatchObject({ valid: true, points: plain.check(solved.roster).points })
      // a stand of every option the bundled list has, its own and its allies': each found on the new list
      const old = plain.ruleset('triumph')!.armies.get(from)!
      const keys = [
        ...old.options.map((o) => ({ option: o.id, troop: o.troops[0] })),
        ...(old.allies ?? []).flatMap((a) => a.contingents.flatMap((c) => c.options.map((o) => ({ option: `${a.id}.${c.id}.${o.id}`, troop: o.troops[0] }))))
      ]
      const every = engine.check({ ...solved.roster, units: keys.map((k) => ({ ...k, count: 1 })) })
      expect(
        every.units!.filter((u) => !u.option).map((u) => keys[u.index].option),
        from
      ).toEqual([])
      expect(
        every.units!.map((u) => u.troop),
        from
      ).toEqual(keys.map((k) => k.troop))
      expect(
        every.issues.filter((i) => /option-unknown|not on the/.test(i.code + i.message)),
        from
      ).toEqual([])
    }
    const v = engine.check(example())
    expect(v).toMatchObject({ valid: true, army: 'early-imperial-roman-115a' })
    expect(v.issues.map((i) => i.message)).toEqual([
      "This roster was saved on Muster's own list 115a Early Imperial Roman; Muster now uses Meshwesh's 115a Early Imperial Roman."
    ])
    expect(v.units!.find((u) => u.index === 2)).toMatchObject({ option: 'javelin-cavalry', troop: 'javelin-cavalry' })
    // German allies, which the new list gives only to its part 'in Germany': read as that part
    const german = engine.check({
      ...example(),
      year: 9,
      units: [...example().units, { troop: 'warriors', count: 2, option: 'german.german.warriors' }]
    })
    expect(german.subFaction).toEqual({ id: 'in-germany', name: 'in Germany' })
    expect(german.issues[0].message).toMatch(/, as its part 'in Germany' \(the one part its units allow\)\.$/)
    expect(german.issues.map((i) => i.code)).not.toContain('sub-faction-missing')
  })

  it('prints as the new list, with a check code over the list in force', () => {
    const printed = rosterText(engine, example())
    expect(printed.armyName).toBe('115a Early Imperial Roman')
    expect(printed.dataNote).toMatch(/^with Meshwesh lists of \d{4}-\d\d-\d\d$/)
    expect(printed.checkCode).not.toBe(rosterText(createEngine(), example()).checkCode)
    expect(printed.text).toContain('115a Early Imperial Roman')
  })

  it('the library opens it as the new list and says so once; the stored roster is not rewritten', async () => {
    const lib = await openLibrary(join(temp(), 'library.sqlite'))
    try {
      const { $schema: _schema, ...doc } = example() as Roster & { $schema?: string }
      const row = library.createRoster(lib.db, documentChecks(engine, createAjv()), doc)
      const opened = library.openRoster(lib.db, row.id, undefined, engine)
      expect(opened.document).toMatchObject({ army: 'early-imperial-roman-115a' })
      expect((opened.document.units as Array<{ option?: string }>)[2].option).toBe('javelin-cavalry')
      expect(opened.moved).toMatch(/^This roster was saved on Muster's own list 115a .*Your next change saves the roster on that list\.$/)
      expect(getDocument(lib.db, row.id)).toMatchObject({ army: 'early-imperial-roman' })
      expect(library.openRoster(lib.db, row.id).moved).toBeUndefined()
    } finally {
      lib.close()
    }
  })

  it('pairing and historical enemies treat the old and the new id as one army', () => {
    const triumph = engine.ruleset('triumph')!
    expect(triumph.armies.get('early-imperial-roman-115a')!.enemies).toContain('ancient-british-119a')
    const britons = solveArmy(createEngine().ruleset('triumph')!, 'ancient-british')
    expect(britons.ok).toBe(true)
    const event: EventProfile = { format: 'muster-event', version: 1, name: 'Open', ruleset: 'triumph' }
    // old Roman id against the new British one, then the new Roman id against the old British one
    for (const [roman, briton] of [
      [example(), { ...(britons.ok ? britons.roster : {}), army: 'ancient-british-119a', units: [] }],
      [{ ...example(), army: 'early-imperial-roman-115a', units: [] }, britons.ok ? britons.roster : {}]
    ]) {
      const { report } = pairSubmissions(engine, event, [
        { file: 'a.muster.json', data: { ...roman, player: 'Ann' } },
        { file: 'b.muster.json', data: { ...briton, player: 'Bo' } }
      ])
      expect(report.pairs).toHaveLength(1)
      expect(report.pairs[0].reasons).toContain('historical enemies')
    }
    // an event that allows the bundled id admits the roster on the new one
    const allowed = checkEvent(engine, { ...event, armies: { allowed: ['early-imperial-roman'] } }, [
      { file: 'a.muster.json', data: { ...example(), army: 'early-imperial-roman-115a' } }
    ])
    expect(allowed.rows[0].issues.map((i) => i.code)).not.toContain('event-army-not-allowed')
  })

  it('a resubmission on the new id shows no changes that are only the old ids', () => {
    const event: EventProfile = { format: 'muster-event', version: 1, name: 'Open', ruleset: 'triumph' }
    const first = { ...example(), player: 'Ann' }
    const previous = checkEvent(engine, event, [{ file: 'a.muster.json', data: first }])
    const again = rosterOnListInForce(engine.ruleset('triumph')!, first).roster
    expect(again.army).not.toBe(first.army)
    const submissions = [{ file: 'a.muster.json', data: again }]
    const report = checkEvent(engine, event, submissions)
    compareWithPrevious(report, previous, submissions, engine)
    expect(report.rows[0].resubmission?.changes).toEqual([])
  })

  it('the CLI says once which list the roster now is, and lists 115a once', async () => {
    const file = join(temp(), 'roman.muster.json')
    writeFileSync(file, JSON.stringify(example()))
    const env = { MUSTER_MESHWESH: root }
    const validated = await musterHere(['validate', file], { env })
    expect(validated.code).toBe(0)
    const said = (validated.stdout + validated.stderr).split('\n').filter((l) => l.includes("Muster's own list 115a"))
    expect(said).toHaveLength(1)
    expect(said[0]).toContain("Muster now uses Meshwesh's 115a Early Imperial Roman")
    const listed = await musterHere(['rulesets', '--json'], { env })
    const triumph = (JSON.parse(listed.stdout) as Array<{ id: string; armies: Array<{ listNumber?: string }> }>).find((r) => r.id === 'triumph')!
    expect(triumph.armies.filter((a) => a.listNumber === '115a')).toHaveLength(1)
  })
})
