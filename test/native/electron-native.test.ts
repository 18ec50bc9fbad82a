// `npm start`'s prestart (scripts/electron-native.ts), run for real as a child process: its decisions
// in dry-run mode, fetching a prebuilt Electron build of better-sqlite3 (from a local prebuild, as a
// mirror would serve it), and the one line it prints when nothing can be downloaded. Every run
// writes to a temporary native folder: out/native and npm's Node build are never touched.
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createServer, type AddressInfo } from 'node:net'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../support/engine'
import { prestartArgs, printed } from '../support/prestart'

const work = mkdtempSync(join(tmpdir(), 'muster-native-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const requireHere = createRequire(join(repoRoot, 'package.json'))
const electronVersion = (requireHere('electron/package.json') as { version: string }).version
const sqliteDir = dirname(requireHere.resolve('better-sqlite3/package.json'))
const sqliteVersion = (JSON.parse(readFileSync(join(sqliteDir, 'package.json'), 'utf8')) as { version: string }).version
const nodeBuild = join(sqliteDir, 'build', 'Release', 'better_sqlite3.node')
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex')
const nodeBuildBefore = sha(nodeBuild)

// No network: the hosts are a closed port on this machine, and caches are empty folders of our own.
let closed = ''
beforeAll(async () => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closed = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  await new Promise((resolve) => server.close(resolve))
})
function env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env))
    if (
      !/^(npm_config_better_sqlite3_|ELECTRON_MIRROR|npm_config_cache|npm_config_devdir|MUSTER_NATIVE_DIR|https?_proxy|all_proxy|no_proxy|npm_config_(https_)?proxy|npm_config_noproxy|npm_config_build_from_source)/i.test(
        k
      )
    )
      out[k] = v
  return {
    ...out,
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
    npm_config_cache: join(work, 'npm-cache'),
    npm_config_devdir: join(work, 'gyp'),
    npm_config_better_sqlite3_binary_host: closed,
    ...extra
  }
}

function prestart(args: string[], extraEnv: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, prestartArgs(args), { cwd: repoRoot, env: env(extraEnv), encoding: 'utf8', timeout: 120_000 })
  return { status: r.status, stdout: r.stdout, stderr: printed(r.stderr).join('\n') }
}

interface DryRun {
  target: { electronVersion: string; platform: string; arch: string }
  betterSqlite3: string
  abi: string | null
  electronBinary: string
  binding: { path: string; state: string }
  steps: Array<{ action: string; what: string; command: string[]; url?: string | null; headersUrl?: string; nodedir: string | null }>
  offlineMessage: string | null
}
const dryRun = (args: string[], extraEnv: NodeJS.ProcessEnv = {}): DryRun => {
  const r = prestart(['--dry-run', ...args], extraEnv)
  expect(r.stderr).toBe('')
  expect(r.status).toBe(0)
  return JSON.parse(r.stdout) as DryRun
}

