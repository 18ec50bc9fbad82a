// `muster event` through the built CLI (bin/muster.js): a 16-player, 5-round event. Rosters entered
// (an illegal one held back with its reasons, then fixed), results typed per table with every refusal
// one line, exit 2 and nothing written; a late joiner, two drops, byes that never go twice to one
// player, no rematch in five rounds, a result slip from `muster game` accepted and a forged one (its
// roster not the one submitted) refused, and standings worked out by hand (3 a win, 1 a draw, 3 a bye).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { muster, refusalLines } from '../support/cli'
import { byesWithoutRematch, NAMES, slipGame, writeEventFiles } from '../support/sixteen-cup'
import { tempFolders } from '../support/tmp'

const tmp = tempFolders('muster-event-day-')

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
  writeEventFiles(dir)
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
    // a file that is no roster refuses the batch in one line: nothing entered
    writeFileSync(join(dir, 'broken.json'), '{ "player": ')
    const broken = run('event', 'enter', id, join(dir, 'rosters'), join(dir, 'broken.json'))
    expect(broken.code).toBe(2)
    expect(broken.stderr.trim().split('\n')).toEqual([expect.stringMatching(/broken\.json.*no roster was entered$/)])
    expect(exported().players).toEqual([])
    const entered = run('event', 'enter', id.slice(0, 8), join(dir, 'rosters'))
    expect(entered.code, entered.stderr).toBe(0)
    expect(entered.stdout).toMatch(/^Ann: active$/m)
    expect(entered.stdout).toMatch(/^Pam: held back: .*BC/m)
    const fixed = run('event', 'enter', id, join(dir, 'fixed.json'), '--json')
    expect(JSON.parse(fixed.stdout)).toMatchObject({ entered: [{ player: 'Pam', status: 'active', revision: 2 }] })
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
      [['--table', '1', '--winner', 'Ann', '--slip', 'MR1.x'], /give --winner PLAYER\|draw or --slip CODE, not both/],
      [['--winner', 'Ann'], /say which table: --table N/],
      [['--round', '1', '--table', '1', '--winner', 'draw', '--score', 'x'], /a score is A:B/]
    ] as const
    for (const [args, says] of tries) {
      const r = run('event', 'result', id, ...args)
      expect(r.code, r.stdout + r.stderr).toBe(2)
      expect(r.stderr).toMatch(says)
      // commander's own refusal (a score that is none) adds its usual pointer to --help
      expect(refusalLines(r.stderr)).toHaveLength(1)
    }
    expect(run('event', 'result', id, '--round', '1', '--table', '1', '--winner', 'p1-not-a-name').code).toBe(2)
    expect(exported().updatedAt).toBe(before.updatedAt)
    const [, b] = before.rounds[0].tables[0].players
    // one result, said with the winner's score first (A:B is table order); the round defaults to the latest paired
    expect(run('event', 'result', id, '--table', '1', '--winner', b, '--score', '1:4').stdout).toBe(`Round 1, table 1: ${b} beat ${a}, 4-1\n`)
    // a second needs --replace: the service's words, and the flag that does it
    const second = run('event', 'result', id, '--round', '1', '--table', '1', '--winner', 'draw')
    expect(second.code).toBe(2)
    expect(second.stderr.trim()).toMatch(/already has a result.*\(give --replace\)$/)
    expect(run('event', 'result', id, '--round', '1', '--table', '1', '--winner', 'draw', '--replace').stdout).toBe(`Round 1, table 1: ${a} and ${b} drew\n`)
  })

  /** Every table of the round without a result: on odd tables the second player wins, on even ones the first, by the CLI. */
  const finishRound = (round: number) => {
    for (const t of exported().rounds[round - 1].tables) {
      if (t.players.length < 2 || t.result !== null) continue
      expect(run('event', 'result', id, '--round', String(round), '--table', String(t.table), '--winner', t.players[t.table % 2]).code).toBe(0)
    }
  }
  const pair = (round: number) => {
    const r = run('event', 'pair', id, '--json')
    expect(r.code, r.stderr).toBe(0)
    expect((JSON.parse(r.stdout) as { round: number }).round).toBe(round)
  }
  /** A game of two players' rosters as `muster game` finishes it (the first wins by agreement), and its slip's code. */
  const slipOf = (a: string, b: string, forged = false): string => {
    const r = muster(['game', slipGame(dir, a, b, forged), '--result-code'])
    expect(r.code, r.stderr).toBe(0)
    return r.stdout.trim()
  }

  it('round 2: a late joiner paired, one bye; a slip accepted, a forged one refused', () => {
    finishRound(1)
    const late = run('event', 'enter', id, join(dir, 'late.json'), '--json')
    expect(JSON.parse(late.stdout)).toMatchObject({ entered: [{ player: 'Quin', status: 'active', revision: 1 }] })
    pair(2)
    // a round 1 result changed after round 2 was paired: kept, and said on stderr that round 2 stays as paired
    const [, second] = exported().rounds[0].tables[1].players
    const changed = run('event', 'result', id, '--round', '1', '--table', '2', '--winner', second, '--replace')
    expect(changed.code, changed.stderr).toBe(0)
    expect(changed.stdout).toMatch(new RegExp(`^Round 1, table 2: ${second} beat `))
    expect(changed.stderr).toBe('muster: round 2 was paired on the old result: its pairings stay as they were\n')
    const tables = exported().rounds[1].tables
    expect(tables.filter((t) => t.players.length === 1)).toHaveLength(1)
    expect(tables.flatMap((t) => t.players)).toContain('Quin')
    const [a, b] = tables[0].players
    const forged = run('event', 'result', id, '--round', '2', '--table', '1', '--slip', slipOf(a, b, true))
    expect(forged.code).toBe(2)
    expect(forged.stderr).toMatch(/matches no roster this event holds/)
    expect(exported().rounds[1].tables[0].result).toBeNull()
    // the slip knows its table and the round is the latest: an agreed result with nothing lost says so, no 0-0
    const ok = run('event', 'result', id, '--slip', slipOf(b, a))
    expect(ok.code, ok.stderr).toBe(0)
    expect(ok.stdout).toBe(`Round 2, table 1: ${b} beat ${a} (agreed)\n`)
    const shown = run('event', 'show', 'SIXTEEN cup')
    expect(shown.code, shown.stderr).toBe(0)
    expect(shown.stdout).toMatch(new RegExp(`^  Table 1: ${a} v ${b}: ${b} beat ${a} \\(agreed\\) \\(from a slip\\)`, 'm'))
    expect(shown.stdout).toMatch(/^ {2}Bye: \S+$/m)
    expect(shown.stdout).not.toMatch(/\(bye\)/)
    // a table without a result shows its PIN (what the phones' page asks), marked as the organiser's
    expect(shown.stdout).toMatch(/^ {2}Table 2: \S+ v \S+: no result yet; PIN [0-9A-Z]{5}$/m)
    expect(shown.stdout).toMatch(/^PIN: .*the organiser's, not for the projector$/m)
    finishRound(2)
  })

  it('five rounds with two drops: no rematch, a bye never twice to one player, standings by hand', () => {
    expect(run('event', 'drop', id, 'Ann').stdout).toMatch(/^Ann: dropped$/m)
    pair(3)
    finishRound(3)
    expect(run('event', 'drop', id, 'bob').stdout).toMatch(/^Bob: dropped$/m)
    // as text: the bye at no table, its why not calling it a bye twice
    const four = run('event', 'pair', id)
    expect(four.code, four.stderr).toBe(0)
    expect(four.stdout).toMatch(/^Round 4\n {2}Table 1: \S+ v \S+: /)
    expect(four.stdout).toMatch(/^ {2}Bye: (\S+): (?!bye)\S/m)
    expect(four.stdout).not.toMatch(/\(bye\)/)
    finishRound(4)
    pair(5)
    finishRound(5)
    const whole = exported()
    const byes = byesWithoutRematch(whole.rounds)
    expect(new Set(byes).size).toBe(byes.length)
    expect(byes).toHaveLength(3) // rounds 2 (17 players), 4 and 5 (15)
    const late = whole.rounds.slice(2).flatMap((r) => r.tables.flatMap((t) => t.players))
    expect(late).not.toContain('Ann')
    expect(whole.rounds.slice(3).flatMap((r) => r.tables.flatMap((t) => t.players))).not.toContain('Bob')
    expect(whole.rounds[0].tables.flatMap((t) => t.players)).not.toContain('Quin')
    // by hand: 3 for a win or a bye, 1 for a draw (table 1 of round 1 was replaced by a draw)
    const hand = new Map<string, number>()
    const add = (p: string, n: number) => hand.set(p, (hand.get(p) ?? 0) + n)
    for (const r of whole.rounds)
      for (const t of r.tables) {
        if (t.players.length === 1) add(t.players[0], 3)
        const result = t.result as { winner: 0 | 1 | null } | null
        if (!result) continue
        if (result.winner === null) t.players.forEach((p) => add(p, 1))
        else add(t.players[result.winner], 3)
      }
    const standings = run('event', 'standings', id, '--json')
    expect(standings.code, standings.stderr).toBe(0)
    const rows = JSON.parse(standings.stdout) as Array<{ rank: number; player: string; score: number; tiebreaks: Record<string, number> }>
    expect(rows).toHaveLength(17)
    for (const row of rows) expect(row.score, row.player).toBe(hand.get(row.player) ?? 0)
    for (let i = 1; i < rows.length; i++) expect(rows[i].score).toBeLessThanOrEqual(rows[i - 1].score)
    expect(Object.keys(rows[0].tiebreaks)).toEqual(['opponentsScore', 'pointsDestroyed', 'headToHead'])
    expect(rows.find((r) => r.player === 'Ann')).toMatchObject({ dropped: true })
    const csv = run('event', 'standings', id, '--csv').stdout
    expect(csv).toMatch(/^rank,player,club,country,army,won,drawn,lost,byes,dropped,score,opponents' score,points destroyed,head to head\r\n1,/)
    expect(csv).toMatch(/\r\n\d+,Ann,[^\r]*,\d+,\d+,\d+,\d+,yes,/)
    expect(run('event', 'standings', id, '--html').stdout).toMatch(
      /<title>Sixteen Cup: standings<\/title>[\s\S]*<p>After round 5: all results in<\/p>[\s\S]*<td>1<\/td>/
    )
    const text = run('event', 'standings', id.slice(0, 8)).stdout
    expect(text).toMatch(/^After round 5: all results in\n\nrank +player +army +W-D-L +score +opponents' score/)
    expect(text).toMatch(/^\d+ +Ann \(dropped\) +\S.* +\d-\d-\d( \+\d byes?)? +\d+/m)
    // each bye beside its player's W-D-L, as the score counts it
    const byeRows = rows as unknown as Array<{ player: string; byes: number }>
    for (const row of byeRows) expect(row.byes, row.player).toBe(byes.filter((b) => b === row.player).length)
    expect(text).toMatch(new RegExp(`^\\d+ +${byes[0]}\\b.* \\d-\\d-\\d \\+1 bye +\\d+`, 'm'))
    // tied players by name in the reader's alphabet
    const tied = new Map<number, string[]>()
    for (const r of rows) tied.set(r.rank, [...(tied.get(r.rank) ?? []), r.player])
    for (const names of tied.values()) expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, undefined, { sensitivity: 'base' })))
  })

  it('finds an event by name, or says where to look; a dropped player reinstated', () => {
    const none = run('event', 'show', 'Autumn Cup')
    expect(none.code).toBe(2)
    expect(none.stderr.trim()).toBe("muster: no event with the id or name 'Autumn Cup' in the library: muster event list shows the events with their ids")
    expect(run('event', 'reinstate', 'sixteen cup', 'Bob').stdout).toBe('Bob: active\n')
    const again = run('event', 'reinstate', id, 'Bob')
    expect(again.code).toBe(2)
    expect(again.stderr.trim().split('\n')).toHaveLength(1)
    const winner = run('event', 'result', id, '--table', '1', '--winner', 'Nobody', '--replace')
    expect(winner.code).toBe(2)
    expect(winner.stderr.trim().split('\n')).toHaveLength(1)
    // a name nearly right gets the name meant
    const typo = run('event', 'drop', id, 'Bobb')
    expect(typo.code).toBe(2)
    expect(typo.stderr).toMatch(/no player called 'Bobb' in this event: did you mean 'Bob'\?/)
  })
})
