// The rule keywords are honest JSON Schema keywords (docs/adr/0010-honest-rule-keywords.md): over
// every rule case, the rules schema reports the verdict's issues through ajv's own errors; it gives
// the same answer with check()'s per-run context or without one; and each keyword alone reports what
// it reports among the others, so none depends on another having run.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AnySchemaObject, ValidateFunction } from 'ajv'
import { describe, expect, it } from 'vitest'
import { analyse } from '../../src-main/rules/analyse'
import { compileRuleSchema, issuesOf, rulesSchema, type RuleRun } from '../../src-main/rules/keywords'
import { createAjv } from '../../src-main/rules/schemas'
import type { Issue, Roster } from '../../src-main/rules/types'
import { bundledEngine } from '../support/engine'

const cases = readdirSync(__dirname, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(__dirname, d.name))
      .filter((f) => f.endsWith('.json'))
      .map((f) => `${d.name}/${f}`)
  )
  .sort()

const engine = bundledEngine()
const armyOf = (key: string) => {
  const slash = key.indexOf('/')
  return engine.armyContext(key.slice(0, slash), key.slice(slash + 1))
}
const rulesAjv = createAjv()
const compiled = new Map<string, ValidateFunction>()
function compileOnce(schema: AnySchemaObject, key: string): ValidateFunction {
  let v = compiled.get(key)
  if (!v) compiled.set(key, (v = compileRuleSchema(rulesAjv, schema, armyOf)))
  return v
}

const withoutTodo = ({ todo: _todo, ...issue }: Issue): Issue => issue

describe('rule keywords report through ajv errors', () => {
  it.each(cases)('%s', (file) => {
    const roster = (JSON.parse(readFileSync(join(__dirname, file), 'utf8')) as { roster: Roster }).roster
    const verdict = engine.check(roster)
    // Rule keywords run on well-formed rosters of a known army only.
    if (!verdict.ruleset || !verdict.army || verdict.issues.some((i) => i.rule === 'roster-schema')) return
    const ctx = engine.armyContext(verdict.ruleset, verdict.army)
    const schema = rulesSchema(ctx)
    const rules = compileOnce(schema, ctx.key)
    // The notices of how an older file was read come from the analysis, not a keyword.
    const analysis = analyse(ctx, roster)
    const expected = verdict.issues.filter((i) => i.code !== 'read-as-before').map(withoutTodo)
    expect(verdict.issues.filter((i) => i.code === 'read-as-before')).toEqual(analysis.notices)

    const run: RuleRun = { analysis }
    expect(rules.call(run, roster)).toBe(expected.length === 0)
    const errors = rules.errors ?? []
    expect(issuesOf(errors)).toEqual(expected)
    for (const e of errors) {
      const { issue } = e.params as { issue: Issue }
      expect(e.keyword).toMatch(/^muster[A-Z]/)
      expect(e.instancePath).toBe(issue.path)
      expect(e.message).toBe(issue.message)
    }

    // Standalone (no per-run context): the keywords analyse the roster themselves, same answer.
    rules(roster)
    expect(issuesOf(rules.errors)).toEqual(expected)

    // One keyword at a time, in any order: the same issues, so no keyword needs another to run first.
    const alone = (schema.allOf as AnySchemaObject[]).map((kw) => {
      const keyword = Object.keys(kw)[0]
      const v = compileOnce({ allOf: [kw] }, `${ctx.key} ${keyword}`)
      v.call({ analysis: analyse(ctx, roster) } satisfies RuleRun, roster)
      return issuesOf(v.errors)
    })
    expect(alone.flat()).toEqual(expected)
  })
})
