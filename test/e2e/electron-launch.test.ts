// Launches the real Electron app where an Electron binary is installed (playwright's _electron),
// and says plainly that it skipped where none is (as on machines that cannot download it). The app
// opens its library through Electron's own build of better-sqlite3, which `npm start`'s prestart
// makes (scripts/electron-native.ts). The test uses the checkout's build when one is there (read
// only), else makes one in a folder of its own (MUSTER_NATIVE_DIR): it never writes out/native.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../support/engine'
import { prestartArgs, printed } from '../support/prestart'

function electronBinary(): string | null {
  try {
    const path = createRequire(join(repoRoot, 'package.json'))('electron') as unknown as string
    return typeof path === 'string' && existsSync(path) ? path : null
  } catch {
    return null
  }
}

const binary = electronBinary()
if (!binary)
  console.warn('Electron launch test skipped: no Electron binary is installed here (npm ci with ELECTRON_SKIP_BINARY_DOWNLOAD, or no access to its download).')

describe.skipIf(!binary)('the Electron app', () => {
  let nativeDir = join(repoRoot, 'out', 'native')
  let ownNativeDir = ''
  let cannotMake = ''
  beforeAll(() => {
    const ready = (dir: string) =>
      spawnSync(process.execPath, prestartArgs(['--binding-only', '--dry-run', '--native-dir', dir]), { cwd: repoRoot, encoding: 'utf8' }).stdout.includes(
        '"state": "present"'
      )
    if (ready(nativeDir)) return
    nativeDir = ownNativeDir = mkdtempSync(join(tmpdir(), 'muster-electron-native-'))
    const r = spawnSync(process.execPath, prestartArgs(['--binding-only', '--native-dir', nativeDir]), { cwd: repoRoot, encoding: 'utf8', timeout: 540_000 })
    if (r.status !== 0) cannotMake = printed(r.stderr).join(' ') || `the prestart ended with ${r.signal ?? `exit ${r.status}`}`
  }, 600_000)
  afterAll(() => {
    if (ownNativeDir) rmSync(ownNativeDir, { recursive: true, force: true })
  })

  it('starts, opens its library and shows the library screen', async (ctx) => {
    if (cannotMake) {
      console.warn(`Electron launch test skipped: an Electron binary is here, but not Electron's build of better-sqlite3: ${cannotMake}`)
      ctx.skip()
    }
    const home = mkdtempSync(join(tmpdir(), 'muster-electron-'))
    const app = await _electron.launch({
      executablePath: binary!,
      args: [join(repoRoot, 'out', 'main', 'main.js')],
      env: { ...process.env, MUSTER_HOME: home, MUSTER_NATIVE_DIR: nativeDir }
    })
    try {
      const page = await app.firstWindow()
      await page.getByRole('button', { name: 'New roster' }).first().waitFor()
      expect(await page.title()).toBe('Muster')
      expect(await page.evaluate('typeof window.require')).toBe('undefined')
      expect(await page.evaluate('typeof window.muster.listRosters')).toBe('function')
    } finally {
      await app.close()
      rmSync(home, { recursive: true, force: true })
    }
  })
})
