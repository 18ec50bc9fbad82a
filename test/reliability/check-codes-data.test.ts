// Issue 26, finding 3: the code covers the data in force: a --data overlay, an imported list or a
// user edition cannot print "LEGAL" under the stock data version.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkCode } from '../../src-main/export/check-code'
import { repoRoot } from '../support/engine'
import { pdfText } from '../pdf/pdf-support'
import { muster } from '../support/cli'
import { collision, dataVersion, read } from '../support/check-codes'
import { syntheticList, writeMeshweshFolder } from '../support/meshwesh-synthetic'
import { writeCatalogue } from '../support/meshwesh-catalogue'
import { tempFolders } from '../support/tmp'
import { sharedOrSkip } from '../support/tools'

const tempDir = tempFolders('muster-codes-')

// Issue 26, finding 3: rules changed while the sheet still printed the stock "Triumph! data 1.1.0".
describe('rules changed under a stock version label (issue 26, finding 3)', () => {
  const legal = collision.legal()
  const stockCode = () => checkCode(legal, dataVersion())
  const codeOf = (stdout: string) => /check code ([0-9A-Z-]{39})/.exec(stdout)?.[1]
  const words = (pdf: string) => pdfText(pdf).replace(/\s+/g, ' ')
  const bundledArmy = () => read(join(repoRoot, 'data', 'rulesets', 'triumph', 'armies', 'early-imperial-roman.json'))
  /** The bundled list with its rules changed (an option's maximum): a name alone is not a rule (army-rules.ts). */
  const changedArmy = (name: string) => {
    const army = bundledArmy() as { options: Array<{ max?: number | null }> }
    return { ...army, name, options: army.options.map((o, i) => (i === army.options.length - 1 ? { ...o, max: (o.max ?? 0) + 1 } : o)) }
  }

  it('a --data overlay (a cost table, or an army list over the bundled one): the sheet says "checked with local data changes", and the code is not the stock one', () => {
    const dir = tempDir()
    const file = join(dir, 'legion.muster.json')
    writeFileSync(file, JSON.stringify(legal))
    const costs = join(dir, 'costs-data')
    mkdirSync(join(costs, 'triumph'), { recursive: true })
    writeFileSync(join(costs, 'triumph', 'costs.json'), JSON.stringify({ ruleset: 'triumph', costs: { artillery: 2 } }))
    const armies = join(dir, 'army-data')
    mkdirSync(join(armies, 'triumph', 'armies'), { recursive: true })
    writeFileSync(join(armies, 'triumph', 'armies', 'early-imperial-roman.json'), JSON.stringify(changedArmy('Early Imperial Roman (house rules)')))
    for (const data of [costs, armies]) {
      const pdf = join(dir, 'legion-roster.pdf')
      const r = muster(['--data', data, 'export', file, '--pdf', 'roster', '-o', pdf])
      expect(r.code, r.stderr).toBe(0)
      expect(words(pdf)).toContain(`Triumph! data ${dataVersion()}, checked with local data changes`)
      const code = codeOf(r.stdout)!
      expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){7}$/)
      expect(code).not.toBe(stockCode())
      // an organiser with the stock data: not a match; with the same data: a match
      expect(muster(['verify', file, code]).code).toBe(1)
      expect(muster(['--data', data, 'verify', file, code]).code).toBe(0)
    }
    // an overlay that changes nothing for this roster (a copy of the bundled list) keeps the stock code and label
    writeFileSync(
      join(armies, 'triumph', 'armies', 'early-imperial-roman.json'),
      readFileSync(join(repoRoot, 'data', 'rulesets', 'triumph', 'armies', 'early-imperial-roman.json'))
    )
    const same = muster(['--data', armies, 'export', file, '--pdf', 'roster', '-o', join(dir, 'same.pdf')])
    expect(codeOf(same.stdout)).toBe(stockCode())
    expect(words(join(dir, 'same.pdf'))).not.toContain('local data changes')
  })

  it('a user edition file named like a bundled one (qrs-2018) is left out with a warning, never used silently, and the rest of the data still loads', () => {
    const dir = tempDir()
    const file = join(dir, 'legion.muster.json')
    writeFileSync(file, JSON.stringify({ ...legal, edition: 'qrs-2018' }))
    const userData = join(dir, 'user-data')
    mkdirSync(join(userData, 'triumph', 'editions'), { recursive: true })
    const bundled = read(join(repoRoot, 'data', 'rulesets', 'triumph', 'editions', 'qrs-2018.json'))
    writeFileSync(join(userData, 'triumph', 'editions', 'qrs-2018.json'), JSON.stringify({ ...bundled, troopTypes: { 'elite-foot': { cost: 2 } } }))
    const r = muster(['validate', file], { env: { MUSTER_DATA: userData } })
    // checked under Muster's own qrs-2018 (legal), the user's file left out, saying so on stderr
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toContain('muster: warning:')
    expect(r.stderr).toContain("edition 'qrs-2018'")
    expect(r.stderr).toContain('Muster ships')
    expect(r.stderr).toContain('left out')
    const code = /check code ([0-9A-Z-]{39})/.exec(muster(['verify', file], { env: { MUSTER_DATA: userData } }).stdout)?.[1]
    expect(code).toBe(/check code ([0-9A-Z-]{39})/.exec(muster(['verify', file]).stdout)?.[1])
  })

  it("a Meshwesh catalogue list over a bundled one: the sheet names the catalogue's date, and the code is not the stock one", () => {
    const dir = tempDir()
    const file = join(dir, 'legion.muster.json')
    writeFileSync(file, JSON.stringify(legal))
    const root = join(dir, 'meshwesh')
    writeCatalogue(root, { 'early-imperial-roman': changedArmy('Early Imperial Roman (synced)') })
    const pdf = join(dir, 'legion-roster.pdf')
    const r = muster(['export', file, '--pdf', 'roster', '-o', pdf], { env: { MUSTER_MESHWESH: root } })
    expect(r.code, r.stderr).toBe(0)
    expect(words(pdf)).toContain(`Triumph! data ${dataVersion()} with Meshwesh lists of 2026-11-20`)
    expect(codeOf(r.stdout)).not.toBe(stockCode())
    expect(muster(['verify', file, codeOf(r.stdout)!], { env: { MUSTER_MESHWESH: root } }).code).toBe(0)
  })

  // The same, on any clone (the test below needs the real lists beside the project): a made-up list
  // whose name and number give the id of a list Muster bundles (Akkadian, 2a: akkadian-2a).
  it("muster import-armies of a made-up list with a bundled list's id: imported under another id, with a warning; the bundled list is unchanged and stays in force", () => {
    const dir = tempDir()
    const bundledFile = join(repoRoot, 'data', 'rulesets', 'triumph', 'armies', 'akkadian-2a.json')
    const before = readFileSync(bundledFile)
    const from = writeMeshweshFolder(join(dir, 'lists'), [
      syntheticList(1, {
        name: 'Akkadian',
        listId: 2,
        sublistId: 'a',
        derivedData: { listStartDate: -300, listEndDate: 100, extendedName: 'Akkadian  300 BC to 100 AD' }
      })
    ])
    const userData = join(dir, 'user-data')
    const r = muster(['import-armies', '--from-meshwesh', from], { env: { MUSTER_DATA: userData } })
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain("Muster ships a list with the id 'akkadian-2a'")
    expect(r.stdout).toContain("imported as 'akkadian-2a-imported', beside it")
    expect(existsSync(join(userData, 'triumph', 'armies', 'akkadian-2a.json'))).toBe(false)
    expect(read(join(userData, 'triumph', 'armies', 'akkadian-2a-imported.json')).id).toBe('akkadian-2a-imported')
    // the bundled file is untouched, and it is the list in force under its id
    expect(readFileSync(bundledFile).equals(before)).toBe(true)
    const list = JSON.parse(muster(['rulesets', '--json'], { env: { MUSTER_DATA: userData } }).stdout) as Array<{
      id: string
      armies: Array<{ id: string; dates: Array<{ from: number }>; source: string }>
    }>
    const armies = list.find((x) => x.id === 'triumph')!.armies
    const akkadian = armies.find((a) => a.id === 'akkadian-2a')!
    expect(akkadian.source).toBe('bundled')
    expect(akkadian.dates[0].from).toBe((read(bundledFile).dates as Array<{ from: number }>)[0].from)
    const imported = armies.find((a) => a.id === 'akkadian-2a-imported')!
    expect(imported.source).not.toBe('bundled')
    expect(imported.dates[0].from).toBe(-300)
  })

  const corpus = join(repoRoot, '..', 'shared', 'fixtures', 'meshwesh', 'armyLists')
  it.skipIf(!sharedOrSkip('the Meshwesh lists', corpus))(
    'muster import-armies of a list Muster bundles: imported under another id, with a warning; the bundled list stays in force',
    () => {
      const dir = tempDir()
      const from = join(dir, 'lists')
      mkdirSync(from)
      for (const f of ['5fb1b9d8e1af0600177092c5', '5fb1b9d8e1af0600177092c5.allyOptions.json', '5fb1b9d8e1af0600177092c5_thematicCategories'])
        copyFileSync(join(corpus, f), join(from, f))
      const userData = join(dir, 'user-data')
      const r = muster(['import-armies', '--from-meshwesh', from], { env: { MUSTER_DATA: userData } })
      expect(r.code, r.stderr).toBe(0)
      expect(existsSync(join(userData, 'triumph', 'armies', 'akkadian-2a.json'))).toBe(false)
      expect(existsSync(join(userData, 'triumph', 'armies', 'akkadian-2a-imported.json'))).toBe(true)
      expect(r.stdout).toContain("Muster ships a list with the id 'akkadian-2a'")
      expect(r.stdout).toContain('imported akkadian-2a-imported')
      const list = JSON.parse(muster(['rulesets', '--json'], { env: { MUSTER_DATA: userData } }).stdout) as Array<{ id: string; armies: Array<{ id: string }> }>
      const ids = list.find((x) => x.id === 'triumph')!.armies.map((a) => a.id)
      expect(ids).toContain('akkadian-2a')
      expect(ids).toContain('akkadian-2a-imported')
    }
  )
})
