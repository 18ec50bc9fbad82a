// Muster's rule keywords: custom ajv keywords for what plain JSON Schema cannot say (option limits,
// dates, generals, battle cards, the constraint vocabulary, costs and the points limit). Each is an
// honest validating keyword with one job: it reads the roster's analysis, and when it finds
// something its code (an ajv `code` keyword, compiled into the validator) adds one ajv error per
// Issue (the Issue in `params.issue`, its JSON Pointer as `instancePath`). No keyword writes
// anything another reads.
//
// The analysis is made once per check and reaches the keywords through ajv's own context: the
// engine's Ajv has `passContext: true`, check() calls `rules.call(run, roster)`, and each keyword reads `this`.
import Ajv2020 from 'ajv/dist/2020'
import { _, type AnySchemaObject, type ErrorObject, type KeywordCxt, type ValidateFunction } from 'ajv'
import N from 'ajv/dist/compile/names'
import { analyse, type Analysis } from './analyse'
import { checkDates, checkSubFaction } from './army-checks'
import { checkOptions } from './option-checks'
import { checkCamp, checkGeneral, checkOnePerEntry } from './role-checks'
import { checkAmendments } from './amendments'
import { checkBattleCards } from './battle-cards'
import { COMPILED_BASE } from './compile'
import { compileConstraint } from './constraints'
import type { ArmyContext } from './context'
import { checkCosts, checkPointsLimit } from './points'
import { compileOwnSchema } from './schemas'
import type { Constraint, Issue, Roster, Ruleset } from './types'

/** What check() passes as `this` to the rules validator: one run's analysis of its roster. */
export interface RuleRun {
  readonly analysis: Analysis
}

type ArmyCheck = (ctx: ArmyContext, a: Analysis) => Issue[]

/** No issues: one list for every check that finds none (never written to). */
const NONE: Issue[] = Object.freeze([]) as unknown as Issue[]

type RuleKeyword =
  /** A check every army gets from its own list; `applies` leaves it out of armies it has nothing to say about. */
  | { keyword: string; check: ArmyCheck; applies?: (ctx: ArmyContext) => boolean }
  /** One kind of the constraint vocabulary, carrying the ids of the army's constraints of that kind. */
  | { keyword: string; kind: Constraint['kind'] }

/**
 * The keywords in the order a verdict lists their issues. The order is presentation only: every
 * keyword reads the analysis and nothing else, so none depends on another having run. What two
 * checks both need is worked out by the analysis (the attribute breaches, read by musterAttribute
 * and by musterCosts).
 */
const RULE_KEYWORDS: RuleKeyword[] = [
  { keyword: 'musterOptions', check: checkOptions },
  { keyword: 'musterGeneral', check: checkGeneral, applies: (ctx) => Boolean(ctx.army.generals) },
  { keyword: 'musterOnePerEntry', check: checkOnePerEntry, applies: (ctx) => hasOnePerEntry(ctx.loaded.ruleset) },
  { keyword: 'musterCamp', check: checkCamp, applies: (ctx) => Boolean(ctx.loaded.ruleset.camp) },
  { keyword: 'musterBattleCards', check: checkBattleCards, applies: (ctx) => ctx.cards.size > 0 },
  { keyword: 'musterDates', check: checkDates },
  { keyword: 'musterSubFaction', check: checkSubFaction },
  { keyword: 'musterAmendments', check: checkAmendments },
  { keyword: 'musterAttribute', kind: 'attribute' },
  { keyword: 'musterCount', kind: 'count' },
  { keyword: 'musterRatio', kind: 'ratio' },
  { keyword: 'musterPer', kind: 'per' },
  { keyword: 'musterRequires', kind: 'requires' },
  { keyword: 'musterExcludes', kind: 'excludes' },
  { keyword: 'musterCosts', check: checkCosts },
  { keyword: 'musterPointsLimit', check: checkPointsLimit }
]

const hasOnePerEntry = (r: Ruleset): boolean => r.troopTypes.some((t) => t.onePerEntry) || Object.values(r.attributes).some((d) => d.onePerEntry)

type ContextLookup = (key: string) => ArmyContext

/**
 * The run's analysis when check() passed one for this roster; otherwise (a caller validating with
 * the schema alone) the keyword analyses the roster itself: slower, same answer.
 */
function analysisOf(self: unknown, ctx: ArmyContext, data: object): Analysis {
  const run = self as Partial<RuleRun> | undefined
  return run?.analysis?.roster === data ? run.analysis : analyse(ctx, data as Roster)
}

/** What a rule keyword's compiled code calls: the run (ajv's `this`) and the data, to its errors (none: NONE). */
type KeywordCheck = (run: unknown, data: unknown) => ErrorObject[]

/** The ajv errors of one keyword's check of an army, one per Issue (the Issue in `params.issue`), or none. */
function keywordCheck(keyword: string, schemaPath: string, ctx: ArmyContext, check: ArmyCheck): KeywordCheck {
  return (run, data) => {
    if (typeof data !== 'object' || data === null) return NO_ERRORS
    const issues = check(ctx, analysisOf(run, ctx, data))
    if (issues.length === 0) return NO_ERRORS
    return issues.map((issue): ErrorObject => ({ keyword, instancePath: issue.path, schemaPath, params: { issue }, message: issue.message }))
  }
}

