// What `npm start` must make before Electron can run the app, decided from what is installed: the
// Electron binary (npm never downloads it: package.json denies electron's install script) and
// Electron's own build of better-sqlite3 beside the Node one (src-main/native/binding.ts names the
// folders). Pure decisions and the commands they lead to; make.ts carries them out.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { networkReason } from './reasons'
import { BINDING_FILE, STAMP_FILE, nativeFolderName, nativeRoot, type NativeTarget } from '../../src-main/native/binding'

export const STAGING_PREFIX = '.staging-'
export const DEFAULT_HEADERS_URL = 'https://electronjs.org/headers'
const PREBUILT_HOST = 'https://github.com/WiseLibs/better-sqlite3/releases/download'

export interface PlanOptions {
  /** The checkout (package.json, node_modules). */
  root: string
  /** Where Electron builds are kept (default: MUSTER_NATIVE_DIR, else <root>/out/native). */
  nativeDir?: string
  platform?: string
  arch?: string
  /** Only the SQLite module (packaging: electron-builder brings its own Electron). */
  bindingOnly?: boolean
  /** Electron's headers for a source build (a mirror, or a test's closed port). */
  headersUrl?: string
  /** The environment the steps run in (default: process.env). */
  env?: NodeJS.ProcessEnv
}

export interface Stamp {
  electron: string
  platform: string
  arch: string
  betterSqlite3: string
  source: 'prebuilt' | 'source'
}

export type Step =
  | { action: 'download-electron'; what: string; command: string[]; env: NodeJS.ProcessEnv }
  | { action: 'fetch'; what: string; url: string | null; command: string[]; cwd: string; env: NodeJS.ProcessEnv }
  | { action: 'build'; what: string; headersUrl: string; command: string[]; cwd: string; env: NodeJS.ProcessEnv }

export interface Plan {
  target: NativeTarget
  hostPlatform: string
  betterSqlite3: string
  /** Electron's module ABI (NODE_MODULE_VERSION), as the prebuilt file names carry it. */
  abi: string | null
  electronBinary: 'present' | 'missing' | 'not needed'
  binding: { path: string; state: 'present' | 'missing' | 'stale'; stamp: Stamp | null }
  /** The Electron binary, then the module: fetch a prebuilt one, else build it from source. */
  steps: Step[]
  /** Where the module is built: a copy of better-sqlite3, so npm's Node build is never touched. */
  stagingDir: string
}

function readJson<T>(path: string): T | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T
  } catch {
    return null
  }
}

export function packageDir(root: string, name: string): string | null {
  try {
    return dirname(createRequire(join(root, 'package.json')).resolve(`${name}/package.json`))
  } catch {
    return null
  }
}

function versionOf(dir: string | null): string | null {
  return dir ? (readJson<{ version?: string }>(join(dir, 'package.json'))?.version ?? null) : null
}

/** The installed Electron's binary is there when path.txt names a file and dist/version matches. */
export function electronBinaryPresent(electronDir: string, version: string): boolean {
  const pathTxt = join(electronDir, 'path.txt')
  if (!existsSync(pathTxt)) return false
  const executable = join(electronDir, 'dist', readFileSync(pathTxt, 'utf8').trim())
  const distVersion = existsSync(join(electronDir, 'dist', 'version'))
    ? readFileSync(join(electronDir, 'dist', 'version'), 'utf8')
        .trim()
        .replace(/^v/, '')
    : ''
  return existsSync(executable) && distVersion === version
}

function electronAbi(root: string, version: string): string | null {
  const sqliteDir = packageDir(root, 'better-sqlite3')
  try {
    // node-abi is what prebuild-install itself uses to name the prebuilt files.
    const requireFrom = createRequire(join(sqliteDir ?? root, 'package.json'))
    const nodeAbi = createRequire(requireFrom.resolve('prebuild-install/package.json'))('node-abi') as { getAbi(target: string, runtime: string): string }
    return nodeAbi.getAbi(version, 'electron')
  } catch {
    return null
  }
}

/**
 * The environment for the module's build. node-gyp lets npm_config_<option> override its command
 * line, so every option the build sets goes: above all npm_config_nodedir, which would build against
 * Node's headers (the @electron/rebuild trap).
 */
function buildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(env))
    if (!/^(npm_config_|npm_package_config_node_gyp_)(nodedir|tarball|target|target_arch|arch|runtime|disturl|dist_url|debug)$/i.test(key)) out[key] = value
  return out
}

export class SetupError extends Error {}

