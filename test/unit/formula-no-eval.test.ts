// The app's window and the phone page forbid eval (Content-Security-Policy script-src 'self'), which
// json-logic-engine compiles formulas with: there src-shared/formula.ts interprets them instead. A
// Node with code generation from strings disallowed stands in for such a page: a sheet made here
// scores the same there.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { preparePlaySheet } from '../../src-main/play/sheet'
import { replayTaps, scoreGame } from '../../src-shared/play/engine'
import type { Tap } from '../../src-shared/play/types'
import type { Roster } from '../../src-main/rules/types'
import { bundledEngine, repoRoot } from '../support/engine'

// Reads [{ sheet, taps }] on stdin; writes whether eval was refused, and each game's score.
const script = `
const { replayTaps, scoreGame } = require('./src-shared/play/engine')
let evalBlocked = false
try { globalThis.eval('1') } catch (e) { evalBlocked = e instanceof EvalError }
const games = JSON.parse(require('node:fs').readFileSync(0, 'utf8'))
process.stdout.write(JSON.stringify({ evalBlocked, scores: games.map((g) => scoreGame(g.sheet, replayTaps(g.sheet, g.taps))) }))
`

it('scores a game the same with eval forbidden, as in the window and on the phone', () => {
  const games = ['triumph', 'portable-ancients', 'cca-miniatures'].map((id) => {
    const roster = JSON.parse(readFileSync(join(repoRoot, 'examples', `${id}-legal.muster.json`), 'utf8')) as Roster
    const sheet = preparePlaySheet(bundledEngine(), roster, { ruleset: roster.ruleset, army: roster.army })
    const taps: Tap[] = sheet.sides.flatMap((s, side) =>
      s.units.map((u, unit): Tap => ({ kind: 'loss', side: side as 0 | 1, unit, delta: Math.ceil(u.capacity / 2) }))
    )
    return { sheet, taps }
  })
  const out = JSON.parse(
    execFileSync(process.execPath, ['--disallow-code-generation-from-strings', '--import', 'tsx', '-e', script], {
      cwd: repoRoot,
      encoding: 'utf8',
      input: JSON.stringify(games)
    })
  ) as { evalBlocked: boolean; scores: unknown[] }
  expect(out.evalBlocked).toBe(true)
  expect(out.scores).toEqual(games.map((g) => scoreGame(g.sheet, replayTaps(g.sheet, g.taps))))
}, 60_000)
