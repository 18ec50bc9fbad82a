// Carries out a plan (plan.ts): downloads the Electron binary, then fetches the prebuilt Electron
// build of better-sqlite3 or builds it from source, in a staging copy of the package so npm's Node
// build (used by the CLI and the tests) is never touched. The module is put in place whole (temp
// file, rename) with a stamp saying what it was made for. Each step's output goes to setup.log as
// it comes (a long build is never held in memory); the terminal gets one line a step.
import { spawnSync } from 'node:child_process'
import {
  appendFileSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { BINDING_FILE, STAMP_FILE } from '../../src-main/native/binding'
import { STAGING_PREFIX, packageDir, type Plan, type Stamp, type Step } from './plan'
import { failureReason, networkReason } from './reasons'

export interface Outcome {
  made: string[]
  /** What is still missing, and the first reason a step gave. */
  missing: string[]
  reason: string
  log: string
}

const doing: Record<Step['action'], (what: string) => string> = {
  'download-electron': (what) => `downloading ${what} (about 100 MB, once)`,
  fetch: (what) => `fetching ${what}`,
  build: (what) => `building ${what} from source (no prebuilt one could be fetched; a few minutes)`
}

function run(step: Step, log: string, say: (line: string) => void): { ok: boolean; output: string } {
  say(`muster: ${doing[step.action](step.what)}…`)
  appendFileSync(log, `\n$ ${step.command.join(' ')}\n`)
  const from = statSync(log).size
  const fd = openSync(log, 'a')
  let r
  try {
    const [cmd, ...args] = step.command
    r = spawnSync(cmd, args, { cwd: 'cwd' in step ? step.cwd : undefined, env: step.env, stdio: ['ignore', fd, fd], timeout: 30 * 60_000 })
  } finally {
    closeSync(fd)
  }
  if (r.error) appendFileSync(log, `${r.error.message}\n`)
  const output = readFileSync(log).subarray(from).toString('utf8')
  return { ok: r.status === 0 && !r.error, output }
}

/** Staging folders left by runs that were killed (their process is gone). */
function removeAbandonedStaging(nativeDir: string): void {
  for (const name of readdirSync(nativeDir)) {
    if (!name.startsWith(STAGING_PREFIX)) continue
    const pid = Number(/-(\d+)$/.exec(name)?.[1])
    let alive = false
    try {
      alive = pid > 0 && process.kill(pid, 0)
    } catch (e) {
      // EPERM: the process is there, owned by someone else (or elevated, on Windows).
      alive = (e as NodeJS.ErrnoException).code === 'EPERM'
    }
    if (!alive) rmSync(join(nativeDir, name), { recursive: true, force: true, maxRetries: 3 })
  }
}

/** A copy of better-sqlite3 without its Node build: what prebuild-install and node-gyp work in. */
function stage(root: string, stagingDir: string): void {
  const source = packageDir(root, 'better-sqlite3')
  if (!source) throw new Error('better-sqlite3 is not installed')
  rmSync(stagingDir, { recursive: true, force: true })
  cpSync(source, stagingDir, {
    recursive: true,
    filter: (path) => {
      const rel = relative(source, path)
      return rel !== 'build' && !rel.startsWith(`build${sep}`) && rel !== 'node_modules' && !rel.startsWith(`node_modules${sep}`)
    }
  })
}

function place(p: Plan, built: string, source: Stamp['source']): void {
  const dir = dirname(p.binding.path)
  mkdirSync(dir, { recursive: true })
  const temp = `${p.binding.path}.tmp-${process.pid}`
  cpSync(built, temp)
  renameSync(temp, p.binding.path)
  const stamp: Stamp = { electron: p.target.electronVersion, platform: p.target.platform, arch: p.target.arch, betterSqlite3: p.betterSqlite3, source }
  writeFileSync(join(dir, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`)
}

export function make(p: Plan, root: string, say: (line: string) => void): Outcome {
  const nativeDir = dirname(dirname(p.binding.path))
  mkdirSync(nativeDir, { recursive: true })
  removeAbandonedStaging(nativeDir)
  const log = join(nativeDir, 'setup.log')
  appendFileSync(log, `\n== ${new Date().toISOString()} Electron ${p.target.electronVersion} ${p.target.platform}-${p.target.arch}\n`)
  const outcome: Outcome = { made: [], missing: [], reason: '', log }
  const fail = (what: string, output: string) => {
    if (!outcome.missing.includes(what)) outcome.missing.push(what)
    outcome.reason ||= failureReason(output)
  }

  for (const step of p.steps.filter((s) => s.action === 'download-electron')) {
    const r = run(step, log, say)
    if (r.ok) outcome.made.push(step.what)
    else fail(step.what, r.output)
  }

  const moduleSteps = p.steps.filter((s) => s.action !== 'download-electron')
  if (moduleSteps.length > 0) {
    try {
      stage(root, p.stagingDir)
      const built = join(p.stagingDir, 'build', 'Release', BINDING_FILE)
      const outputs: string[] = []
      for (const step of moduleSteps) {
        const r = run(step, log, say)
        outputs.push(r.output)
        if (r.ok && existsSync(built) && statSync(built).size > 0) {
          place(p, built, step.action === 'fetch' ? 'prebuilt' : 'source')
          outcome.made.push(`${step.what}, ${step.action === 'fetch' ? 'prebuilt' : 'built from source'}`)
          return outcome
        }
      }
      // The last step's failure names the cause. When it too lacked a network (the headers), the
      // download's own error says it best; otherwise it is the compiler's.
      const last = outputs[outputs.length - 1]
      fail(moduleSteps[0].what, networkReason(last) ? (outputs.find((o) => networkReason(o)) ?? last) : last)
    } finally {
      // A file still held (antivirus on Windows) must not hide a module that was made.
      try {
        rmSync(p.stagingDir, { recursive: true, force: true, maxRetries: 3 })
      } catch {
        appendFileSync(log, `could not remove ${p.stagingDir}; the next run will\n`)
      }
    }
  }
  return outcome
}
