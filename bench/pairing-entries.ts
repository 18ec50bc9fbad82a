// Pairing entries of random links, the same from the same seed: the pairing bench times 2,000 of
// them, and the Swiss tests pair fields of them (test/event/swiss.test.ts).
import type { PairingEntry } from '../src-main/event/pairing'

/** Numbers in [0, 1) from a linear congruential generator: the same sequence from the same seed. */
export const seededRandom = (seed: number) => () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31

/** `count` entries of random dates, years, enemies (among `armies` army ids) and categories: most pairs linked differently. */
export function randomPairingEntries(count: number, opts: { seed: number; armies: number; key: (i: number) => string }): PairingEntry[] {
  const random = seededRandom(opts.seed)
  const army = () => `army-${Math.floor(random() * opts.armies)}`
  return Array.from({ length: count }, (_, i) => {
    const from = -1500 + Math.floor(random() * 2500)
    return {
      key: opts.key(i),
      player: `Player ${i}`,
      ruleset: 'triumph',
      army: army(),
      armyName: 'Army',
      dates: [{ from, to: from + Math.floor(random() * 300) }],
      ...(random() < 0.5 ? { year: from + 10 } : {}),
      enemies: Array.from({ length: Math.floor(random() * 3) }, army),
      categories: [`category-${Math.floor(random() * 6)}`]
    }
  })
}
