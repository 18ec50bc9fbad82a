// Maximum-weight matching in a general graph: Edmonds' blossom algorithm with dual variables, in
// O(n³), as Galil ("Efficient algorithms for finding maximum matching in graphs", ACM Computing
// Surveys, 1986) describes it, with the structure (and the names of the steps) of Joris van
// Rantwijk's well-known reference implementation, mwmatching.py, which networkx's
// max_weight_matching also follows. Pure: numbers in, numbers out.
//
// Sized for events of thousands of players (issue 38): the graph and the state are typed arrays, the
// scan allocates nothing, and nothing data-sized is spread into a call (a spread of thousands of
// values into Math.min overflowed the stack at 550 players). A complete graph's perfect matching,
// what pairing needs, is ./perfect-matching.ts, which runs this on a sparse graph from a warm start.
//
// Why not a package: the npm ports (edmonds-blossom 1.0.0; edmonds-blossom-fixed, one 1.0.1 release)
// are not kept up; this one is tested against an exhaustive search (test/event/pairing.test.ts).

import { blossomState, changeDuals, matchingGraph, type MatchingGraph, type MatchingStart, type MatchingState } from './matching-state'

/**
 * A walk round a blossom's sub-blossoms from child i to its base (child 0), the way of even length:
 * backwards from an even i, forwards (from i - length) from an odd one. endptrick picks which
 * endpoint of each edge on the way faces the walk.
 */
function walkRound(i: number, length: number): { j: number; jstep: 1 | -1; endptrick: 0 | 1 } {
  return i & 1 ? { j: i - length, jstep: 1, endptrick: 0 } : { j: i, jstep: -1, endptrick: 1 }
}

/** An edge [i, j, weight] between vertices 0..n-1 (i ≠ j). */
export type WeightedEdge = readonly [number, number, number]

/**
 * The matching of largest total weight, or, with `maxCardinality`, the largest weight among the
 * matchings with the most edges. Returns `mate`: mate[v] is v's partner, or -1.
 * With integer weights every computation stays in integers (the results are exact).
 */
export function maxWeightMatching(edges: readonly WeightedEdge[], maxCardinality = false): number[] {
  if (!edges.length) return []
  let nvertex = 0
  const endpoint = new Int32Array(2 * edges.length)
  const weight = new Float64Array(edges.length)
  edges.forEach(([i, j, w], k) => {
    if (i < 0 || j < 0 || i === j || !Number.isInteger(i) || !Number.isInteger(j)) throw new Error(`bad edge ${i}-${j}`)
    nvertex = Math.max(nvertex, i + 1, j + 1)
    endpoint[2 * k] = i
    endpoint[2 * k + 1] = j
    weight[k] = w
  })
  return [...blossomMatching(matchingGraph(nvertex, endpoint, weight), maxCardinality).mate]
}

/**
 * The algorithm, from the empty matching with every vertex's dual at the largest weight, or from
 * `start` (only with `maxCardinality`, on a graph with a perfect matching: the perfect-matching
 * optimum needs of a start no more than feasible duals and tight matched edges; and, for integer
 * results, integer weights and the single vertices' duals all even or all odd).
 */
