// For tiers whose files share a worker's modules (vitest.config.mts, shareModules): the environment
// as it was before each file is put back after it, so a file that points MUSTER_HOME or MUSTER_DATA
// at its own folders for all its tests (support/app-calls.ts) leaves nothing to the next file.
import { afterAll } from 'vitest'

const before = { ...process.env }

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name]
  Object.assign(process.env, before)
})
