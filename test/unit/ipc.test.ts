// The main-process side of the IPC contract: every call's arguments are checked, answers are
// Results, nothing thrown crosses the boundary.
import { describe, expect, it } from 'vitest'
import { calls, channelNames, type ArmyDetails, type MusterHandlers } from '../../src-main/ipc/contract'
import { createDispatch, mergeHandlers, rulesHandlers } from '../../src-main/ipc/handlers'
import { bundledEngine } from '../support/engine'
import type { Evaluation } from '../../src-main/rules/types'
import { repoRoot } from '../support/engine'
import { testDispatch } from '../support/dispatch'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dispatch = testDispatch()

/** A file on disk (the app sends paths; the main process reads them). */
const onDisk = (name: string, text: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'muster-ipc-')), name)
  writeFileSync(path, text)
  return path
}

describe('IPC dispatch', () => {
  it('declares a channel name and an argument schema for every call', () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(channelNames).sort())
    expect(new Set(Object.values(channelNames)).size).toBe(Object.keys(channelNames).length)
    // the argument lists are JSON Schema (TypeBox's), with the caps the calls always had
    expect(calls.getRoster.args).toEqual({
      type: 'array',
      items: [
        { type: 'string', minLength: 1, maxLength: 64 },
        { type: 'integer', minimum: 1 }
      ],
      minItems: 1,
      additionalItems: false
    })
    expect(JSON.parse(JSON.stringify(calls.addSample.args))).toEqual({
      type: 'array',
      items: [{ type: 'string', pattern: '^[a-z0-9-]+\\.muster\\.json$', maxLength: 100 }],
      minItems: 1,
      additionalItems: false
    })
  })

  it('leaves optional last arguments optional, and refuses one too many', async () => {
    const created = await dispatch('newRoster', [{ ruleset: 'triumph', army: 'early-imperial-roman', minimums: true }])
    expect(created.ok).toBe(true)
    expect(await dispatch('newRoster', [{ ruleset: 'triumph', army: 'early-imperial-roman', year: 60 }])).toMatchObject({ ok: true })
    expect(await dispatch('newRoster', [{ ruleset: 'triumph', army: 'early-imperial-roman' }, 1])).toMatchObject({
      ok: false,
      error: { code: 'bad-arguments' }
    })
    expect(await dispatch('newRoster', [{ ruleset: 'triumph', army: 'early-imperial-roman', year: 'sixty' }])).toMatchObject({
      ok: false,
      error: { code: 'bad-arguments' }
    })
    expect(await dispatch('newRoster', [{ ruleset: 'triumph', army: 'early-imperial-roman', limit: -4 }])).toMatchObject({
      ok: false,
      error: { code: 'bad-arguments' }
    })
    expect(await dispatch('newRoster', [{ ruleset: 'triumph', army: 'early-imperial-roman', extra: 1 }])).toMatchObject({
      ok: false,
      error: { code: 'bad-arguments' }
    })
    expect(await dispatch('newRoster', [])).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })
    expect(await dispatch('exportPdf', ['x', 'poster', 'a4'])).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })
  })

  it("merges the domains' handler maps, refusing a channel answered twice", () => {
    const rules = rulesHandlers(bundledEngine())
    const one = { emptyTrash: () => 0 } satisfies Partial<MusterHandlers>
    expect(Object.keys(mergeHandlers(rules, one)).sort()).toEqual([...Object.keys(rules), 'emptyTrash'].sort())
    expect(() => mergeHandlers(rules, one, { emptyTrash: () => 1 })).toThrow("IPC handlers: two handlers for the channel 'emptyTrash'")
    expect(() => mergeHandlers(rules, { listRulesets: () => [] })).toThrow(/two handlers for the channel 'listRulesets'/)
  })

  it('makes a dispatch only from a handler for every channel, and for nothing else', () => {
    const rules = rulesHandlers(bundledEngine())
    expect(() => createDispatch(rules as unknown as MusterHandlers)).toThrow(
      /IPC handlers: none for listRosters, searchRosters, .*addSample, collection, addCollectionItems, .*exportCollectionFile, meshweshStatus, meshweshSync, meshweshCancel, startGame, tapGame, undoGameTap, getGame, listGames, finishGame, deleteGame, gameRecord(, |$)/
    )
    const all = Object.fromEntries(Object.keys(channelNames).map((c) => [c, () => null])) as unknown as MusterHandlers
    expect(() => createDispatch(all)).not.toThrow()
    expect(() => createDispatch({ ...all, deleteEverything: () => null } as MusterHandlers)).toThrow('IPC handlers: no channel for deleteEverything')
  })

  it('lists rulesets with their armies', async () => {
    const r = await dispatch('listRulesets', [])
    expect(r.ok).toBe(true)
    if (r.ok) expect((r.value as Array<{ id: string }>).map((x) => x.id)).toContain('triumph')
  })

  it("lists each ruleset's armies by name (then date), as the pickers show them, not by file name", async () => {
    const r = await dispatch('listRulesets', [])
    if (!r.ok) throw new Error(r.error.message)
    for (const ruleset of r.value as Array<{ id: string; armies: Array<{ id: string; name: string }> }>) {
      const names = ruleset.armies.map((a) => a.name)
      expect(names, ruleset.id).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })))
    }
    const triumph = (r.value as Array<{ id: string; armies: Array<{ id: string; name: string }> }>).find((x) => x.id === 'triumph')!
    const names = triumph.armies.map((a) => a.name)
    expect(names.indexOf('Alexandrian Macedonian')).toBeGreaterThanOrEqual(0)
    expect(names.indexOf('Alexandrian Macedonian')).toBeLessThan(names.findIndex((n) => n.startsWith('B')))
  })

  it("says why New roster made no roster in the player's words, not under the call's name (issue 39)", async () => {
    const r = await dispatch('newRoster', [{ ruleset: 'triumph', army: 'early-imperial-roman', year: 500, minimums: true }])
    expect(r).toEqual({ ok: false, error: { code: 'not-made', message: 'Early Imperial Roman is dated 25 BC - 197 AD; 500 AD is outside it.' } })
  })

  it('checks a roster with the real engine', async () => {
    const r = await dispatch('evaluateRoster', [
      { format: 'muster-roster', version: 1, ruleset: 'wrg-1969', army: 'gallic', units: [{ troop: 'general', count: 1 }] }
    ])
    expect(r.ok).toBe(true)
    if (r.ok) expect((r.value as Evaluation).verdict.points).toBe(100)
  })

  it('describes an army list with the battle cards it offers, each with its cost in words', async () => {
    const r = await dispatch('armyDetails', ['triumph', 'early-imperial-roman'])
    expect(r.ok).toBe(true)
    if (!r.ok) return
    const cards = (r.value as ArmyDetails).battleCards
    expect(cards.find((c) => c.code === 'FC')).toMatchObject({ name: 'Fortified Camp', counts: null, costText: '1 point', offers: [{ option: null }] })
    expect(cards.find((c) => c.code === 'HL')).toMatchObject({
      counts: 'cards',
      costText: '1 card: free; 2: 1 point; 3: 2 points (at most 3)',
      offers: [{ option: 'legionaries' }]
    })
    expect(cards.find((c) => c.code === 'SP')!.offers.map((o) => o.option)).toEqual(['legionaries', 'auxilia'])
    const british = await dispatch('armyDetails', ['triumph', 'ancient-british'])
    expect(british.ok && (british.value as ArmyDetails).facts).toEqual([
      { id: 'invasion', label: 'Invasion rating', join: null, values: [{ value: 0, dates: null, when: null }] },
      {
        id: 'maneuver',
        label: 'Maneuver rating',
        join: null,
        values: [
          { value: 1, dates: null, when: 'usual rating' },
          {
            value: 2,
            dates: [
              { from: -55, to: -54 },
              { from: 43, to: 51 }
            ],
            when: expect.stringMatching(/^55-54 BC, 43-51 AD: /)
          }
        ]
      },
      { id: 'topography', label: 'Home topography', join: ', ', values: [{ value: 'Arable', dates: null, when: null }] }
    ])
    // Elephant Screened only marks what the screen covers: not offered as a card, named on the screen's offer
    const seleucid = await dispatch('armyDetails', ['triumph', 'seleucid'])
    const seleucidCards = seleucid.ok ? (seleucid.value as ArmyDetails).battleCards : []
    expect(seleucidCards.map((c) => c.code)).not.toContain('ET')
    expect(seleucidCards.find((c) => c.code === 'ES')).toMatchObject({ costText: '2 points', offers: [{ option: 'elephants', note: 'covers Phalanx' }] })
    // Dismounting names the foot type, may be taken instead of MD, and says a costlier type counts
    const lowCountries = await dispatch('armyDetails', ['triumph', 'early-low-countries-205a'])
    const dd = lowCountries.ok ? (lowCountries.value as ArmyDetails).battleCards.find((c) => c.code === 'DD') : undefined
    expect(dd).toMatchObject({ costText: '1 point; a stand that may become a costlier type counts at that cost' })
    expect(dd!.offers.map((o) => o.note)).toEqual(['as Elite Foot · instead of MD', 'as Elite Foot · instead of MD'])
    // An entry's condition Muster cannot check (a facts-only list keeps no note) is said on its offer
    const persian = await dispatch('armyDetails', ['triumph', 'early-achaemenid-persian-56a'])
    const sp = persian.ok ? (persian.value as ArmyDetails).battleCards.find((c) => c.code === 'SP') : undefined
    expect(sp!.offers.map((o) => o.note)).toContain('a condition in the source list, not checked')
    const wrg = await dispatch('armyDetails', ['wrg-1969', 'gallic'])
    expect(wrg.ok && (wrg.value as ArmyDetails).battleCards).toEqual([])
  })

  it.each([
    ['no arguments', 'evaluateRoster', []],
    ['too many arguments', 'listRulesets', [1]],
    ['a string instead of a roster', 'evaluateRoster', ['{"units": []}']],
    ['not even an array', 'evaluateRoster', 'roster']
  ])('refuses %s with a clear error', async (_label, channel, args) => {
    const r = await dispatch(channel as 'evaluateRoster', args)
    expect(r).toEqual({ ok: false, error: { code: 'bad-arguments', message: expect.stringContaining(`${channel}:`) } })
  })

  it('refuses an unknown channel', async () => {
    const r = await dispatch('deleteEverything' as 'evaluateRoster', [])
    expect(r).toMatchObject({ ok: false, error: { code: 'unknown-channel' } })
  })
})

