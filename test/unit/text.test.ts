// The roster as plain text ("Copy as text", `muster export --text`): for every example, the army,
// points, verdict, each unit's line (count, name, cost, option), the figures labelled from data and
// the same check code as its PDF; battle cards; at most 72 characters a line, no trailing spaces,
// a newline at the end; and no ruleset named in the code that writes it.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildExport, rosterText } from '../../src-main/export'
import { CHECK_CODE_INFO_KEY } from '../../src-main/export/layout'
import { TEXT_WIDTH, wrapText } from '../../src-main/export/text'
import { capitalise, nounFor } from '../../src-main/rules/messages'
import type { Roster } from '../../src-main/rules/types'
import { bundledEngine, repoRoot } from '../support/engine'
import { rostersOfEveryRuleset } from '../support/rosters'

const engine = bundledEngine()
const read = (...path: string[]) => JSON.parse(readFileSync(join(repoRoot, ...path), 'utf8')) as unknown
const examples = readdirSync(join(repoRoot, 'examples'))
  .filter((f) => f.endsWith('.muster.json'))
  .map((f) => [f, read('examples', f) as Roster] as const)

function expectTidy(text: string): void {
  expect(text.endsWith('\n')).toBe(true)
  expect(text.endsWith('\n\n')).toBe(false)
  for (const line of text.slice(0, -1).split('\n')) {
    expect(line, line).not.toMatch(/\s$/)
    expect(line.length, line).toBeLessThanOrEqual(TEXT_WIDTH)
  }
}

describe('roster as plain text', () => {
  it.each(examples)('%s: army, points, verdict, every unit, the figures and the PDF check code', (_file, roster) => {
    const { text, checkCode, verdict, loaded, armyName } = rosterText(engine, roster)
    const pdf = buildExport(engine, roster, { kind: 'roster' })
    expect(checkCode).toBe(pdf.checkCode)
    expect(pdf.doc.info?.[CHECK_CODE_INFO_KEY]).toBe(checkCode)
    expect(text).toMatch(new RegExp(`^Check code +${checkCode}$`, 'm'))
    const { ruleset } = loaded
    expect(text.split('\n')[0]).toBe(roster.name)
    expect(text).toMatch(new RegExp(`^Army +${armyName}$`, 'm'))
    expect(text).toMatch(new RegExp(`^Ruleset +${ruleset.name.replace(/[()!:&]/g, '\\$&')}$`, 'm'))
    expect(text).toContain(verdict.limit === null ? `${verdict.points} points (no limit set)` : `${verdict.points} / ${verdict.limit} points`)
    const errors = verdict.issues.filter((i) => i.severity === 'error').length
    expect(text).toMatch(verdict.valid ? /^Verdict +LEGAL/m : new RegExp(`^Verdict +ILLEGAL: ${errors} errors?`, 'm'))
    // The count noun is the ruleset's cost unit, in the plural helper's words.
    expect(text).toMatch(new RegExp(`^ +# +Unit +${capitalise(nounFor(2, ruleset.costUnit))} +Each +Points$`, 'm'))
    for (const u of verdict.units ?? []) {
      const title = roster.units[u.index].name?.trim() || u.troopName
      expect(text, title).toMatch(new RegExp(`^ +${u.index + 1} +${title.replace(/[()]/g, '\\$&')} +${u.count} +${u.costEach} +${u.cost}$`, 'm'))
      if (u.optionName && u.optionName.toLowerCase() !== u.troopName.toLowerCase()) expect(text.replace(/\n +/g, ' ')).toContain(`option: ${u.optionName}`)
    }
    for (const f of ruleset.figures) if (verdict.figures[f.id] !== undefined) expect(text).toMatch(new RegExp(`^ +${f.label}( |$)`, 'm'))
    for (const issue of verdict.issues) expect(text.replace(/\n +/g, ' ')).toContain(issue.message.replace(/\n/g, ' '))
    expectTidy(text)
  })

  it('lists the battle cards with what they are taken on, and the total under them', () => {
    const { roster } = read('test', 'rules', 'triumph', 'battle-cards-legal-48.json') as { roster: Roster }
    const { text, verdict } = rosterText(engine, roster)
    expect(verdict.cards?.length).toBeGreaterThan(0)
    expect(text).toMatch(/^Battle cards$/m)
    for (const c of verdict.cards ?? []) expect(text).toMatch(new RegExp(`^  ${c.name} \\(${c.code}\\) .* ${c.cost}$`, 'm'))
    expect(text).toContain('on Legionary cohorts')
    expect(text).toMatch(/^ +Subtotal: \d+ units +\d+ +45$/m)
    expect(text).toMatch(/^ +Total: 45 for the units \+ 3 for 4 battle cards +48$/m)
    expectTidy(text)
  })

  it.each(rostersOfEveryRuleset(engine, 40))('a 40-unit %s roster keeps to 72 characters a line', (_ruleset, roster) => {
    const { text, verdict } = rosterText(engine, roster)
    expect(text.match(/^ +\d+ {2}/gm)?.length).toBe(40)
    expect(text).toContain(`Total: ${roster.units.length} units`)
    expect(verdict.units).toHaveLength(40)
    expectTidy(text)
  })

  it('wraps long names and notes under themselves, and keeps their line breaks', () => {
    const [, legal] = examples.find(([f]) => f === 'wrg-1969-legal.muster.json')!
    const roster = {
      ...legal,
      name: 'A very long roster name '.repeat(5).trim(),
      notes: 'First line of the notes.\nSecond line, which goes on and on '.repeat(3),
      units: legal.units.map((u, i) => (i === 1 ? { ...u, name: 'The legion with the longest name anyone ever gave a legion', notes: 'Veterans.' } : u))
    }
    const { text } = rosterText(engine, roster)
    expectTidy(text)
    expect(text).toMatch(/^ +2 {2}The legion with the longest name anyone ever +32 +8 +256$/m)
    expect(text).toMatch(/^ {5}gave a legion$/m)
    expect(text).toMatch(/^ {5}Veterans\.$/m)
    expect(text).toMatch(/^Notes\n {2}First line of the notes\.\n {2}Second line/m)
    expect(wrapText('a b c', 3)).toEqual(['a b', 'c'])
    expect(wrapText('one\ntwo', 72)).toEqual(['one', 'two'])
  })

  it('names no ruleset: layout, nouns and labels come from the data', () => {
    const words = [...engine.registry.rulesets.values()].flatMap(({ ruleset, armies }) => [
      ruleset.id,
      ruleset.name,
      ...ruleset.troopTypes.map((t) => t.name),
      ...[...armies.values()].map((a) => a.name)
    ])
    for (const file of ['src-main/export/text.ts', 'src-main/share/code.ts', 'src-main/share/limits.ts', 'src-main/cli/share.ts']) {
      const source = readFileSync(join(repoRoot, file), 'utf8')
      for (const word of words.filter((w) => w.length > 3)) expect(source, `${file}: ${word}`).not.toContain(word)
      // Count nouns come from the ruleset's cost unit: no string in the code names one ("Derived
      // figures", the sheet's heading for a game's derived numbers, is not one).
      for (const literal of source.match(/'[^'\n]*'|`[^`]*`/g) ?? [])
        expect(literal.replace('Derived figures', ''), file).not.toMatch(/\b(figures?|stands?)\b/i)
    }
  })
})
