// The blossom matching's (./matching.ts) graph, as typed arrays (edge k joins endpoint[2k] and
// endpoint[2k + 1]; a vertex's edges are one run of `neighbend`), its state and start, and its step
// that changes the duals. Loops throughout: no data-sized array is spread into a call.

/** The graph as the algorithm reads it: edge k joins endpoint[2k] and endpoint[2k + 1]. */
export interface MatchingGraph {
  nvertex: number
  nedge: number
  endpoint: Int32Array
  weight: Float64Array
  /** neighbend[adjStart[v] .. adjStart[v + 1]): the remote endpoints of v's edges, in edge order. */
  adjStart: Int32Array
  neighbend: Int32Array
}

export function matchingGraph(nvertex: number, endpoint: Int32Array, weight: Float64Array): MatchingGraph {
  const nedge = weight.length
  const adjStart = new Int32Array(nvertex + 1)
  for (let p = 0; p < 2 * nedge; p++) adjStart[endpoint[p] + 1]++
  for (let v = 0; v < nvertex; v++) adjStart[v + 1] += adjStart[v]
  const fill = adjStart.slice(0, nvertex)
  const neighbend = new Int32Array(2 * nedge)
  // vertex endpoint[p] reaches the other end, p ^ 1
  for (let p = 0; p < 2 * nedge; p++) neighbend[fill[endpoint[p]]++] = p ^ 1
  return { nvertex, nedge, endpoint, weight, adjStart, neighbend }
}

/** A start other than the empty matching: matched edges tight, every slack >= 0 (see ./perfect-matching.ts). */
export interface MatchingStart {
  /** mate[v]: the remote endpoint of v's matched edge, or -1. */
  mate: Int32Array
  /** The vertices' duals. */
  dualvar: Float64Array
}

/** The end: the matching (mate[v]: v's partner, or -1) and the duals that prove it optimal. */
export interface MatchingState {
  mate: Int32Array
  /** Vertices' duals (0..n-1), then the blossoms' (n..2n-1); an edge's slack is theirs less twice its weight. */
  dualvar: Float64Array
  /** The blossom each vertex or blossom lies in, or -1. */
  blossomparent: Int32Array
}

/** The algorithm's state, in its names (see ./matching.ts). */
export type BlossomState = ReturnType<typeof blossomState>

/** The state at the start: the empty matching with every vertex's dual at the largest weight, or `start`. */
export function blossomState(g: MatchingGraph, start?: MatchingStart) {
  const { nvertex, nedge, weight, neighbend } = g
  let maxweight = 0
  for (let k = 0; k < nedge; k++) if (weight[k] > maxweight) maxweight = weight[k]
  // Dual variables: vertices start at maxweight (or as `start` has them), blossoms at 0.
  const dualvar = new Float64Array(2 * nvertex)
  if (start) dualvar.set(start.dualvar.subarray(0, nvertex))
  else dualvar.fill(maxweight, 0, nvertex)
  const adjWeight = new Float64Array(neighbend.length)
  for (let a = 0; a < neighbend.length; a++) adjWeight[a] = weight[neighbend[a] >> 1]
  const blossombase = new Int32Array(2 * nvertex).fill(-1)
  for (let v = 0; v < nvertex; v++) blossombase[v] = v
  const unusedblossoms: number[] = []
  for (let i = 0; i < nvertex; i++) unusedblossoms.push(nvertex + i)
  return {
    /** mate[v]: the remote endpoint of v's matched edge, or -1 (vertices are mapped back at the end). */
    mate: start ? start.mate.slice() : new Int32Array(nvertex).fill(-1),
    /** label[b]: 0 free, 1 S (outer), 2 T (inner), for top-level blossoms and vertices; 5 marks scanned S in scanBlossom. */
    label: new Int32Array(2 * nvertex),
    /** labelend[b]: the endpoint through which b got its label, or -1. */
    labelend: new Int32Array(2 * nvertex).fill(-1),
    /** inblossom[v]: the top-level blossom v belongs to. */
    inblossom: Int32Array.from({ length: nvertex }, (_, v) => v),
    blossomparent: new Int32Array(2 * nvertex).fill(-1),
    blossomchilds: new Array<number[] | null>(2 * nvertex).fill(null),
    blossombase,
    /** blossomendps[b][i]: the endpoint of the edge joining child i to child i+1. */
    blossomendps: new Array<number[] | null>(2 * nvertex).fill(null),
    /** bestedge[b]: the least-slack edge to a different S-blossom, or -1. */
    bestedge: new Int32Array(2 * nvertex).fill(-1),
    blossombestedges: new Array<number[] | null>(2 * nvertex).fill(null),
    unusedblossoms,
    dualvar,
    allowedge: new Uint8Array(nedge),
    /** addBlossom's scratch: the least-slack edge to each other S-blossom, or -1. */
    bestedgeto: new Int32Array(2 * nvertex).fill(-1),
    /** Each edge's weight in adjacency order, for the scan, which reads a vertex's edges in turn. */
    adjWeight
  }
}

