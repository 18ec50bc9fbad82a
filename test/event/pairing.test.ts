// First-round event pairing (src-main/event/pairing.ts): hand-worked cases (enemies first, dates,
// categories, a bye, one player's two rosters, determinism), the exact matching against an
// exhaustive search, 60 players property-style. `muster pair` itself: pairing-cli.test.ts.
import { describe, expect, it } from 'vitest'
import { pairEntries, pairLinks, type PairingEntry } from '../../src-main/event/pairing'
import { maxWeightMatching, type WeightedEdge } from '../../src-main/event/matching'

let made = 0
/** An entry whose dates (unless given) overlap no other entry's. */
function entry(key: string, player: string | null, army: string, more: Partial<PairingEntry> = {}): PairingEntry {
  const from = 3000 + 10 * made++
  return { key, player, ruleset: 'triumph', army, armyName: army, dates: [{ from, to: from + 1 }], ...more }
}

const tableOf = (pairs: ReturnType<typeof pairEntries>['pairs']) => pairs.map((p) => [p.a.key, p.b.key].sort().join(' v ')).sort()

describe('pairLinks: reasons in players words', () => {
  it('historical enemies, whichever list names the other', () => {
    const carthage = entry('c.json', 'Alice', 'later-carthaginian', { enemies: ['roman'] })
    const rome = entry('r.json', 'Bob', 'roman')
    expect(pairLinks(carthage, rome)).toMatchObject({ enemies: true, reasons: ['historical enemies'], score: 4 })
    expect(pairLinks(rome, carthage)).toMatchObject({ enemies: true, reasons: ['historical enemies'], score: 4 })
    // another ruleset's army of the same id is not the enemy
    expect(pairLinks(carthage, { ...rome, ruleset: 'wrg-1969' }).enemies).toBe(false)
  })

  it('dates: both rosters in one year, or the years between them, or the lists overlap', () => {
    const carthage = { dates: [{ from: -275, to: -146 }] }
    const rome = { dates: [{ from: -280, to: -105 }] }
    expect(pairLinks(entry('a', 'A', 'x', { ...carthage, year: -216 }), entry('b', 'B', 'y', { ...rome, year: -216 })).reasons).toEqual([
      'both fielded in 216 BC'
    ])
    expect(pairLinks(entry('a', 'A', 'x', { ...carthage, year: -216 }), entry('b', 'B', 'y', { ...rome, year: -202 })).reasons).toEqual([
      'both fielded 216-202 BC'
    ])
    // one year set: the other army was fielded then too
    expect(pairLinks(entry('a', 'A', 'x', { ...carthage, year: -216 }), entry('b', 'B', 'y', rome)).reasons).toEqual(['both fielded in 216 BC'])
    // no year: the lists' ranges, as the project writes them
    expect(pairLinks(entry('a', 'A', 'x', carthage), entry('b', 'B', 'y', rome)).reasons).toEqual(['both fielded 275-146 BC'])
    expect(pairLinks(entry('a', 'A', 'x', { dates: [{ from: -55, to: 60 }] }), entry('b', 'B', 'y', { dates: [{ from: 43, to: 410 }] })).reasons).toEqual([
      'both fielded 43-60 AD'
    ])
    // years set and one outside the other's dates: no date link, even though the lists overlap
    expect(pairLinks(entry('a', 'A', 'x', { ...carthage, year: -270 }), entry('b', 'B', 'y', { ...rome, year: -110 })).dates).toBeNull()
  })

  it('a shared category (categories first, else tags), and no link at all', () => {
    const athens = entry('a', 'A', 'athens', { categories: ['Classical Greek', 'Hoplite'], tags: ['Greek'] })
    const sparta = entry('b', 'B', 'sparta', { categories: ['classical greek'], tags: ['Greek'] })
    expect(pairLinks(athens, sparta)).toMatchObject({ categories: ['Classical Greek'], reasons: ["both in 'Classical Greek'"], score: 1 })
    expect(pairLinks(entry('a', 'A', 'x', { tags: ['Rise of Rome', 'Spanish'] }), entry('b', 'B', 'y', { tags: ['Spanish', 'Rise of Rome'] })).reasons).toEqual(
      ["both in 'Rise of Rome' and 'Spanish'"]
    )
    expect(pairLinks(entry('a', 'A', 'x', { dates: [{ from: -3000, to: -2500 }] }), entry('b', 'B', 'y'))).toMatchObject({
      reasons: ['no historical link'],
      score: 0
    })
  })
})