const NO_ERRORS: ErrorObject[] = Object.freeze([]) as unknown as ErrorObject[]

/**
 * A rule keyword's code (ajv `code` keywords, compiled into the validator): one call of its check
 * with the run the validator was called with, its errors appended to the validator's. No data
 * context made per call, as ajv does for a `validate` keyword.
 */
function ruleCode(cxt: KeywordCxt, check: KeywordCheck): void {
  const { gen } = cxt
  const ref = gen.scopeValue('keyword', { ref: check })
  const found = gen.const('found', _`${ref}(${N.this}, ${cxt.data})`)
  cxt.pass(_`${found}.length === 0`, () => {
    gen.assign(N.vErrors, _`${N.vErrors} === null ? ${found}.slice() : ${N.vErrors}.concat(${found})`)
    gen.assign(N.errors, _`${N.vErrors}.length`)
  })
}

// The keywords' metaSchemas, one object each: ajv compiles a metaSchema once per object, not per keyword.
const ARMY_KEY_META = { type: 'string', minLength: 1 }
const CONSTRAINTS_META = {
  type: 'object',
  required: ['army', 'rules'],
  additionalProperties: false,
  properties: { army: { type: 'string' }, rules: { type: 'array', items: { type: 'string' } } }
}

function addRuleKeywords(ajv: Ajv2020, lookup: ContextLookup): void {
  for (const def of RULE_KEYWORDS) {
    const { keyword } = def
    if ('check' in def) {
      const { check } = def
      ajv.addKeyword({
        keyword,
        schemaType: 'string',
        metaSchema: ARMY_KEY_META,
        code(cxt: KeywordCxt) {
          const ctx = lookup(cxt.schema as string)
          ruleCode(cxt, keywordCheck(keyword, `${cxt.it.errSchemaPath}/${keyword}`, ctx, check))
        }
      })
      continue
    }
    const { kind } = def
    ajv.addKeyword({
      keyword,
      schemaType: 'object',
      metaSchema: CONSTRAINTS_META,
      code(cxt: KeywordCxt) {
        const value = cxt.schema as { army: string; rules: string[] }
        const ctx = lookup(value.army)
        const checks = value.rules.map((id) => {
          const c = ctx.constraints.find((x) => x.id === id && x.kind === kind)
          if (!c) throw new Error(`${keyword}: no ${kind} constraint '${id}' for ${value.army}`)
          return compileConstraint(ctx, c)
        })
        // Each constraint's check was compiled with its army's context: the one passed here is not needed.
        const checkAll = (_ctx: ArmyContext, a: Analysis): Issue[] => {
          // A list made only when a constraint finds something: most checks find nothing.
          let found: Issue[] | undefined
          for (const check of checks) {
            const issues = check(a)
            if (issues.length) (found ??= []).push(...issues)
          }
          return found ?? NONE
        }
        ruleCode(cxt, keywordCheck(keyword, `${cxt.it.errSchemaPath}/${keyword}`, ctx, checkAll))
      }
    })
  }
}

/** The Ajvs the rule keywords are added to (once each: a keyword is an instance's, not a schema's). */
const withRuleKeywords = new WeakSet<Ajv2020>()

/**
 * Compiles the rules of one army into its engine's Ajv (schemas.ts createAjv, which has
 * `passContext`, so check() hands each keyword its run's analysis). The keywords find an army's
 * context through `lookup`, the engine's: an engine's Ajv is its own, and goes with it.
 */
export function compileRules(ajv: Ajv2020, ctx: ArmyContext, lookup: ContextLookup): ValidateFunction {
  return compileRuleSchema(ajv, rulesSchema(ctx), lookup)
}

/** Any schema of the rule keywords (an army's rules, or a part of them), its armies found through `lookup` (the first given to this Ajv). */
export function compileRuleSchema(ajv: Ajv2020, schema: AnySchemaObject, lookup: ContextLookup): ValidateFunction {
  if (!withRuleKeywords.has(ajv)) {
    addRuleKeywords(ajv, lookup)
    withRuleKeywords.add(ajv)
  }
  return compileOwnSchema(ajv, schema)
}

/** The rules of one (ruleset, army) as a JSON Schema: its keywords, each naming the army (and its constraints). */
export function rulesSchema(ctx: ArmyContext): AnySchemaObject {
  const allOf: AnySchemaObject[] = []
  for (const def of RULE_KEYWORDS) {
    if ('check' in def) {
      if (!def.applies || def.applies(ctx)) allOf.push({ [def.keyword]: ctx.key })
      continue
    }
    const ids = ctx.constraints.filter((c) => c.kind === def.kind).map((c) => c.id)
    if (ids.length) allOf.push({ [def.keyword]: { army: ctx.key, rules: ids } })
  }
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: `${COMPILED_BASE}${ctx.key}/rules.json`, allOf }
}

/** The Issues a rules validator reported, in its order. */
export function issuesOf(errors: ErrorObject[] | null | undefined): Issue[] {
  return (errors ?? []).map((e) => (e.params as { issue: Issue }).issue)
}