export function plan(options: PlanOptions): Plan {
  const env = options.env ?? process.env
  const electronDir = packageDir(options.root, 'electron')
  const electronVersion = versionOf(electronDir)
  if (!electronDir || !electronVersion) throw new SetupError('Electron is not installed in this checkout: run "npm ci" first.')
  const sqliteDir = packageDir(options.root, 'better-sqlite3')
  const betterSqlite3 = versionOf(sqliteDir)
  if (!sqliteDir || !betterSqlite3) throw new SetupError('better-sqlite3 is not installed in this checkout: run "npm ci" first.')
  const hostPlatform = process.platform
  const target: NativeTarget = { electronVersion, platform: options.platform ?? hostPlatform, arch: options.arch ?? process.arch }
  const dir = join(options.nativeDir ?? nativeRoot(options.root, env.MUSTER_NATIVE_DIR), nativeFolderName(target))
  const bindingPath = join(dir, BINDING_FILE)
  const stamp = readJson<Stamp>(join(dir, STAMP_FILE))
  const state = !existsSync(bindingPath) ? 'missing' : stamp?.betterSqlite3 === betterSqlite3 && stamp.electron === electronVersion ? 'present' : 'stale'
  const abi = electronAbi(options.root, electronVersion)
  // One staging folder per run: two starts at once must not delete each other's work.
  const stagingDir = join(dirname(dir), `${STAGING_PREFIX}${nativeFolderName(target)}-${process.pid}`)
  const node = process.execPath
  const steps: Step[] = []

  const needsElectron = !options.bindingOnly && target.platform === hostPlatform
  const electronBinary = !needsElectron ? 'not needed' : electronBinaryPresent(electronDir, electronVersion) ? 'present' : 'missing'
  if (electronBinary === 'missing') {
    const installEnv = { ...env }
    delete installEnv.ELECTRON_SKIP_BINARY_DOWNLOAD
    steps.push({
      action: 'download-electron',
      what: `the Electron ${electronVersion} binary`,
      command: [node, join(electronDir, 'install.js')],
      env: installEnv
    })
  }

  if (state !== 'present') {
    const what = `Electron's build of better-sqlite3 ${betterSqlite3} (${target.platform}-${target.arch})`
    const platformArgs = ['--runtime', 'electron', '--target', electronVersion, '--arch', target.arch, '--platform', target.platform]
    const prebuildInstall = createRequire(join(sqliteDir, 'package.json')).resolve('prebuild-install/bin.js')
    steps.push({
      action: 'fetch',
      what,
      url: abi ? `${PREBUILT_HOST}/v${betterSqlite3}/better-sqlite3-v${betterSqlite3}-electron-v${abi}-${target.platform}-${target.arch}.tar.gz` : null,
      command: [node, prebuildInstall, ...platformArgs, '--verbose'],
      cwd: stagingDir,
      env
    })
    // A compiler builds only for the machine it runs on.
    if (target.platform === hostPlatform && target.arch === process.arch) {
      const headersUrl = options.headersUrl ?? DEFAULT_HEADERS_URL
      const gyp = packageDir(options.root, 'node-gyp')
      steps.push({
        action: 'build',
        what,
        headersUrl,
        command: [
          node,
          gyp ? join(gyp, 'bin', 'node-gyp.js') : 'node-gyp',
          'rebuild',
          '--release',
          `--target=${electronVersion}`,
          `--arch=${target.arch}`,
          `--dist-url=${headersUrl}`
        ],
        cwd: stagingDir,
        env: buildEnv(env)
      })
    }
  }
  return { target, hostPlatform, betterSqlite3, abi, electronBinary, binding: { path: bindingPath, state, stamp }, steps, stagingDir }
}

/** What the one line is about: starting the app, or packaging it. */
export type Purpose = 'start' | 'package'

/** The one line printed when something is missing and could not be made, saying what to run. */
export function cannotStartMessage(p: Plan, missing: string[], reason: string, root: string, purpose: Purpose = 'start'): string {
  const network = networkReason(reason) !== null
  const what = missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}` : missing[0]
  const again = purpose === 'start' ? '"npm start"' : '"npm run dist"'
  const crossBuild = p.target.platform !== p.hostPlatform || p.target.arch !== process.arch
  const fix = network
    ? `Connect to the internet (or point ELECTRON_MIRROR and npm_config_better_sqlite3_binary_host_mirror at mirrors) and run ${again} again`
    : crossBuild
      ? `No prebuilt one was found for ${p.target.platform}-${p.target.arch}, and a compiler builds only for its own machine: package on a ${p.target.platform}-${p.target.arch} machine`
      : `Install a C++ toolchain (python3, make, g++; on Windows Visual Studio Build Tools) and run ${again} again`
  const logPath = join(dirname(dirname(p.binding.path)), 'setup.log')
  const log = logPath.startsWith(root) ? relative(root, logPath) : logPath
  return `muster: cannot ${purpose}: ${what} ${missing.length > 1 ? 'are' : 'is'} missing and could not be ${network ? 'downloaded' : 'made'} (${reason}). ${fix}; details in ${log}.`
}
