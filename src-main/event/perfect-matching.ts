// The perfect matching of largest total weight of a complete graph: what first-round pairing needs
// (./pairing.ts), exact, and quick at thousands of vertices (issue 38: 1,000 players within 5 s;
// the complete graph of 2,000 has 2 million edges, and the blossom algorithm scans them stage by
// stage, hundreds of stages).
//
// How (the way large matching problems are solved in practice: a sparse graph, then proof by the
// duals): the blossom algorithm (./matching.ts) runs on a sparse graph, each vertex's heaviest
// edges and a perfect matching (so the sparse graph has one), from a greedy warm start. Its
// optimal duals are then checked against every edge of the complete graph. When no edge is
// violated (every slack, with the blossoms' duals, >= 0), linear programming duality proves the
// sparse optimum optimal for the complete graph too; else the most violated edges are added and it
// runs again. Each round adds an edge at least, so it ends, at worst with the complete graph.
//
// A pair may be forbidden (weight -Infinity: Swiss rounds' rematches, ./swiss.ts): it is never in
// the graph. When the sparse graph then has no perfect matching, the single vertices' every allowed
// edge is added, then every allowed edge; if even that has none, NoPerfectMatching names who is left.
import { blossomMatching } from './matching'
import { matchingGraph, type MatchingGraph, type MatchingStart, type MatchingState } from './matching-state'

/** How many of its heaviest edges each vertex starts with, and how many violated edges a round adds to each. */
const CANDIDATES = 12

/** No perfect matching avoids the forbidden pairs: `single` are the vertices a largest matching leaves out. */
export class NoPerfectMatching extends Error {
  constructor(readonly single: number[]) {
    super(`no perfect matching: ${single.length} vertices left single`)
  }
}

/** The (doubled) weight of edge i-j, either way round. */
type Weights = (i: number, j: number) => number

/**
 * The perfect matching of largest total weight of the complete graph on n vertices (n even), the
 * weight of i-j (i < j) given by `weightOf` (integers keep the result exact). Returns `mate`:
 * mate[v] is v's partner. The same weights give the same matching every time. A pair of weight
 * -Infinity is never matched; NoPerfectMatching when nothing else is left.
 */
export function maxWeightPerfectMatching(n: number, weightOf: (i: number, j: number) => number): Int32Array {
  if (n % 2) throw new Error(`a perfect matching needs an even number of vertices, not ${n}`)
  if (n === 0) return new Int32Array(0)
  // Weights doubled: even, so the warm start's duals are even and every step stays in integers.
  // Asked when needed, not kept for every pair: memory grows with the sparse graph, not with n².
  const W: Weights = (i, j) => 2 * (i < j ? weightOf(i, j) : weightOf(j, i))
  const inGraph = new Set<number>()
  const ends: number[] = []
  const add = (i: number, j: number): boolean => {
    const id = i < j ? i * n + j : j * n + i
    if (inGraph.has(id)) return false
    inGraph.add(id)
    ends.push(i, j)
    return true
  }
  const allowed = (i: number, j: number) => W(i, j) > -Infinity
  for (let v = 0; v < n; v += 2) if (allowed(v, v + 1)) add(v, v + 1)
  for (let v = 0; v < n; v++) for (const u of heaviest(n, v, W)) add(v, u)
  // every allowed edge in the graph: then a start of no perfect matching is not trusted
  let full = false
  for (;;) {
    const endpoint = Int32Array.from(ends)
    const weight = new Float64Array(ends.length / 2)
    for (let k = 0; k < weight.length; k++) weight[k] = W(endpoint[2 * k], endpoint[2 * k + 1])
    const g = matchingGraph(n, endpoint, weight)
    const end = blossomMatching(g, true, full ? undefined : warmStart(g))
    const single: number[] = []
    end.mate.forEach((m, v) => m < 0 && single.push(v))
    if (single.length) {
      // The sparse graph has no perfect matching (forbidden pairs): the single ones' allowed edges, then all.
      if (full) throw new NoPerfectMatching(single)
      let added = false
      for (const v of single) for (let u = 0; u < n; u++) if (u !== v && allowed(v, u)) added = add(v, u) || added
      if (!added) {
        for (let v = 0; v < n; v++) for (let u = v + 1; u < n; u++) if (allowed(v, u)) add(v, u)
        full = true
      }
      continue
    }
    const violated = violations(n, W, end)
    let added = false
    for (let v = 0; v < n; v++) for (const u of violated[v]) added = add(v, u) || added
    if (violated.every((us) => !us.length)) return end.mate
    // an edge of the graph just matched cannot be violated: never loop on one
    if (!added) throw new Error('pairing: the matching left an edge of its own graph violated')
  }
}

/**
 * The CANDIDATES other vertices of v's heaviest allowed edges, by a loop: among equal weights, the first
 * from v + 1 on, round to v - 1 (so ties spread over the players, not all on the first ones).
 */
