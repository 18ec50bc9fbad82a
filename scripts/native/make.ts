// Carries out a plan (plan.ts): downloads the Electron binary, then fetches the prebuilt Electron
// build of better-sqlite3 or builds it from source, in a staging copy of the package so npm's Node
// build (used by the CLI and the tests) is never touched. The module is put in place whole (temp
// file, rename) with a stamp saying what it was made for.
import { spawnSync } from 'node:child_process'
import { appendFileSync, cpSync, existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { BINDING_FILE, STAMP_FILE } from '../../src-main/native/binding'
import { packageDir, type Plan, type Stamp, type Step } from './plan'
import { failureReason, networkReason } from './reasons'

export interface Outcome {
  made: string[]
  /** What is still missing, and the first reason a step gave. */
  missing: string[]
  reason: string
  log: string
}

function run(step: Step, log: string): { ok: boolean; output: string } {
  const [cmd, ...args] = step.command
  const r = spawnSync(cmd, args, { cwd: 'cwd' in step ? step.cwd : undefined, env: step.env, encoding: 'utf8', timeout: 15 * 60_000 })
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? `\n${r.error.message}` : ''}`
  appendFileSync(log, `\n$ ${step.command.join(' ')}\n${output}\n`)
  return { ok: r.status === 0 && !r.error, output }
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

export function make(p: Plan, root: string): Outcome {
  const nativeDir = dirname(dirname(p.binding.path))
  mkdirSync(nativeDir, { recursive: true })
  const log = join(nativeDir, 'setup.log')
  appendFileSync(log, `\n== ${new Date().toISOString()} Electron ${p.target.electronVersion} ${p.target.platform}-${p.target.arch}\n`)
  const outcome: Outcome = { made: [], missing: [], reason: '', log }
  const fail = (what: string, output: string) => {
    if (!outcome.missing.includes(what)) outcome.missing.push(what)
    outcome.reason ||= failureReason(output)
  }

  for (const step of p.steps.filter((s) => s.action === 'download-electron')) {
    const r = run(step, log)
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
        const r = run(step, log)
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
      rmSync(p.stagingDir, { recursive: true, force: true })
    }
  }
  return outcome
}
