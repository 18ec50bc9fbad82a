// Which better-sqlite3 build a process loads: Node's default under Node (the CLI, these tests), the
// Electron build's path under Electron, and a library opened through a nativeBinding path for real.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkoutBindingPath, nativeFolderName, packagedBindingPath, sqliteNativeBinding } from '../../src-main/native/binding'
import { LibraryError, openLibrary } from '../../src-main/store'
import { repoRoot } from '../support/engine'

const work = mkdtempSync(join(tmpdir(), 'muster-binding-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const nodeBuild = join(dirname(createRequire(join(repoRoot, 'package.json')).resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node')

describe('the better-sqlite3 build a process loads', () => {
  it('under Node: none named, so better-sqlite3 loads the build npm made (the CLI and the tests)', () => {
    expect(
      sqliteNativeBinding({ versions: process.versions, platform: process.platform, arch: process.arch, packaged: false, appRoot: repoRoot })
    ).toBeUndefined()
    expect(
      sqliteNativeBinding({
        versions: { node: '20.20.2' },
        platform: 'linux',
        arch: 'x64',
        packaged: true,
        resourcesPath: '/opt/Muster/resources',
        appRoot: repoRoot
      })
    ).toBeUndefined()
  })

  it('under Electron, from a checkout: the Electron build under out/native/<electron>-<platform>-<arch>/', () => {
    const path = sqliteNativeBinding({
      versions: { node: '22.22.0', electron: '40.8.5' },
      platform: 'linux',
      arch: 'x64',
      packaged: false,
      appRoot: '/home/p/muster'
    })
    expect(path).toBe(join('/home/p/muster', 'out', 'native', '40.8.5-linux-x64', 'better_sqlite3.node'))
    expect(nativeFolderName({ electronVersion: '40.8.5', platform: 'win32', arch: 'arm64' })).toBe('40.8.5-win32-arm64')
    // MUSTER_NATIVE_DIR moves the folder (the launch test, packaging).
    expect(
      sqliteNativeBinding({ versions: { electron: '40.8.5' }, platform: 'linux', arch: 'x64', packaged: false, appRoot: '/home/p/muster', nativeDir: '/tmp/n' })
    ).toBe(join('/tmp/n', '40.8.5-linux-x64', 'better_sqlite3.node'))
  })

  it('under Electron, installed: resources/native/, outside the asar archive', () => {
    const path = sqliteNativeBinding({
      versions: { electron: '40.8.5' },
      platform: 'darwin',
      arch: 'arm64',
      packaged: true,
      resourcesPath: '/Applications/Muster.app/Contents/Resources',
      appRoot: '/x'
    })
    expect(path).toBe(packagedBindingPath('/Applications/Muster.app/Contents/Resources'))
    expect(path).toBe(join('/Applications/Muster.app/Contents/Resources', 'native', 'better_sqlite3.node'))
  })
})

describe('opening the library through a named build', () => {
  it('opens a real library with the build at the path it is given', async () => {
    const root = join(work, 'checkout')
    const target = { electronVersion: '40.8.5', platform: process.platform, arch: process.arch }
    const path = checkoutBindingPath(root, target)
    // A stand-in for Electron's build at the path the app would use: npm's Node build, which loads here.
    mkdirSync(dirname(path), { recursive: true })
    copyFileSync(nodeBuild, path)
    const library = await openLibrary(join(work, 'named.sqlite'), { nativeBinding: path })
    try {
      expect(library.db.pragma('user_version', { simple: true })).toBeGreaterThan(0)
    } finally {
      library.close()
    }
  })

  it('a missing build is a LibraryError that says what to run, not a stack trace', async () => {
    const missing = join(work, 'nowhere', 'better_sqlite3.node')
    const error = await openLibrary(join(work, 'missing.sqlite'), { nativeBinding: missing }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LibraryError)
    expect((error as LibraryError).code).toBe('cannot-open')
    expect((error as Error).message).toContain('is missing')
    expect((error as Error).message).toContain('"npm start"')
    expect((error as Error).message).toContain(missing)
  })

  it('a build for another ABI (here: not a loadable module at all) says it was built for another version', async () => {
    const wrong = join(work, 'wrong', 'better_sqlite3.node')
    mkdirSync(dirname(wrong), { recursive: true })
    writeFileSync(wrong, 'not a shared object')
    const error = await openLibrary(join(work, 'wrong.sqlite'), { nativeBinding: wrong }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LibraryError)
    expect((error as Error).message).toContain('built for another version of Electron or Node')
    expect((error as Error).message.split('\n')).toHaveLength(1)
  })
})
