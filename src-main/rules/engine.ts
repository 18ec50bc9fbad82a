// The one answer to "is this roster legal, what does it cost, what are its figures": loads the
// rulesets once (a user's data checked against the schemas; the app's own trusted, the tests check
// it), compiles one schema per (ruleset, army) on first use, and checks rosters.
// Start-up is kept light for `muster validate` of one file: the Ajv of the project's schemas is made
// only when something needs it (a user's data folder to check, a structure schema to compile), and a
// ruleset's structure schema comes ready-made from the build when the build made the same one
// (EngineOptions.precompiled, precompiled.ts).
import type { AnySchemaObject, ErrorObject, ValidateFunction } from 'ajv'
import type Ajv2020 from 'ajv/dist/2020'
import { amendmentStates } from './amendments'
import { analyse } from './analyse'
import { offerLabel } from './battle-cards'
import { rulesetStructureSchema, standaloneStructuralSchema } from './compile'
import { buildArmyContext, contextKey, type ArmyContext } from './context'
import { applyEdition } from './editions'
import { compileFigures, evaluateFigures, type CompiledFigures } from './figures'
import { loadRegistry, type LoadedRuleset, type Registry } from './registry'
import { compileRules, issuesOf, type RuleRun } from './keywords'
import { compileOwnSchema, createAjv, readSchema } from './schemas'
import type { PrecompiledStructures } from './precompiled'
import { formatYear, listWords } from './messages'
import { rosterOptions, type OptionsAnswer } from './options'
import type { Army, CardReport, Evaluation, Issue, Roster, UnitReport, Verdict } from './types'
import { makeIssue } from './issue'
import { rosterOnListInForce, type ListMove } from './roster-on-list'

/**
 * Errors that say something is still to be added (a minimum not reached, no general marked), not
 * that a rule is broken: the roster is unfinished rather than wrong, and the editor shows them as a
 * to-do list. They still make a roster not legal. (Unspent points are a warning, never an error.) A
 * warning of these codes (a customary minimum) is no to-do: it says what is usual, not what is missing.
 */
export const STILL_TO_ADD = new Set(['count-below-min', 'option-below-min', 'general-missing', 'battle-card-below-min', 'sub-faction-missing'])

interface CompiledArmy {
  ctx: ArmyContext
  structure: ValidateFunction
  /** The army's rule keywords (keywords.ts): call as `rules.call(run, roster)` with a RuleRun. */
  rules: ValidateFunction
  figures: CompiledFigures
}

export interface EngineOptions {
  /** User data folders laid over the bundled data/rulesets, in order. */
  dataDirs?: string[]
  /**
   * Structure validators compiled at build time (the CLI's, scripts/build-cli.mjs): used for a
   * ruleset only when its structure schema is exactly the one they were made from, else compiled.
   */
  precompiled?: PrecompiledStructures
}

export interface Engine {
  registry: Registry
  /** `units: false` leaves out the per-unit reports (a caller that prints only the verdict: `muster validate --json`). */
  check(roster: unknown, options?: { units?: boolean }): Verdict
  /** Parses JSON text first; a parse failure is an issue, not an exception. */
  checkText(text: string): Verdict
  structuralSchema(rulesetId: string, armyId: string): AnySchemaObject
  /** A ruleset, as one of its data editions has it when one is named; undefined for an unknown one. */
  ruleset(id: string, edition?: string): LoadedRuleset | undefined
  /** What can be added to a roster and why not (options.ts); nothing for an unknown ruleset or army. */
  options(roster: Roster): OptionsAnswer
  /** The verdict and the options from one check of the roster (what an edit in the editor needs). */
  evaluate(roster: unknown): Evaluation
  /** What the engine knows of one army, built once (options, battle-card offers); throws for unknown ids. */
  armyContext(rulesetId: string, armyId: string): ArmyContext
}

const schemaIssue = (code: string, path: string, message: string): Issue => ({ code, severity: 'error', path, rule: 'roster-schema', message })

