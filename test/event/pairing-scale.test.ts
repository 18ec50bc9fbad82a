// Pairing at scale (issue 38): `muster pair` of 550 players or more crashed ("Maximum call stack size
// exceeded": every edge's weight spread into Math.max), and the app's Propose pairings runs the same
// code. Now: 2,000 rosters through the built command and 601 through the app's handler, every player
// paired exactly once (one bye when the count is odd); the perfect matching of the complete graph
// (a sparse graph, proved optimal by its duals) against the reference algorithm and an exhaustive
// search, on graphs where the sparse start lacks what the optimum needs; the link scores pairing
// weighs against pairLinks' own.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { eventHandlers } from '../../src-main/ipc/event-handlers'
import { createEngine, type Roster } from '../../src-main/rules'
import { createAjv } from '../../src-main/rules/schemas'
import { pairLinks, pairScores, type PairingEntry } from '../../src-main/event/pairing'
import { maxWeightMatching, type WeightedEdge } from '../../src-main/event/matching'
import { maxWeightPerfectMatching } from '../../src-main/event/perfect-matching'
import { muster } from '../support/cli'
import { tempFolders } from '../support/tmp'
import { triumphWithEnemies } from '../../bench/enemy-lists'

const tmp = tempFolders('muster-pair-scale-')
const event = { format: 'muster-event', version: 1, name: 'Grand Open', ruleset: 'triumph', pointsLimit: 48 }
let data: string
let folder: string
let eventFile: string

beforeAll(() => {
  const dir = tmp()
  data = join(dir, 'data')
  folder = join(dir, 'submissions')
  eventFile = join(dir, 'event.json')
  mkdirSync(folder)
  writeFileSync(eventFile, JSON.stringify(event))
  // Every bundled Triumph! list, each naming three others as historical enemies (the bundled lists name none)
  const { triumph, rosters } = triumphWithEnemies(data)
  // 2,000 players, the lists in turn, each roster of its own year within its list's dates
  for (let n = 0; n < 2000; n++) {
    const roster: Roster = rosters[n % rosters.length]
    const { from, to } = triumph.armies.get(roster.army)!.dates[0]
    const file = `p${String(n).padStart(4, '0')}.muster.json`
    writeFileSync(join(folder, file), JSON.stringify({ ...roster, player: `Player ${n}`, year: from + ((n * 37) % (to - from + 1)) }))
  }
})

interface Side {
  file: string
}
/** Every file of the report once: in a pair, or the bye. */
function everyoneOnce(report: { pairs: Array<{ a: Side; b: Side }>; bye: Side | null }): string[] {
  const seen = [...report.pairs.flatMap((p) => [p.a.file, p.b.file]), ...(report.bye ? [report.bye.file] : [])]
  expect(new Set(seen).size).toBe(seen.length)
  return seen.sort()
}

describe('pairing thousands of players', () => {
  it('muster pair (the built command) pairs 2,000 rosters: exit 0, everyone exactly once, no bye', () => {
    const r = muster(['--data', data, 'pair', '--event', eventFile, '--json', folder])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const report = JSON.parse(r.stdout) as { players: number; pairs: Array<{ a: Side; b: Side; score: number }>; bye: Side | null; notExamined: unknown[] }
    expect(report.players).toBe(2000)
    expect(report.pairs).toHaveLength(1000)
    expect(report.bye).toBeNull()
    expect(report.notExamined).toEqual([])
    const files = readdirSync(folder)
      .map((f) => join(folder, f))
      .sort()
    expect(everyoneOnce(report)).toEqual(files)
    // every list has historical enemies among the others, and the pairing takes them first
    expect(report.pairs.every((p) => p.score >= 4)).toBe(true)
  })

  it("the app's Propose pairings (the eventPairing handler) pairs 601 rosters: everyone once, one bye", async () => {
    const files = readdirSync(folder)
      .sort()
      .slice(0, 601)
      .map((f) => ({ name: join(folder, f), path: join(folder, f) }))
    const { report } = await eventHandlers(createEngine({ dataDirs: [data] }), createAjv()).eventPairing(event, files)
    expect(report.players).toBe(601)
    expect(report.pairs).toHaveLength(300)
    expect(report.bye).not.toBeNull()
    expect(everyoneOnce(report)).toEqual(files.map((f) => f.path))
    expect(report.notes.some((n) => n.startsWith('601 players, an odd number: '))).toBe(true)
  })
})

