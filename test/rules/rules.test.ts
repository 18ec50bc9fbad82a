// Data-driven rule cases: test/rules/<ruleset>/*.json, each a roster with the points, figures and
// issues (code, path, rule) worked out by hand from the seed. "No issues listed" means none expected.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import Ajv2020 from 'ajv/dist/2020'
import { bundledEngine, repoRoot } from '../support/engine'
import type { RuleCase } from '../../src-main/generated-types/rule-case'

const casesDir = __dirname
// Each case file is checked against its schema first: a misspelt "point" would otherwise check nothing.
const validCase = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile<RuleCase>(
  JSON.parse(readFileSync(join(repoRoot, 'schemas', 'rule-case.schema.json'), 'utf8'))
)
const rulesets = readdirSync(casesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort()

describe.each(rulesets)('rule cases: %s', (ruleset) => {
  const files = readdirSync(join(casesDir, ruleset))
    .filter((f) => f.endsWith('.json'))
    .sort()

  it('has at least 8 cases', () => {
    expect(files.length).toBeGreaterThanOrEqual(8)
  })

  it.each(files)('%s', (file) => {
    const c = JSON.parse(readFileSync(join(casesDir, ruleset, file), 'utf8')) as RuleCase
    expect(
      validCase(c) ? [] : validCase.errors?.map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`),
      `${file} is a rule case (schemas/rule-case.schema.json)`
    ).toEqual([])
    const v = bundledEngine().check(c.roster)
    const got = v.issues.map((i) => ({ code: i.code, path: i.path, rule: i.rule, severity: i.severity }))
    const want = (c.expect.issues ?? []).map((i) => ({ code: i.code, path: i.path, rule: i.rule, severity: i.severity ?? expect.any(String) }))
    expect(got, `${c.description}\n${v.issues.map((i) => `  ${i.code} ${i.path} ${i.rule}: ${i.message}`).join('\n')}`).toEqual(expect.arrayContaining(want))
    expect(got.length, 'no issues beyond those expected').toBe(want.length)
    // "The rules say" told from "our list says": exactly the issues expected as Muster's own say so, with their source.
    const key = (i: { code: string; path: string; rule: string }) => `${i.code} ${i.path} ${i.rule}`
    const ours = new Map((c.expect.issues ?? []).flatMap((i) => (i.musterList ? [[key(i), i.musterList] as const] : [])))
    for (const i of v.issues) {
      const source = ours.get(key(i))
      if (source === undefined) expect(i.musterList, `${key(i)} is the rules', not Muster's list: ${i.message}`).toBeUndefined()
      else {
        expect(i.message, `${key(i)} says it is Muster's and names its source`).toMatch(/\(Muster's (list|reading), not the rules: .+\.\)$/)
        expect(i.musterList ?? '').toContain(source)
        expect(i.message).toContain(source)
      }
    }
    expect(v.valid).toBe(c.expect.valid)
    if (c.expect.points !== undefined) expect(v.points).toBeCloseTo(c.expect.points, 6)
    if (c.expect.limit !== undefined) expect(v.limit).toBe(c.expect.limit)
    for (const [id, value] of Object.entries(c.expect.figures ?? {})) expect(v.figures[id], `figure ${id}`).toEqual(value)
    if (c.expect.cards) expect((v.cards ?? []).map((card) => ({ code: card.code, cost: card.cost }))).toEqual(c.expect.cards)
    for (const issue of v.issues) {
      expect(issue.message.length, 'every issue has a message').toBeGreaterThan(10)
      expect(issue.message).not.toMatch(/\{[a-zA-Z]+\}/)
    }
  })
})
