// Maintainer tool: (re)writes the bundled Triumph! lists that are generated from the Meshwesh
// snapshot in ../shared/fixtures/meshwesh, facts only (numbers, codes, dates, list names; no author
// descriptions or notes). Run: npx tsx scripts/bundle-triumph-lists.ts [MESHWESH_DIR]
// The ids below were picked to spread across the whole Triumph! period; the hand-written lists in
// data/rulesets/triumph/armies (early-imperial-roman, seleucid...) are not touched.
import { join } from 'node:path'
import { createEngine } from '../src-main/rules'
import { createAjv } from '../src-main/rules/schemas'
import { importMeshwesh } from '../src-main/import/import-armies'

const picked = [
  '5fb1b9d9e1af060017709327',
  '5fb1b9d8e1af0600177092b9',
  '5fb1b9d9e1af06001770932f',
  '5fb1b9d8e1af0600177092c5',
  '5fb1b9d9e1af06001770934f',
  '5fb1b9f0e1af06001770a123',
  '5fb1b9d9e1af06001770935f',
  '5fb1b9d9e1af060017709313',
  '5fb1b9d9e1af06001770937f',
  '5fb1b9d9e1af06001770930d',
  '5fb1b9d9e1af060017709357',
  '5fb1b9dae1af0600177093dd',
  '5fb1b9dbe1af0600177094bd',
  '5fb1b9dae1af06001770942a',
  '5fb1b9dbe1af0600177094ef',
  '5fb1b9dae1af06001770944a',
  '5fb1b9dfe1af0600177096e6',
  '5fb1b9dce1af0600177095ab',
  '5fb1b9e0e1af0600177097d0',
  '5fb1b9e1e1af06001770985d',
  '5fb1b9e2e1af060017709909',
  '5fb1b9e3e1af06001770996c',
  '5fb1b9e3e1af0600177099b8',
  '5fb1b9e5e1af060017709a89',
  '5fb1b9e4e1af060017709a75',
  '5fb1b9eae1af060017709d93',
  '5fb1b9f5e1af06001770a3e2',
  '5fb1b9ebe1af060017709e99',
  '5fb1b9e9e1af060017709d0d',
  // well-known lists of the classical period
  '5fb1b9dde1af060017709623',
  '5fb1b9e1e1af06001770980d',
  '5fb1b9e1e1af0600177098a7',
  '5fb1b9dbe1af06001770951c',
  // dismounting that changes a stand's cost: Bad Horse as Elite Foot (DD; MD, which DD may replace)
  '5fb1b9e5e1af060017709a9f',
  '5fb1b9e8e1af060017709c7f',
  // Charge Through (at most 2 cards, each for a whole entry)
  '5fb1b9ebe1af060017709e25',
  // War Wagons, whose values differ between data editions (editions/qrs-2018, meshwesh-current)
  '5fb1b9e9e1af060017709d69'
]

const root = join(__dirname, '..')
const from = process.argv[2] ?? join(root, '..', 'shared', 'fixtures', 'meshwesh')
const engine = createEngine()
const report = importMeshwesh(from, {
  ajv: createAjv(),
  triumph: engine.ruleset('triumph')!,
  eras: engine.registry.eras,
  out: join(root, 'data', 'rulesets'),
  factsOnly: true,
  only: new Set(picked)
})
for (const i of report.imported) console.log(`wrote ${i.id}${i.warnings.length ? ` (${i.warnings.join('; ')})` : ''}`)
for (const f of report.failed) console.error(`${f.file}: ${f.reason}`)
console.log(`${report.imported.length} of ${picked.length} lists written`)
if (report.imported.length !== picked.length) process.exitCode = 1