describe('pairEntries', () => {
  it('4 players, 2 pairs of enemies: both enemy pairs are made, whatever else tempts', () => {
    // Carthage-Rome and Athens-Sparta are enemies; Carthage and Athens share dates and a category,
    // and so do Rome and Sparta, which a pairing by dates alone would take.
    const common = { dates: [{ from: -300, to: -200 }], categories: ['Mediterranean'] }
    const entries = [
      entry('1-carthage.json', 'Alice', 'carthage', { ...common, enemies: ['rome'] }),
      entry('2-athens.json', 'Bob', 'athens', { ...common, enemies: ['sparta'] }),
      entry('3-rome.json', 'Carol', 'rome', { dates: [{ from: -500, to: -250 }], enemies: ['carthage'] }),
      entry('4-sparta.json', 'Dave', 'sparta', { dates: [{ from: 500, to: 600 }] })
    ]
    const r = pairEntries(entries)
    expect(tableOf(r.pairs)).toEqual(['1-carthage.json v 3-rome.json', '2-athens.json v 4-sparta.json'])
    expect(r.bye).toBeUndefined()
    expect(r.pairs.map((p) => [p.a.player, p.b.player, p.reasons])).toEqual([
      ['Alice', 'Carol', ['historical enemies', 'both fielded 300-250 BC']],
      ['Bob', 'Dave', ['historical enemies']]
    ])
    expect(r.notes).toEqual([])
  })

  it('an odd count: one bye, to the player with the fewest links, and everyone else paired', () => {
    const greek = { dates: [{ from: -500, to: -300 }], categories: ['Classical Greek'] }
    const entries = [
      entry('a.json', 'Ann', 'athens', { ...greek, enemies: ['sparta'] }),
      entry('b.json', 'Ben', 'sparta', greek),
      entry('c.json', 'Cas', 'thebes', greek),
      entry('d.json', 'Dee', 'corinth', greek),
      entry('e.json', 'Eve', 'aztec', { dates: [{ from: 1400, to: 1520 }] })
    ]
    const r = pairEntries(entries)
    expect(r.bye?.player).toBe('Eve')
    expect(tableOf(r.pairs)).toEqual(['a.json v b.json', 'c.json v d.json'])
    expect(r.notes).toContain('5 players, an odd number: Eve has the bye (no historical link with any other army).')
    // Eve of the same years as everyone: pairing her would cost a table its shared category, so still Eve
    const r2 = pairEntries([...entries.slice(0, 4), entry('e.json', 'Eve', 'persia', { dates: [{ from: -300, to: -250 }] })])
    expect(
      r2.pairs
        .flatMap((p) => [p.a.key, p.b.key])
        .concat(r2.bye!.key)
        .sort()
    ).toEqual(['a.json', 'b.json', 'c.json', 'd.json', 'e.json'])
    expect(r2.bye?.player).toBe('Eve')
  })

  it('the bye goes where it costs no enemy pair, even to a player with more links', () => {
    // X is linked only to Y (enemies); Z is linked to Y and W by dates. The fewest-links player
    // is X, but a bye for X loses the only enemy pair: Z (or W) sits out instead.
    const entries = [
      entry('x.json', 'X', 'x', { enemies: ['y'], dates: [{ from: 0, to: 10 }] }),
      entry('y.json', 'Y', 'y', { dates: [{ from: 100, to: 200 }] }),
      entry('z.json', 'Z', 'z', { dates: [{ from: 100, to: 200 }] }),
      entry('w.json', 'W', 'w', { dates: [{ from: 150, to: 300 }] }),
      entry('v.json', 'V', 'v', { dates: [{ from: 150, to: 300 }] })
    ]
    const r = pairEntries(entries)
    expect(tableOf(r.pairs)).toContain('x.json v y.json')
    expect(r.bye?.player).not.toBe('X')
  })

  it('two rosters of one player are never paired together: one is kept, the first legal by file name', () => {
    const enemies = { enemies: ['b'] }
    const entries = [
      entry('alice-1.json', 'Alice', 'a', { ...enemies, legal: false }),
      entry('alice-2.json', ' alice ', 'b', { legal: true }),
      entry('bob.json', 'Bob', 'b', { legal: true }),
      entry('carol.json', 'Carol', 'c')
    ]
    const r = pairEntries(entries)
    // Alice's two rosters are enemies of each other's armies and of Bob's: still never together
    expect(r.pairs).toHaveLength(1)
    expect(r.pairs.some((p) => p.a.player?.trim().toLowerCase() === 'alice' && p.b.player?.trim().toLowerCase() === 'alice')).toBe(false)
    expect(r.leftOut.map((l) => l.entry.key)).toEqual(['alice-1.json'])
    expect(r.notes[0]).toBe('alice submitted 2 rosters; alice-2.json is paired (the first legal one by file name), not alice-1.json.')
    expect(r.bye).toBeDefined()
    // none legal (or not checked): the first by file name
    const unchecked = pairEntries(entries.map(({ legal: _legal, ...e }) => e))
    expect(unchecked.leftOut.map((l) => l.entry.key)).toEqual(['alice-2.json'])
    expect(unchecked.pairs.map((p) => [p.a.key, p.b.key])).toContainEqual(['alice-1.json', 'bob.json'])
  })

  it('rosters naming no player are each a player of their own', () => {
    const r = pairEntries([entry('x/one.json', null, 'a', { enemies: ['b'] }), entry('x/two.json', null, 'b'), entry('x/three.json', '  ', 'c')])
    expect(r.leftOut).toEqual([])
    expect(r.pairs).toHaveLength(1)
    expect(tableOf(r.pairs)).toEqual(['x/one.json v x/two.json'])
    expect(r.bye?.key).toBe('x/three.json')
    expect(r.notes).toContain('3 players, an odd number: three.json has the bye (no historical link with any other army).')
  })

  it('date overlap comes before a category, and a category before nothing', () => {
    const entries = [
      entry('a.json', 'A', 'a', { year: -216, dates: [{ from: -300, to: -200 }], categories: ['Punic'] }),
      entry('b.json', 'B', 'b', { year: -216, dates: [{ from: -250, to: -150 }] }),
      entry('c.json', 'C', 'c', { dates: [{ from: 600, to: 700 }], categories: ['Punic'] }),
      entry('d.json', 'D', 'd', { dates: [{ from: 900, to: 950 }] })
    ]
    const r = pairEntries(entries)
    expect(r.pairs.map((p) => [p.a.key, p.b.key, p.reasons])).toEqual([
      ['a.json', 'b.json', ['both fielded in 216 BC']],
      ['c.json', 'd.json', ['no historical link']]
    ])
    // without the date link the category wins
    const r2 = pairEntries([entries[0], { ...entries[1], dates: [{ from: 800, to: 850 }], year: 800 }, entries[2], entries[3]])
    expect(r2.pairs.find((p) => p.a.key === 'a.json')).toMatchObject({ b: { key: 'c.json' }, reasons: ["both in 'Punic'"] })
  })

  it('is deterministic: the same entries in any order give the same pairing', () => {
    const entries = Array.from({ length: 21 }, (_, i) =>
      entry(`p${String(i).padStart(2, '0')}.json`, `Player ${i}`, `army-${i % 7}`, {
        dates: [{ from: -500 + (i % 5) * 100, to: -300 + (i % 5) * 100 }],
        enemies: [`army-${(i + 3) % 7}`],
        categories: [i % 2 ? 'Odd' : 'Even']
      })
    )
    const first = JSON.stringify(pairEntries(entries))
    expect(JSON.stringify(pairEntries([...entries].reverse()))).toBe(first)
    expect(JSON.stringify(pairEntries([...entries.slice(10), ...entries.slice(0, 10)]))).toBe(first)
    expect(JSON.stringify(pairEntries(entries))).toBe(first)
  })

  it('nobody, or one player alone', () => {
    expect(pairEntries([])).toEqual({ pairs: [], leftOut: [], notes: [] })
    const one = pairEntries([entry('a.json', 'A', 'a')])
    expect(one.pairs).toEqual([])
    expect(one.bye?.key).toBe('a.json')
  })

  it('60 players (and 59, and 200): each paired once, never with themselves, enemies as many as can be', () => {
    let seed = 12345
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (const count of [60, 59, 200]) {
      const entries = Array.from({ length: count }, (_, i) => {
        const from = -1500 + Math.floor(random() * 2500)
        // some players send two rosters, and some send none with a name
        const player = random() < 0.1 ? `Player ${Math.floor(random() * 5)}` : random() < 0.1 ? null : `Player ${i + 10}`
        return entry(`f${String(i).padStart(3, '0')}.json`, player, `army-${Math.floor(random() * 40)}`, {
          dates: [{ from, to: from + Math.floor(random() * 300) }],
          enemies: Array.from({ length: Math.floor(random() * 3) }, () => `army-${Math.floor(random() * 40)}`),
          categories: [`cat-${Math.floor(random() * 6)}`]
        })
      })
      const r = pairEntries(entries)
      const paired = r.pairs.flatMap((p) => [p.a.key, p.b.key])
      const players = (key: string) => {
        const e = entries.find((x) => x.key === key)!
        return e.player?.trim() ? `p:${e.player.trim().toLowerCase()}` : `f:${e.key}`
      }
      const kept = entries.length - r.leftOut.length
      // everyone kept is paired exactly once or has the one bye
      expect(new Set(paired).size).toBe(paired.length)
      expect(paired.length + (r.bye ? 1 : 0)).toBe(kept)
      expect(Boolean(r.bye)).toBe(kept % 2 === 1)
      // one roster per player, never a player against themselves
      const seen = [...paired, ...(r.bye ? [r.bye.key] : [])].map(players)
      expect(new Set(seen).size).toBe(seen.length)
      for (const p of r.pairs) expect(players(p.a.key)).not.toBe(players(p.b.key))
      // every pair's reasons match its links
      for (const p of r.pairs) expect(p.reasons).toEqual(pairLinks(p.a, p.b).reasons)
      expect(r.pairs.filter((p) => p.enemies).length).toBeGreaterThan(0)
    }
  })
})

