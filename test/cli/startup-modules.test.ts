// What a `muster validate` start loads of Node itself (docs/adr/0013-cli-start-up.md): not node:crypto
// nor node:fs/promises, which cost a start ~3 ms of its ~55 ms budget over `node -e 0` and which it does
// not use. Run as shipped (bin/muster.js, the bundle and its code cache), with or without a synced
// Meshwesh catalogue whose list the roster's army now is (read, and its digest left for a check code).
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeCheckedIndex } from '../../src-main/rules/checked-index'
import { repoRoot } from '../support/engine'
import { writeCatalogue } from '../support/meshwesh-catalogue'
import { tempFolders } from '../support/tmp'

const temp = tempFolders('muster-startup-modules-')
const LAZY = ['crypto', 'fs/promises']

/** The Node built-ins a `muster validate` of the legal Triumph! example loaded, and what it printed. */
function validateStart(env: Record<string, string>): { loaded: string[]; stdout: string } {
  const dir = temp()
  const hook = join(dir, 'loaded.cjs')
  const out = join(dir, 'loaded.json')
  writeFileSync(hook, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(process.moduleLoadList)))`)
  const run = spawnSync(
    process.execPath,
    ['--require', hook, join(repoRoot, 'bin', 'muster.js'), 'validate', join(repoRoot, 'examples', 'triumph-legal.muster.json')],
    {
      encoding: 'utf8',
      env: { ...process.env, MUSTER_HOME: join(dir, 'home'), MUSTER_DATA: join(dir, 'no-data'), ...env }
    }
  )
  expect(run.status, run.stderr).toBe(0)
  const list = JSON.parse(readFileSync(out, 'utf8')) as string[]
  return { loaded: list.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length)), stdout: run.stdout }
}

describe('a muster validate start', () => {
  it('loads neither node:crypto nor node:fs/promises', () => {
    const { loaded, stdout } = validateStart({ MUSTER_MESHWESH: join(temp(), 'none') })
    expect(stdout).toContain('legal')
    expect(loaded).toContain('fs') // the list is what Node loaded: it names the modules used
    expect(loaded.filter((m) => LAZY.includes(m))).toEqual([])
  })

  it('nor with a synced Meshwesh catalogue whose list the roster is checked against', () => {
    const root = temp()
    const bundled = JSON.parse(readFileSync(join(repoRoot, 'data', 'rulesets', 'triumph', 'armies', 'early-imperial-roman.json'), 'utf8')) as { id: string }
    const folder = writeCatalogue(root, { 'early-imperial-roman-115a': { ...bundled, id: 'early-imperial-roman-115a' } })
    writeCheckedIndex(join(folder, 'triumph', 'armies')) // as the sync leaves it
    const { loaded, stdout } = validateStart({ MUSTER_MESHWESH: root })
    expect(stdout).toContain("now uses the catalogue's 115a") // its list is the one in force
    expect(loaded.filter((m) => LAZY.includes(m))).toEqual([])
  })
})
