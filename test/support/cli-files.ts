// Files for the tests of the `muster` command run in this process (test/cli/cli*.test.ts): a folder
// of the test file's own, a writer of rosters and text into it, and a roster every test can use.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import { repoRoot } from './engine'
import { tempFolders } from './tmp'

export const examples = join(repoRoot, 'examples')

export const roman = {
  format: 'muster-roster',
  version: 1,
  name: 'Test legion',
  ruleset: 'wrg-1969',
  army: 'early-imperial-roman',
  units: [
    { troop: 'general', count: 1 },
    { troop: 'heavy-infantry', count: 40, status: 'regular', class: 'B' },
    { troop: 'heavy-cavalry', count: 20, status: 'regular' },
    { troop: 'light-infantry', count: 14, status: 'regular' }
  ]
}

export const noStackTrace = (s: string) => expect(s).not.toMatch(/\n\s+at .+:\d+:\d+/)

/** A folder for the calling test file (removed when its tests are done), and a writer of JSON or text files in it. */
export function scratch(prefix = 'muster-cli-') {
  const dir = tempFolders(prefix)()
  const write = (name: string, content: unknown): string => {
    const file = join(dir, name)
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2))
    return file
  }
  return { dir, write }
}
