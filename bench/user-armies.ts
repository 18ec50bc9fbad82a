// Issue 42 §5: start-up with a player's own army files. `muster validate` of one roster with 100 army
// files in the data folder, as `muster import-armies` writes them, and with the whole published
// Meshwesh catalogue copied to another folder and named as the data folder: each at most 2x `node -e 0`
// once a start has checked them (the checked army cache, rules/checked-cache.ts). Each runs with its
// own app folder, so the cache is the bench's, never the machine's.
import { spawnSync } from 'node:child_process'
import { copyFileSync, cpSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { startupBench } from './startup'
import { meshweshFixtures } from '../test/support/meshwesh-server'

const root = join(__dirname, '..')

/** 100 Meshwesh lists (with their ally options) converted into army files in `data`, as a player would. */
function importHundred(work: string): string {
  const lists = join(meshweshFixtures, 'armyLists')
  const from = join(work, 'lists')
  mkdirSync(from, { recursive: true })
  for (const id of readdirSync(lists)
    .filter((f) => /^[0-9a-f]{24}$/.test(f))
    .sort()
    .slice(0, 100)) {
    copyFileSync(join(lists, id), join(from, `${id}.json`))
    try {
      copyFileSync(join(lists, `${id}.allyOptions.json`), join(from, `${id}.allyOptions.json`))
    } catch {
      // a list with no allies
    }
  }
  const data = join(work, 'data')
  const run = spawnSync(process.execPath, [join(root, 'bin', 'muster.js'), 'import-armies', '--from-meshwesh', from, '--out', data], {
    encoding: 'utf8',
    env: { ...process.env, MUSTER_HOME: join(work, 'home') }
  })
  if (run.status !== 0) throw new Error(`muster import-armies exited ${run.status}: ${run.stderr}`)
  return data
}

/** `catalogueData`: a synced catalogue's data folder (catalogueDataDir), copied as a player might. */
export function userArmiesBench(work: string, catalogueData: string): void {
  const own = (data: string, name: string) => ({
    ...process.env,
    MUSTER_HOME: join(work, `home-${name}`),
    MUSTER_DATA: data,
    MUSTER_MESHWESH: join(work, `no-catalogue-${name}`)
  })
  const hundred = importHundred(join(work, 'hundred'))
  const armies = readdirSync(join(hundred, 'triumph', 'armies')).filter((f) => f.endsWith('.json')).length
  startupBench(21, { env: own(hundred, 'hundred'), label: `with ${armies} of the player's own army files (muster import-armies)` })
  const copy = join(work, 'catalogue-copy')
  cpSync(catalogueData, copy, { recursive: true })
  const copied = readdirSync(join(copy, 'triumph', 'armies')).filter((f) => f.endsWith('.json')).length
  startupBench(21, { env: own(copy, 'copy'), label: `with the Meshwesh catalogue (${copied} lists) copied to another folder as the data folder` })
}
