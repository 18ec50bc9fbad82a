// Players' words: every message and hint the engine gives for the hand-computed rule cases and the
// examples is plain English: no JSON syntax, no JSON Pointers, no option ids with dots, no "1 points".
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bundledEngine, repoRoot } from '../support/engine'
import { rosterOf } from '../support/roster-of'

const engine = bundledEngine()
const rosters: Array<[string, unknown]> = []
for (const ruleset of readdirSync(join(repoRoot, 'test', 'rules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)) {
  for (const f of readdirSync(join(repoRoot, 'test', 'rules', ruleset)).filter((f) => f.endsWith('.json'))) {
    rosters.push([`${ruleset}/${f}`, (JSON.parse(readFileSync(join(repoRoot, 'test', 'rules', ruleset, f), 'utf8')) as { roster: unknown }).roster])
  }
}
for (const f of readdirSync(join(repoRoot, 'examples'))) rosters.push([`examples/${f}`, JSON.parse(readFileSync(join(repoRoot, 'examples', f), 'utf8'))])

describe("messages in players' words", () => {
  it.each(rosters)('%s', (_name, roster) => {
    for (const issue of engine.check(roster).issues) {
      // The roster schema's own issues name fields as they are written, which is the point of them.
      if (issue.rule === 'roster-schema') continue
      for (const text of [issue.message, issue.hint ?? '']) {
        expect(text, issue.code).not.toMatch(/["{}[\]]|\/units\/|\b[a-z0-9-]+\.[a-z0-9-]+\.[a-z0-9-]+\b/)
        expect(text, issue.code).not.toMatch(/(^|[^.\d])1 points\b|\b1 of (its|those) \d+ \w+ are\b/)
        // Fractions are whole numbers, as players count them.
        expect(text, issue.code).not.toMatch(/\d+\.\d{2,}/)
      }
    }
  })

  it('a third of 196 points is 65 of them; a Praetorian without four cohorts is "none"', () => {
    const persian = engine.check(
      rosterOf('wrg-1969', 'carthaginian', {
        year: -218,
        units: [
          { troop: 'general', count: 1 },
          { troop: 'heavy-infantry', count: 12, status: 'regular' }
        ]
      })
    )
    const ratio = persian.issues.find((i) => i.code === 'ratio-above-max')
    expect(ratio?.message).toMatch(/^Regulars may be at most a third of a \w+ army's points: \d+ of its \d+; this roster has \d+ points of regulars\.$/)
    const cca = engine.check({
      format: 'muster-roster',
      version: 1,
      ruleset: 'cca-miniatures',
      army: 'early-imperial-roman',
      units: [{ troop: 'praetorian-guard', count: 1 }]
    })
    expect(cca.issues.find((i) => i.code === 'per-limit-exceeded')?.message).toBe(
      'Praetorian units: at most one for every 4 regular heavy infantry units. With 0 of those the army may field none; this roster has 1.'
    )
  })
})
