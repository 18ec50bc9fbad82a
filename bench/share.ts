// Sharing a list (issue 12, item 3): the length of the share code and of the plain text of a
// 40-unit roster of each ruleset (goal: a code well under 2,000 characters), and their times.
import { createEngine } from '../src-main/rules'
import { met } from './verdict'
import { rosterText } from '../src-main/export'
import { decodeShareCode, encodeShareCode } from '../src-main/share/code'
import { rostersOfEveryRuleset } from '../test/support/rosters'

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

function timeMs(fn: () => void, runs = 21): number {
  return median(
    Array.from({ length: runs }, () => {
      const t0 = process.hrtime.bigint()
      fn()
      return Number(process.hrtime.bigint() - t0) / 1e6
    })
  )
}

export function shareBench(): void {
  const engine = createEngine()
  for (const [ruleset, roster] of rostersOfEveryRuleset(engine, 40)) {
    const json = JSON.stringify(roster).length
    const code = encodeShareCode(roster)
    const text = rosterText(engine, roster).text
    const encode = timeMs(() => encodeShareCode(roster))
    const decode = timeMs(() => decodeShareCode(code, () => null))
    console.log(
      `share code of a 40-unit ${ruleset} roster (${roster.army}, ${json} bytes of JSON): ${code.length} characters (goal < 2000, ${met(code.length < 2000)}), ` +
        `encode ${encode.toFixed(2)} ms, decode ${decode.toFixed(2)} ms; as plain text ${text.length} characters in ${text.split('\n').length - 1} lines`
    )
  }
}
