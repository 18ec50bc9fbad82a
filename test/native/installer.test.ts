// `npm run dist`'s packer, run for real: electron-builder with the project's electron-builder.yml and
// afterPack hook packs the built app into an unpacked Linux app folder (the step every installer
// target starts from). The Electron binary cannot be downloaded here, so a stand-in Electron folder
// takes its place (electronDist), and the Electron build of better-sqlite3 is a stand-in file in a
// native folder of the test's own: what is checked is what gets packed, and where.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BINDING_FILE, STAMP_FILE, nativeFolderName } from '../../src-main/native/binding'
import { repoRoot } from '../support/engine'
import { nativeLane } from './lane'

const requireHere = createRequire(join(repoRoot, 'package.json'))
const electronVersion = (requireHere('electron/package.json') as { version: string }).version
const sqliteVersion = (requireHere('better-sqlite3/package.json') as { version: string }).version
const asar = createRequire(requireHere.resolve('app-builder-lib/package.json'))('@electron/asar') as {
  listPackage(archive: string, options: { isPack: boolean }): string[]
  extractFile(archive: string, file: string): Buffer
}
const yaml = createRequire(requireHere.resolve('app-builder-lib/package.json'))('js-yaml') as { load(text: string): unknown }

// The packing runs in the native lane (lane.ts): when its inputs changed, or asked for. It packs out/,
// which the tier's global setup (or npm test) has built.
const lane = nativeLane()
if (!lane.run) console.warn(`Installer packing test left out: ${lane.why}.`)
const linux = process.platform === 'linux'
if (lane.run && !linux) console.warn('Installer test skipped: its stand-in Electron folder is the Linux layout.')

const work = mkdtempSync(join(tmpdir(), 'muster-dist-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex')

describe('the electron-builder configuration', () => {
  const config = yaml.load(readFileSync(join(repoRoot, 'electron-builder.yml'), 'utf8')) as Record<string, Record<string, unknown> & { target?: unknown }> & {
    npmRebuild: boolean
    afterPack: string
    files: string[]
  }
  it('makes AppImage and .deb on Linux, NSIS on Windows, dmg on macOS', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb'])
    expect(config.win.target).toBe('nsis')
    expect(config.mac.target).toBe('dmg')
  })
  it("never rebuilds node_modules for Electron (that would replace the Node build the CLI and tests use); the hook brings Electron's", () => {
    expect(config.npmRebuild).toBe(false)
    expect(existsSync(join(repoRoot, config.afterPack))).toBe(true)
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string>; productName: string }
    expect(pkg.scripts.dist).toBe('electron-vite build && vite build -c vite.phone.config.mts && electron-builder --publish never')
    // Electron names the user data folder after productName: the same folder the CLI uses (user-data.ts).
    expect(pkg.productName).toBe('Muster')
  })
})

describe.skipIf(!lane.run || !linux)('the packed app', () => {
  let appDir = ''
  let files: string[] = []
  const standIn = Buffer.from('stand-in for the Electron build of better-sqlite3\n')

  beforeAll(() => {
    // A stand-in Electron folder as electron-builder unpacks one: the executable, its version, resources/.
    const electronDist = join(work, 'electron-dist')
    mkdirSync(join(electronDist, 'resources'), { recursive: true })
    writeFileSync(join(electronDist, 'electron'), '#!/bin/sh\necho stand-in\n')
    chmodSync(join(electronDist, 'electron'), 0o755)
    writeFileSync(join(electronDist, 'version'), `v${electronVersion}`)
    // The Electron build the hook finds already made (the prestart script says it is present).
    const nativeDir = join(work, 'native')
    const target = { electronVersion, platform: 'linux', arch: process.arch }
    mkdirSync(join(nativeDir, nativeFolderName(target)), { recursive: true })
    writeFileSync(join(nativeDir, nativeFolderName(target), BINDING_FILE), standIn)
    writeFileSync(
      join(nativeDir, nativeFolderName(target), STAMP_FILE),
      JSON.stringify({ electron: electronVersion, platform: 'linux', arch: process.arch, betterSqlite3: sqliteVersion, source: 'prebuilt' })
    )

    const output = join(work, 'dist')
    const r = spawnSync(
      process.execPath,
      [
        join(dirname(requireHere.resolve('electron-builder/package.json')), 'cli.js'),
        '--linux',
        'dir',
        `--${process.arch}`,
        '--publish',
        'never',
        `--config.electronDist=${electronDist}`,
        `--config.directories.output=${output}`
      ],
      { cwd: repoRoot, env: { ...process.env, MUSTER_NATIVE_DIR: nativeDir, CSC_IDENTITY_AUTO_DISCOVERY: 'false' }, encoding: 'utf8', timeout: 240_000 }
    )
    if (r.status !== 0) throw new Error(`electron-builder failed (${r.status}):\n${r.stdout}\n${r.stderr}`)
    appDir = join(
      output,
      readdirSync(output).find((d) => d.endsWith('-unpacked'))!
    )
    files = asar.listPackage(join(appDir, 'resources', 'app.asar'), { isPack: false }).map((f) => f.replace(/\\/g, '/'))
  }, 300_000)

  it('packs the built app: out/main, out/preload, out/renderer', () => {
    for (const f of ['/out/main/main.js', '/out/preload/preload.js', '/out/renderer/index.html']) expect(files).toContain(f)
    expect(files.some((f) => f.startsWith('/out/renderer/assets/') && f.endsWith('.js'))).toBe(true)
    expect(files.some((f) => f.startsWith('/out/native'))).toBe(false)
  })

  it('packs every ruleset under data/ and every schema under schemas/, beside the package.json the app finds them by', () => {
    const projectFiles = (dir: string) =>
      readdirSync(join(repoRoot, dir), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => `/${relative(repoRoot, join(e.parentPath, e.name)).replace(/\\/g, '/')}`)
    const data = projectFiles('data')
    expect(data.filter((f) => f.endsWith('/ruleset.json'))).toHaveLength(readdirSync(join(repoRoot, 'data', 'rulesets')).length)
    expect(data.filter((f) => !files.includes(f))).toEqual([])
    expect(projectFiles('schemas').filter((f) => !files.includes(f))).toEqual([])
    const pkg = JSON.parse(asar.extractFile(join(appDir, 'resources', 'app.asar'), 'package.json').toString('utf8')) as { name: string; main: string }
    // rules/paths.ts takes the folder holding a package.json named muster and schemas/ as the root.
    expect(pkg).toMatchObject({ name: 'muster', main: './out/main/main.js' })
  })

  it("packs the main process's run-time dependencies, not sources, tests or npm's Node build of better-sqlite3", () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
    for (const dep of Object.keys(pkg.dependencies)) expect(files).toContain(`/node_modules/${dep}/package.json`)
    expect(files).toContain('/node_modules/better-sqlite3/lib/index.js')
    expect(files.some((f) => f.endsWith('.node'))).toBe(false)
    for (const dir of ['/src-main', '/src-renderer', '/test', '/scripts', '/node_modules/react/', '/node_modules/electron/', '/node_modules/vitest/'])
      expect(files.some((f) => f.startsWith(dir))).toBe(false)
  })

  it('puts the Electron build in resources/native/, outside the archive, where the installed app loads it', () => {
    const binding = join(appDir, 'resources', 'native', BINDING_FILE)
    expect(sha(readFileSync(binding))).toBe(sha(standIn))
    expect(existsSync(join(appDir, 'muster'))).toBe(true)
  })
})
