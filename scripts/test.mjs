// `npm test`: everything CI checks, in order, stopping at the first failure: build the CLI bundle,
// type-check every side, check the formatting, lint, build the app and scan it for Electron security mistakes, then vitest (which ends with "Tests: N passed, N failed, N skipped").
import { spawnSync } from 'node:child_process'

const steps = [
  ['build the CLI', 'node', ['scripts/build-cli.mjs']],
  ['type-check (node side)', 'npx', ['tsc', '-p', 'tsconfig.node.json', '--noEmit']],
  ['type-check (web side)', 'npx', ['tsc', '-p', 'tsconfig.web.json', '--noEmit']],
  ['type-check (component tests)', 'npx', ['tsc', '-p', 'tsconfig.components.json', '--noEmit']],
  ['format (prettier; `npm run format` fixes it)', 'npm', ['run', '--silent', 'format:check']],
  ['lint (type-aware)', 'npx', ['eslint', '.', '--max-warnings=0']],
  [
    'imports: no cycles, each folder only what it may use (dependency-cruiser)',
    'npx',
    ['depcruise', 'src-main', 'src-renderer', 'src-shared', '--output-type', 'err']
  ],
  ['build the app (electron-vite)', 'npx', ['electron-vite', 'build']],
  ['security scan (electronegativity)', 'node', ['scripts/security-scan.mjs']],
  // every tier (vitest.config.mts); the CLI and the app are built above, once
  ['tests', 'npx', ['vitest', 'run', ...process.argv.slice(2)], { MUSTER_BUILT: '1' }]
]

for (const [label, cmd, args, env] of steps) {
  process.stdout.write(`\n== ${label}\n`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (r.status !== 0) {
    process.stdout.write(`\nnpm test: ${label} failed (exit ${r.status ?? r.signal})\n`)
    process.exit(r.status || 1)
  }
}
