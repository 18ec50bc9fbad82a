// Swiss rounds (issue 41, "Rounds"): simulated events of random results, each round checked for no
// rematch, byes, drops and late joins; on small fields the pairing's score groups, bye and clubs
// checked against every possible pairing; round 1 against the first-round pairing; 2,000 players.
import { describe, expect, it } from 'vitest'
import { pairSwiss, SwissError, type SwissPlayer } from '../../src-main/event/swiss'
import { entryPreference } from '../../src-main/event/swiss-preference'
import { pairEntries } from '../../src-main/event/pairing'
import type { PairedTable, RoundRecord } from '../../src-main/event/day-types'
import { randomPairingEntries, seededRandom } from '../../bench/pairing-entries'

const player = (i: number, more: Partial<SwissPlayer> = {}): SwissPlayer => ({
  id: `p${String(i).padStart(4, '0')}`,
  name: `Player ${i}`,
  checkCode: `code-${i}`,
  ruleset: 'triumph',
  army: `army-${i % 7}`,
  armyTitle: `Army ${i % 7}`,
  status: 'active',
  joinedRound: 1,
  score: 0,
  ...more
})

/** Entries of random dates, enemies and themes, as the pairing bench makes them. */
const entries = (count: number, seed: number) => randomPairingEntries(count, { seed, armies: 12, key: (i) => player(i).id })