describe('maxWeightPerfectMatching: the complete graph, exact', () => {
  let seed = 38
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const total = (n: number, w: number[][], mate: ArrayLike<number>) => {
    let sum = 0
    for (let v = 0; v < n; v++) {
      expect(mate[mate[v]]).toBe(v)
      if (v < mate[v]) sum += w[v][mate[v]]
    }
    return sum
  }
  /** The best perfect matching's weight, by trying every one. */
  const best = (n: number, w: number[][], used = new Array<boolean>(n).fill(false)): number => {
    const i = used.indexOf(false)
    if (i === -1) return 0
    used[i] = true
    let top = -Infinity
    for (let j = i + 1; j < n; j++) {
      if (used[j]) continue
      used[j] = true
      top = Math.max(top, w[i][j] + best(n, w, used))
      used[j] = false
    }
    used[i] = false
    return top
  }
  const graph = (n: number, weight: (i: number, j: number) => number) => {
    const w = Array.from({ length: n }, () => new Array<number>(n).fill(0))
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) w[i][j] = w[j][i] = weight(i, j)
    return w
  }

  it('finds the optimum of 300 small random graphs (every perfect matching tried)', () => {
    for (let t = 0; t < 300; t++) {
      const n = 2 * (1 + Math.floor(random() * 5))
      const w = graph(n, () => [0, 1, 10, 100, 101, 110, 111, 7][Math.floor(random() * 8)])
      expect(
        total(
          n,
          w,
          maxWeightPerfectMatching(n, (i, j) => w[i][j])
        ),
        JSON.stringify(w)
      ).toBe(best(n, w))
    }
  })

  it('matches the blossom algorithm on the whole graph, also where the heaviest edges all go to a few hubs', () => {
    for (let t = 0; t < 60; t++) {
      const n = 20 + 2 * Math.floor(random() * 50)
      // t odd: every vertex's heaviest edges go to 20 hubs, so the sparse start lacks the light
      // edges the optimum pairs the others with, and the duals must find them
      const w = graph(n, (i) => (t % 2 && i < 20 ? 1000 : Math.floor(random() * (t % 4 === 0 ? 3 : 50))))
      const edges: WeightedEdge[] = []
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) edges.push([i, j, w[i][j]])
      const mate = maxWeightPerfectMatching(n, (i, j) => w[i][j])
      expect(total(n, w, mate), `graph ${t}`).toBe(total(n, w, maxWeightMatching(edges, true)))
    }
  })

  it('maxWeightMatching of 560 vertices, 156,520 edges: no stack overflow', () => {
    const n = 560
    const edges: WeightedEdge[] = []
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) edges.push([i, j, (i * 7 + j * 13) % 8])
    const mate = maxWeightMatching(edges, true)
    expect(mate.every((m, v) => m >= 0 && mate[m] === v)).toBe(true)
  })
})

describe('pairScores: the score of every pair, as pairLinks gives it', () => {
  it('600 random entries of varied dates, years, enemies, categories and tags, in any case', () => {
    let seed = 7
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]
    const entries: PairingEntry[] = Array.from({ length: 600 }, (_, i) => {
      const from = -600 + Math.floor(random() * 800)
      return {
        key: `e${i}.json`,
        player: `P${i}`,
        ruleset: pick(['triumph', 'triumph', 'wrg-mk2']),
        army: `army-${Math.floor(random() * 30)}`,
        armyName: 'x',
        dates:
          random() < 0.2
            ? []
            : Array.from({ length: 1 + Math.floor(random() * 2) }, (_, k) => ({ from: from + 300 * k, to: from + 300 * k + Math.floor(random() * 150) })),
        ...(random() < 0.4 ? { year: from + Math.floor(random() * 200) } : {}),
        ...(random() < 0.7 ? { enemies: Array.from({ length: Math.floor(random() * 4) }, () => `army-${Math.floor(random() * 30)}`) } : {}),
        ...(random() < 0.5 ? { categories: Array.from({ length: Math.floor(random() * 3) }, () => pick(['Punic', 'punic', 'Hoplite', 'Steppe'])) } : {}),
        ...(random() < 0.7 ? { tags: Array.from({ length: Math.floor(random() * 3) }, () => pick(['Greek', 'GREEK', 'Roman', 'Celtic'])) } : {})
      }
    })
    const score = pairScores(entries)
    let linked = 0
    for (let i = 0; i < entries.length; i++) {
      for (let j = i + 1; j < entries.length; j++) {
        const expected = pairLinks(entries[i], entries[j]).score
        if (score(i, j) !== expected) expect({ a: entries[i], b: entries[j], score: score(i, j) }).toEqual({ a: entries[i], b: entries[j], score: expected })
        if (expected) linked++
      }
    }
    expect(linked).toBeGreaterThan(1000)
  })
})
