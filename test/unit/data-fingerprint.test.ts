// The fingerprint that tells the library its data changed: by content, so a reinstall or a packaged
// app's archive (whose files all report the start time) is no change, and an import is.
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { dataFingerprint } from '../../src-main/data-fingerprint'
import { tempFolders } from '../support/tmp'

const tmp = tempFolders('muster-fingerprint-')

describe('data fingerprint', () => {
  it('changes with the data files, not with their times or other files', () => {
    const bundled = tmp()
    const user = join(tmp(), 'missing-until-an-import')
    mkdirSync(join(bundled, 'triumph', 'armies'), { recursive: true })
    writeFileSync(join(bundled, 'triumph', 'ruleset.json'), '{"dataVersion": "1.1.0"}')
    writeFileSync(join(bundled, 'triumph', 'armies', 'a.json'), '{"id": "a"}')
    const first = dataFingerprint([bundled, user])
    expect(first).toMatch(/^[0-9a-f]{64}$/)
    // touched, and a file that is not data: the same
    utimesSync(join(bundled, 'triumph', 'armies', 'a.json'), new Date(), new Date(2001, 0, 1))
    writeFileSync(join(bundled, 'triumph', '.DS_Store'), 'x')
    expect(dataFingerprint([bundled, user])).toBe(first)
    // army lists imported into the user folder: changed
    mkdirSync(join(user, 'triumph', 'armies'), { recursive: true })
    writeFileSync(join(user, 'triumph', 'armies', 'b.json'), '{"id": "b"}')
    const imported = dataFingerprint([bundled, user])
    expect(imported).not.toBe(first)
    // one list re-imported with a different minimum: changed again
    writeFileSync(join(user, 'triumph', 'armies', 'b.json'), '{"id": "b", "min": 2}')
    expect(dataFingerprint([bundled, user])).not.toBe(imported)
    // the same file in the other folder is another state of the data
    expect(dataFingerprint([user, bundled])).not.toBe(dataFingerprint([bundled, user]))
  })
})
