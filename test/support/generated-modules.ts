// Modules the build generates as source text (precompiled validators), evaluated here as the bundle
// would hold them; their ajv runtime helpers come from node_modules.
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { repoRoot } from './engine'

/** Each generated module's code, by its key, as a loader that evaluates it when called. */
export function evaluatedModules<M>(modules: Array<{ key: string; code: string }>): Record<string, () => M> {
  const load = createRequire(join(repoRoot, 'package.json'))
  return Object.fromEntries(
    modules.map(({ key, code }) => [
      key,
      () => {
        const module = { exports: {} as unknown }
        new Function('module', 'exports', 'require', code)(module, module.exports, load)
        return module.exports as M
      }
    ])
  )
}
