// The prestart's fallback when no prebuilt module can be had: a real source build of better-sqlite3
// with node-gyp against "Electron's headers" served from a headers mirror on this machine. Electron's
// own headers cannot be downloaded here, so the mirror serves this Node's headers under Electron's
// version: the module that comes out loads under Node, and a library is opened through it. What it
// proves is the pipeline (staging copy, headers fetched from the --dist-url, build, placing, stamp),
// not Electron's headers themselves. About a minute of compiling (the SQLite amalgamation); it
// writes only to temporary folders.
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLibrary } from '../../src-main/store'
import { repoRoot } from '../support/engine'
import { prestartArgs, printed } from '../support/prestart'
import { toolOrSkip } from '../support/tools'
import { nativeLane } from './lane'

const requireHere = createRequire(join(repoRoot, 'package.json'))
const electronVersion = (requireHere('electron/package.json') as { version: string }).version
const nodeBuild = join(dirname(requireHere.resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node')
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex')

// Node's headers as its own release tarballs carry them: include/node/*.h (npm_config_nodedir or the
// headers beside the node binary).
const nodeHeaders = [process.env.npm_config_nodedir, dirname(dirname(process.execPath))]
  .filter((d): d is string => !!d)
  .map((d) => join(d, 'include', 'node'))
  .find((d) => existsSync(join(d, 'node.h')))
const lane = nativeLane()
if (!lane.run) console.warn(`Source-build test left out: ${lane.why}.`)
// The tools are asked for only when the lane runs: missing, the test skips, or on CI fails (tools.ts).
const canBuild =
  lane.run &&
  process.platform !== 'win32' &&
  !!toolOrSkip(
    'Node headers (include/node), make and a C++ compiler',
    (!!nodeHeaders && spawnSync('make', ['--version']).status === 0 && spawnSync('c++', ['--version']).status === 0) || undefined,
    'apt-get install build-essential; npm_config_nodedir=/usr'
  )

const work = mkdtempSync(join(tmpdir(), 'muster-source-build-'))
let server: Server
let mirror = ''
afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  rmSync(work, { recursive: true, force: true })
})

describe.skipIf(!canBuild)('the prestart, building from source', () => {
  beforeAll(async () => {
    // The mirror: /v<electron>/node-v<electron>-headers.tar.gz and its SHASUMS256.txt, as electronjs.org/headers lays them out.
    const release = join(work, 'mirror', `v${electronVersion}`)
    const top = join(work, 'headers', `node-v${electronVersion}`, 'include', 'node')
    mkdirSync(release, { recursive: true })
    mkdirSync(dirname(top), { recursive: true })
    cpSync(nodeHeaders!, top, { recursive: true })
    const tarball = `node-v${electronVersion}-headers.tar.gz`
    expect(spawnSync('tar', ['-C', join(work, 'headers'), '-czf', join(release, tarball), `node-v${electronVersion}`]).status).toBe(0)
    writeFileSync(join(release, 'SHASUMS256.txt'), `${sha(join(release, tarball))}  ${tarball}\n`)
    server = createServer((req, res) => {
      const file = join(work, 'mirror', decodeURIComponent(new URL(req.url ?? '/', 'http://mirror').pathname))
      if (!file.startsWith(join(work, 'mirror')) || !existsSync(file) || (!file.endsWith('.txt') && !file.endsWith('.tar.gz'))) {
        res.writeHead(404).end()
        return
      }
      const body = readFileSync(file)
      res.writeHead(200, { 'content-length': body.length }).end(body)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  it('builds the module in a staging copy, puts it in its folder with a stamp, and a library opens through it', async () => {
    const before = sha(nodeBuild)
    const nativeDir = join(work, 'native')
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      npm_config_cache: join(work, 'npm-cache'),
      npm_config_devdir: join(work, 'gyp'),
      npm_config_better_sqlite3_binary_host: `${mirror}/no-prebuilds`,
      NO_PROXY: '127.0.0.1,localhost',
      no_proxy: '127.0.0.1,localhost'
    }
    // `npm run -s` sets npm_config_loglevel=silent, and node-gyp would then log no download to check.
    for (const k of Object.keys(env))
      if (
        /^(npm_config_better_sqlite3_local_prebuilds|npm_config_loglevel|MUSTER_NATIVE_DIR|https?_proxy|all_proxy|no_proxy|npm_config_(https_)?proxy|npm_config_noproxy|npm_config_build_from_source)$/i.test(
          k
        )
      )
        delete env[k]
    // Asynchronously: the mirror answers from this process, which must not block while it waits.
    const r = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, prestartArgs(['--binding-only', '--native-dir', nativeDir, '--headers-url', mirror]), { cwd: repoRoot, env })
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')))
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')))
      child.on('close', (status) => resolve({ status, stdout, stderr }))
    })
    expect(printed(r.stderr)).toEqual([])
    expect(r.status).toBe(0)
    const what = `Electron's build of better-sqlite3 ${(requireHere('better-sqlite3/package.json') as { version: string }).version} (${process.platform}-${process.arch})`
    expect(printed(r.stdout)).toEqual([
      `muster: fetching ${what}…`,
      `muster: building ${what} from source (no prebuilt one could be fetched; a few minutes)…`,
      `muster: made ${what}, built from source`
    ])
    const folder = join(nativeDir, `${electronVersion}-${process.platform}-${process.arch}`)
    expect(JSON.parse(readFileSync(join(folder, 'binding.json'), 'utf8'))).toMatchObject({ electron: electronVersion, source: 'source' })
    // The staging copy is gone; the log shows node-gyp fetched the headers from the mirror and compiled.
    expect(readdirSync(nativeDir).sort()).toEqual([`${electronVersion}-${process.platform}-${process.arch}`, 'setup.log'])
    const log = readFileSync(join(nativeDir, 'setup.log'), 'utf8')
    expect(log).toContain(`${mirror}/v${electronVersion}/node-v${electronVersion}-headers.tar.gz`)
    expect(log).toContain(`--target=${electronVersion}`)

    const library = await openLibrary(join(work, 'built.sqlite'), { nativeBinding: join(folder, 'better_sqlite3.node') })
    try {
      expect(library.db.prepare('SELECT sqlite_version() AS v').get()).toMatchObject({ v: expect.stringMatching(/^3\./) })
    } finally {
      library.close()
    }
    expect(sha(nodeBuild)).toBe(before)
  }, 600_000)
})