/**
 * No augmenting path: changes the duals by the least delta that allows progress, and says which
 * kind: 1 the optimum, 2 an edge to a free vertex, 3 an edge between S-blossoms (`deltaedge`),
 * 4 a T-blossom to expand (`deltablossom`).
 */
export function changeDuals(g: MatchingGraph, s: BlossomState, maxCardinality: boolean): { deltatype: number; deltaedge: number; deltablossom: number } {
  const { nvertex, endpoint, weight } = g
  const { label, inblossom, blossomparent, blossombase, bestedge, dualvar } = s
  const slack = (k: number) => dualvar[endpoint[2 * k]] + dualvar[endpoint[2 * k + 1]] - 2 * weight[k]
  // the least vertex dual, by a loop (a spread of n values into Math.min overflowed the stack)
  const minVertexDual = () => {
    let least = Infinity
    for (let v = 0; v < nvertex; v++) if (dualvar[v] < least) least = dualvar[v]
    return least
  }
  let deltatype = -1
  let delta = 0
  let deltaedge = -1
  let deltablossom = -1
  if (!maxCardinality) {
    deltatype = 1
    delta = minVertexDual()
  }
  for (let v = 0; v < nvertex; v++) {
    if (label[inblossom[v]] === 0 && bestedge[v] !== -1) {
      const d = slack(bestedge[v])
      if (deltatype === -1 || d < delta) [delta, deltatype, deltaedge] = [d, 2, bestedge[v]]
    }
  }
  for (let b = 0; b < 2 * nvertex; b++) {
    if (blossomparent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) {
      const d = slack(bestedge[b]) / 2
      if (deltatype === -1 || d < delta) [delta, deltatype, deltaedge] = [d, 3, bestedge[b]]
    }
  }
  for (let b = nvertex; b < 2 * nvertex; b++) {
    if (blossombase[b] >= 0 && blossomparent[b] === -1 && label[b] === 2 && (deltatype === -1 || dualvar[b] < delta))
      [delta, deltatype, deltablossom] = [dualvar[b], 4, b]
  }
  if (deltatype === -1) {
    // maxCardinality and nothing more to grow: the optimum is reached
    deltatype = 1
    delta = Math.max(0, minVertexDual())
  }
  for (let v = 0; v < nvertex; v++) {
    if (label[inblossom[v]] === 1) dualvar[v] -= delta
    else if (label[inblossom[v]] === 2) dualvar[v] += delta
  }
  for (let b = nvertex; b < 2 * nvertex; b++) {
    if (blossombase[b] >= 0 && blossomparent[b] === -1) {
      if (label[b] === 1) dualvar[b] += delta
      else if (label[b] === 2) dualvar[b] -= delta
    }
  }
  return { deltatype, deltaedge, deltablossom }
}
