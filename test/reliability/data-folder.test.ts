// Issue 38, finding 8: one stray folder in the player's data folder (MUSTER_DATA) stopped every
// command and the app ("no ruleset.json here and no ruleset 'backup' to add to"), and a sync with a
// Meshwesh folder copied into the data folder downloaded every list, then published nothing. A folder
// with no ruleset.json that is not named after a ruleset is left out with a warning naming it: one
// holding nothing a ruleset folder would, and (issue 39 review, point 3) a copy of ruleset data kept
// aside (`triumph-backup/armies`, an empty `old/editions`). Bad files in a folder that loads keep their error.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { muster } from '../support/cli'
import { repoRoot } from '../support/engine'
import { tempFolders } from '../support/tmp'
import { appDispatch } from '../support/app-dispatch'
import { openLibrary } from '../../src-main/store'
import type { Result } from '../../src-main/ipc/contract'
import { createEngine } from '../../src-main/rules'
import { userDataDirs, withoutDamagedCatalogue } from '../../src-main/services/user-data'
import { fixtureSummary, fixturesPresent, startMeshweshServer } from '../support/meshwesh-server'
import { runMeshweshSync } from '../../src-main/services/meshwesh/run'

const tempDir = tempFolders('muster-data-folder-')
const legal = join(repoRoot, 'examples', 'triumph-legal.muster.json')

/** A data folder holding a `backup` folder with a text file, and a Meshwesh catalogue folder copied in. */
function strayData(): string {
  const data = join(tempDir(), 'data')
  mkdirSync(join(data, 'backup'), { recursive: true })
  writeFileSync(join(data, 'backup', 'notes.txt'), 'my old lists\n')
  const mw = join(data, 'meshwesh')
  mkdirSync(join(mw, 'c-1', 'triumph', 'armies'), { recursive: true })
  mkdirSync(join(mw, 'fetched'))
  writeFileSync(
    join(mw, 'catalogue.json'),
    JSON.stringify({ format: 'muster-meshwesh-catalogue', version: 1, folder: 'c-1', publishedAt: '2026-01-01T00:00:00.000Z' })
  )
  writeFileSync(join(mw, 'fetched', 'x.json'), '{}')
  return data
}

describe('a stray folder in the data folder (issue 38, finding 8)', () => {
  it('muster validate: the roster is checked, and a warning names each folder left out', () => {
    const data = strayData()
    const r = muster(['validate', legal], { env: { MUSTER_DATA: data } })
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain('legal')
    expect(r.stderr).toMatch(/muster: warning: .*backup: not a ruleset folder .*left out/)
    expect(r.stderr).toMatch(/meshwesh: not a ruleset folder/)
    expect(r.stderr).not.toContain('no ruleset.json here')
  })

  it('a copy of ruleset data kept in the data folder (triumph-backup/armies, an empty old/editions) is left out, saying how to use it', () => {
    const data = join(tempDir(), 'data')
    mkdirSync(join(data, 'triumph-backup', 'armies'), { recursive: true })
    copyFileSync(
      join(repoRoot, 'data', 'rulesets', 'triumph', 'armies', 'early-imperial-roman.json'),
      join(data, 'triumph-backup', 'armies', 'early-imperial-roman.json')
    )
    mkdirSync(join(data, 'old', 'editions'), { recursive: true })
    const r = muster(['validate', legal], { env: { MUSTER_DATA: data } })
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain('legal')
    const known = '(one of: cca-miniatures, portable-ancients, triumph, wrg-1969, wrg-mk2)'
    for (const name of ['triumph-backup', 'old'])
      expect(r.stderr).toContain(
        `${name}: no ruleset.json here and no ruleset '${name}' to add to, so it looks like a copy of ruleset data; it is left out. Move it out of the data folder, or name the folder after the ruleset it adds to ${known}`
      )
  })

  it('a bad file in a folder that loads keeps its error', () => {
    const bad = join(tempDir(), 'data')
    mkdirSync(join(bad, 'triumph', 'armies'), { recursive: true })
    writeFileSync(join(bad, 'triumph', 'armies', 'broken.json'), '{"id": "broken"')
    mkdirSync(join(bad, 'triumph-backup', 'armies'), { recursive: true })
    const b = muster(['validate', legal], { env: { MUSTER_DATA: bad } })
    expect(b.code).toBe(2)
    expect(b.stderr).toContain('broken.json')
  })

  it("the app's engine: it loads as main.ts loads it, the rosters check, and the window is told what was left out", async () => {
    const data = strayData()
    const saved = { data: process.env.MUSTER_DATA, mw: process.env.MUSTER_MESHWESH }
    process.env.MUSTER_DATA = data
    process.env.MUSTER_MESHWESH = join(tempDir(), 'no-meshwesh')
    const lib = await openLibrary(join(tempDir(), 'library.sqlite'))
    try {
      // as src-main/electron/app-context.ts withData makes it
      const made = withoutDamagedCatalogue(userDataDirs(), (dataDirs) => createEngine({ dataDirs }))
      expect(made.warnings.join('\n')).toMatch(/backup: not a ruleset folder/)
      expect(made.value.check(JSON.parse(readFileSync(legal, 'utf8'))).valid).toBe(true)
      // and the window's call, through the app's handlers
      const app = appDispatch(lib.db, { settingsFile: join(tempDir(), 'settings.json') })
      const warnings = (await app.dispatch('dataWarnings', [])) as Result<string[]>
      expect(warnings.ok).toBe(true)
      const said = warnings.ok ? warnings.value.join('\n') : ''
      expect(said).toMatch(/backup: not a ruleset folder/)
      expect(said).toMatch(/meshwesh: not a ruleset folder/)
    } finally {
      lib.close()
      process.env.MUSTER_DATA = saved.data
      process.env.MUSTER_MESHWESH = saved.mw
    }
  })

  it.skipIf(!fixturesPresent)('a sync with such a data folder above it publishes', async () => {
    const server = await startMeshweshServer({
      only: fixtureSummary()
        .slice(0, 5)
        .map((s) => s.id)
    })
    try {
      const report = await runMeshweshSync({
        root: join(tempDir(), 'meshwesh'),
        baseUrl: server.url,
        dataDirsAbove: [strayData()],
        http: { timeoutMs: 2000, retries: 2, backoffMs: 5 }
      })
      expect(report.status, report.message).toBe('published')
      expect(report.lists).toBe(5)
    } finally {
      await server.close()
    }
  })
})
