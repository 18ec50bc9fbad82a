// The game-day engine (src-shared/play/engine.ts) and the play sheet (src-main/play/sheet.ts) with the
// real engine and data: taps replayed, inputs refused in players' words, the army-list opponent, the
// pre-battle rows, and Triumph!'s victory-points table against seed 002's. The scores themselves are
// the hand-worked cases' (test/rules/<id>/play/*.json, test/rules/play.test.ts).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { preparePlaySheet } from '../../src-main/play/sheet'
import { emptyLosses, fillWhy, PlayInputError, replayTaps, scoreGame } from '../../src-shared/play/engine'
import type { Roster } from '../../src-main/rules/types'
import { bundledEngine, repoRoot } from '../support/engine'

const example = (id: string): Roster => JSON.parse(readFileSync(join(repoRoot, 'examples', `${id}-legal.muster.json`), 'utf8')) as Roster
const triumph = () => preparePlaySheet(bundledEngine(), example('triumph'), { ruleset: 'triumph', army: 'early-imperial-roman' })

describe('replayTaps', () => {
  it('keeps each line within 0 and what it holds, sets marks, and takes the latest agreed result', () => {
    const sheet = triumph()
    const losses = replayTaps(sheet, [
      { kind: 'loss', side: 0, unit: 1, delta: 2 },
      { kind: 'loss', side: 0, unit: 1, delta: 5 },
      { kind: 'loss', side: 1, unit: 0, delta: -1 },
      { kind: 'round', round: 2, at: '2025-06-14T10:00:00Z' },
      { kind: 'flag', side: 1, flag: 'campSacked', value: true },
      { kind: 'agreed', winner: 1 },
      { kind: 'agreed', winner: null }
    ])
    expect(losses.sides[0].lost[1]).toBe(3)
    expect(losses.sides[1].lost[0]).toBe(0)
    expect(losses.sides[1].flags).toEqual({ campSacked: true })
    expect(losses.agreed).toEqual({ winner: null })
    // Elite Foot x 3 = 12; the list's camp (no garrison) 8
    const score = scoreGame(sheet, { ...losses, agreed: undefined })
    expect(score.sides.map((s) => s.lost)).toEqual([12, 8])
  })

  it('refuses a unit the side does not have and a mark the rules do not have', () => {
    const sheet = triumph()
    expect(() => replayTaps(sheet, [{ kind: 'loss', side: 0, unit: 7, delta: 1 }])).toThrow(PlayInputError)
    expect(() => replayTaps(sheet, [{ kind: 'loss', side: 0, unit: 7, delta: 1 }])).toThrow(/^side 1 \(.+\) has 7 units, 0 to 6: there is no unit 7\.$/)
    expect(() => replayTaps(sheet, [{ kind: 'flag', side: 0, flag: 'eagleCaptured', value: true }])).toThrow(
      /side 1 \(.+\): Triumph! has no mark 'eagleCaptured'/
    )
  })
})

describe('scoreGame refuses losses the sheet cannot hold', () => {
  const sheet = triumph()
  const name = sheet.sides[0].name
  it('more lost than a unit holds, named by side and unit', () => {
    const losses = emptyLosses(sheet)
    losses.sides[0].lost[6] = 3
    expect(() => scoreGame(sheet, losses)).toThrow(`side 1 (${name}): unit 6 (the 7th line, Light Foot) has only 2 stands to lose, not 3.`)
  })
  it('a unit out of range, and a loss below 0', () => {
    const losses = emptyLosses(sheet)
    losses.sides[0].lost[9] = 1
    expect(() => scoreGame(sheet, losses)).toThrow(`side 1 (${name}) has 7 units: there is no unit 9 to lose stands from.`)
    const negative = emptyLosses(sheet)
    negative.sides[1].lost[0] = -1
    expect(() => scoreGame(sheet, negative)).toThrow(/^side 2 \(.+\): unit 0 \(the 1st line, .+\): -1 stands lost is not a loss/)
    const fraction = emptyLosses(sheet)
    fraction.sides[0].lost[0] = 0.5
    expect(() => scoreGame(sheet, fraction)).toThrow(/a loss is a whole number, 0 or more/)
  })
})

describe('preparePlaySheet', () => {
  it('makes an army list an opponent: its entries at their maximum, no check code', () => {
    const sheet = triumph()
    expect(sheet.sides[0].checkCode).toMatch(/^([0-9A-Z]{4}-){7}[0-9A-Z]{4}$/)
    expect(sheet.sides[1].checkCode).toBeNull()
    expect(sheet.sides[1].army).toBe('115a Early Imperial Roman')
    const army = bundledEngine().ruleset('triumph')!.armies.get('early-imperial-roman')!
    const first = army.options.find((o) => typeof o.max === 'number')!
    expect(sheet.sides[1].units.find((u) => u.troop === first.troops[0])?.count).toBe(first.max)
  })

  it("shows both sides' army facts and who is likelier to invade, as the quick-reference sheet does", () => {
    const sheet = triumph()
    expect(sheet.preBattle.rows.map((r) => r.label)).toEqual(
      expect.arrayContaining(['Camp value if sacked', 'Invasion rating', 'Maneuver rating', 'Home topography'])
    )
    // Both Early Imperial Roman: the ratings are even
    expect(sheet.preBattle.notes).toContain('Invasion rating: even.')
  })

  it('refuses two armies of different rulesets', () => {
    expect(() => preparePlaySheet(bundledEngine(), example('triumph'), example('portable-ancients'))).toThrow(/both armies of a game play one ruleset/)
  })
})

it('fills a why with the sides’ names and values', () => {
  expect(fillWhy('{me} lost {me.lost}, {enemy} {enemy.lost}; {me.nope}', { name: 'A', lost: 3 }, { name: 'B', lost: 4.5 })).toBe('A lost 3, B 4.5; {me.nope}')
})

it("Triumph!'s victory points are seed 002's table, by troop type", () => {
  // Seed 002, VICTORY CONDITIONS: the troop types of each row, as the seed names them.
  const seed: Record<number, string[]> = {
    2: ['Bow Levy', 'Horde', 'Rabble'],
    3: ['Artillery', 'Heavy Foot', 'War Wagons', 'Light Foot', 'Pike', 'Warband', 'Light Spear', 'Skirmishers', 'Warriors', 'Bad Horse', 'Battle Taxi'],
    4: [
      'Archers',
      'Raiders',
      'Elite Foot',
      'Spears',
      'Pavisiers',
      'Cataphracts',
      'Elite Cavalry',
      'Knights',
      'Chariots',
      'Horse Bow',
      'Elephants',
      'Javelin Cavalry'
    ]
  }
  const ruleset = bundledEngine().ruleset('triumph')!.ruleset
  const stem = (s: string) => s.toLowerCase().replace(/s$/, '')
  const table = (ruleset.tables as Record<string, Record<string, number>>).victoryPoints
  const fromSeed = Object.fromEntries(
    Object.entries(seed).flatMap(([points, names]) => names.map((n) => [ruleset.troopTypes.find((t) => stem(t.name) === stem(n))?.id ?? n, Number(points)]))
  )
  expect(table).toEqual(fromSeed)
  expect(Object.keys(table).sort()).toEqual(ruleset.troopTypes.map((t) => t.id).sort())
})
