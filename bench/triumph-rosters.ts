// Roster files for the benches that check or pair a folder of them: legal Triumph! rosters, one
// from each bundled list's minimums in turn.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createEngine, solveArmy } from '../src-main/rules'

/** `count` rosters built from the minimums of the bundled Triumph! lists, in turn, written to a new `folder`; `extra(n)` is added to roster n. */
export function writeTriumphRosters(folder: string, count: number, extra: (n: number) => object = () => ({})): void {
  const triumph = createEngine().ruleset('triumph')!
  const armies = [...triumph.armies.keys()]
  mkdirSync(folder)
  let made = 0
  for (let i = 0; made < count; i++) {
    const r = solveArmy(triumph, armies[i % armies.length])
    if (!r.ok) continue
    writeFileSync(join(folder, `r${made}.muster.json`), JSON.stringify({ ...r.roster, ...extra(made) }, null, 2))
    made++
  }
}
