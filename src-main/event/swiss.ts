// Swiss rounds (issue 41, "Rounds"): a round of an event paired from the players' scores and the
// rounds before. Pure: players, history and rules in, tables out (the CLI and the app show one answer).
//
// One maximum-weight perfect matching (./perfect-matching.ts, exact) of the players, plus a virtual
// "bye" player when the count is odd. A pair's weight orders whole pairings lexicographically,
// each tier's unit above everything the tiers below can add up to over a round:
// 1. never: a rematch, or a bye for a player who has had more byes than someone else (no edge at all;
//    when nothing else is left, SwissError names the players who cannot be seated);
// 2. score groups: the groups are the distinct scores, lowest 0; a pair costs the square of the
//    number of groups between them (one float of two groups costs more than two floats of one); the
//    bye is a float to a group below the lowest (g² + 2g: 0 for the lowest group);
// 3. the bye to the lowest-ranked (by score, then `rank`; equal ones by the round-1 order below);
// 4. the profile's constraints: two players of different fixed tables never sit together and two of
//    the same table do, where the field allows; then same club apart and same country apart;
// 5. the round-1 preferences (historical enemies, shared dates, shared themes): lexicographic as in
//    round 1 when the weights fit in exact integers, else each pair's link score (4 + 2 + 1).
// Round 1 (one score group, no ranks, no constraint that any two players share) has exactly round
// 1's weights (./pairing.ts pairEntries), so the same pairs and the same bye.
import type { EventPlayer, PairedTable } from './day-types'
import type { SwissInput, SwissPlayer } from './swiss-types'
import { byePreferences, linkWeight } from './pairing'
import { maxWeightPerfectMatching, NoPerfectMatching } from './perfect-matching'
import { seatTables } from './swiss-tables'
import { listWords } from '../rules/messages'

export type { SwissInput, SwissPlayer, SwissPreference } from './swiss-types'

/** A round that cannot be paired by the rules, in players' words. */
export class SwissError extends Error {
  override name = 'SwissError'
}

/** Weights up to this stay exact through the matching's doubled weights and sums of duals. */
const EXACT = 2 ** 48

const norm = (s: string | undefined) => (s ?? '').trim().toLowerCase()
const byId = (x: EventPlayer, y: EventPlayer) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0)

/** The players of this round, by id, checked. */
function fieldOf(input: SwissInput): SwissPlayer[] {
  const field = input.players.filter((p) => p.status === 'active' && p.joinedRound <= input.round).sort(byId)
  for (let i = 1; i < field.length; i++) if (field[i].id === field[i - 1].id) throw new SwissError(`${field[i].name} is in the round twice.`)
  for (const p of field) {
    if (!Number.isFinite(p.score)) throw new SwissError(`${p.name} has no score to pair by.`)
    if (p.fixedTable !== undefined && !(Number.isInteger(p.fixedTable) && p.fixedTable >= 1))
      throw new SwissError(`${p.name}'s fixed table must be a table number, not ${String(p.fixedTable)}.`)
  }
  return field
}

/**
 * Pairs a Swiss round (see the header): every player of the field at a table, one bye when the count
 * is odd, each table with why in players' words. Throws SwissError when no pairing avoids a rematch.
 */
