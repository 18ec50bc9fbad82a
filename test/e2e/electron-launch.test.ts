// Launches the real Electron app where an Electron binary is installed (playwright's _electron),
// and says plainly that it skipped where none is (as on machines that cannot download it).
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron } from 'playwright-core'
import { describe, expect, it } from 'vitest'
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
