// The real Meshwesh corpus (../shared/fixtures/meshwesh): every list imports, and for every
// imported list the solver builds a 48-point roster from its minimums that the engine accepts, or
// the list is one of the pinned unbuildable ones, with its reason. Skips, saying so, where the
// shared fixtures are absent (a user's own clone); fails on CI (support/tools.ts).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createEngine, solveArmy, type Engine } from '../../src-main/rules'
import { createAjv } from '../../src-main/rules/schemas'
import { importMeshwesh, type ImportReport } from '../../src-main/import/import-armies'
import { bundledEngine, repoRoot } from '../support/engine'
import { sharedOrSkip } from '../support/tools'

const corpus = join(repoRoot, '..', 'shared', 'fixtures', 'meshwesh')
const present = !!sharedOrSkip('the Meshwesh corpus', join(corpus, 'armyLists'))

const pinned = JSON.parse(readFileSync(join(__dirname, 'unbuildable.json'), 'utf8')) as { lists: Record<string, { army: string; reason: string }> }

describe.skipIf(!present)('Meshwesh corpus', () => {
  const out = mkdtempSync(join(tmpdir(), 'muster-corpus-'))
  let report: ImportReport
  let engine: Engine
  afterAll(() => rmSync(out, { recursive: true, force: true }))

  it('imports every list without error', () => {
    const engineForImport = bundledEngine()
    report = importMeshwesh(corpus, { ajv: createAjv(), triumph: engineForImport.ruleset('triumph')!, eras: engineForImport.registry.eras, out })
    const files = readdirSync(join(corpus, 'armyLists')).filter((f) => /^[0-9a-f]{24}$/.test(f))
    console.log(`corpus: ${files.length} Meshwesh lists, ${report.imported.length} imported, ${report.failed.length} failed`)
    expect(report.failed).toEqual([])
    expect(report.imported).toHaveLength(files.length)
    expect(readdirSync(join(out, 'triumph', 'armies')).filter((f) => f.includes('.tmp-'))).toEqual([])
  })

  it('loads the imported lists like bundled ones (schemas and cross-checks)', () => {
    engine = createEngine({ dataDirs: [out] })
    expect(engine.ruleset('triumph')!.armies.size).toBeGreaterThanOrEqual(report.imported.length)
  })

  it('builds a legal 48-point roster from the minimums of every list, except the pinned unbuildable ones', () => {
    const triumph = engine.ruleset('triumph')!
    const unbuildable: Record<string, { army: string; reason: string }> = {}
    let legal = 0
    for (const { id } of report.imported) {
      const army = triumph.armies.get(id)!
      const result = solveArmy(triumph, id)
      if (!result.ok) {
        unbuildable[String(army.source?.meshwesh)] = { army: id, reason: result.reason }
        continue
      }
      const verdict = engine.check(result.roster)
      expect(
        verdict.issues.filter((i) => i.severity === 'error'),
        `${id} in ${result.year}`
      ).toEqual([])
      expect(verdict.points, id).toBe(48)
      legal++
    }
    console.log(
      `corpus: ${legal} of ${report.imported.length} lists have a legal 48-point roster built from their minimums; ${Object.keys(unbuildable).length} cannot:`
    )
    for (const [mw, u] of Object.entries(unbuildable)) console.log(`  ${mw} ${u.army}: ${u.reason}`)
    expect(unbuildable).toEqual(pinned.lists)
  })
})
