// For tiers whose files share a worker's modules (vitest.config.mts, shareModules): the environment
// as it was before each file is put back after it, so a file that points MUSTER_HOME or MUSTER_DATA
// at its own folders for all its tests (support/app-calls.ts) leaves nothing to the next file. A file
// skipped whole, or one that failed to load, runs no afterAll: the next file (this setup runs before
// each) first puts back what that file started with. Vitest's own VITEST_* variables are its to set.
import { afterAll } from 'vitest'

type Env = Record<string, string | undefined>
const shared = globalThis as { __musterFileEnv?: Env }
const ours = (name: string) => !name.startsWith('VITEST')

function putBack(env: Env): void {
  for (const name of Object.keys(process.env)) if (ours(name) && !(name in env)) delete process.env[name]
  for (const [name, value] of Object.entries(env)) if (ours(name) && value !== undefined) process.env[name] = value
}

if (shared.__musterFileEnv) putBack(shared.__musterFileEnv)
const before: Env = (shared.__musterFileEnv = { ...process.env })

afterAll(() => putBack(before))
