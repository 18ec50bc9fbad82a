// The built CLI run in a child process for the bench: wall time, the child's own peak resident set
// and CPU time (it reports them as it exits); and the median of runs.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const root = join(__dirname, '..')

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

/** `muster ARGS` by bin/muster.js in a child; `maxBufferMb` bounds what it may print. */
export function runMuster(args: string[], maxBufferMb = 64): { ms: number; mb: number; cpuMs: number; code: number | null; stderr: string } {
  const script = `process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('\\nMAXRSS ' + u.maxRSS + ' CPU ' + (u.userCPUTime + u.systemCPUTime) + '\\n') }); process.argv = [process.argv[0], 'muster', ...JSON.parse(process.env.MUSTER_BENCH_ARGS)]; require(${JSON.stringify(join(root, 'bin', 'muster.js'))})`
  const t0 = process.hrtime.bigint()
  const r = spawnSync(process.execPath, ['-e', script], {
    encoding: 'utf8',
    env: { ...process.env, MUSTER_BENCH_ARGS: JSON.stringify(args) },
    timeout: 600_000,
    killSignal: 'SIGKILL',
    maxBuffer: maxBufferMb * 1024 * 1024
  })
  const ms = Number(process.hrtime.bigint() - t0) / 1e6
  return {
    ms,
    mb: Number(/MAXRSS (\d+)/.exec(r.stderr)?.[1] ?? NaN) / 1024,
    cpuMs: Number(/CPU (\d+)/.exec(r.stderr)?.[1] ?? NaN) / 1000,
    code: r.status,
    stderr: r.stderr
  }
}
