// Builds once before the tiers that need it (vitest.config.mts): the CLI bundle, so CLI tests run the
// real `muster` binary, the app (electron-vite, under a second) and the phone page (vite), so every e2e file serves the same
// built renderer. Several tiers list this setup; the first builds and says so in MUSTER_BUILT, which
// `npm test` sets itself after its own build step, so a full run builds once.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'

export default function setup(): void {
  if (process.env.MUSTER_BUILT === '1') return
  const root = join(__dirname, '..', '..')
  execFileSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs')], { stdio: 'inherit' })
  execFileSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], {
    cwd: root,
    stdio: 'pipe',
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }
  })
  execFileSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '-c', 'vite.phone.config.mts'], { cwd: root, stdio: 'pipe' })
  process.env.MUSTER_BUILT = '1'
}