describe('the prestart step, dry run (decides, changes nothing)', () => {
  it('reads the Electron version from the installed package and targets this platform and arch', () => {
    const nativeDir = join(work, 'dry')
    const plan = dryRun(['--native-dir', nativeDir])
    expect(plan.target).toEqual({ electronVersion, platform: process.platform, arch: process.arch })
    expect(plan.betterSqlite3).toBe(sqliteVersion)
    expect(plan.binding).toMatchObject({
      path: join(nativeDir, `${electronVersion}-${process.platform}-${process.arch}`, 'better_sqlite3.node'),
      state: 'missing'
    })
    expect(existsSync(nativeDir)).toBe(false)
  })

  it('fetches the prebuilt module for that Electron ABI first, then builds from source against Electron headers', () => {
    const plan = dryRun(['--native-dir', join(work, 'dry'), '--binding-only'], { npm_config_nodedir: '/usr' })
    expect(plan.abi).toMatch(/^\d+$/)
    expect(plan.steps.map((s) => s.action)).toEqual(['fetch', 'build'])
    const [fetch, build] = plan.steps
    expect(fetch.url).toBe(
      `https://github.com/WiseLibs/better-sqlite3/releases/download/v${sqliteVersion}/better-sqlite3-v${sqliteVersion}-electron-v${plan.abi}-${process.platform}-${process.arch}.tar.gz`
    )
    expect(fetch.command).toEqual(expect.arrayContaining(['--runtime', 'electron', '--target', electronVersion]))
    expect(build.command).toEqual(
      expect.arrayContaining(['rebuild', `--target=${electronVersion}`, `--arch=${process.arch}`, '--dist-url=https://electronjs.org/headers'])
    )
    // npm_config_nodedir points node-gyp at Node's headers: the build must never see it.
    expect(fetch.nodedir).toBe('/usr')
    expect(build.nodedir).toBeNull()
  })

  it("downloads the Electron binary first when it is not installed (npm never runs electron's install script)", () => {
    const installed = existsSync(join(dirname(requireHere.resolve('electron/package.json')), 'path.txt'))
    const plan = dryRun(['--native-dir', join(work, 'dry')])
    if (installed) {
      expect(plan.electronBinary).toBe('present')
      expect(plan.steps[0].action).toBe('fetch')
    } else {
      expect(plan.electronBinary).toBe('missing')
      expect(plan.steps[0]).toMatchObject({ action: 'download-electron', what: `the Electron ${electronVersion} binary` })
      expect(plan.steps[0].command[1]).toMatch(/electron[/\\]install\.js$/)
    }
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { allowScripts: Record<string, boolean>; scripts: Record<string, string> }
    expect(pkg.allowScripts.electron).toBe(false)
    expect(pkg.scripts.prestart).toBe('tsx scripts/electron-native.ts')
  })

  it('for another platform: only a prebuilt module (a compiler builds for its own machine), no Electron binary', () => {
    const other = process.platform === 'win32' ? 'linux' : 'win32'
    const plan = dryRun(['--native-dir', join(work, 'dry'), '--platform', other, '--arch', 'arm64'])
    expect(plan.target).toEqual({ electronVersion, platform: other, arch: 'arm64' })
    expect(plan.electronBinary).toBe('not needed')
    expect(plan.steps.map((s) => s.action)).toEqual(['fetch'])
    expect(plan.steps[0].url).toMatch(new RegExp(`-electron-v\\d+-${other}-arm64\\.tar\\.gz$`))
  })

  it('states the one line it would print offline: what is missing and what to run', () => {
    const plan = dryRun(['--native-dir', join(work, 'dry'), '--binding-only'])
    expect(plan.offlineMessage).toMatch(
      new RegExp(
        `^muster: cannot start: Electron's build of better-sqlite3 ${sqliteVersion.replace(/\./g, '\\.')} \\(${process.platform}-${process.arch}\\) is missing and could not be downloaded \\(getaddrinfo ENOTFOUND github\\.com\\)\\. ` +
          'Connect to the internet \\(or point ELECTRON_MIRROR and npm_config_better_sqlite3_binary_host_mirror at mirrors\\) and run "npm start" again; details in .*setup\\.log\\.$'
      )
    )
    expect(plan.offlineMessage).not.toContain('\n')
  })
})

