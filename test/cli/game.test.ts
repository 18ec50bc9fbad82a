// `muster game` from the real command: game files of two rulesets scored (a roster by path, relative
// to the game file, and one embedded), as JSON and as text; the result code printed and read back with
// the same result; and every bad input refused with exit 2 and one line saying where.
// The numbers are the example rosters' own: a line's figures are what it can lose (WRG 1969, Mark 2);
// Triumph!'s victory points are the seed's points per stand.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { muster } from '../support/cli'
import { repoRoot } from '../support/engine'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'muster-game-'))
  mkdirSync(join(dir, 'rosters'))
  for (const name of ['wrg-1969-legal', 'wrg-mk2-legal', 'triumph-legal']) copyFileSync(example(name), join(dir, 'rosters', `${name}.muster.json`))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function example(name: string): string {
  return join(repoRoot, 'examples', `${name}.muster.json`)
}

const roster = (name: string, changes: Record<string, unknown> = {}): Record<string, unknown> => ({
  ...(JSON.parse(readFileSync(example(name), 'utf8')) as Record<string, unknown>),
  ...changes
})

let files = 0
/** A game file in the temporary folder (its rosters' paths relative to it), written as given. */
function gameFile(game: unknown): string {
  const file = join(dir, `game-${++files}.json`)
  writeFileSync(file, typeof game === 'string' ? game : JSON.stringify(game, null, 2))
  return file
}

const game = (sides: unknown[], more: Record<string, unknown> = {}) => ({ format: 'muster-game', version: 1, sides, ...more })

interface Answer {
  ruleset: { id: string; dataVersion: string }
  sides: Array<{ name: string; lost: number; spent?: boolean; checkCode: string | null; values: Array<{ id: string; label: string; value: unknown }> }>
  result: { over: boolean; winner: 0 | 1 | null; why: string }
  agreed: boolean
}

function scored(file: string, extra: string[] = []): Answer {
  const r = muster(['game', file, '--json', ...extra])
  expect(r.stderr).toBe('')
  expect(r.code).toBe(0)
  return JSON.parse(r.stdout) as Answer
}

const value = (a: Answer, side: number, id: string) => a.sides[side].values.find((v) => v.id === id)?.value

