// Launches the real Electron app where an Electron binary is installed (playwright's _electron),
// and says plainly that it skipped where none is (as on machines that cannot download it). The app
// opens its library through Electron's own build of better-sqlite3, which `npm start`'s prestart
// makes (scripts/electron-native.ts); the test makes it the same way before launching.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../support/engine'

function electronBinary(): string | null {
  try {
    const path = createRequire(join(repoRoot, 'package.json'))('electron') as unknown as string
    return typeof path === 'string' && existsSync(path) ? path : null
  } catch {
    return null
  }
}

const binary = electronBinary()
if (!binary) console.warn('Electron launch test skipped: no Electron binary is installed here (npm ci with ELECTRON_SKIP_BINARY_DOWNLOAD, or no access to its download).')

describe.skipIf(!binary)('the Electron app', () => {
  beforeAll(() => {
    const r = spawnSync(process.execPath, [join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(repoRoot, 'scripts', 'electron-native.ts'), '--binding-only'], { cwd: repoRoot, encoding: 'utf8', timeout: 600_000 })
    if (r.status !== 0) throw new Error(`the prestart could not make Electron's better-sqlite3: ${r.stderr}`)
  }, 600_000)

  it('starts, opens its library and shows the library screen', async () => {
    const home = mkdtempSync(join(tmpdir(), 'muster-electron-'))
    const app = await _electron.launch({ executablePath: binary!, args: [join(repoRoot, 'out', 'main', 'main.js')], env: { ...process.env, MUSTER_HOME: home } })
    try {
      const page = await app.firstWindow()
      await page.getByRole('button', { name: 'New roster' }).waitFor()
      expect(await page.title()).toBe('Muster')
      expect(await page.evaluate('typeof window.require')).toBe('undefined')
      expect(await page.evaluate('typeof window.muster.listRosters')).toBe('function')
    } finally {
      await app.close()
      rmSync(home, { recursive: true, force: true })
    }
  })
})