export function createEngine(options: EngineOptions = {}): Engine {
  // The engine's one Ajv (the project's schemas, this engine's structure and rules schemas), made
  // only when something needs it (a user's data folder, a schema to compile). Its own, not the
  // process's: an Ajv keeps every validator it compiled, so an engine replaced (new data in force)
  // must take its compiled schemas with it.
  let ajv: Ajv2020 | undefined
  const projectSchemas = (): Ajv2020 => (ajv ??= createAjv())
  const registry = loadRegistry(projectSchemas, options.dataDirs ?? [])
  // The very object the Ajv registers as roster.schema.json when it first needs the project's schemas (createAjv adds readSchemas()' objects).
  const rosterSchema = readSchema('roster.schema.json') as AnySchemaObject
  const contexts = new Map<string, ArmyContext>()

  const contextByKey = (key: string): ArmyContext => {
    const ctx = contexts.get(key)
    if (!ctx) throw new Error(`no army context ${key}`)
    return ctx
  }

  function contextFor(loaded: LoadedRuleset, armyId: string): ArmyContext {
    const key = contextKey(loaded, armyId)
    let ctx = contexts.get(key)
    if (!ctx) {
      ctx = buildArmyContext(loaded, loaded.armies.get(armyId)!)
      contexts.set(key, ctx)
    }
    return ctx
  }

  /** A ruleset as one of its editions has it, made once; undefined for an edition it does not have. */
  const editioned = new Map<string, LoadedRuleset>()
  function rulesetAs(rulesetId: string, editionId?: string): LoadedRuleset | undefined {
    const loaded = registry.rulesets.get(rulesetId)
    if (!loaded || editionId === undefined) return loaded
    const key = `${rulesetId}@${editionId}`
    let applied = editioned.get(key)
    if (!applied) {
      const edition = loaded.editions.get(editionId)
      if (!edition) return undefined
      applied = applyEdition(loaded, edition)
      editioned.set(key, applied)
    }
    return applied
  }

  const structures = new Map<string, ValidateFunction>()
  function structureFor(loaded: LoadedRuleset): ValidateFunction {
    // An edition changes costs and stats, not what a roster may hold: one structure per ruleset.
    let v = structures.get(loaded.ruleset.id)
    if (!v) {
      const schema = rulesetStructureSchema(rosterSchema, loaded)
      v = options.precompiled?.(loaded.ruleset.id, schema) ?? compileOwnSchema(projectSchemas(), schema)
      structures.set(loaded.ruleset.id, v)
    }
    return v
  }

  // Found by the ruleset (as an edition has it) and the army id, without making the context's key
  // string on every check.
  const compiledByRuleset = new WeakMap<LoadedRuleset, Map<string, CompiledArmy>>()
  function compiledFor(loaded: LoadedRuleset, armyId: string): CompiledArmy {
    let armies = compiledByRuleset.get(loaded)
    if (!armies) compiledByRuleset.set(loaded, (armies = new Map()))
    let c = armies.get(armyId)
    if (!c) {
      const ctx = contextFor(loaded, armyId)
      c = {
        ctx,
        structure: structureFor(loaded),
        rules: compileRules(projectSchemas(), ctx, contextByKey),
        figures: compileFigures(ctx, loaded.ruleset)
      }
      armies.set(armyId, c)
    }
    return c
  }

  const check = (roster: unknown, options?: { units?: boolean }): Verdict => checkRoster(roster, true, options?.units !== false)
  /**
   * The options pass tries many rosters and reads only their issues, points and costs: its checks
   * leave the derived figures out (`withFigures` false: only `points`, and no per-unit figures).
   */
  const checkForOptions = (roster: Roster): Verdict => checkRoster(roster, false, true)

  function checkRoster(roster: unknown, withFigures: boolean, withUnits: boolean): Verdict {
    const empty = (issues: Issue[], limit: number | null = null): Verdict => ({ valid: false, points: 0, limit, figures: { points: 0 }, issues })
    if (typeof roster !== 'object' || roster === null || Array.isArray(roster)) {
      return empty([
        schemaIssue(
          'invalid-roster',
          '',
          `A roster must be a JSON object, not ${Array.isArray(roster) ? 'an array' : roster === null ? 'null' : typeof roster}.`
        )
      ])
    }
    const r = roster as Partial<Roster>
    const known = (): string[] => [...registry.rulesets.keys()]
    if (typeof r.ruleset !== 'string') {
      return empty([
        schemaIssue(r.ruleset === undefined ? 'missing-field' : 'invalid-value', '/ruleset', `The roster must name its ruleset: ${listWords(known())}.`)
      ])
    }
    const loaded = registry.rulesets.get(r.ruleset)
    if (!loaded) return empty([schemaIssue('unknown-ruleset', '/ruleset', `Unknown ruleset '${r.ruleset}'; Muster knows ${listWords(known())}.`)])
    // Saved on a list a Meshwesh catalogue's list of the same number now supersedes: checked as that list, said once (roster-on-list.ts).
    const onList = rosterOnListInForce(loaded, roster)
    if (onList.move) {
      const v = checkRoster(onList.roster, withFigures, withUnits)
      return { ...v, issues: [movedIssue(onList.move), ...v.issues] }
    }
    const army = typeof r.army === 'string' ? loaded.armies.get(r.army) : undefined
    if (typeof r.army !== 'string' || !army) {
      const some = [...loaded.armies.keys()].slice(0, 8)
      const message =
        typeof r.army !== 'string'
          ? `The roster must name its army (an army id of ${loaded.ruleset.name}, e.g. ${listWords(some)}).`
          : `Unknown army '${r.army}' for ${loaded.ruleset.name}; armies include ${listWords(some)} (see \`muster rulesets\`).`
      return empty([schemaIssue(typeof r.army !== 'string' ? 'missing-field' : 'unknown-army', '/army', message)], loaded.ruleset.defaultPointsLimit)
    }
    let as = loaded
    if (r.edition !== undefined) {
      const editions = [...loaded.editions.keys()]
      const found = typeof r.edition === 'string' ? rulesetAs(loaded.ruleset.id, r.edition) : undefined
      if (!found) {
        // Checked under the ruleset's own values, so the player still sees the points and every other issue.
        const message = `${loaded.ruleset.name} has no data edition '${String(r.edition)}'${editions.length ? `; its editions are ${listWords(editions, 'and')}` : ''}: checked under its own values.`
        const { edition: _unknown, ...rest } = r
        const v = checkRoster(rest, withFigures, withUnits)
        return { ...v, valid: false, issues: [schemaIssue('unknown-edition', '/edition', `${message} Choose one of them, or leave it out.`), ...v.issues] }
      }
      as = found
    }
    const c = compiledFor(as, r.army)
    // One analysis per check: the points and figures come from it, and the rule keywords read it.
    const a = analyse(c.ctx, roster as Roster)
    const issues: Issue[] = []
    // Rule keywords run only on a well-formed roster, so issues never cascade from malformed input.
    if (!c.structure(roster)) for (const i of structuralIssues(c.structure.errors, r, loaded)) issues.push(i)
    else {
      const run: RuleRun = { analysis: a }
      if (!c.rules.call(run, a.roster))
        for (const i of issuesOf(c.rules.errors)) issues.push(STILL_TO_ADD.has(i.code) && i.severity === 'error' ? { ...i, todo: true } : i)
      issues.push(...a.notices)
    }
    const withdrawn = withdrawnIssue(army)
    if (withdrawn) issues.push(withdrawn)
    const { figures, unitFigures } = withFigures ? evaluateFigures(c.ctx, c.figures, a, withUnits) : { figures: { points: a.points }, unitFigures: [] }
    const units: UnitReport[] | undefined = !withUnits
      ? undefined
      : a.units.map((u) => {
          const figures = unitFigures[u.index] ?? NO_UNIT_FIGURES
          const costEach = u.costEach ?? 0
          // Made whole, each in one of two shapes: a property added after makes V8 change the object's shape.
          if (!u.option) return { index: u.index, troop: u.troop.id, troopName: u.troop.name, count: u.count, cost: u.cost, costEach, figures }
          const report: UnitReport = {
            index: u.index,
            troop: u.troop.id,
            troopName: u.troop.name,
            count: u.count,
            cost: u.cost,
            costEach,
            figures,
            option: u.option.key,
            optionName: u.option.label
          }
          if (u.option.ally) report.ally = u.option.ally.id
          if (u.option.option.battleLine) report.battleLine = u.option.option.battleLine
          return report
        })
    const cards: CardReport[] = a.cards.map((c) => {
      const report: CardReport = { index: c.index, code: c.raw.card, name: c.card?.def.name ?? c.raw.card, count: c.count, cost: c.cost }
      if (c.offer?.option) {
        report.option = c.offer.option.key
        report.optionName = offerLabel(c.offer)
      }
      return report
    })
    const verdict = {
      valid: !issues.some((i) => i.severity === 'error'),
      points: a.points,
      limit: a.limit,
      figures,
      issues,
      ruleset: loaded.ruleset.id,
      army: r.army,
      dataVersion: loaded.ruleset.dataVersion
    } as Verdict
    // Set only when there is something to say (written so: a spread of a maybe-empty object costs V8 more than the whole verdict).
    if (as.edition) verdict.edition = as.edition
    if (a.subFaction !== undefined) {
      verdict.subFaction = { id: a.subFaction, name: c.ctx.army.subFactions?.find((s) => s.id === a.subFaction)?.name ?? a.subFaction }
    }
    // The optional amendments the army may play, for the editor's toggles and `muster info` (not asked by the options pass).
    const amendments = withFigures ? amendmentStates(c.ctx, a) : undefined
    if (amendments) verdict.amendments = amendments
    if (units) verdict.units = units
    if (cards.length) verdict.cards = cards
    return verdict
  }

  function checkText(text: string): Verdict {
    let data: unknown
    try {
      data = JSON.parse(text)
    } catch (e) {
      return {
        valid: false,
        points: 0,
        limit: null,
        figures: { points: 0 },
        issues: [schemaIssue('invalid-json', '', `Not valid JSON: ${(e as Error).message}`)]
      }
    }
    return check(data)
  }

  function evaluate(roster: unknown): Evaluation {
    const verdict = check(roster)
    // A roster whose ruleset or army is unknown has nothing to offer (its verdict says why).
    if (!verdict.ruleset || !verdict.army) return { verdict, options: { available: [], unavailable: [], contingents: [], leftOut: [], cards: [] } }
    // What can be added, at the costs of the roster's data edition, to the roster as the list in force reads it.
    const ctx = contextFor(rulesetAs(verdict.ruleset, verdict.edition?.id) ?? registry.rulesets.get(verdict.ruleset)!, verdict.army)
    const onList = rosterOnListInForce(registry.rulesets.get(verdict.ruleset)!, roster as Roster).roster
    return { verdict, options: rosterOptions(ctx, onList, verdict, checkForOptions) }
  }

  return {
    registry,
    check,
    checkText,
    options: (roster) => evaluate(roster).options,
    evaluate,
    ruleset: rulesetAs,
    armyContext(rulesetId, armyId) {
      const loaded = registry.rulesets.get(rulesetId)
      if (!loaded) throw new Error(`unknown ruleset '${rulesetId}'`)
      if (!loaded.armies.has(armyId)) throw new Error(`unknown army '${armyId}' for ${rulesetId}`)
      return contextFor(loaded, loaded.armies.canonical(armyId))
    },
    structuralSchema(rulesetId, armyId) {
      const loaded = registry.rulesets.get(rulesetId)
      if (!loaded) throw new Error(`unknown ruleset '${rulesetId}'`)
      if (!loaded.armies.has(armyId)) throw new Error(`unknown army '${armyId}' for ${rulesetId}`)
      return standaloneStructuralSchema(rosterSchema, contextFor(loaded, loaded.armies.canonical(armyId)))
    }
  }
}

