// Where the project's own files (schemas/, data/) are, whichever way the code runs: vitest from
// src-main, the bundled CLI from build/, or Electron from out/main.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

function isProjectRoot(dir: string): boolean {
  const pkg = join(dir, 'package.json')
  if (!existsSync(pkg) || !existsSync(join(dir, 'schemas'))) return false
  try {
    return (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'muster'
  } catch {
    return false
  }
}

let cachedRoot: string | undefined

export function projectRoot(): string {
  if (cachedRoot) return cachedRoot
  const fromEnv = process.env.MUSTER_ROOT
  if (fromEnv && isProjectRoot(fromEnv)) return (cachedRoot = fromEnv)
  let dir = __dirname
  for (;;) {
    if (isProjectRoot(dir)) return (cachedRoot = dir)
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`cannot find Muster's schemas/ and data/ above ${__dirname}; set MUSTER_ROOT`)
    dir = parent
  }
}

export const schemasDir = (): string => join(projectRoot(), 'schemas')
export const bundledDataDir = (): string => join(projectRoot(), 'data', 'rulesets')
/** The example rosters: the welcome's samples, the README's and the tests' examples. */
export const examplesDir = (): string => join(projectRoot(), 'examples')
