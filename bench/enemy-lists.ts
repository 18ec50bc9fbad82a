// Every bundled Triumph! list, each naming three others as historical enemies (the bundled lists name
// none), written to a data folder: the pairing bench and test/event/pairing-scale.test.ts pair them.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createEngine, solveArmy, type LoadedRuleset, type Roster } from '../src-main/rules'

const armies = join(__dirname, '..', 'data', 'rulesets', 'triumph', 'armies')

/** The lists with their enemies in `data`/triumph/armies: Triumph! loaded over them, and the roster the solver builds for each list it can. */
export function triumphWithEnemies(data: string): { triumph: LoadedRuleset; rosters: Roster[] } {
  const ids = readdirSync(armies)
    .map((f) => f.replace(/\.json$/, ''))
    .sort()
  mkdirSync(join(data, 'triumph', 'armies'), { recursive: true })
  ids.forEach((id, i) => {
    const army = JSON.parse(readFileSync(join(armies, `${id}.json`), 'utf8')) as object
    writeFileSync(join(data, 'triumph', 'armies', `${id}.json`), JSON.stringify({ ...army, enemies: [1, 7, 13].map((d) => ids[(i + d) % ids.length]) }))
  })
  const triumph = createEngine({ dataDirs: [data] }).ruleset('triumph')!
  const rosters = ids.flatMap((id) => {
    const r = solveArmy(triumph, id)
    return r.ok ? [r.roster] : []
  })
  return { triumph, rosters }
}