/** The figures of a unit its ruleset gives none (one object, never written to). */
/** What a roster saved on a superseded list is told (a warning: the roster is checked, as the list in force). */
const movedIssue = (move: ListMove): Issue => makeIssue('army-list-superseded', '/army', 'army-source', move.message, 'warning')

const NO_UNIT_FIGURES: Record<string, number> = Object.freeze({}) as Record<string, number>

function describeWhere(path: string, roster: Partial<Roster>, loaded: LoadedRuleset): string {
  const card = /^\/battleCards\/(\d+)/.exec(path)
  if (card) return `Battle card ${Number(card[1]) + 1}`
  const m = /^\/units\/(\d+)/.exec(path)
  if (!m) return 'The roster'
  const index = Number(m[1])
  const unit = Array.isArray(roster.units) ? (roster.units[index] as { troop?: unknown } | undefined) : undefined
  const troop = typeof unit?.troop === 'string' ? loaded.troops.get(unit.troop) : undefined
  return `Unit ${index + 1}${troop ? ` (${troop.name})` : ''}`
}

function structuralIssues(errors: ErrorObject[] | null | undefined, roster: Partial<Roster>, loaded: LoadedRuleset): Issue[] {
  const out: Issue[] = []
  const seen = new Set<string>()
  const push = (issue: Issue) => {
    const key = `${issue.code} ${issue.path}`
    if (!seen.has(key)) {
      seen.add(key)
      out.push(issue)
    }
  }
  const costUnit = loaded.ruleset.costUnit
  for (const e of errors ?? []) {
    const where = describeWhere(e.instancePath, roster, loaded)
    const field = e.instancePath.split('/').pop() ?? ''
    const params = e.params as Record<string, unknown>
    if (e.keyword === 'required') {
      const prop = String(params.missingProperty)
      push(schemaIssue('missing-field', `${e.instancePath}/${prop}`, `${where} is missing '${prop}'.`))
    } else if (e.keyword === 'additionalProperties') {
      const prop = String(params.additionalProperty)
      const isUnit = /^\/units\/\d+$/.test(e.instancePath)
      const troop = isUnit ? loaded.troops.get(String((roster.units as Array<{ troop?: string }>)[Number(field)]?.troop)) : undefined
      const takes = troop ? ` ${troop.plural ?? troop.name} take: ${Object.keys(troop.attributes ?? {}).join(', ') || 'no attributes'}.` : ''
      const noCards = prop === 'battleCards' && e.instancePath === '' ? ` ${loaded.ruleset.name} has no battle cards.` : ''
      push(schemaIssue('unknown-field', `${e.instancePath}/${prop}`, `${where} has an unknown ${isUnit ? 'attribute' : 'field'} '${prop}'.${takes}${noCards}`))
    } else if (e.keyword === 'discriminator') {
      const value = params.tagValue
      if (params.error === 'mapping' && typeof value === 'string') {
        push(
          schemaIssue(
            'unknown-troop',
            `${e.instancePath}/troop`,
            `${where}: '${value}' is not a troop type of ${loaded.ruleset.name}; known types: ${[...loaded.troops.keys()].join(', ')}.`
          )
        )
      } else {
        push(schemaIssue('invalid-value', `${e.instancePath}/troop`, `${where}: 'troop' must be a troop-type id (text).`))
      }
    } else if (field === 'count' && /^\/units\/\d+\/count$/.test(e.instancePath)) {
      const value = (roster.units as Array<{ count?: unknown }>)[Number(e.instancePath.split('/')[2])]?.count
      push(schemaIssue('invalid-count', e.instancePath, `${where}: count must be a whole number of ${costUnit}s, at least 1; got ${JSON.stringify(value)}.`))
    } else if ((e.keyword === 'maxLength' || e.keyword === 'maxItems') && typeof params.limit === 'number') {
      push(tooLong(e.instancePath, e.keyword, params.limit, roster, where))
    } else if (e.keyword === 'enum') {
      const allowed = (params.allowedValues as unknown[]).map(String)
      push(schemaIssue('invalid-value', e.instancePath, `${where}: '${field}' must be ${listWords(allowed)}.`))
    } else if (e.keyword === 'const') {
      push(schemaIssue('invalid-value', e.instancePath, `${where}: '${field}' must be ${JSON.stringify(params.allowedValue)}.`))
    } else {
      push(schemaIssue(e.instancePath === '' ? 'invalid-roster' : 'invalid-value', e.instancePath, `${where}: ${fieldWords(field)} ${schemaWords(e, field)}.`))
    }
  }
  return out
}

