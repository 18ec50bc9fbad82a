// First-round pairing at scale (issue 38): `muster pair` of 1,000 rosters within 5 s (it crashed at
// 550). The bundled Triumph! lists in turn, each naming three others as historical enemies (in a
// data folder: the bundled lists name none), each roster of its own year; then 2,000 rosters, and
// the pairing alone of 2,000 players of random links. `npm run bench -- pairing` runs only this part.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Roster } from '../src-main/rules'
import { pairEntries } from '../src-main/event/pairing'
import { median } from './check'
import { triumphWithEnemies } from './enemy-lists'
import { randomPairingEntries } from './pairing-entries'
import { met } from './verdict'

const root = join(__dirname, '..')

/** A data folder with the Triumph! lists' enemies, and `count` rosters of them in `folder`. */
function writeEvent(dir: string, count: number): { data: string; folder: string; event: string } {
  const data = join(dir, 'data')
  const folder = join(dir, `rosters-${count}`)
  const { triumph, rosters } = triumphWithEnemies(data)
  mkdirSync(folder)
  for (let n = 0; n < count; n++) {
    const roster: Roster = rosters[n % rosters.length]
    const { from, to } = triumph.armies.get(roster.army)!.dates[0]
    writeFileSync(join(folder, `p${n}.muster.json`), JSON.stringify({ ...roster, player: `Player ${n}`, year: from + ((n * 37) % (to - from + 1)) }))
  }
  const event = join(dir, 'event.json')
  writeFileSync(event, JSON.stringify({ format: 'muster-event', version: 1, name: 'Bench open', ruleset: 'triumph', pointsLimit: 48 }))
  return { data, folder, event }
}

/** `muster pair --json` of `count` rosters: the median of 3 runs, in ms, each run's report checked. */
function timePair(dir: string, count: number): number {
  const { data, folder, event } = writeEvent(dir, count)
  const runs: number[] = []
  for (let r = 0; r < 3; r++) {
    const t0 = process.hrtime.bigint()
    const res = spawnSync(process.execPath, [join(root, 'bin', 'muster.js'), '--data', data, 'pair', '--event', event, '--json', folder], {
      encoding: 'utf8',
      maxBuffer: 1 << 30
    })
    runs.push(Number(process.hrtime.bigint() - t0) / 1e6)
    const report = res.status === 0 ? (JSON.parse(res.stdout) as { players: number }) : undefined
    if (report?.players !== count) throw new Error(`muster pair of ${count} rosters failed (exit ${res.status}): ${res.stderr}`)
  }
  return median(runs)
}

export function pairingBench(): void {
  const dir = mkdtempSync(join(tmpdir(), 'muster-bench-pair-'))
  try {
    const thousand = timePair(dir, 1000)
    console.log(
      `pairing: 1,000 rosters paired, exactly (muster pair --json, Triumph! lists with historical enemies, one process, start-up and the event check included): median ${thousand.toFixed(0)} ms of 3 runs (goal < 5000 ms, ${met(thousand < 5000)})`
    )
    console.log(`  2,000 rosters: median ${timePair(dir, 2000).toFixed(0)} ms of 3 runs`)
    const entries = randomPairingEntries(2000, { seed: 12345, armies: 40, key: (i) => `p${String(i).padStart(4, '0')}.json` })
    const t0 = process.hrtime.bigint()
    const pairing = pairEntries(entries)
    const ms = Number(process.hrtime.bigint() - t0) / 1e6
    if (pairing.pairs.length !== 1000) throw new Error(`pairEntries paired ${pairing.pairs.length * 2} of 2,000`)
    console.log(`  the pairing alone (pairEntries, in this process) of 2,000 players of random dates, enemies and categories: ${ms.toFixed(0)} ms`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
