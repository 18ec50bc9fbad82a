// Finds a legal and an illegal Triumph! roster with the same version-1 (60-bit) check code, the
// forgery of issue 10 finding 2, and writes them to ../fixtures/collision-*.muster.json. Run once
// by hand, never by `npm test` (about 2^31 SHA-256 evaluations: minutes on two cores):
//   npx tsx test/reliability/collision/search.ts
// The legal roster is examples/triumph-legal.muster.json with its last unit named; the illegal
// one has an extra 16-point unit before that unit. Only the name differs between the searches'
// candidates, so each family's text before the name is hashed once (OpenSSL midstate, in C).
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkCode, checkCodeInput } from '../../../src-main/export/check-code'
import { createEngine } from '../../../src-main/rules'

const root = join(__dirname, '..', '..', '..')
const PLACEHOLDER = '@@@@@@@@@@@@'
const legal = JSON.parse(readFileSync(join(root, 'examples/triumph-legal.muster.json'), 'utf8')) as { units: Array<Record<string, unknown>> }
const rosterFor = (family: 0 | 1, name: string) => {
  const units = legal.units.map((u) => ({ ...u }))
  const last = units.pop()!
  const extra = family === 1 ? [{ troop: 'elite-foot', count: 4 }] : []
  return { ...legal, units: [...units, ...extra, { ...last, name: `Numeri ${name}` }] }
}

const dataVersion = createEngine().ruleset('triumph')!.ruleset.dataVersion
const work = mkdtempSync(join(tmpdir(), 'muster-collision-'))
const files: string[] = []
for (const family of [0, 1] as const) {
  const [prefix, suffix] = checkCodeInput(rosterFor(family, PLACEHOLDER), dataVersion, 1).split(PLACEHOLDER)
  files.push(join(work, `prefix${family}`), join(work, `suffix${family}`))
  writeFileSync(files[files.length - 2], prefix)
  writeFileSync(files[files.length - 1], suffix)
}
const binary = join(work, 'search')
execFileSync('cc', ['-O3', '-march=native', '-Wno-deprecated-declarations', '-o', binary, join(__dirname, 'search.c'), '-lcrypto', '-lpthread'], {
  stdio: 'inherit'
})
const found = spawnSync(binary, files, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' })
const [name0, name1] = found.stdout.trim().split(' ')
const pair = { legal: rosterFor(0, name0), illegal: rosterFor(1, name1) }
const a = checkCode(pair.legal, dataVersion, 1)
const b = checkCode(pair.illegal, dataVersion, 1)
if (a !== b) throw new Error(`the search's answer does not collide: ${a} vs ${b}`)
for (const [which, roster] of Object.entries(pair))
  writeFileSync(join(__dirname, '..', 'fixtures', `collision-${which}.muster.json`), JSON.stringify(roster, null, 2) + '\n')
console.log(`collision: both rosters have version-1 code ${a}`)