/** A roster field as players call it. */
const FIELD_WORDS: Record<string, string> = {
  year: 'the year',
  pointsLimit: 'the points limit',
  name: 'the name',
  notes: 'the notes',
  player: "the player's name",
  version: 'the format version',
  edition: 'the data edition',
  subFaction: 'the part of the list'
}
const fieldWords = (field: string) => FIELD_WORDS[field] ?? (field ? `'${field}'` : 'the roster')

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields (an object)',
  null: 'empty'
}

/** What a schema keyword asks, in players' words ("must be 2000 AD or earlier", not "must be <= 2000"). */
function schemaWords(e: ErrorObject, field: string): string {
  const p = e.params as Record<string, unknown>
  const limit = typeof p.limit === 'number' ? p.limit : undefined
  const shown = (n: number) => (field === 'year' ? formatYear(n) : number(n))
  switch (e.keyword) {
    case 'maximum':
      return `must be ${shown(limit!)} or ${field === 'year' ? 'earlier' : 'less'}`
    case 'minimum':
      return `must be ${shown(limit!)} or ${field === 'year' ? 'later' : 'more'}`
    case 'exclusiveMaximum':
      return `must be less than ${shown(limit!)}`
    case 'exclusiveMinimum':
      return `must be more than ${shown(limit!)}`
    case 'type': {
      const types = (Array.isArray(p.type) ? p.type : String(p.type).split(',')).map((t) => TYPE_WORDS[String(t)] ?? String(t))
      return `must be ${listWords(types)}`
    }
    case 'multipleOf':
      return `must be a multiple of ${number(Number(p.multipleOf))}`
    case 'minLength':
      return 'must not be empty'
    case 'minItems':
      return `must have at least ${number(limit ?? 1)}`
    case 'pattern':
    case 'format':
      return 'is not written the way Muster reads it'
    default:
      return 'is not valid'
  }
}