describe('maxWeightMatching (Edmonds blossom) against an exhaustive search', () => {
  function best(n: number, w: number[][], perfect: boolean): number {
    let top = -Infinity
    const used = new Array<boolean>(n).fill(false)
    const go = (acc: number, size: number) => {
      const i = used.indexOf(false)
      if (i === -1) {
        if (!perfect || size === n) top = Math.max(top, acc)
        return
      }
      used[i] = true
      if (!perfect) go(acc, size) // i stays single
      for (let j = i + 1; j < n; j++) {
        if (used[j] || w[i][j] < 0) continue
        used[j] = true
        go(acc + w[i][j], size + 2)
        used[j] = false
      }
      used[i] = false
    }
    go(0, 0)
    return top
  }

  it('finds the optimum of 1,500 random graphs, sparse and complete, with and without max cardinality', () => {
    let seed = 99
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let t = 0; t < 1500; t++) {
      const n = 2 + Math.floor(random() * 9) // 2..10 vertices
      const complete = t % 2 === 0
      const density = random()
      const w = Array.from({ length: n }, () => new Array<number>(n).fill(-1))
      const edges: WeightedEdge[] = []
      for (let i = 0; i < n; i++) {
        for (let j = i + 1; j < n; j++) {
          if (!complete && random() > density) continue
          const weight = [0, 1, 10, 100, 101, 110, 111, 7, 3][Math.floor(random() * 9)]
          w[i][j] = w[j][i] = weight
          edges.push([i, j, weight])
        }
      }
      const perfect = complete && n % 2 === 0
      const mate = maxWeightMatching(edges, perfect)
      let total = 0
      mate.forEach((m, v) => {
        if (m === -1) return
        expect(mate[m]).toBe(v)
        expect(w[v][m]).toBeGreaterThanOrEqual(0)
        if (v < m) total += w[v][m]
      })
      if (perfect) expect(mate.length === n && mate.every((m) => m !== -1)).toBe(true)
      expect(total, `graph ${t}: ${JSON.stringify(edges)}`).toBe(best(n, w, perfect))
    }
  })
})
