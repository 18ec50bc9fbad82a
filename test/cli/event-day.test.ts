// `muster event` through the built CLI (bin/muster.js): a 16-player event made, its rosters entered
// (an illegal one held back with its reasons, then fixed), round 1 paired (no held player at a table),
// results typed per table with every refusal one line, exit 2 and nothing written, a drop, a late
// joiner and the export. Swiss rounds, slips and standings join once event/swiss.ts and
// event/standings.ts land (issue 41).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { muster } from '../support/cli'
import { repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'

const tmp = tempFolders('muster-event-day-')
const example = (name: string) => JSON.parse(readFileSync(join(repoRoot, 'examples', name), 'utf8')) as Record<string, unknown>
const NAMES = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ida', 'Jo', 'Kit', 'Lu', 'Max', 'Ned', 'Oz', 'Pam']

let dir: string
let db: string
let id: string
const run = (...args: string[]) => muster([...args, '--db', db])
const exported = () => {
  const out = join(dir, `export-${Math.random()}.json`)
  expect(run('event', 'export', id, '-o', out).code).toBe(0)
  const whole = JSON.parse(readFileSync(out, 'utf8')) as {
    event: {
      updatedAt: string
      players: Array<{ id: string; name: string }>
      rounds: Array<{ tables: Array<{ table: number; players: string[]; result: unknown }> }>
    }
  }
  // tables name players by their ids in the event: read them as names
  const name = new Map(whole.event.players.map((p) => [p.id, p.name]))
  for (const r of whole.event.rounds) for (const t of r.tables) t.players = t.players.map((p) => name.get(p)!)
  return whole.event
}

beforeAll(() => {
  dir = tmp()
  db = join(dir, 'library.sqlite')
  mkdirSync(join(dir, 'rosters'))
  for (const [i, player] of NAMES.entries())
    writeFileSync(
      join(dir, 'rosters', `${player}.json`),
      JSON.stringify({ ...example(i === 15 ? 'triumph-illegal.muster.json' : 'triumph-legal.muster.json'), player })
    )
  writeFileSync(join(dir, 'fixed.json'), JSON.stringify({ ...example('triumph-legal.muster.json'), player: 'Pam' }))
  writeFileSync(join(dir, 'late.json'), JSON.stringify({ ...example('triumph-legal.muster.json'), player: 'Quin' }))
  writeFileSync(join(dir, 'event.json'), JSON.stringify({ format: 'muster-event', version: 1, name: 'Sixteen Cup', ruleset: 'triumph' }))
})

describe('muster event, a 16-player event', () => {
  it('is made from its profile; a bad profile is one line, exit 2', () => {
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ format: 'muster-event', version: 1, ruleset: 'triumph' }))
    const bad = run('event', 'create', join(dir, 'bad.json'))
    expect(bad.code).toBe(2)
    expect(bad.stderr.trim().split('\n')).toHaveLength(1)
    const made = run('event', 'create', join(dir, 'event.json'), '--json')
    expect(made.code, made.stderr).toBe(0)
    id = (JSON.parse(made.stdout) as { id: string }).id
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('enters the rosters: the illegal one held back with its reasons, then fixed as revision 2', () => {
    const entered = run('event', 'enter', id.slice(0, 8), join(dir, 'rosters'))
    expect(entered.code, entered.stderr).toBe(0)
    expect(entered.stdout).toMatch(/^Ann: active$/m)
    expect(entered.stdout).toMatch(/^Pam: held back: .*BC/m)
    const fixed = run('event', 'enter', id, join(dir, 'fixed.json'), '--json')
    expect(JSON.parse(fixed.stdout)).toMatchObject({ entered: [{ player: 'Pam', status: 'active', revision: 2 }], refused: [] })
  })

  it('pairs round 1: 8 tables, every player once', () => {
    const paired = run('event', 'pair', id, '--json')
    expect(paired.code, paired.stderr).toBe(0)
    const round = JSON.parse(paired.stdout) as { round: number; tables: Array<{ table: number; players: string[]; why: string }> }
    expect(round.round).toBe(1)
    expect(round.tables).toHaveLength(8)
    expect(round.tables.flatMap((t) => t.players).sort()).toEqual([...NAMES].sort())
    for (const t of round.tables) expect(t.why).not.toBe('')
  })

  it('refuses bad results in one line, exit 2, writing nothing', () => {
    const before = exported()
    const [a] = before.rounds[0].tables[0].players
    const tries = [
      [['--round', '1', '--table', '9', '--winner', 'Ann'], /round 1 has no table 9/],
      [['--round', '2', '--table', '1', '--winner', 'Ann'], /round 2 is not paired yet/],
      [['--round', '1', '--table', '1', '--winner', 'Nobody'], /Nobody is not at table 1 of round 1/],
      [['--round', '1', '--table', '1'], /give either --winner/],
      [['--round', '1', '--table', '1', '--winner', 'draw', '--score', 'x'], /a score is A:B/]
    ] as const
    for (const [args, says] of tries) {
      const r = run('event', 'result', id, ...args)
      expect(r.code, r.stdout + r.stderr).toBe(2)
      expect(r.stderr).toMatch(says)
      // commander's own refusal (a score that is none) adds its usual pointer to --help
      expect(
        r.stderr
          .trim()
          .split('\n')
          .filter((l) => !l.startsWith('(run'))
      ).toHaveLength(1)
    }
    expect(run('event', 'result', id, '--round', '1', '--table', '1', '--winner', 'p1-not-a-name').code).toBe(2)
    expect(exported().updatedAt).toBe(before.updatedAt)
    // one result, then a second needs --replace
    expect(run('event', 'result', id, '--round', '1', '--table', '1', '--winner', a, '--score', '4:1').stdout).toMatch(
      new RegExp(`^Round 1, table 1: ${a} won$`, 'm')
    )
    const second = run('event', 'result', id, '--round', '1', '--table', '1', '--winner', 'draw')
    expect(second.code).toBe(2)
    expect(second.stderr).toMatch(/already has a result: give --replace/)
    expect(run('event', 'result', id, '--round', '1', '--table', '1', '--winner', 'draw', '--replace').stdout).toMatch(/table 1: a draw/)
  })

  it('takes every result of round 1; a late joiner joins from round 2; the export holds it all', () => {
    const tables = exported().rounds[0].tables
    for (const t of tables.slice(1)) expect(run('event', 'result', id, '--round', '1', '--table', String(t.table), '--winner', t.players[0]).code).toBe(0)
    const late = run('event', 'enter', id, join(dir, 'late.json'), '--json')
    expect(JSON.parse(late.stdout)).toMatchObject({ entered: [{ player: 'Quin', status: 'active', revision: 1 }] })
    const whole = exported()
    expect(whole.players).toHaveLength(17)
    expect(whole.players.find((p) => (p as { name: string }).name === 'Quin')).toMatchObject({ joinedRound: 2 })
    expect(whole.rounds[0].tables.every((t) => t.result !== null)).toBe(true)
  })
})