export function pairSwiss(input: SwissInput): PairedTable[] {
  const field = fieldOf(input)
  const n = field.length
  if (!n) return []
  const at = new Map(field.map((p, i) => [p.id, i]))
  // who met whom (by index), and each player's byes
  const met = field.map(() => new Set<number>())
  const byes = new Array<number>(n).fill(0)
  for (const r of input.history) {
    for (const t of r.tables) {
      const [x, y] = t.players.map((id) => at.get(id))
      if (t.players.length === 1 && x !== undefined) byes[x]++
      if (x === undefined || y === undefined) continue
      met[x].add(y)
      met[y].add(x)
    }
  }
  const odd = n % 2 === 1
  const P = Math.floor(n / 2)
  const fewestByes = byes.reduce((a, c) => Math.min(a, c))
  // score groups: the distinct scores, 0 the lowest
  const scores = [...new Set(field.map((p) => p.score))].sort((a, b) => a - b)
  const g = field.map((p) => scores.indexOf(p.score))
  const G = scores.length
  // preferences, asked once per pair
  const prefer = input.preference
  const known = prefer && n <= 8192 ? new Int8Array(n * n).fill(-1) : undefined
  const link = (i: number, j: number): number => {
    if (!prefer) return 0
    let s = known ? known[i * n + j] : -1
    if (s < 0) {
      s = prefer.score(field[i], field[j])
      if (!Number.isInteger(s) || s < 0 || s > 7) throw new Error(`a pairing preference is a link score from 0 to 7, not ${s}`)
      if (known) known[i * n + j] = known[j * n + i] = s
    }
    return s
  }
  const round1 = byePreferences(n, link)
  // constraints that any two players share
  const shared = (key: (p: SwissPlayer) => string) => {
    const seen = new Set<string>()
    return field.some((p) => {
      const k = key(p)
      if (!k) return false
      if (seen.has(k)) return true
      seen.add(k)
      return false
    })
  }
  const clubOn = !!input.constraints?.clubApart && shared((p) => norm(p.club))
  const countryOn = !!input.constraints?.countryApart && shared((p) => norm(p.country))
  const fixedCount = field.filter((p) => p.fixedTable !== undefined).length
  const fixedOn = fixedCount > 0
  const FW = (clubOn ? P : 0) + (countryOn ? P : 0) + 1
  const apart = (i: number, j: number) =>
    (clubOn && norm(field[i].club) && norm(field[i].club) === norm(field[j].club) ? 1 : 0) +
    (countryOn && norm(field[i].country) && norm(field[i].country) === norm(field[j].country) ? 1 : 0)
  const fixedCost = (i: number, j: number) => {
    if (!fixedOn) return 0
    const [a, b] = [field[i].fixedTable, field[j].fixedTable]
    return a === undefined || b === undefined ? 1 : a === b ? 0 : 2
  }
  const Cmax = (fixedOn ? 2 * FW : 0) + (clubOn ? 1 : 0) + (countryOn ? 1 : 0)
  const Tc = 2 * Math.floor(fixedCount / 2) * FW + FW - 1
  // the bye's order: lowest score, then lowest-ranked (no rank: last), then round 1's order
  const rankOf = (i: number) => field[i].rank ?? Infinity
  const byeClass = (i: number, j: number) => field[i].score - field[j].score || (rankOf(i) === rankOf(j) ? 0 : rankOf(i) > rankOf(j) ? -1 : 1)
  const pos = new Array<number>(n)
  round1.order.forEach((i, k) => (pos[i] = k))
  const byeOrder = Array.from({ length: n }, (_, i) => i).sort((i, j) => byeClass(i, j) || pos[i] - pos[j])

  const plan = (lexical: boolean) => {
    // tier 3: lexical keeps round 1's bye order below the preferences, as round 1 has it
    const b = new Array<number>(n)
    byeOrder.forEach((i, k) => (b[i] = !lexical ? k : k && !byeClass(i, byeOrder[k - 1]) ? b[byeOrder[k - 1]] : k))
    const Bmax = b.reduce((a, c) => Math.max(a, c))
    const lw = linkWeight(n)
    const pref = lexical ? (i: number, j: number) => lw(link(i, j)) : link
    const Tp = lexical ? P * (prefer ? lw(7) : 0) + n : prefer ? 7 * P : 0
    const Cu = Tp + 1
    const Ub = Cu * (Tc + 1)
    const S = Ub * (Bmax + 1)
    const M = G * G - 1
    const weightOf = (i: number, j: number): number => {
      if (odd && j === n) {
        if (byes[i] > fewestByes) return -Infinity
        return S * (M - g[i] * g[i] - 2 * g[i]) + Ub * (Bmax - b[i]) + Cu * (Cmax - (fixedOn ? FW : 0)) + (lexical ? round1.preference[i] : 0)
      }
      if (met[i].has(j)) return -Infinity
      const d = g[i] - g[j]
      return S * (M - d * d) + Ub * Bmax + Cu * (Cmax - FW * fixedCost(i, j) - apart(i, j)) + pref(i, j)
    }
    return { fits: S * (M + 1) <= EXACT, weightOf }
  }
  let chosen = plan(true)
  if (!chosen.fits) chosen = plan(false)
  if (!chosen.fits) throw new SwissError(`Round ${input.round} has too many score groups (${G}) to pair exactly.`)

  let mate: Int32Array
  try {
    mate = maxWeightPerfectMatching(odd ? n + 1 : n, chosen.weightOf)
  } catch (e) {
    if (!(e instanceof NoPerfectMatching)) throw e
    const names = e.single.filter((v) => v < n).map((v) => field[v].name)
    throw new SwissError(
      `Round ${input.round} cannot be paired without a rematch: ${listWords(names, 'and')} ${names.length === 1 ? 'has' : 'have'} already met every player left for them${odd ? ', or would have a second bye while others have had none' : ''}.`
    )
  }
  const pairs: Array<[SwissPlayer, SwissPlayer]> = []
  let bye: number | undefined
  mate.forEach((j, i) => {
    if (i >= j) return
    if (j === n) bye = i
    else pairs.push([field[i], field[j]])
  })
  if (n === 1) bye = 0
  const firstChoice = byeOrder.find((i) => byes[i] === fewestByes)
  return seatTables({
    pairs,
    ...(bye !== undefined
      ? { bye: { player: field[bye], byes: byes[bye], lowest: !byeClass(bye, firstChoice!), ranked: G > 1 || field.some((p) => p.rank !== undefined) } }
      : {}),
    scoresShown: G > 1 || input.history.length > 0,
    clubOn,
    countryOn,
    ...(prefer ? { preference: prefer } : {})
  })
}