const number = (n: number) => n.toLocaleString('en-GB')

/** The value at a JSON Pointer of the roster (undefined where there is none). */
function valueAt(roster: unknown, path: string): unknown {
  return path
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (v, k) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[k.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
      roster
    )
}

/**
 * A text or list past the roster format's length limit (docs/adr/0017-length-limits.md), in players'
 * words: how long it is, the most it may be, and what to do. A roster saved by an earlier Muster may
 * be (the library keeps it whole: rules/stored-roster.ts); the editor cuts a name or notes to the
 * limit from the issue list (`limit`).
 */
function tooLong(path: string, keyword: 'maxLength' | 'maxItems', limit: number, roster: Partial<Roster>, where: string): Issue {
  const value = valueAt(roster, path)
  const field = path.split('/').pop() ?? ''
  const holder = /^\/units\/\d+$/.test(path.replace(/\/[^/]*$/, ''))
    ? 'a unit'
    : /^\/battleCards\/\d+$/.test(path.replace(/\/[^/]*$/, ''))
      ? 'a battle card'
      : 'a roster'
  const owner = where === 'The roster' ? "The roster's" : `${where}'s`
  if (keyword === 'maxItems') {
    const count = Array.isArray(value) ? value.length : limit + 1
    const what = field === 'battleCards' ? 'battle-card entries' : field === 'units' ? 'units' : `'${field}' entries`
    const fix =
      field === 'units'
        ? 'remove some (or join units of the same troops: a unit’s count may be many figures or stands)'
        : field === 'battleCards'
          ? 'remove some (a card’s count says how many)'
          : 'remove some'
    return { ...schemaIssue('too-many', path, `${where} has ${number(count)} ${what}; the most a roster may hold is ${number(limit)}: ${fix}.`), limit }
  }
  const length = typeof value === 'string' ? [...value].length : limit + 1
  const plural = field === 'notes'
  const label = field === 'notes' || field === 'name' ? field : field === 'player' ? "player's name" : `'${field}'`
  const shown = field === 'player' ? `The player's name` : `${owner} ${label}`
  return {
    ...schemaIssue(
      'too-long',
      path,
      `${shown} ${plural ? 'are' : 'is'} ${number(length)} characters; ${plural ? `the most ${holder} may hold is` : 'the most it may be is'} ${number(limit)}: shorten ${plural ? 'them' : 'it'}.`
    ),
    limit
  }
}

/**
 * A list its online source no longer publishes (services/meshwesh: `source.removed`) still checks,
 * from the last copy fetched; the player is told, since the list may have been withdrawn for a reason.
 */
function withdrawnIssue(army: Army): Issue | undefined {
  const removed = army.source?.removed
  if (removed === undefined) return undefined
  const origin = army.source?.origin ?? 'its source'
  return makeIssue(
    'army-withdrawn',
    '/army',
    'army-source',
    `${origin} no longer publishes ${army.name} (gone since ${removed}): checked from the copy last fetched.`,
    'warning'
  )
}
