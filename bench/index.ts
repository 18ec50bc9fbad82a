// `npm run bench`: the performance figures the issues ask for. Prints medians; never asserts.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createEngine, solveArmy, type Roster } from '../src-main/rules'
import { fillLibrary, libraryDoc as docs, libraryCheck as check, mk2Roster, wrgRoster } from './rosters'
import { rendererBench } from './renderer'
import { pdfBench } from './pdf'
import { shareBench } from './share'
import { startupBench } from './startup'
import { gameBench } from './game'
import { phoneBench } from './phone'
import { met } from './verdict'
import { batchTime, median } from './check'
import { build } from 'esbuild'
import { meshweshBench } from './meshwesh'
import { runawayBench } from './runaway'
import { pairingBench } from './pairing'
import { listBookBench } from './list-book'
import { swissBench } from './swiss'
import { standingsBench } from './standings'
import { writeTriumphRosters } from './triumph-rosters'
import { exportRosters, listRosters, openLibrary, saveRevision, searchRosters } from '../src-main/store'

const root = join(__dirname, '..')

/**
 * check() against JSON.parse, run as the app and the CLI run the engine: bundled by esbuild into one
 * file (bench/check.ts), not through tsx, whose keepNames wraps every function made on each call
 * (the analysis's closures) and so adds to every check what no shipped build has.
 */