function heaviest(n: number, v: number, W: Weights): number[] {
  const picked: number[] = []
  const weights: number[] = []
  let least = 0
  for (let step = 1; step < n; step++) {
    const u = v + step < n ? v + step : v + step - n
    const w = W(v, u)
    if (w === -Infinity) continue
    if (picked.length < CANDIDATES) {
      picked.push(u)
      weights.push(w)
    } else if (w > weights[least]) {
      picked[least] = u
      weights[least] = w
    } else continue
    if (picked.length === CANDIDATES) for (let i = 0; i < weights.length; i++) if (weights[i] < weights[least]) least = i
  }
  return picked
}

/**
 * The warm start: each vertex's dual at its heaviest edge; then each vertex still single, in turn,
 * has its dual lowered as far as feasibility lets (an edge of it tight) and is matched along a tight
 * edge to a single vertex, if it has one. Matched edges are tight and every dual even (weights are).
 */
function warmStart(g: MatchingGraph): MatchingStart {
  const { nvertex, nedge, endpoint, weight, adjStart, neighbend } = g
  const dualvar = new Float64Array(nvertex).fill(-Infinity)
  for (let k = 0; k < nedge; k++) {
    const i = endpoint[2 * k]
    const j = endpoint[2 * k + 1]
    if (weight[k] > dualvar[i]) dualvar[i] = weight[k]
    if (weight[k] > dualvar[j]) dualvar[j] = weight[k]
  }
  const mate = new Int32Array(nvertex).fill(-1)
  for (let v = 0; v < nvertex; v++) {
    if (mate[v] !== -1) continue
    let least = -Infinity
    for (let a = adjStart[v]; a < adjStart[v + 1]; a++) {
      const p = neighbend[a]
      least = Math.max(least, 2 * weight[p >> 1] - dualvar[endpoint[p]])
    }
    dualvar[v] = least
    for (let a = adjStart[v]; a < adjStart[v + 1]; a++) {
      const p = neighbend[a]
      const w = endpoint[p]
      if (mate[w] === -1 && dualvar[v] + dualvar[w] === 2 * weight[p >> 1]) {
        mate[v] = p
        mate[w] = p ^ 1
        break
      }
    }
  }
  return { mate, dualvar }
}

/**
 * Each vertex's edges of the complete graph that the end's duals violate, the most violated first,
 * up to CANDIDATES. An edge's slack: both vertices' duals, less twice its weight, plus twice the dual
 * of every blossom holding both.
 */
function violations(n: number, W: Weights, end: MatchingState): number[][] {
  const { dualvar, blossomparent } = end
  // The blossoms as a forest over the vertices: each node's children, and its vertices as one run
  // of `order` (from[b] to to[b]). A pair's blossoms are those around the node where their runs part.
  const kids: number[][] = Array.from({ length: 2 * n }, () => [])
  const roots: number[] = []
  for (let b = 0; b < 2 * n; b++) (blossomparent[b] === -1 ? roots : kids[blossomparent[b]]).push(b)
  const order = new Int32Array(n)
  const from = new Int32Array(2 * n)
  const to = new Int32Array(2 * n)
  const around = new Float64Array(2 * n)
  let placed = 0
  const place = (b: number, outer: number): void => {
    from[b] = placed
    around[b] = outer + (b >= n ? 2 * dualvar[b] : 0)
    if (b < n) order[placed++] = b
    for (const c of kids[b]) place(c, around[b])
    to[b] = placed
  }
  for (const r of roots) place(r, 0)
  const found: Array<Array<{ u: number; slack: number }>> = Array.from({ length: n }, () => [])
  /** Every pair with one vertex in each of two of these nodes, in the blossoms worth `extra` together. */
  const pairsAcross = (nodes: number[], extra: number) => {
    for (let a = 0; a < nodes.length; a++) {
      for (let c = a + 1; c < nodes.length; c++) {
        for (let x = from[nodes[a]]; x < to[nodes[a]]; x++) {
          for (let y = from[nodes[c]]; y < to[nodes[c]]; y++) {
            const i = order[x]
            const j = order[y]
            const s = dualvar[i] + dualvar[j] + extra - 2 * W(i, j)
            if (s >= 0) continue
            found[i].push({ u: j, slack: s })
            found[j].push({ u: i, slack: s })
          }
        }
      }
    }
  }
  pairsAcross(roots, 0)
  for (let b = n; b < 2 * n; b++) if (kids[b].length) pairsAcross(kids[b], around[b])
  // the most violated first; among equals, the first from v + 1 on, as `heaviest` takes them
  return found.map((edges, v) =>
    edges
      .sort((a, b) => a.slack - b.slack || ((a.u - v + n) % n) - ((b.u - v + n) % n))
      .slice(0, CANDIDATES)
      .map((e) => e.u)
  )
}
