// A Swiss round's pairs (./swiss.ts) seated at numbered tables, each with why in players' words:
// the top scores at the top tables (round 1: by the first player's name, as round 1 has it), players
// with a fixed table at theirs, the bye last.
import type { PairedTable } from './day-types'
import type { SwissPlayer, SwissPreference } from './swiss-types'

export interface Seating {
  pairs: Array<[SwissPlayer, SwissPlayer]>
  /** The player with the bye: their byes before, and whether they were the first choice for it. */
  bye?: { player: SwissPlayer; byes: number; lowest: boolean; ranked: boolean }
  /** Whether scores tell players apart (not in round 1). */
  scoresShown: boolean
  clubOn: boolean
  countryOn: boolean
  preference?: SwissPreference
}

const points = (n: number) => `${n} point${n === 1 ? '' : 's'}`
const same = (a: string | undefined, b: string | undefined) => !!a?.trim() && a.trim().toLowerCase() === b?.trim().toLowerCase()

/** Higher score first, then by name, then by id (round 1's order of a pair and of its tables). */
function placed(x: SwissPlayer, y: SwissPlayer): number {
  return y.score - x.score || x.name.localeCompare(y.name) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0)
}

function why(a: SwissPlayer, b: SwissPlayer, s: Seating, bent: string | undefined): string {
  const parts: string[] = []
  if (s.scoresShown)
    parts.push(a.score === b.score ? `both on ${points(a.score)}` : `${a.name} on ${points(a.score)} floats down to meet ${b.name} on ${points(b.score)}`)
  if (s.preference) parts.push(s.preference.reasons(a, b).join(', '))
  if (s.clubOn && same(a.club, b.club)) parts.push(`both of ${a.club!.trim()}: no pairing of these score groups keeps every club apart`)
  if (s.countryOn && same(a.country, b.country)) parts.push(`both from ${a.country!.trim()}: no pairing of these score groups keeps every country apart`)
  if (bent) parts.push(bent)
  return parts.join('; ') || 'paired'
}

function byeWhy(s: Seating, p: SwissPlayer, byes: number, lowest: boolean, ranked: boolean): string {
  const who = ranked ? (lowest ? 'the lowest-ranked player' : 'the lowest-ranked player who could have it without a rematch') : 'an odd number of players'
  const before = byes === 0 ? (ranked ? ' who has had no bye' : '') : `; every player has had ${byes === 1 ? 'a bye' : `${byes} byes`}`
  const score = s.scoresShown ? ` on ${points(p.score)}` : ''
  const links = !ranked && s.preference ? '; a bye costs this army the fewest historical links' : ''
  return `bye: ${p.name}${score}, ${who}${before}${links}`
}

/** The round's tables, numbered, with why. */
export function seatTables(s: Seating): PairedTable[] {
  const pairs = s.pairs.map(([x, y]) => (placed(x, y) > 0 ? ([y, x] as const) : ([x, y] as const))).sort((p, q) => placed(p[0], q[0]) || placed(p[1], q[1]))
  // fixed tables first, in table order: the higher-placed player's table, else the other's
  const claimed = new Map<number, number>()
  const bent: Array<string | undefined> = pairs.map(() => undefined)
  pairs.forEach(([a, b], k) => {
    const wanted = [a, b].filter((p) => p.fixedTable !== undefined)
    const seat = wanted.find((p) => !claimed.has(p.fixedTable!))
    if (seat) claimed.set(seat.fixedTable!, k)
    const lost = wanted.filter((p) => p.fixedTable !== seat?.fixedTable)
    if (lost.length) bent[k] = lost.map((p) => `${p.name}'s fixed table ${p.fixedTable} could not be kept`).join('; ')
  })
  const number = new Array<number>(pairs.length)
  for (const [t, k] of claimed) number[k] = t
  let next = 1
  pairs.forEach((_, k) => {
    if (number[k] !== undefined) return
    while (claimed.has(next)) next++
    number[k] = next++
  })
  const tables: PairedTable[] = pairs.map(([a, b], k) => ({ table: number[k], players: [a.id, b.id], why: why(a, b, s, bent[k]) }))
  tables.sort((x, y) => x.table - y.table)
  if (s.bye) {
    const { player, byes, lowest, ranked } = s.bye
    const last = tables.reduce((m, t) => Math.max(m, t.table), 0)
    tables.push({ table: last + 1, players: [player.id], why: byeWhy(s, player, byes, lowest, ranked) })
  }
  return tables
}