describe('IPC library calls, on a real SQLite file', () => {
  const legal = () => JSON.parse(readFileSync(join(repoRoot, 'examples', 'triumph-legal.muster.json'), 'utf8')) as Record<string, unknown>

  it('create, save, list, search, revisions and restore, with the verdict stored beside each save', async () => {
    const created = await dispatch('createRoster', [legal()])
    expect(created).toMatchObject({ ok: true, value: { name: 'Early Imperial Roman, 60 AD', points: 48, valid: true, revision: 1 } })
    const id = (created as { value: { id: string } }).value.id
    const broken = { ...legal(), units: [{ troop: 'elephants', count: 2, general: true }] }
    expect(await dispatch('saveRoster', [id, broken, 'try elephants'])).toMatchObject({
      ok: true,
      value: { revision: 2, valid: false, errorCount: expect.any(Number) }
    })
    expect(await dispatch('listRosters', [{ valid: false }])).toMatchObject({ ok: true, value: { total: 1 } })
    expect(await dispatch('searchRosters', ['elephants', {}])).toMatchObject({ ok: true, value: { total: 1 } })
    expect(await dispatch('saveRoster', [id, { ...legal(), battleCards: [{ card: 'PT' }] }, 'pack train'])).toMatchObject({
      ok: true,
      value: { revision: 3, points: 49 }
    })
    expect(await dispatch('searchRosters', ['pack train', {}])).toMatchObject({ ok: true, value: { total: 1 } })
    expect(await dispatch('saveRoster', [id, broken, 'elephants again'])).toMatchObject({ ok: true, value: { revision: 4 } })
    const got = (await dispatch('getRoster', [id, 1])) as { ok: true; value: { document: unknown } }
    expect(got.value).not.toHaveProperty('verdict')
    expect(await dispatch('evaluateRoster', [got.value.document])).toMatchObject({ ok: true, value: { verdict: { valid: true } } })
    expect(await dispatch('restoreRevision', [id, 1])).toMatchObject({ ok: true, value: { revision: 5, valid: true } })
    expect(await dispatch('compareRevisions', [id, 4, 5])).toMatchObject({ ok: true, value: { removed: expect.any(Array) } })
    expect(
      await dispatch('importRosterFiles', [
        [onDisk('a.muster.json', JSON.stringify(legal())), onDisk('b.json', '{'), onDisk('c.json', '{"format":"muster-roster"}')]
      ])
    ).toMatchObject({
      ok: true,
      value: {
        imported: [{ source: 'a.muster.json' }],
        failed: [
          { source: 'b.json', reason: expect.stringMatching(/^not valid JSON/) },
          { source: 'c.json', reason: expect.stringMatching(/^not a roster/) }
        ]
      }
    })
  })

  it('refuses a document that is not a roster, and an unknown id, as errors not exceptions', async () => {
    expect(await dispatch('createRoster', [{ format: 'muster-roster' }])).toMatchObject({
      ok: false,
      error: { code: 'invalid', message: expect.stringContaining("not a roster: (top level): must have required property 'version'") }
    })
    expect(await dispatch('getRoster', ['nope'])).toMatchObject({ ok: false, error: { code: 'not-found', message: "no roster with id 'nope' in the library" } })
    expect(await dispatch('listRosters', [{ sort: 'colour' }])).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })
    expect(await dispatch('setTags', ['x', 'not-a-list'])).toMatchObject({ ok: false, error: { code: 'bad-arguments' } })
  })
})

