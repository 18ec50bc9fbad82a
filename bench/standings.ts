// Event standings at scale (issue 41): 1,000 players after 6 rounds, every table with a result and
// points destroyed, the default tie-breaks (head to head included), then a formula scoring. Rounds
// are paired by score, neighbours together (what a Swiss round looks like to the standings); results
// come from a fixed seed. `npm run bench -- standings` runs only this part.
import { standings } from '../src-main/event/standings'
import type { EventPlayer, RoundRecord } from '../src-main/event/day-types'
import type { EventScoring } from '../src-main/generated-types/event'
import { median } from './check'
import { met } from './verdict'

function event(count: number, roundCount: number): { players: EventPlayer[]; rounds: RoundRecord[] } {
  let seed = 4242
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const players: EventPlayer[] = Array.from({ length: count }, (_, i) => ({
    id: `p${i}`,
    name: `Player ${i}`,
    checkCode: `${String(i).padStart(4, '0')}-0000`,
    ruleset: 'triumph',
    army: 'army',
    armyTitle: 'Army',
    status: i % 97 === 0 ? 'dropped' : 'active',
    joinedRound: 1
  }))
  const score = new Map(players.map((p) => [p.id, 0]))
  const rounds: RoundRecord[] = []
  for (let round = 1; round <= roundCount; round++) {
    const order = players.map((p) => p.id).sort((a, b) => score.get(b)! - score.get(a)! || (a < b ? -1 : 1))
    const tables: RoundRecord['tables'] = []
    for (let i = 0; i + 1 < order.length; i += 2) {
      const roll = random()
      const winner = roll < 0.45 ? 0 : roll < 0.9 ? 1 : null
      const a = Math.floor(random() * 40)
      const b = Math.floor(random() * 40)
      tables.push({ table: tables.length + 1, players: [order[i], order[i + 1]], why: 'score group', result: { winner, score: [a, b] } })
      score.set(order[i], score.get(order[i])! + (winner === 0 ? 3 : winner === null ? 1 : 0))
      score.set(order[i + 1], score.get(order[i + 1])! + (winner === 1 ? 3 : winner === null ? 1 : 0))
    }
    rounds.push({ round, tables })
  }
  return { players, rounds }
}

/** The median of 7 runs of standings(), in ms: a fresh scoring object each run, so a formula is compiled in every run timed. */
function time(players: EventPlayer[], rounds: RoundRecord[], scoring: () => EventScoring | undefined): number {
  const runs: number[] = []
  for (let r = 0; r < 7; r++) {
    const t0 = process.hrtime.bigint()
    const rows = standings(players, rounds, { scoring: scoring() })
    runs.push(Number(process.hrtime.bigint() - t0) / 1e6)
    if (rows.length !== players.length) throw new Error(`standings gave ${rows.length} rows of ${players.length}`)
  }
  return median(runs)
}

export function standingsBench(): void {
  const { players, rounds } = event(1000, 6)
  const ms = time(players, rounds, () => undefined)
  console.log(`Standings of 1,000 players after 6 rounds: ${ms.toFixed(1)} ms (goal < 200 ms, ${met(ms < 200)})`)
  const formula = () => ({ formula: { '+': [{ if: [{ var: 'won' }, 3, { var: 'drawn' }, 1, 0] }, { var: 'destroyed' }] } })
  console.log(`  with a json-logic scoring formula (compiled in each run): ${time(players, rounds, formula).toFixed(1)} ms`)
}