async function checkAsShipped(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'muster-bench-check-'))
  try {
    const out = join(dir, 'check.cjs')
    await build({
      entryPoints: [join(__dirname, 'check.ts')],
      bundle: true,
      platform: 'node',
      target: 'node20',
      mainFields: ['module', 'main'],
      outfile: out,
      logLevel: 'warning'
    })
    const run = spawnSync(process.execPath, [out], { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, MUSTER_ROOT: root } })
    if (run.status !== 0) throw new Error(`the check bench ended with ${run.status}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** `muster options` on a 40-unit roster, warm (the engine and the army's schema already compiled). */
function rosterOptions(): void {
  const engine = createEngine()
  const triumph = solveArmy(engine.ruleset('triumph')!, 'akkadian-2a')
  const rosters: Array<[string, Roster]> = [
    ['WRG 1969, 40 units', wrgRoster(40)],
    ['Mark 2, 40 units', mk2Roster(40)]
  ]
  if (triumph.ok) rosters.push([`Triumph! Akkadian (a list with many options), ${triumph.roster.units.length} units`, triumph.roster])
  for (const [label, roster] of rosters) {
    const answer = engine.options(roster)
    const times: number[] = []
    for (let i = 0; i < 31; i++) times.push(batchTime(() => engine.options(roster), 5) / 1000)
    console.log(
      `options() of a ${label} roster (${answer.available.length} available, ${answer.unavailable.length} not): median ${median(times).toFixed(1)} ms warm (goal < 20 ms, ${met(median(times) < 20)})`
    )
  }
}

function validateTenThousand(): void {
  const dir = mkdtempSync(join(tmpdir(), 'muster-bench-'))
  try {
    mkdirSync(join(dir, 'rosters'))
    for (let i = 0; i < 10_000; i++) {
      const roster = i % 2 ? wrgRoster(12 + (i % 30), i) : mk2Roster(12 + (i % 30), i)
      writeFileSync(join(dir, 'rosters', `r${i}.muster.json`), JSON.stringify(roster, null, 2))
    }
    const muster = [join(root, 'bin', 'muster.js'), 'validate', '--json', join(dir, 'rosters')]
    const musterOk = (out: string, err: string) => {
      const lines = out.trim().split('\n').length
      if (lines !== 10_000) throw new Error(`expected 10000 verdicts, got ${lines}: ${err}`)
    }
    // The floor: a node process that reads and parses the same files, start-up included.
    const floor = [
      '-e',
      `const fs = require('fs'), path = require('path'); const dir = process.argv[1]; let n = 0
       for (const f of fs.readdirSync(dir)) if (f.endsWith('.json')) { JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')); n++ }
       process.stdout.write(String(n))`,
      join(dir, 'rosters')
    ]
    const floorOk = (out: string) => {
      if (out !== '10000') throw new Error(`the reading script read ${out} files`)
    }
    // Spawned alternately after a warm-up of each (the files in the page cache for both), so a drift
    // in the machine's load hits both alike; the ratio is the median of the per-round ratios.
    const rounds = { muster: [] as number[], floor: [] as number[], ratio: [] as number[] }
    timeProcess(muster, musterOk, 1)
    timeProcess(floor, floorOk, 1)
    for (let r = 0; r < 5; r++) {
      const m = timeProcess(muster, musterOk, 1)
      const f = timeProcess(floor, floorOk, 1)
      rounds.muster.push(m)
      rounds.floor.push(f)
      rounds.ratio.push(m / f)
    }
    const ms = median(rounds.muster)
    const ratio = median(rounds.ratio)
    console.log(
      `muster validate --json over 10,000 roster files (one process, start-up included): median ${ms.toFixed(0)} ms of 5 runs (goal < 2000 ms, ${met(ms < 2000)})`
    )
    console.log(
      `  a node script reading and parsing the same files: ${median(rounds.floor).toFixed(0)} ms (spawned alternately); ratio ${ratio.toFixed(2)}x (median of the per-round ratios; goal <= 3x, ${met(ratio <= 3)})`
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function timeMs(fn: () => void): number {
  const t0 = process.hrtime.bigint()
  fn()
  return Number(process.hrtime.bigint() - t0) / 1e6
}

async function library(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'muster-bench-lib-'))
  try {
    const path = join(dir, 'library.sqlite')
    const t0 = process.hrtime.bigint()
    const fresh = await openLibrary(path)
    const createMs = Number(process.hrtime.bigint() - t0) / 1e6
    fillLibrary(fresh.db, 10_000)
    fresh.close()
    const opens: number[] = []
    for (let r = 0; r < 7; r++) {
      const s0 = process.hrtime.bigint()
      const lib = await openLibrary(path)
      listRosters(lib.db, { limit: 50 })
      opens.push(Number(process.hrtime.bigint() - s0) / 1e6)
      lib.close()
    }
    const lib = await openLibrary(path)
    const list = Array.from({ length: 31 }, () => timeMs(() => listRosters(lib.db, { limit: 50 })))
    const search = Array.from({ length: 31 }, (_, i) =>
      timeMs(() => searchRosters(lib.db, ['salute', 'imperial roman', 'cohort 7', 'heavy cavalry'][i % 4], { limit: 50 }))
    )
    const saves = Array.from({ length: 200 }, (_, i) => timeMs(() => saveRevision(lib.db, listRosters(lib.db, { limit: 1 }).rows[0].id, docs(i), check(i))))
    const ids = (lib.db.prepare('SELECT id FROM rosters').all() as Array<{ id: string }>).map((r) => r.id)
    const exportMs = timeMs(() => exportRosters(lib.db, ids, join(dir, 'export')))
    lib.close()
    console.log(`library: create + migrate a new file ${createMs.toFixed(1)} ms (goal < 100 ms, ${met(createMs < 100)})`)
    console.log(
      `library of 10,000 rosters: open (and check migrations) + list the first page ${median(opens).toFixed(1)} ms median of 7 (goal < 100 ms startup, ${met(median(opens) < 100)})`
    )
    console.log(
      `library of 10,000 rosters: list first page (50) ${median(list).toFixed(2)} ms; full-text search ${median(search).toFixed(2)} ms (medians; goal < 20 ms, ${met(median(list) < 20 && median(search) < 20)})`
    )
    console.log(`library: save a revision ${median(saves).toFixed(2)} ms median of 200 (goal < 2 ms, ${met(median(saves) < 2)})`)
    console.log(`library: export all 10,000 rosters to a folder ${exportMs.toFixed(0)} ms`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Milliseconds of `node ARGS` in a process of its own, start-up included, the median of `times` runs; each run's output checked by `ok`. */
function timeProcess(args: string[], ok: (stdout: string, stderr: string) => void, times = 3): number {
  const runs: number[] = []
  for (let r = 0; r < times; r++) {
    const t0 = process.hrtime.bigint()
    const res = spawnSync(process.execPath, args, { maxBuffer: 1 << 30, encoding: 'utf8' })
    runs.push(Number(process.hrtime.bigint() - t0) / 1e6)
    ok(res.stdout, res.stderr)
  }
  return median(runs)
}

/** Milliseconds of `muster ARGS`, as timeProcess. */
const timeMuster = (args: string[], ok: (stdout: string, stderr: string) => void): number => timeProcess([join(root, 'bin', 'muster.js'), ...args], ok)

function eventCheck(): void {
  const dir = mkdtempSync(join(tmpdir(), 'muster-bench-event-'))
  try {
    writeTriumphRosters(join(dir, 'submissions'), 1000, (n) => ({ player: `Player ${n % 990}` }))
    writeFileSync(
      join(dir, 'event.json'),
      JSON.stringify({
        format: 'muster-event',
        version: 1,
        name: 'Bench open',
        ruleset: 'triumph',
        pointsLimit: 48,
        dates: { from: -3000, to: 500 },
        requiredFields: ['player']
      })
    )
    const ms = timeMuster(['check', '--event', join(dir, 'event.json'), '--html', '-o', join(dir, 'report.html'), join(dir, 'submissions')], (out, err) => {
      if (!out.includes('1000 submissions')) throw new Error(`event check failed: ${out}${err}`)
    })
    console.log(
      `muster check --event over 1,000 submitted rosters, HTML report written (one process, start-up included): median ${ms.toFixed(0)} ms of 3 runs (goal < 1000 ms, ${met(ms < 1000)})`
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** `muster recheck` of 1,000 Triumph! rosters under another data edition (the 2018 sheet). */
function recheckThousand(): void {
  const dir = mkdtempSync(join(tmpdir(), 'muster-bench-recheck-'))
  try {
    writeTriumphRosters(join(dir, 'rosters'), 1000)
    let summary = ''
    const ms = timeMuster(['recheck', join(dir, 'rosters'), '--edition', 'qrs-2018', '--json'], (out, err) => {
      const report = JSON.parse(out) as { summary: { rosters: number; changed: number } }
      if (report.summary.rosters !== 1000) throw new Error(`expected 1000 rosters rechecked: ${err}`)
      summary = `${report.summary.changed} changed`
    })
    console.log(
      `muster recheck of 1,000 Triumph! rosters under edition qrs-2018, JSON report (one process, start-up included; ${summary}): median ${ms.toFixed(0)} ms of 3 runs (goal < 1000 ms, ${met(ms < 1000)})`
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The parts in the order they run; `npm run bench -- startup check` runs only those named. */
const PARTS: Array<[string, () => void | Promise<void>]> = [
  ['startup', () => startupBench()],
  ['game', () => gameBench()],
  ['check', checkAsShipped],
  ['options', rosterOptions],
  ['validate', validateTenThousand],
  ['event', eventCheck],
  ['recheck', recheckThousand],
  ['pairing', pairingBench],
  ['swiss', swissBench],
  ['standings', standingsBench],
  ['share', shareBench],
  ['library', library],
  ['pdf', pdfBench],
  ['list-book', listBookBench],
  ['runaway', runawayBench],
  ['renderer', rendererBench],
  ['phone', () => phoneBench()],
  ['meshwesh', meshweshBench]
]

async function main(): Promise<void> {
  const only = process.argv.slice(2)
  const unknown = only.filter((name) => !PARTS.some(([part]) => part === name))
  if (unknown.length) throw new Error(`unknown bench part ${unknown.join(', ')}; the parts: ${PARTS.map(([part]) => part).join(', ')}`)
  console.log('Muster benchmarks (medians; this machine is noisy, compare ratios)')
  for (const [name, run] of PARTS) if (!only.length || only.includes(name)) await run()
}

void main()
