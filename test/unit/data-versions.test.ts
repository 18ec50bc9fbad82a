// A ruleset's data never changes under the same dataVersion: check codes cover the version (not the
// data), rosters and library revisions record it, and recheck reports changes by it. Each ruleset's
// files are pinned here with the version they belong to; changing them means raising dataVersion in
// its ruleset.json and then the pin (the failure prints the new one).
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../support/engine'

const PINS: Record<string, { dataVersion: string; sha256: string }> = JSON.parse(readFileSync(join(__dirname, 'data-versions.json'), 'utf8'))
const rulesetsDir = join(repoRoot, 'data', 'rulesets')

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]))
}

/**
 * The quick-reference sheet's tables (reference.json) decide no verdict, cost or figure: the check
 * code and the library's recheck do not depend on them, so they change without a new dataVersion.
 */
const NOT_RULES = new Set(['reference.json'])

function fingerprint(id: string): string {
  const hash = createHash('sha256')
  const dir = join(rulesetsDir, id)
  // The data files only, with line endings as git stores them (a Windows checkout may write CRLF).
  for (const file of filesUnder(dir)
    .filter((f) => f.endsWith('.json') && !NOT_RULES.has(relative(dir, f)))
    .sort())
    hash
      .update(`${relative(dir, file).split('\\').join('/')}\n`)
      .update(readFileSync(file, 'utf8').replace(/\r\n/g, '\n'))
      .update('\n')
  return hash.digest('hex').slice(0, 16)
}

describe('rules data and its version', () => {
  const ids = readdirSync(rulesetsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)

  it('every bundled ruleset is pinned', () => {
    expect(ids.sort()).toEqual(Object.keys(PINS).sort())
  })

  for (const id of ids) {
    it(`${id}: its data is what its dataVersion says`, () => {
      const { dataVersion } = JSON.parse(readFileSync(join(rulesetsDir, id, 'ruleset.json'), 'utf8')) as { dataVersion: string }
      const now = { dataVersion, sha256: fingerprint(id) }
      const pin = PINS[id]
      if (now.sha256 !== pin.sha256 && dataVersion === pin.dataVersion) {
        throw new Error(
          `data/rulesets/${id} changed but its dataVersion is still ${dataVersion}: raise it in ruleset.json (old check codes must stop matching), then pin ${JSON.stringify(now)} in test/unit/data-versions.json`
        )
      }
      expect(now, `pin the new version in test/unit/data-versions.json`).toEqual(pin)
    })
  }
})
