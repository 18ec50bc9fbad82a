// The C&C variant's 25mm section is "optional amendments ... specifically to suit my Early Imperial
// Roman and Celtic armies" (seed 003): each is an option of the ruleset data, on by default for the
// army the seed wrote it for, turned on or off by a roster or an event profile; `muster info` says
// which are in force (issue 39, point 11). The rule cases in test/rules/cca-miniatures check the verdicts.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkEvent, type EventProfile } from '../../src-main/event/check-event'
import { musterHere } from '../support/cli'
import { bundledEngine } from '../support/engine'
import { tempFolders } from '../support/tmp'

const engine = bundledEngine()
const tmp = tempFolders('muster-amendments-')

const eir = (extra: object = {}) => ({
  format: 'muster-roster',
  version: 1,
  ruleset: 'cca-miniatures',
  army: 'early-imperial-roman',
  player: 'Aulus',
  ...extra,
  units: [
    { troop: 'cinc', count: 1 },
    { troop: 'roman-heavy-infantry', count: 4 },
    { troop: 'auxilia', count: 2 }
  ]
})
const marian = (extra: object = {}) => ({
  ...eir(extra),
  army: 'marian-roman',
  player: 'Gaius',
  units: [
    { troop: 'cinc', count: 1 },
    { troop: 'heavy-infantry', count: 4 }
  ]
})

describe('optional amendments', () => {
  it('the verdict lists the amendments an army may play, in force or not, with their source', () => {
    const ids = (v: ReturnType<typeof engine.check>) => (v.amendments ?? []).map((m) => `${m.id}:${m.inForce ? 'on' : 'off'}`)
    expect(ids(engine.check(eir()))).toEqual(['legion-eagle:on', 'roman-heavy-infantry-25mm:on', 'praetorian-guard:on'])
    // Marian Roman may play the eagle (its heavy infantry can carry it), off unless turned on; its list has no 25mm troops.
    expect(ids(engine.check(marian()))).toEqual(['legion-eagle:off'])
    expect(ids(engine.check(marian({ amendments: { 'legion-eagle': true } })))).toEqual(['legion-eagle:on'])
    const eagle = engine.check(eir()).amendments![0]
    expect(eagle).toMatchObject({ label: "The legion's eagle", byDefault: true })
    expect(eagle.source).toMatch(/optional 25mm amendments.*Early Imperial Roman and Celtic/)
    // Armies no amendment is for have none.
    expect(engine.check({ ...marian(), army: 'greek', units: [{ troop: 'cinc', count: 1 }] }).amendments).toBeUndefined()
  })

  it('an event profile plays an amendment over the rosters’ own choices, and tells a roster that chose otherwise', () => {
    const event = (amendments: Record<string, boolean>): EventProfile => ({
      format: 'muster-event',
      version: 1,
      name: 'Ides',
      ruleset: 'cca-miniatures',
      amendments
    })
    const rows = (e: EventProfile, ...rosters: object[]) =>
      checkEvent(
        engine,
        e,
        rosters.map((data, i) => ({ file: `r${i}.json`, data }))
      ).rows
    // Eagle off at the event: the Early Imperial Roman roster without an eagle passes.
    expect(engine.check(eir()).valid).toBe(false)
    const [off] = rows(event({ 'legion-eagle': false }), eir())
    expect(off.valid).toBe(true)
    // Eagle on at the event: the Marian roster without one must carry it, and its own "off" is overruled, with a warning.
    const [on] = rows(event({ 'legion-eagle': true }), marian({ amendments: { 'legion-eagle': false } }))
    expect(on.valid).toBe(false)
    expect(on.issues.map((i) => i.code)).toEqual(expect.arrayContaining(['requires-missing', 'event-amendment']))
    expect(on.issues.find((i) => i.code === 'event-amendment')!.message).toBe(
      "The roster turns the optional rule 'The legion's eagle' off; Ides plays it on, and checks the roster so."
    )
    // A roster whose army may not play the event's amendment is checked without it, and not warned of it.
    const celtic = { ...marian(), army: 'celtic', player: 'Brennus', units: [{ troop: 'cinc', count: 1 }] }
    const [gaul] = rows(event({ 'legion-eagle': true, 'roman-heavy-infantry-25mm': true, 'praetorian-guard': true }), celtic)
    expect(gaul.issues.filter((i) => i.code === 'amendment-not-for-army')).toEqual([])
    // An id the ruleset lacks is said once, not put on every roster.
    const report = checkEvent(engine, event({ 'war-pigs': true }), [{ file: 'a.json', data: marian() }])
    expect(report.notes.join(' ')).toContain(
      "optional rule 'war-pigs', which Commands & Colors: Ancients, miniatures variant (Cierpicki) in this Muster does not have: left out."
    )
    expect(report.rows[0].valid).toBe(true)
  })

  it('muster info says which amendments are in force, and why', async () => {
    const dir = tmp()
    const files = { eir: join(dir, 'eir.json'), marian: join(dir, 'marian.json'), chosen: join(dir, 'chosen.json') }
    writeFileSync(files.eir, JSON.stringify(eir({ amendments: { 'praetorian-guard': false } })))
    writeFileSync(files.marian, JSON.stringify(marian()))
    writeFileSync(files.chosen, JSON.stringify(marian({ amendments: { 'legion-eagle': true } })))
    const a = (await musterHere(['info', files.eir])).stdout
    expect(a).toContain('Optional rules (amendments):')
    expect(a).toMatch(/^ {2}The legion's eagle: on, as usual for Early Imperial Roman {2}\[legion-eagle\]$/m)
    expect(a).toMatch(/^ {2}Praetorian Guard: off, by the roster's choice \(usually on for Early Imperial Roman\)/m)
    expect(a).toMatch(/^ {6}One of the variant's optional 25mm amendments, written for its author's Early Imperial Roman and Celtic armies\.$/m)
    const b = await musterHere(['info', files.marian])
    expect(b.stdout).toMatch(/^ {2}The legion's eagle: off, as usual for Marian Roman/m)
    expect(b.code).toBe(0)
    const c = await musterHere(['info', files.chosen])
    expect(c.stdout).toMatch(/^ {2}The legion's eagle: on, by the roster's choice \(usually off for Marian Roman\)/m)
    expect(c.code).toBe(1)
  })
})
