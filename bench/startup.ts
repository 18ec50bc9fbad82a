// Start-up of the CLI (issue 13, item 11): `muster validate FILE` of one roster must take at most
// twice as long as `node -e 0`, the cost of starting Node at all. Both are spawned alternately in
// one run (so drifting machine load hits both alike); the ratio is the median of the per-round
// ratios. `npm run bench -- startup` runs only this part.
import { spawnSync } from 'node:child_process'
import { join, relative } from 'node:path'
import { met } from './verdict'

const root = join(__dirname, '..')

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

function spawnMs(args: string[], env?: NodeJS.ProcessEnv): number {
  const t0 = process.hrtime.bigint()
  const res = spawnSync(process.execPath, args, { encoding: 'utf8', env })
  const ms = Number(process.hrtime.bigint() - t0) / 1e6
  if (res.status !== 0) throw new Error(`${args.join(' ')} exited ${res.status}: ${res.stderr}`)
  return ms
}

/**
 * `muster ARGS` against `node -e 0`, spawned alternately (after two warm-up rounds of each): their
 * medians and the median of the per-round ratios. Other start-up lines (bench/game.ts) use it too.
 */
export function startupRatio(args: string[], rounds = 21, env?: NodeJS.ProcessEnv): { muster: number; node: number; ratio: number } {
  const muster = [join(root, 'bin', 'muster.js'), ...args]
  const node = ['-e', '0']
  for (let i = 0; i < 2; i++) {
    spawnMs(node)
    spawnMs(muster, env)
  }
  const nodes: number[] = []
  const musters: number[] = []
  const ratios: number[] = []
  for (let i = 0; i < rounds; i++) {
    const n = spawnMs(node)
    const m = spawnMs(muster, env)
    nodes.push(n)
    musters.push(m)
    ratios.push(m / n)
  }
  return { muster: median(musters), node: median(nodes), ratio: median(ratios) }
}

/** `options.env`: the environment `muster` runs in (e.g. a Meshwesh catalogue), named by `options.label`. */
export function startupBench(rounds = 21, options: { env?: NodeJS.ProcessEnv; label?: string } = {}): void {
  const file = join(root, 'examples', 'triumph-legal.muster.json')
  const { muster, node, ratio } = startupRatio(['validate', file], rounds, options.env)
  console.log(
    `start-up: muster validate of one roster (${relative(root, file)})${options.label ? ` ${options.label}` : ''} ${muster.toFixed(0)} ms; node -e 0 ${node.toFixed(0)} ms ` +
      `(medians of ${rounds}, spawned alternately); ratio ${ratio.toFixed(2)}x (median of the per-round ratios; goal: at most 2x, ${met(ratio <= 2)})`
  )
}
