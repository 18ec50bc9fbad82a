// check() against JSON.parse of the same roster, for each ruleset (issue 27: at most 2x). `npm run
// bench -- check` runs this file as an esbuild bundle (bench/index.ts checkAsShipped), as the app and
// the CLI run the engine.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createEngine, type Roster } from '../src-main/rules'
import { mk2Roster, wrgRoster } from './rosters'
import { met } from './verdict'
import { projectRoot } from '../src-main/rules/paths'

const root = projectRoot()

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

/** Time of one call in microseconds over a batch, so the clock's resolution does not matter. */
export function batchTime(fn: () => void, batch: number): number {
  const t0 = process.hrtime.bigint()
  for (let i = 0; i < batch; i++) fn()
  return Number(process.hrtime.bigint() - t0) / 1000 / batch
}

/**
 * Times `a` and `b` in alternating batches (so drifting machine load hits both alike) and reports
 * each one's median and the median of the per-round ratios a/b.
 */
function compare(a: () => void, b: () => void, batch = 1000, rounds = 31): { a: number; b: number; ratio: number } {
  for (let i = 0; i < 3; i++) {
    batchTime(a, batch)
    batchTime(b, batch)
  }
  const as: number[] = []
  const bs: number[] = []
  const ratios: number[] = []
  for (let r = 0; r < rounds; r++) {
    const ta = batchTime(a, batch)
    const tb = batchTime(b, batch)
    as.push(ta)
    bs.push(tb)
    ratios.push(ta / tb)
  }
  return { a: median(as), b: median(bs), ratio: median(ratios) }
}

/** A roster of each ruleset for check() against JSON.parse: the big WRG and Mark 2 armies, and each other ruleset's legal example. */
function checkRosters(): Array<[string, unknown]> {
  const example = (ruleset: string) => JSON.parse(readFileSync(join(root, 'examples', `${ruleset}-legal.muster.json`), 'utf8')) as Roster
  const triumph = example('triumph')
  return [
    ['WRG 1969, 40 units', wrgRoster(40)],
    ['Mark 2, 40 units (4 commanders)', mk2Roster(40)],
    [`Triumph!, the legal example (${triumph.units.length} units, battle cards)`, triumph],
    [`C&C miniatures, the legal example (${example('cca-miniatures').units.length} units)`, example('cca-miniatures')],
    [`Portable Wargame, the legal example (${example('portable-ancients').units.length} units)`, example('portable-ancients')]
  ]
}

export function checkVersusParse(): void {
  const engine = createEngine()
  for (const [label, roster] of checkRosters()) {
    const text = JSON.stringify(roster)
    const parsed = JSON.parse(text)
    const issues = engine.check(parsed).issues
    const {
      a: check,
      b: parse,
      ratio
    } = compare(
      () => engine.check(parsed),
      () => JSON.parse(text)
    )
    console.log(
      `check() of a ${label} roster (${text.length} bytes, ${issues.length} issue${issues.length === 1 ? '' : 's'}): ${check.toFixed(1)} us; ` +
        `JSON.parse of the same text: ${parse.toFixed(1)} us; ratio ${ratio.toFixed(2)}x (goal <= 2x, ${met(ratio <= 2)})`
    )
  }
}

if (require.main === module) checkVersusParse()
