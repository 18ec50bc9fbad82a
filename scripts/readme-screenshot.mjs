// `npm run screenshot:readme`: retakes the README's screenshot (docs/images/editor.png) from the built
// app in headless Chromium: test/e2e/readme-screenshot.test.ts with MUSTER_README_SHOT=1 (it builds the
// app first, as every e2e run does). Look at the picture before committing it.
import { spawnSync } from 'node:child_process'

const run = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', 'test/e2e/readme-screenshot.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, MUSTER_README_SHOT: '1' },
  shell: process.platform === 'win32'
})
process.exit(run.status ?? 1)
