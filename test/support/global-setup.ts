// Builds once before the tiers that need it (vitest.config.mts): the CLI bundle, so CLI tests run the
// real `muster` binary, the app (electron-vite, under a second) and the phone page (vite), so every e2e file serves the same
// built renderer. Several tiers list this setup; the first builds and says so in MUSTER_BUILT, which
// `npm test` sets itself after its own build step, so a full run builds once.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const root = join(__dirname, '..', '..')

/** Runs one build with this Node; a failure is thrown with the build's own output, in words. */
function build(script: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): void {
  const r = spawnSync(process.execPath, [join(root, script), ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } })
  if (r.status !== 0) throw new Error(`global setup: ${[script, ...args].join(' ')} failed (exit ${r.status ?? r.signal}):\n${r.stdout}${r.stderr}`)
}

export default function setup(): void {
  if (process.env.MUSTER_BUILT === '1') return
  build('scripts/build-cli.mjs')
  // As `npm run build` makes them: vitest sets NODE_ENV=test, which would make them development builds
  // (React's checks and warnings inlined into the one-file phone page, for one).
  build('node_modules/electron-vite/bin/electron-vite.js', ['build'], { ELECTRON_SKIP_BINARY_DOWNLOAD: '1', NODE_ENV: 'production' })
  build('node_modules/vite/bin/vite.js', ['build', '-c', 'vite.phone.config.mts'], { NODE_ENV: 'production' })
  process.env.MUSTER_BUILT = '1'
}
