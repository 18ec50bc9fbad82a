// Pairing from the app (the eventPairing call, src-main/ipc/event-handlers.ts): the submitted files'
// bytes and the profile in, the same pairing `muster pair --json` gives out (one function,
// services/event-pairing.ts), with its CSV; a bad profile is refused in words; files of another
// ruleset or unreadable are listed as not paired; no roster to pair is an empty report, not an error.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { eventHandlers } from '../../src-main/ipc/event-handlers'
import { createEngine, solveArmy, type Engine } from '../../src-main/rules'
import { createAjv } from '../../src-main/rules/schemas'
import type { EventFile } from '../../src-main/ipc/contract'
import { musterHere } from '../support/cli'
import { repoRoot } from '../support/engine'
import { testDispatch } from '../support/dispatch'
import { tempFolders } from '../support/tmp'

const tmp = tempFolders('muster-pair-ipc-')
const event = { format: 'muster-event', version: 1, name: 'Cannae Night', ruleset: 'triumph', pointsLimit: 48 }
let data: string
let folder: string
let engine: Engine
const files: Array<{ path: string; file: EventFile }> = []

function add(name: string, content: unknown) {
  const text = typeof content === 'string' ? content : JSON.stringify(content)
  const path = join(folder, name)
  writeFileSync(path, text)
  // the app sends each file's path and the name the report gives it: here its path, as the CLI names it
  files.push({ path, file: { name: path, path } })
}

function roster(armyId: string, player: string, year?: number) {
  const loaded = engine.ruleset('triumph')!
  const r = solveArmy(loaded, armyId, { year: year ?? loaded.armies.get(armyId)!.dates[0].from })
  if (!r.ok) throw new Error(r.reason)
  return { ...r.roster, player }
}

beforeAll(() => {
  const dir = tmp()
  data = join(dir, 'data')
  folder = join(dir, 'in')
  mkdirSync(join(data, 'triumph', 'armies'), { recursive: true })
  mkdirSync(folder)
  // Carthage and Rome, historical enemies (the bundled lists name none)
  for (const [id, enemies] of Object.entries({ 'later-carthaginian': ['marian-roman-111a'], 'marian-roman-111a': ['later-carthaginian'] })) {
    const army = JSON.parse(readFileSync(join(repoRoot, 'data', 'rulesets', 'triumph', 'armies', `${id}.json`), 'utf8')) as object
    writeFileSync(join(data, 'triumph', 'armies', `${id}.json`), JSON.stringify({ ...army, enemies }))
  }
  engine = createEngine({ dataDirs: [data] })
  add('hannibal.muster.json', roster('later-carthaginian', 'Hannibal', -216))
  add('varro.muster.json', roster('marian-roman-111a', 'Varro', -100))
  add('seleucus.muster.json', roster('seleucid', 'Seleucus', -200))
  add('broken.muster.json', '{"format": ')
})

describe('eventPairing: the Event check screen pairs as muster pair does', () => {
  it('the same report as muster pair --json, with the CSV of it', async () => {
    const { report, csv } = await eventHandlers(engine, createAjv()).eventPairing(
      event,
      files.map((f) => f.file)
    )
    expect(report.pairs).toHaveLength(1)
    expect(report.pairs[0].a.player).toBe('Hannibal')
    expect(report.pairs[0].b.player).toBe('Varro')
    expect(report.pairs[0].reasons[0]).toBe('historical enemies')
    expect(report.bye?.player).toBe('Seleucus')
    expect(report.notExamined.map((n) => n.file)).toEqual([join(folder, 'broken.muster.json')])
    expect(csv.split('\r\n')[0]).toBe('table,player,army,file,opponent,opponent army,opponent file,reasons')
    expect(csv).toContain('historical enemies')
    const cli = await musterHere(['--data', data, 'pair', '--event', writeEvent(), '--json', ...files.map((f) => f.path)])
    expect(JSON.parse(cli.stdout)).toEqual(JSON.parse(JSON.stringify(report)))
  })
})

function writeEvent(): string {
  const file = join(folder, '..', 'event.json')
  writeFileSync(file, JSON.stringify(event))
  return file
}

describe('eventPairing over the contract', () => {
  const dispatch = testDispatch()
  it('a bad profile is refused in words; files of another ruleset are not paired, and nothing to pair is no error', async () => {
    const bad = await dispatch('eventPairing', [{ name: 'not a profile' }, []])
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad-event-profile' } })
    const mk2 = { format: 'muster-roster', version: 1, ruleset: 'wrg-mk2', army: 'early-imperial-roman', player: 'Hal', units: [] }
    writeFileSync(join(folder, 'hal.json'), JSON.stringify(mk2))
    const r = await dispatch('eventPairing', [event, [{ name: 'hal.json', path: join(folder, 'hal.json') }]])
    expect(r.ok).toBe(true)
    if (!r.ok) return
    const { report } = r.value as { report: { pairs: unknown[]; bye: unknown; notExamined: Array<{ file: string; reason: string }> } }
    expect(report.pairs).toEqual([])
    expect(report.bye).toBeNull()
    expect(report.notExamined[0].file).toBe('hal.json')
    expect(report.notExamined[0].reason).toContain('Cannae Night plays Triumph!')
  })
})
