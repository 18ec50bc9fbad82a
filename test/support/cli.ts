// Runs the real `muster` command (bin/muster.js) in a child process.
import { spawn, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { repoRoot } from './engine'

/** A data folder and a Meshwesh catalogue of the tests' own (absent unless a test makes them). */
const noUserData = { MUSTER_DATA: join(repoRoot, 'test-output', 'no-user-data'), MUSTER_MESHWESH: join(repoRoot, 'test-output', 'no-meshwesh') }

export interface CliResult {
  code: number
  stdout: string
  stderr: string
  /** Killed for running past timeoutMs. */
  timedOut: boolean
}

export function muster(args: string[], opts: { cwd?: string; env?: Record<string, string>; timeoutMs?: number; input?: string } = {}): CliResult {
  const r = spawnSync(process.execPath, [join(repoRoot, 'bin', 'muster.js'), ...args], {
    ...(opts.timeoutMs ? { timeout: opts.timeoutMs, killSignal: 'SIGKILL' as const } : {}),
    ...(opts.input !== undefined ? { input: opts.input } : {}),
    cwd: opts.cwd ?? repoRoot,
    encoding: 'utf8',
    // A user data folder of its own (absent unless a test makes it), so a developer's imported
    // armies never leak into the tests.
    env: { ...process.env, ...noUserData, ...opts.env },
    maxBuffer: 256 * 1024 * 1024
  })
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, timedOut: r.signal === 'SIGKILL' }
}

/**
 * `muster()` without blocking this process: for a run that talks to a server this process serves
 * (the Meshwesh stand-in). The same environment; stdin closed, or given `input`.
 */
export function musterAsync(args: string[], opts: { cwd?: string; env?: Record<string, string>; timeoutMs?: number; input?: string } = {}): Promise<CliResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin', 'muster.js'), ...args], {
      cwd: opts.cwd ?? repoRoot,
      env: { ...process.env, ...noUserData, ...opts.env }
    })
    let stdout = ''
    let stderr = ''
    let timedOut = false
    child.stdout.setEncoding('utf8').on('data', (s: string) => void (stdout += s))
    child.stderr.setEncoding('utf8').on('data', (s: string) => void (stderr += s))
    child.stdin.end(opts.input ?? '')
    const timer = opts.timeoutMs ? setTimeout(() => ((timedOut = true), child.kill('SIGKILL')), opts.timeoutMs) : undefined
    child.on('error', fail)
    child.on('close', (code) => {
      clearTimeout(timer)
      done({ code: code ?? -1, stdout, stderr, timedOut })
    })
  })
}

/**
 * The same `muster` run in this process: `run(argv, io)` with its output captured, MUSTER_DATA set as
 * `muster()` sets it. For tests of what a command says and returns; the child-process `muster()` stays
 * for what needs a real process (start-up, stdin, signals, timeouts, the built bundle itself).
 */
export async function musterHere(args: string[], opts: { env?: Record<string, string> } = {}): Promise<Omit<CliResult, 'timedOut'>> {
  const { run } = await import('../../src-main/cli/main')
  const env = { ...noUserData, ...opts.env }
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]))
  Object.assign(process.env, env)
  let stdout = ''
  let stderr = ''
  try {
    const code = await run(args, { out: (s) => void (stdout += s), err: (s) => void (stderr += s) })
    return { code, stdout, stderr }
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  }
}

/** A refusal's lines on standard error, without commander's usual pointer to --help ("(run …)"). */
export const refusalLines = (stderr: string): string[] =>
  stderr
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('(run'))