describe('sample rosters for the welcome', () => {
  it('offers a legal sample of every ruleset, and adds one to the library as a new roster', async () => {
    const r = await dispatch('listSamples', [])
    if (!r.ok) throw new Error(r.error.message)
    const samples = r.value as Array<{ file: string; ruleset: string; name: string }>
    const rulesets = await dispatch('listRulesets', [])
    if (!rulesets.ok) throw new Error(rulesets.error.message)
    for (const { id } of rulesets.value as Array<{ id: string }>)
      expect(
        samples.some((s) => s.ruleset === id),
        id
      ).toBe(true)
    // the examples that show errors are not starting points
    expect(samples.every((s) => !s.file.includes('illegal'))).toBe(true)
    const added = await dispatch('addSample', [samples[0].file])
    if (!added.ok) throw new Error(added.error.message)
    expect(added.value).toMatchObject({ name: samples[0].name, ruleset: samples[0].ruleset, valid: true })
  })

  it('refuses a file that is not a sample, by its name, and any path', async () => {
    const r = await dispatch('addSample', ['nothing-here.muster.json'])
    expect(r).toMatchObject({ ok: false, error: { message: 'There is no sample roster called nothing-here.muster.json.' } })
    for (const bad of ['../package.json', '/etc/passwd', 'triumph-legal.json']) expect((await dispatch('addSample', [bad])).ok, bad).toBe(false)
  })
})

