// The built CLI runs its bundle through a V8 code cache (scripts/build-cli.mjs): a cache that does not
// belong to the bundle (another build's, or damaged) is never used, and the answers stay the same.
import { spawnSync } from 'node:child_process'
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { muster } from '../support/cli'
import { repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'

const build = join(repoRoot, 'build')
const examples = ['triumph-legal.muster.json', 'wrg-1969-illegal.muster.json', 'wrg-mk2-legal.muster.json'].map((f) => join(repoRoot, 'examples', f))

/** The built loader and bundle in a folder of their own, with the cache given (none when null). */
function copyOfBuild(dir: string, cache: Buffer | null): string {
  for (const f of ['cli.cjs', 'cli-main.cjs']) copyFileSync(join(build, f), join(dir, f))
  if (cache) writeFileSync(join(dir, 'cli-main.cache'), cache)
  return join(dir, 'cli.cjs')
}

function validateWith(loader: string): { code: number | null; stdout: string; stderr: string } {
  const script = `require(${JSON.stringify(loader)}).run(['--no-user-data', 'validate', ...${JSON.stringify(examples)}]).then((c) => { process.exitCode = c })`
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { ...process.env, MUSTER_ROOT: repoRoot } })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

describe('the code cache of the built CLI', () => {
  const tmp = tempFolders('muster-build-cache-')
  const expected = muster(['--no-user-data', 'validate', ...examples])

  it('the build made one for its own bundle', () => {
    const cache = readFileSync(join(build, 'cli-main.cache'))
    const bundle = readFileSync(join(build, 'cli-main.cjs'), 'latin1')
    expect(cache.toString('latin1', 0, cache.indexOf(10))).toBe(bundle.slice(bundle.lastIndexOf('//# muster-build ')).trim())
    expect(expected.code).toBe(1)
  })

  it("without a cache, with another build's or with a damaged one, the answers are the same", () => {
    const good = readFileSync(join(build, 'cli-main.cache'))
    const head = good.indexOf(10)
    const otherBuild = Buffer.concat([Buffer.from('//# muster-build 0000000000000000\n'), good.subarray(head + 1)])
    const damaged = Buffer.concat([good.subarray(0, head + 1), Buffer.alloc(4096, 7)])
    for (const cache of [null, good, otherBuild, damaged]) {
      const r = validateWith(copyOfBuild(tmp(), cache))
      expect(r.stderr).toBe(expected.stderr)
      expect(r.stdout).toBe(expected.stdout)
      expect(r.code).toBe(expected.code)
    }
  })
})
