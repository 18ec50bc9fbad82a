// `muster game` of a 40-unit side (issue 40's goal): a game file of two 40-unit rosters of a ruleset
// with rules of play, some lines lost, scored as JSON, must take at most twice as long as `node -e 0`.
// Spawned as startup.ts spawns `muster validate`; `npm run bench -- game` runs only this part.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createEngine } from '../src-main/rules'
import { rostersOfEveryRuleset } from '../test/support/rosters'
import { startupRatio } from './startup'
import { met } from './verdict'

export function gameBench(rounds = 21): void {
  const engine = createEngine()
  // The first ruleset whose data has rules of play (rosters are of every ruleset, in the registry's order).
  const found = rostersOfEveryRuleset(engine, 40).find(([id]) => engine.ruleset(id)?.ruleset.play)
  if (!found) return console.log('start-up: muster game: no ruleset has rules of play yet (not measured)')
  const [ruleset, roster] = found
  const dir = mkdtempSync(join(tmpdir(), 'muster-bench-game-'))
  try {
    writeFileSync(join(dir, 'mine.muster.json'), JSON.stringify(roster, null, 2))
    const losses = roster.units.slice(0, 10).map((_, unit) => ({ unit, lost: 1 }))
    const game = {
      format: 'muster-game',
      version: 1,
      sides: [
        { roster: 'mine.muster.json', losses },
        { roster, losses: [] }
      ]
    }
    writeFileSync(join(dir, 'game.json'), JSON.stringify(game, null, 2))
    const { muster, node, ratio } = startupRatio(['game', join(dir, 'game.json'), '--json'], rounds)
    console.log(
      `start-up: muster game of a 40-unit side (${ruleset}, ${roster.units.length} units a side, one roster embedded) ${muster.toFixed(0)} ms; node -e 0 ${node.toFixed(0)} ms ` +
        `(medians of ${rounds}, spawned alternately); ratio ${ratio.toFixed(2)}x (median of the per-round ratios; goal: at most 2x, ${met(ratio <= 2)})`
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