describe('muster game', () => {
  // WRG 1969: Legio XX has 101 figures (1 + 32 + 12 + 26 + 14 + 14 + 1 + 1); no army-level end, so the players agree.
  const wrg = () =>
    game(
      [
        {
          roster: 'rosters/wrg-1969-legal.muster.json',
          losses: [
            { unit: 1, lost: 8 },
            { unit: 4, lost: 3 }
          ]
        },
        { roster: roster('wrg-1969-legal', { name: 'Second legion' }), losses: [{ unit: 6, destroyed: true }] }
      ],
      { date: '2025-06-14', agreed: { winner: 0 } }
    )

  it('scores a WRG 1969 game: figures lost per side, an embedded roster, the agreed result', () => {
    const a = scored(gameFile(wrg()))
    expect(a.ruleset.id).toBe('wrg-1969')
    expect(a.sides.map((s) => s.name)).toEqual(['Legio XX Valeria Victrix', 'Second legion'])
    expect(a.sides.map((s) => s.lost)).toEqual([11, 1])
    expect([value(a, 0, 'left'), value(a, 1, 'left')]).toEqual([90, 100])
    expect(a.sides[0].checkCode).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){7}$/)
    expect(a.result).toEqual({ over: true, winner: 0, why: 'Legio XX Valeria Victrix wins, as the players agreed.' })
    expect(a.agreed).toBe(true)
  })

  it('prints a player-readable text: each side, its labelled values, the result and why', () => {
    const r = muster(['game', gameFile(wrg())])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^WRG Ancient Wargames Rules \(1969\) \(data [\d.]+\), 2025-06-14\n/)
    expect(r.stdout).toMatch(/^Side 1: Early Imperial Roman \(Legio XX Valeria Victrix\)\n {2}Figures lost: 11\n {2}Figures left: 90$/m)
    expect(r.stdout).toMatch(/^Side 2: .*\(Second legion\)\n {2}Figures lost: 1\n/m)
    expect(r.stdout).toMatch(/\nResult: over, by agreement\. Legio XX Valeria Victrix wins, as the players agreed\.\n$/)
  })

  it('scores a Mark 2 game not yet decided: a destroyed line is all its figures, and the rules leave the result to the players', () => {
    // Mark 2 field army: 151 figures; line 3 holds 16.
    const a = scored(
      gameFile(
        game([
          { roster: 'rosters/wrg-mk2-legal.muster.json', losses: [{ unit: 3, destroyed: true }] },
          { roster: 'rosters/wrg-mk2-legal.muster.json', losses: [] }
        ])
      )
    )
    expect(a.ruleset.id).toBe('wrg-mk2')
    expect(a.sides.map((s) => s.lost)).toEqual([16, 0])
    expect([value(a, 0, 'left'), value(a, 1, 'left')]).toEqual([135, 151])
    expect(a.result.over).toBe(false)
    expect(a.result.winner).toBeNull()
    expect(a.agreed).toBe(false)
  })

  it('scores a Triumph! game by victory points: destroyed stands by troop type, a sacked camp, the victory rule', () => {
    // The Roman list's points (seed 002): Elite Foot 4, Raiders 4, Artillery 3, Bad Horse 3, Light Foot 3 a stand.
    // Side 1 loses its Bad Horse (3) and its camp, garrisoned by a Light Foot stand (8 + 3): 14.
    // Side 2 loses its 3 legion stands (12), its artillery (3) and a raider (4): 19, so side 1 has destroyed 16 or more while losing fewer.
    const a = scored(
      gameFile(
        game([
          { roster: 'rosters/triumph-legal.muster.json', losses: [{ unit: 3, destroyed: true }], campSacked: true },
          {
            roster: roster('triumph-legal', { name: 'Second legion' }),
            losses: [
              { unit: 1, destroyed: true },
              { unit: 5, lost: 1 },
              { unit: 4, lost: 1 }
            ]
          }
        ])
      )
    )
    expect(a.ruleset.id).toBe('triumph')
    expect(a.sides.map((s) => s.lost)).toEqual([14, 19])
    expect([value(a, 0, 'threshold'), value(a, 1, 'threshold')]).toEqual([16, 16])
    expect(a.result.over).toBe(true)
    expect(a.result.winner).toBe(0)
    expect(a.result.why).toMatch(/Early Imperial Roman, 60 AD .*destroyed 19 points/)
    expect(a.agreed).toBe(false)
  })

  it('prints the result code, and --decode reads it back with the same result', () => {
    const file = gameFile(wrg())
    const r = muster(['game', file, '--result-code'])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^MR1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{8}\n$/)
    const code = r.stdout.trim()
    const decoded = JSON.parse(muster(['game', '--decode', code, '--json']).stdout) as Answer & { date: string }
    const direct = scored(file)
    expect(decoded.result).toEqual(direct.result)
    expect(decoded.date).toBe('2025-06-14')
    expect(decoded.sides.map((s) => [s.name, s.lost, s.checkCode])).toEqual(direct.sides.map((s) => [s.name, s.lost, s.checkCode]))
    // from standard input, as text
    const text = muster(['game', '--decode', '-'], { input: `${code}\n` })
    expect(text.code).toBe(0)
    expect(text.stdout).toMatch(/^ {2}Figures lost: 11$/m)
    expect(text.stdout).toMatch(/Result: over, by agreement\. Legio XX Valeria Victrix wins/)
  })

  it('a side names its player; the slip and --decode carry per-line losses, flags and an illegal roster; a game with no date says the date used', () => {
    const file = gameFile(
      game([
        { roster: roster('triumph-illegal'), player: 'Alice', losses: [{ unit: 0, lost: 1 }], campSacked: true },
        { roster: 'rosters/triumph-legal.muster.json', losses: [{ unit: 3, destroyed: true }] }
      ])
    )
    const text = muster(['game', file])
    expect(text.stderr).toBe('')
    expect(text.code).toBe(0)
    expect(text.stdout).toMatch(/^[^\n]+, \d{4}-\d{2}-\d{2} \(today's date: the game file gives none\)$/m)
    expect(text.stdout).toMatch(/^Side 1: Alice, /m)
    expect(text.stdout).toMatch(/^ {2}Warning: this roster breaks its army list's rules \(\d+ problems?\): muster check says which\.$/m)
    expect(text.stdout).toMatch(/^ {2}unit 0 \(.+\): 1 of \d+ stands? lost$/m)
    expect(text.stdout).toMatch(/^ {2}unit 3 \(.+\): (\d+) of \1 stands? lost$/m)
    expect(text.stdout).toMatch(/^ {2}[^:\n]+: yes$/m)
    const code = muster(['game', file, '--result-code']).stdout.trim()
    // wrapped as a mail or a chat wraps it
    const decoded = muster(['game', '--decode', '-', '--json'], { input: code.match(/.{1,60}/g)!.join('\n') })
    expect(decoded.code).toBe(0)
    const a = JSON.parse(decoded.stdout) as { sides: Array<Record<string, unknown>> }
    expect(a.sides[0]).toMatchObject({ player: 'Alice', legal: false, losses: [{ unit: 0, lost: 1 }], flags: [{ id: 'campSacked' }] })
    expect(a.sides[1].legal).toBeUndefined()
    const back = muster(['game', '--decode', code]).stdout
    expect(back).toMatch(/^ {2}unit 0: 1 stand lost$/m)
    expect(back).toMatch(/Warning: this roster breaks/)
  })

  /** A refusal: exit 2, nothing on standard output, one line on standard error. */
  function refused(args: string[], message: RegExp): void {
    const r = muster(['game', ...args])
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/^muster game: [^\n]+\n$/)
    expect(r.stderr).toMatch(message)
    expect(r.code).toBe(2)
  }

  const wrgSide = (losses: unknown[], more: Record<string, unknown> = {}) => ({ roster: 'rosters/wrg-1969-legal.muster.json', losses, ...more })

  it.each<[string, () => unknown, RegExp]>([
    [
      'a unit index out of range',
      () => game([wrgSide([{ unit: 8, lost: 1 }]), wrgSide([])]),
      /side 1, losses\[0\]: there is no unit 8 in this roster \(its units are 0 to 7/
    ],
    [
      'more lost than a line holds',
      () =>
        game([
          wrgSide([]),
          wrgSide([
            { unit: 2, lost: 10 },
            { unit: 2, lost: 3 }
          ])
        ]),
      /side 2, losses\[1\]: unit 2 \(the 3rd line, .+\) has lost 13 figures, more than the 12 it holds/
    ],
    [
      'an unknown ruleset',
      () => game([wrgSide([]), { roster: roster('wrg-1969-legal', { ruleset: 'no-such-rules' }), losses: [] }]),
      /side 2: a roster for the ruleset 'no-such-rules', which this copy of Muster does not have/
    ],
    [
      'two rulesets',
      () => game([wrgSide([]), { roster: 'rosters/wrg-mk2-legal.muster.json', losses: [] }]),
      /the two rosters are for two rulesets, WRG Ancient Wargames Rules \(1969\) and .+: a game is played under one/
    ],
    ['bad JSON', () => '{ "format": "muster-game", "version": 1,\n  "sides": [ }', /game-\d+\.json:2:\d+: not valid JSON/],
    [
      'a loss of no known shape',
      () => game([wrgSide([{ unit: 0, lost: 1, destroyed: true }]), wrgSide([])]),
      /not a Muster game file: side 1, losses\[0\]: a loss is/
    ],
    ['a missing member', () => game([wrgSide([]), { losses: [] }]), /not a Muster game file: side 2: "roster" is missing/],
    ['a fractional loss', () => game([wrgSide([{ unit: 1, lost: 1.5 }]), wrgSide([])]), /side 1, losses\[0\] \(unit 1\): "lost": 1\.5 is not a whole number/],
    ['a negative loss', () => game([wrgSide([]), wrgSide([{ unit: 0, lost: -2 }])]), /side 2, losses\[0\] \(unit 0\): "lost": -2 is less than nothing/],
    [
      'a loss too large',
      () => game([wrgSide([{ unit: 3, lost: 99999999999 }]), wrgSide([])]),
      /side 1, losses\[0\] \(unit 3\): "lost": 99999999999 is more than any unit holds/
    ],
    ['a date in words', () => ({ ...game([wrgSide([]), wrgSide([])]), date: 'yesterday' }), /"date": "yesterday" is not a date: write the day as YYYY-MM-DD/],
    ['a date not in the calendar', () => ({ ...game([wrgSide([]), wrgSide([])]), date: '2025-02-30' }), /"date": "2025-02-30" is not a day of the calendar/],
    [
      'a unit id the roster does not have',
      () => game([wrgSide([{ unit: 'nobody', lost: 1 }]), wrgSide([])]),
      /side 1, losses\[0\]: no unit of this roster has the id "nobody"/
    ],
    [
      'an army the ruleset does not have, naming the side',
      () => game([wrgSide([]), { roster: roster('wrg-1969-legal', { army: 'nope' }), losses: [] }]),
      /game-\d+\.json: side 2's army 'nope' is not one of .+'s army lists/
    ],
    ['one side', () => game([wrgSide([])]), /not a Muster game file: "sides": must NOT have fewer than 2 items/],
    ['a newer game file', () => ({ ...game([wrgSide([]), wrgSide([])]), version: 2 }), /a game file of version 2, written by a newer Muster: update Muster/],
    [
      'a flag the ruleset does not have',
      () => game([wrgSide([], { campSacked: true }), wrgSide([])]),
      /side 1: "campSacked" is not a flag of .+'s rules of play/
    ],
    ['a roster file that is not there', () => game([wrgSide([]), { roster: 'rosters/missing.json', losses: [] }]), /side 2: its roster .*missing\.json/],
    ['a roster that is no roster', () => game([wrgSide([]), { roster: { format: 'muster-roster' }, losses: [] }]), /side 2: not a roster/]
  ])('refuses %s with exit 2 and one line', (_what, make, message) => refused([gameFile(make())], message))

  it('refuses a damaged result code, a file and a code together, and --result-code with --decode', () => {
    const code = muster(['game', gameFile(wrg()), '--result-code']).stdout.trim()
    const i = code.length - 12
    refused(['--decode', code.slice(0, i) + (code[i] === 'A' ? 'B' : 'A') + code.slice(i + 1)], /damaged or incomplete/)
    refused(['--decode', `MR2${code.slice(3)}`], /newer version of Muster \(MR2\)/)
    refused([gameFile(wrg()), '--decode', code], /give a game file to score, or --decode CODE \(not both\)/)
    refused(['--decode', code, '--result-code'], /--result-code goes with a game file/)
  })
})
