// One engine per test file over the bundled data (loading and compiling is the slow part); one per
// worker in the tiers whose files share modules (vitest.config.mts).
import { join } from 'node:path'
import { createEngine, type Engine } from '../../src-main/rules'

let engine: Engine | undefined
export function bundledEngine(): Engine {
  return (engine ??= createEngine())
}

export const repoRoot = join(__dirname, '..', '..')
