import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { cssModules } from './scripts/css-modules'

// Tests in tiers (vitest projects), each a folder or a few: `npm test` runs them all after building
// once; `npm run test:fast` is the quick gate (unit and components, no build); `npx vitest run
// --project e2e` runs one. Tiers that run the built CLI or app build them first (global setup), unless
// `npm test` already did (MUSTER_BUILT=1).
const built = ['./test/support/global-setup.ts']
interface Tier {
  /** It runs the built CLI or app. */
  needsBuild?: boolean
  /** More global setups (a Chromium for the tier). */
  setups?: string[]
  /**
   * Its files share each worker's modules (vitest's isolate: false): importing the engine, handlers
   * and store once a worker, not once a file, saves much of a tier's time. The env is put back after
   * each file (test/support/file-env.ts), stubbed env vars and spies after each test, so no file
   * leaves them to the next. Not for a tier with a file that mocks a module (vi.mock).
   */
  shareModules?: boolean
}
const tier = (name: string, include: string[], { needsBuild = false, setups = [], shareModules = false }: Tier = {}) => ({
  extends: true as const,
  test: {
    name,
    include: include.flatMap((dir) => [`${dir}/**/*.test.ts`, `${dir}/**/*.test.tsx`]),
    ...(shareModules ? { isolate: false, unstubEnvs: true, restoreMocks: true, setupFiles: ['./test/support/file-env.ts'] } : {}),
    ...(needsBuild || setups.length ? { globalSetup: [...(needsBuild ? built : []), ...setups] } : {})
  }
})

export default defineConfig({
  // the components' CSS Modules named as in the app (jsdom applies no styles; the names are what matter)
  css: { modules: cssModules },
  test: {
    css: { include: [/\.module\.css$/], modules: { classNameStrategy: 'scoped' } },
    environment: 'node',
    pool: 'forks',
    // Two files at a time at least (vitest's own default, one fewer than the cores, is one on a
    // two-core machine such as CI's, which left every tier, e2e and native too, running one file at
    // a time). Each file has its own temporary folders and ports (port 0), so files do not meet.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 60_000,
    // A poll answers as soon as what it waits for is so; its limit is only how long a loaded machine
    // (two files at a time on two cores) may take: vitest's 1 s failed a judges' PDF being written.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 120_000,
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      // the engine, rule cases and pure modules: no build, no browser, no network
      tier('unit', ['test/unit', 'test/rules'], { shareModules: true }),
      // the renderer's components in jsdom; isolated: sharing modules, the stores and the window
      // carried one file's state into the next (an autosave test failed in one order of four)
      tier('components', ['test/components']),
      // the muster command, event checks and services run as the CLI runs them
      tier('cli', ['test/cli', 'test/event', 'test/services', 'test/support'], { needsBuild: true, shareModules: true }),
      tier('db', ['test/db'], { needsBuild: true, shareModules: true }),
      // isolated: write-book-pretenuring mocks node:v8
      tier('pdf', ['test/pdf'], { needsBuild: true }),
      // the renderer in headless Chromium
      // (one Chromium for the tier, each file connecting to it)
      tier('e2e', ['test/e2e'], { needsBuild: true, setups: ['./test/support/chromium-server.ts'], shareModules: true }),
      // better-sqlite3's Electron build and the installer's packing
      tier('native', ['test/native'], { needsBuild: true }),
      tier('reliability', ['test/reliability'], { needsBuild: true, shareModules: true }),
      // the 600 real Meshwesh lists
      tier('corpus', ['test/corpus'])
    ]
  }
})