export function blossomMatching(g: MatchingGraph, maxCardinality: boolean, start?: MatchingStart): MatchingState {
  const { nvertex, endpoint, weight, adjStart, neighbend } = g
  const state = blossomState(g, start)
  const { mate, label, labelend, inblossom, blossomparent, blossomchilds, blossombase, blossomendps, bestedge } = state
  const { blossombestedges, unusedblossoms, dualvar, allowedge, bestedgeto, adjWeight } = state
  let queue: number[] = []

  const slack = (k: number) => dualvar[endpoint[2 * k]] + dualvar[endpoint[2 * k + 1]] - 2 * weight[k]

  const childsOf = (b: number) => blossomchilds[b]!
  const endpsOf = (b: number) => blossomendps[b]!
  const at = (xs: number[], i: number) => xs[i < 0 ? xs.length + i : i]

  /** The vertices of (sub-)blossom b. */
  const blossomLeaves = (b: number, out: number[] = []): number[] => {
    if (b < nvertex) out.push(b)
    else for (const t of childsOf(b)) blossomLeaves(t, out)
    return out
  }

  /** Labels w's top-level blossom t (1 S, 2 T), reached through endpoint p; a T-blossom's mate becomes S. */
  const assignLabel = (w: number, t: number, p: number): void => {
    const b = inblossom[w]
    label[w] = label[b] = t
    labelend[w] = labelend[b] = p
    bestedge[w] = bestedge[b] = -1
    if (t === 1) blossomLeaves(b, queue)
    else if (t === 2) {
      const base = blossombase[b]
      assignLabel(endpoint[mate[base]], 1, mate[base] ^ 1)
    }
  }

  /** Traces back from v and w: the base of a new blossom, or -1 when an augmenting path was found. */
  const scanBlossom = (v0: number, w0: number): number => {
    let v = v0
    let w = w0
    const path: number[] = []
    let base = -1
    while (v !== -1 || w !== -1) {
      let b = inblossom[v]
      if (label[b] & 4) {
        base = blossombase[b]
        break
      }
      path.push(b)
      label[b] = 5
      if (labelend[b] === -1) v = -1
      else {
        v = endpoint[labelend[b]]
        b = inblossom[v]
        v = endpoint[labelend[b]]
      }
      if (w !== -1) [v, w] = [w, v]
    }
    for (const b of path) label[b] = 1
    return base
  }

  /** Makes a new blossom with this base, through the S-S edge k, and relabels and recomputes what it touches. */
  const addBlossom = (base: number, k: number): void => {
    let v = endpoint[2 * k]
    let w = endpoint[2 * k + 1]
    const bb = inblossom[base]
    let bv = inblossom[v]
    let bw = inblossom[w]
    const b = unusedblossoms.pop()!
    blossombase[b] = base
    blossomparent[b] = -1
    blossomparent[bb] = b
    const path: number[] = []
    const endps: number[] = []
    blossomchilds[b] = path
    blossomendps[b] = endps
    // from v back to the base
    while (bv !== bb) {
      blossomparent[bv] = b
      path.push(bv)
      endps.push(labelend[bv])
      v = endpoint[labelend[bv]]
      bv = inblossom[v]
    }
    path.push(bb)
    path.reverse()
    endps.reverse()
    endps.push(2 * k)
    // from w back to the base
    while (bw !== bb) {
      blossomparent[bw] = b
      path.push(bw)
      endps.push(labelend[bw] ^ 1)
      w = endpoint[labelend[bw]]
      bw = inblossom[w]
    }
    label[b] = 1
    labelend[b] = labelend[bb]
    dualvar[b] = 0
    for (const leaf of blossomLeaves(b)) {
      if (label[inblossom[leaf]] === 2) queue.push(leaf)
      inblossom[leaf] = b
    }
    // The least-slack edges from the new blossom to each other S-blossom.
    const consider = (e: number) => {
      let j = endpoint[2 * e + 1]
      if (inblossom[j] === b) j = endpoint[2 * e]
      const bj = inblossom[j]
      if (bj !== b && label[bj] === 1 && (bestedgeto[bj] === -1 || slack(e) < slack(bestedgeto[bj]))) bestedgeto[bj] = e
    }
    for (const sub of path) {
      const own = blossombestedges[sub]
      if (own === null) {
        for (const leaf of blossomLeaves(sub)) for (let a = adjStart[leaf]; a < adjStart[leaf + 1]; a++) consider(neighbend[a] >> 1)
      } else for (const e of own) consider(e)
      blossombestedges[sub] = null
      bestedge[sub] = -1
    }
    const best: number[] = []
    for (let bj = 0; bj < 2 * nvertex; bj++) {
      if (bestedgeto[bj] === -1) continue
      best.push(bestedgeto[bj])
      bestedgeto[bj] = -1
    }
    blossombestedges[b] = best
    bestedge[b] = -1
    for (const e of best) if (bestedge[b] === -1 || slack(e) < slack(bestedge[b])) bestedge[b] = e
  }

  /** Dissolves blossom b into its children (recursively at the end of a stage, for those with zero dual). */
  const expandBlossom = (b: number, endstage: boolean): void => {
    for (const s of childsOf(b)) {
      blossomparent[s] = -1
      if (s < nvertex) inblossom[s] = s
      else if (endstage && dualvar[s] === 0) expandBlossom(s, endstage)
      else for (const leaf of blossomLeaves(s)) inblossom[leaf] = s
    }
    // An expanded T-blossom in mid-stage: relabel the sub-blossoms on the path through it.
    if (!endstage && label[b] === 2) {
      const childs = childsOf(b)
      const endps = endpsOf(b)
      const entrychild = inblossom[endpoint[labelend[b] ^ 1]]
      const walk = walkRound(childs.indexOf(entrychild), childs.length)
      let j = walk.j
      const { jstep, endptrick } = walk
      let p = labelend[b]
      while (j !== 0) {
        // relabel the T-sub-blossom
        label[endpoint[p ^ 1]] = 0
        label[endpoint[at(endps, j - endptrick) ^ endptrick ^ 1]] = 0
        assignLabel(endpoint[p ^ 1], 2, p)
        // step to the next S-sub-blossom and note its forward endpoint
        allowedge[at(endps, j - endptrick) >> 1] = 1
        j += jstep
        p = at(endps, j - endptrick) ^ endptrick
        // step to the next T-sub-blossom
        allowedge[p >> 1] = 1
        j += jstep
      }
      // the sub-blossom that gets the label of b
      let bv = at(childs, j)
      label[endpoint[p ^ 1]] = label[bv] = 2
      labelend[endpoint[p ^ 1]] = labelend[bv] = p
      bestedge[bv] = -1
      j += jstep
      // the sub-blossoms off the path: reachable ones become T
      while (at(childs, j) !== entrychild) {
        bv = at(childs, j)
        if (label[bv] === 1) {
          j += jstep
          continue
        }
        let v = -1
        for (const leaf of blossomLeaves(bv)) {
          v = leaf
          if (label[leaf] !== 0) break
        }
        if (label[v] !== 0) {
          label[v] = 0
          label[endpoint[mate[blossombase[bv]]]] = 0
          assignLabel(v, 2, labelend[v])
        }
        j += jstep
      }
    }
    label[b] = labelend[b] = -1
    blossomchilds[b] = blossomendps[b] = null
    blossombase[b] = -1
    blossombestedges[b] = null
    bestedge[b] = -1
    unusedblossoms.push(b)
  }

  /** Swaps matched and unmatched edges along the path through blossom b from vertex v to its base; v becomes the base. */
  const augmentBlossom = (b: number, v: number): void => {
    let t = v
    while (blossomparent[t] !== b) t = blossomparent[t]
    if (t >= nvertex) augmentBlossom(t, v)
    const childs = childsOf(b)
    const endps = endpsOf(b)
    const i = childs.indexOf(t)
    const walk = walkRound(i, childs.length)
    let j = walk.j
    const { jstep, endptrick } = walk
    while (j !== 0) {
      j += jstep
      t = at(childs, j)
      const p = at(endps, j - endptrick) ^ endptrick
      if (t >= nvertex) augmentBlossom(t, endpoint[p])
      j += jstep
      t = at(childs, j)
      if (t >= nvertex) augmentBlossom(t, endpoint[p ^ 1])
      mate[endpoint[p]] = p ^ 1
      mate[endpoint[p ^ 1]] = p
    }
    // rotate so that the new base is first
    blossomchilds[b] = childs.slice(i).concat(childs.slice(0, i))
    blossomendps[b] = endps.slice(i).concat(endps.slice(0, i))
    blossombase[b] = blossombase[blossomchilds[b]![0]]
  }

  /** Swaps matched and unmatched edges along the augmenting path through edge k. */
  const augmentMatching = (k: number): void => {
    for (const [s0, p0] of [
      [endpoint[2 * k], 2 * k + 1],
      [endpoint[2 * k + 1], 2 * k]
    ]) {
      let s = s0
      let p = p0
      for (;;) {
        const bs = inblossom[s]
        if (bs >= nvertex) augmentBlossom(bs, s)
        mate[s] = p
        if (labelend[bs] === -1) break // reached a single vertex
        const t = endpoint[labelend[bs]]
        const bt = inblossom[t]
        s = endpoint[labelend[bt]]
        const j = endpoint[labelend[bt] ^ 1]
        if (bt >= nvertex) augmentBlossom(bt, j)
        mate[j] = labelend[bt]
        p = labelend[bt] ^ 1
      }
    }
  }

  // Main loop: one stage per augmentation.
  for (let stage = 0; stage < nvertex; stage++) {
    label.fill(0)
    bestedge.fill(-1)
    for (let b = nvertex; b < 2 * nvertex; b++) blossombestedges[b] = null
    allowedge.fill(0)
    queue = []
    for (let v = 0; v < nvertex; v++) if (mate[v] === -1 && label[inblossom[v]] === 0) assignLabel(v, 1, -1)
    let augmented = false
    for (;;) {
      // Grow alternating trees from the S-vertices in the queue.
      while (queue.length && !augmented) {
        const v = queue.pop()!
        for (let a = adjStart[v], end = adjStart[v + 1]; a < end; a++) {
          const p = neighbend[a]
          const k = p >> 1
          const w = endpoint[p]
          if (inblossom[v] === inblossom[w]) continue
          let kslack = 0
          if (!allowedge[k]) {
            kslack = dualvar[v] + dualvar[w] - 2 * adjWeight[a]
            if (kslack <= 0) allowedge[k] = 1
          }
          if (allowedge[k]) {
            if (label[inblossom[w]] === 0) assignLabel(w, 2, p ^ 1)
            else if (label[inblossom[w]] === 1) {
              const base = scanBlossom(v, w)
              if (base >= 0) addBlossom(base, k)
              else {
                augmentMatching(k)
                augmented = true
                break
              }
            } else if (label[w] === 0) {
              // w is inside a T-blossom but not yet reached from outside
              label[w] = 2
              labelend[w] = p ^ 1
            }
          } else if (label[inblossom[w]] === 1) {
            const b = inblossom[v]
            if (bestedge[b] === -1 || kslack < slack(bestedge[b])) bestedge[b] = k
          } else if (label[w] === 0) {
            if (bestedge[w] === -1 || kslack < slack(bestedge[w])) bestedge[w] = k
          }
        }
      }
      if (augmented) break
      // No augmenting path: change the duals by the least delta that allows progress.
      const { deltatype, deltaedge, deltablossom } = changeDuals(g, state, maxCardinality)
      if (deltatype === 1)
        break // optimum reached
      else if (deltatype === 2) {
        allowedge[deltaedge] = 1
        let i = endpoint[2 * deltaedge]
        if (label[inblossom[i]] === 0) i = endpoint[2 * deltaedge + 1]
        queue.push(i)
      } else if (deltatype === 3) {
        allowedge[deltaedge] = 1
        queue.push(endpoint[2 * deltaedge])
      } else expandBlossom(deltablossom, false)
    }
    if (!augmented) break
    // End of a stage: expand S-blossoms whose dual is zero.
    for (let b = nvertex; b < 2 * nvertex; b++) {
      if (blossomparent[b] === -1 && blossombase[b] >= 0 && label[b] === 1 && dualvar[b] === 0) expandBlossom(b, true)
    }
  }
  return { mate: mate.map((p) => (p >= 0 ? endpoint[p] : -1)), dualvar, blossomparent }
}