describe('the prestart step, for real', () => {
  const prebuilds = join(work, 'prebuilds')
  beforeAll(() => {
    // A prebuilt tarball as the release (or a mirror) serves it; its module is a stand-in (npm's Node build).
    const abi = dryRun(['--native-dir', join(work, 'dry'), '--binding-only']).abi
    const pkg = join(work, 'tarball', 'build', 'Release')
    mkdirSync(pkg, { recursive: true })
    mkdirSync(prebuilds, { recursive: true })
    copyFileSync(nodeBuild, join(pkg, 'better_sqlite3.node'))
    const tar = spawnSync('tar', [
      '-C',
      join(work, 'tarball'),
      '-czf',
      join(prebuilds, `better-sqlite3-v${sqliteVersion}-electron-v${abi}-${process.platform}-${process.arch}.tar.gz`),
      'build'
    ])
    expect(tar.status).toBe(0)
  })

  it('fetches the prebuilt module into its own folder with a stamp, once; npm’s Node build stays as it was', () => {
    const nativeDir = join(work, 'fetched')
    const local = { npm_config_better_sqlite3_local_prebuilds: prebuilds }
    const first = prestart(['--binding-only', '--native-dir', nativeDir], local)
    expect(first.stderr).toBe('')
    expect(first.status).toBe(0)
    const what = `Electron's build of better-sqlite3 ${sqliteVersion} (${process.platform}-${process.arch})`
    expect(first.stdout).toBe(`muster: fetching ${what}…\nmuster: made ${what}, prebuilt\n`)
    const dir = join(nativeDir, `${electronVersion}-${process.platform}-${process.arch}`)
    expect(sha(join(dir, 'better_sqlite3.node'))).toBe(nodeBuildBefore)
    expect(JSON.parse(readFileSync(join(dir, 'binding.json'), 'utf8'))).toEqual({
      electron: electronVersion,
      platform: process.platform,
      arch: process.arch,
      betterSqlite3: sqliteVersion,
      source: 'prebuilt'
    })
    expect(readdirSync(nativeDir).sort()).toEqual([`${electronVersion}-${process.platform}-${process.arch}`, 'setup.log'])

    // Made once: the next start finds it and says nothing.
    const second = prestart(['--binding-only', '--native-dir', nativeDir], local)
    expect(second).toMatchObject({ status: 0, stdout: '', stderr: '' })

    // A module made for another better-sqlite3 (after an upgrade) is stale and made again.
    writeFileSync(
      join(dir, 'binding.json'),
      JSON.stringify({ electron: electronVersion, platform: process.platform, arch: process.arch, betterSqlite3: '1.0.0', source: 'prebuilt' })
    )
    expect(dryRun(['--binding-only', '--native-dir', nativeDir]).binding.state).toBe('stale')
    expect(prestart(['--binding-only', '--native-dir', nativeDir], local).stdout).toContain('muster: made')
    expect(sha(nodeBuild)).toBe(nodeBuildBefore)
  })

  it('three starts at once each finish (one staging copy per run), and the module is whole', async () => {
    const nativeDir = join(work, 'concurrent')
    const local = env({ npm_config_better_sqlite3_local_prebuilds: prebuilds })
    const runs = await Promise.all(
      [1, 2, 3].map(
        () =>
          new Promise<{ status: number | null; stderr: string }>((resolve) => {
            const child = spawn(process.execPath, prestartArgs(['--binding-only', '--native-dir', nativeDir]), { cwd: repoRoot, env: local })
            let stderr = ''
            child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')))
            child.on('close', (status) => resolve({ status, stderr: printed(stderr).join('\n') }))
          })
      )
    )
    expect(runs).toEqual([1, 2, 3].map(() => ({ status: 0, stderr: '' })))
    expect(sha(join(nativeDir, `${electronVersion}-${process.platform}-${process.arch}`, 'better_sqlite3.node'))).toBe(nodeBuildBefore)
    expect(readdirSync(nativeDir).filter((f) => f.startsWith('.staging-'))).toEqual([])
  })

  it("a staging copy left by a killed run is cleared by the next run; a live run's is left alone", () => {
    const nativeDir = join(work, 'killed')
    const dead = join(nativeDir, `.staging-${electronVersion}-${process.platform}-${process.arch}-999999999`)
    const live = join(nativeDir, `.staging-${electronVersion}-${process.platform}-${process.arch}-${process.pid}`)
    mkdirSync(dead, { recursive: true })
    mkdirSync(live, { recursive: true })
    expect(prestart(['--binding-only', '--native-dir', nativeDir], { npm_config_better_sqlite3_local_prebuilds: prebuilds }).status).toBe(0)
    expect(existsSync(dead)).toBe(false)
    expect(existsSync(live)).toBe(true)
  })

  it('for the installer: makes only the module and copies it into the packaged resources/native/', () => {
    const nativeDir = join(work, 'for-package')
    const resources = join(work, 'app', 'resources')
    const r = prestart(['--for-package', '--native-dir', nativeDir, '--install-to', resources], { npm_config_better_sqlite3_local_prebuilds: prebuilds })
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    expect(sha(join(resources, 'native', 'better_sqlite3.node'))).toBe(nodeBuildBefore)
    // Offline, its one line says what to run for packaging, not for starting.
    const other = prestart([
      '--for-package',
      '--native-dir',
      join(work, 'for-package-offline'),
      '--platform',
      process.platform === 'win32' ? 'linux' : 'win32',
      '--arch',
      'arm64',
      '--install-to',
      resources
    ])
    expect(other.status).toBe(1)
    expect(other.stderr).toMatch(
      /^muster: cannot package: Electron's build of better-sqlite3 .* \((win32|linux)-arm64\) is missing and could not be downloaded \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)\. .*run "npm run dist" again; details in .*setup\.log\.$/
    )
  })

  it('offline: one line on stderr says what is missing and what to run; nothing half-made is left', () => {
    const nativeDir = join(work, 'offline')
    const r = prestart(['--binding-only', '--native-dir', nativeDir, '--headers-url', `${closed}/headers`])
    expect(r.status).toBe(1)
    // Progress on stdout (what it tried), the verdict on stderr.
    expect(r.stdout).toBe(
      `muster: fetching Electron's build of better-sqlite3 ${sqliteVersion} (${process.platform}-${process.arch})…\nmuster: building Electron's build of better-sqlite3 ${sqliteVersion} (${process.platform}-${process.arch}) from source (no prebuilt one could be fetched; a few minutes)…\n`
    )
    const lines = r.stderr.split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      new RegExp(
        `^muster: cannot start: Electron's build of better-sqlite3 ${sqliteVersion.replace(/\./g, '\\.')} \\(${process.platform}-${process.arch}\\) is missing and could not be downloaded \\(.*ECONNREFUSED.*\\)\\. Connect to the internet`
      )
    )
    expect(lines[0]).toContain('run "npm start" again')
    expect(readdirSync(nativeDir)).toEqual(['setup.log'])
    expect(readFileSync(join(nativeDir, 'setup.log'), 'utf8')).toContain('prebuild-install')
    expect(sha(nodeBuild)).toBe(nodeBuildBefore)
  })
})