const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`)

/** The pairing's tiers as the header orders them, worked out from the tables alone. */
function cost(field: SwissPlayer[], tables: Array<PairedTable | { players: string[] }>) {
  const byId = new Map(field.map((p) => [p.id, p]))
  const groups = [...new Set(field.map((p) => p.score))].sort((a, b) => a - b)
  const g = (id: string) => groups.indexOf(byId.get(id)!.score)
  let score = 0
  let bye = -Infinity
  let clubs = 0
  for (const t of tables) {
    const [a, b] = t.players
    if (b === undefined) {
      score += g(a) * g(a) + 2 * g(a)
      bye = byId.get(a)!.score
    } else {
      score += (g(a) - g(b)) ** 2
      if (byId.get(a)!.club === byId.get(b)!.club) clubs++
    }
  }
  return [score, bye, clubs]
}

/** The least tiers of every pairing the rules allow (no rematch, the bye to one of the fewest byes). */
function bruteBest(field: SwissPlayer[], met: Set<string>, byes: Map<string, number>): number[] | undefined {
  const fewest = Math.min(...field.map((p) => byes.get(p.id) ?? 0))
  let best: number[] | undefined
  const tables: Array<{ players: string[] }> = []
  const walk = (left: string[]) => {
    if (!left.length) {
      const c = cost(field, tables)
      if (!best || c[0] < best[0] || (c[0] === best[0] && (c[1] < best[1] || (c[1] === best[1] && c[2] < best[2])))) best = c
      return
    }
    const [a, ...rest] = left
    if (left.length % 2 === 1) {
      if ((byes.get(a) ?? 0) === fewest) {
        tables.push({ players: [a] })
        walk(rest)
        tables.pop()
      }
    }
    rest.forEach((b, k) => {
      if (met.has(key(a, b))) return
      tables.push({ players: [a, b] })
      walk([...rest.slice(0, k), ...rest.slice(k + 1)])
      tables.pop()
    })
  }
  walk(field.map((p) => p.id))
  return best
}

interface Sim {
  players: SwissPlayer[]
  rounds: number
  seed: number
  /** Before each round: drops and late joins. */
  before?: (round: number, players: SwissPlayer[]) => void
  brute?: boolean
}

/** Runs an event of random results; every round checked. Returns the history. */
function simulate({ players, rounds, seed, before, brute }: Sim): RoundRecord[] {
  const r = seededRandom(seed)
  const history: RoundRecord[] = []
  const met = new Set<string>()
  const byes = new Map<string, number>()
  for (let round = 1; round <= rounds; round++) {
    before?.(round, players)
    const field = players.filter((p) => p.status === 'active' && p.joinedRound <= round)
    const tables = pairSwiss({ round, players, history, constraints: { clubApart: true } })
    // everyone of the field once, and no one else
    expect(tables.flatMap((t) => t.players).sort()).toEqual(field.map((p) => p.id).sort())
    expect(new Set(tables.map((t) => t.table)).size).toBe(tables.length)
    for (const t of tables) {
      expect(t.why.length).toBeGreaterThan(0)
      if (t.players.length === 2) expect(met.has(key(...(t.players as [string, string])))).toBe(false)
    }
    const byeTables = tables.filter((t) => t.players.length === 1)
    expect(byeTables.length).toBe(field.length % 2)
    if (byeTables.length) {
      // a bye never goes twice to one player while others have had none
      const fewest = Math.min(...field.map((p) => byes.get(p.id) ?? 0))
      expect(byes.get(byeTables[0].players[0]) ?? 0).toBe(fewest)
    }
    if (brute) expect(cost(field, tables)).toEqual(bruteBest(field, met, byes))
    // results
    const score = new Map(players.map((p) => [p.id, p.score]))
    const record: RoundRecord = { round, tables: [] }
    for (const t of tables) {
      const [a, b] = t.players
      if (b === undefined) {
        byes.set(a, (byes.get(a) ?? 0) + 1)
        score.set(a, score.get(a)! + 3)
        record.tables.push({ ...t, result: { winner: 0 } })
        continue
      }
      met.add(key(a, b))
      const x = r()
      const winner = x < 0.45 ? 0 : x < 0.9 ? 1 : null
      score.set(a, score.get(a)! + (winner === 0 ? 3 : winner === null ? 1 : 0))
      score.set(b, score.get(b)! + (winner === 1 ? 3 : winner === null ? 1 : 0))
      record.tables.push({ ...t, result: { winner } })
    }
    history.push(record)
    for (const p of players) p.score = score.get(p.id)!
  }
  return history
}

const clubs = ['Harrow Hoplites', 'Leeds Legion', 'Oxford Wargames', 'York Irregulars']

describe('Swiss pairing', () => {
  it('a 16-player, 5-round event: no rematch, byes, a drop and a late join, clubs apart in round 1', () => {
    const players = Array.from({ length: 16 }, (_, i) => player(i, { club: clubs[i % 4] }))
    const first = pairSwiss({ round: 1, players, history: [], constraints: { clubApart: true } })
    const club = new Map(players.map((p) => [p.id, p.club]))
    expect(first.every((t) => club.get(t.players[0]) !== club.get(t.players[1]!))).toBe(true)
    const history = simulate({
      players,
      rounds: 5,
      seed: 7,
      before: (round, ps) => {
        if (round === 3) ps[5].status = 'dropped'
        if (round === 4) ps.push(player(16, { club: clubs[0], joinedRound: 4 }))
        if (round === 5) ps[9].status = 'dropped'
      }
    })
    expect(history.map((r) => r.tables.length)).toEqual([8, 8, 8, 8, 8])
    expect(history[2].tables.some((t) => t.players.length === 1)).toBe(true)
    expect(history[4].tables.at(-1)!.why).toMatch(/^bye: Player \d+ on \d+ points?, the lowest-ranked player/)
  })

  it('on small fields, score groups, the bye and clubs are the best of every possible pairing', () => {
    for (const [count, seed] of [
      [10, 1],
      [9, 2],
      [8, 3],
      [11, 4]
    ]) {
      const players = Array.from({ length: count }, (_, i) => player(i, { club: clubs[i % 3] }))
      simulate({
        players,
        rounds: 5,
        seed,
        brute: true,
        before: (round, ps) => {
          if (round === 3) ps[2].status = 'dropped'
          if (round === 4) ps.push(player(count, { club: clubs[1], joinedRound: 4, score: 2 }))
        }
      })
    }
  })

  it('round 1 gives the first-round pairing: the same pairs, the same bye, its reasons', () => {
    for (const count of [41, 120]) {
      const list = entries(count, count)
      const preference = entryPreference(new Map(list.map((e) => [e.key, e])))
      const players = list.map((_, i) => player(i))
      const tables = pairSwiss({ round: 1, players, history: [], preference })
      const today = pairEntries(list)
      expect(tables.filter((t) => t.players.length === 2).map((t) => t.players)).toEqual(today.pairs.map((p) => [p.a.key, p.b.key]))
      expect(tables.filter((t) => t.players.length === 1).map((t) => t.players[0])).toEqual(today.bye ? [today.bye.key] : [])
      expect(tables[0].why).toBe(today.pairs[0].reasons.join(', '))
    }
  })

  it('fixed tables are kept, and the reasons say the score groups and floats', () => {
    const players = [0, 1, 2, 3, 4, 5].map((i) => player(i, { score: [6, 6, 3, 3, 3, 0][i] }))
    players[5].fixedTable = 1
    players[4].fixedTable = 7
    const tables = pairSwiss({ round: 3, players, history: [{ round: 1, tables: [{ table: 1, players: [players[2].id, players[3].id], why: '' }] }] })
    const seat = (id: string) => tables.find((t) => t.players.includes(id))!
    expect(seat(players[5].id).table).toBe(1)
    expect(seat(players[4].id).table).toBe(7)
    expect(seat(players[0].id).why).toBe('both on 6 points')
    expect(seat(players[3].id).players).not.toContain(players[2].id)
    expect(seat(players[5].id).why).toMatch(/^Player [23] on 3 points floats down to meet Player 5 on 0 points$/)
  })

  it('says so when no pairing avoids a rematch', () => {
    const players = [0, 1, 2, 3].map((i) => player(i))
    const [a, b, c, d] = players.map((p) => p.id)
    const rounds: Array<Array<[string, string]>> = [
      [
        [a, b],
        [c, d]
      ],
      [
        [a, c],
        [b, d]
      ],
      [
        [a, d],
        [b, c]
      ]
    ]
    const history = rounds.map((pairs, k) => ({ round: k + 1, tables: pairs.map((p, t) => ({ table: t + 1, players: p, why: '' })) }))
    expect(() => pairSwiss({ round: 4, players, history })).toThrow(SwissError)
    expect(() => pairSwiss({ round: 4, players, history })).toThrow(
      /^Round 4 cannot be paired without a rematch: Player 0, Player 1, Player 2 and Player 3 have/
    )
  })

  it('pairs 2,000 players after 3 rounds in one call', () => {
    const count = 2000
    const r = seededRandom(99)
    const players = Array.from({ length: count }, (_, i) => player(i, { club: `Club ${i % 40}` }))
    // round r pairs i with i XOR 2^(r-1): three rounds, no two players met twice
    const history: RoundRecord[] = [1, 2, 3].map((round) => ({
      round,
      tables: players
        .map((_, i) => i)
        .filter((i) => i < (i ^ (1 << (round - 1))))
        .map((i, t) => ({ table: t + 1, players: [players[i].id, players[i ^ (1 << (round - 1))].id] as [string, string], why: '' }))
    }))
    for (const p of players) p.score = 3 * Math.floor(r() * 4)
    const list = entries(count, 5)
    const tables = pairSwiss({
      round: 4,
      players,
      history,
      constraints: { clubApart: true },
      preference: entryPreference(new Map(list.map((e) => [e.key, e])))
    })
    expect(tables.length).toBe(1000)
    const met = new Set(history.flatMap((h) => h.tables.map((t) => key(t.players[0], t.players[1]!))))
    expect(tables.every((t) => !met.has(key(t.players[0], t.players[1]!)))).toBe(true)
    expect(new Set(tables.flatMap((t) => t.players)).size).toBe(count)
  })
})