describe('verdicts say what is still to add', () => {
  it('marks a missing general and unmet minimums as to-dos, and a broken rule as not one', async () => {
    const empty = await dispatch('evaluateRoster', [{ format: 'muster-roster', version: 1, ruleset: 'triumph', army: 'early-imperial-roman', units: [] }])
    if (!empty.ok) throw new Error(empty.error.message)
    const issues = (empty.value as Evaluation).verdict.issues
    expect(issues.length).toBeGreaterThan(0)
    // every error is a thing still to add; the unspent points stay a warning, not a to-do
    expect(issues.filter((i) => i.severity === 'error' && !i.todo)).toEqual([])
    expect(issues.filter((i) => i.severity === 'error').length).toBeGreaterThan(0)
    expect(issues.find((i) => i.code === 'points-under-limit')).toMatchObject({ severity: 'warning' })
    expect(issues.find((i) => i.code === 'points-under-limit')!.todo).toBeUndefined()
    const over = await dispatch('evaluateRoster', [
      { format: 'muster-roster', version: 1, ruleset: 'wrg-1969', army: 'early-imperial-roman', units: [{ troop: 'general', count: 2 }] }
    ])
    if (!over.ok) throw new Error(over.error.message)
    const broken = (over.value as Evaluation).verdict.issues.find((i) => /exactly one General figure; this roster has 2/.test(i.message))
    expect(broken).toBeDefined()
    expect(broken!.todo).toBeUndefined()
  })
})
