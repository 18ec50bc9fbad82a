// The one answer to "is this roster legal, what does it cost, what are its figures": loads the
// rulesets once (a user's data checked against the schemas; the app's own trusted, the tests check
// it), compiles one schema per (ruleset, army) on first use (compiled-armies.ts), and checks rosters
// (check-roster.ts).
import type { AnySchemaObject } from 'ajv'
import { checkRoster } from './check-roster'
import { standaloneStructuralSchema } from './compile'
import { CompiledArmies } from './compiled-armies'
import type { ArmyContext } from './context'
import { rosterOptions, type OptionsAnswer } from './options'
import type { PrecompiledStructures, ProjectValidators } from './precompiled'
import type { LoadedRuleset, Registry } from './registry'
import { rosterOnListInForce } from './roster-on-list'
import { schemaIssue } from './structural-issues'
import type { Evaluation, Roster, Verdict } from './types'

export interface EngineOptions {
  /** User data folders laid over the bundled data/rulesets, in order. */
  dataDirs?: string[]
  /**
   * Structure validators compiled at build time (the CLI's, scripts/build-cli.mjs): used for a
   * ruleset only when its structure schema is exactly the one they were made from, else compiled.
   */
  precompiled?: PrecompiledStructures
  /**
   * The checked army cache's file (rules/checked-cache.ts): a user's army files whose bytes an earlier
   * start checked are read when first asked for instead of checked at every start. None: all checked.
   */
  checkedArmies?: string
  /**
   * The project schemas' validators (the CLI's, compiled at build time: rules/precompiled.ts) for
   * what is read beside a roster, such as a ruleset's reference data; none: the project Ajv's.
   */
  validators?: ProjectValidators
}

export interface Engine {
  registry: Registry
  /** The project schemas' validators it was made with (EngineOptions.validators), if any. */
  validators?: ProjectValidators
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

export function createEngine(options: EngineOptions = {}): Engine {
  const armies = new CompiledArmies(options.dataDirs ?? [], options.precompiled, options.checkedArmies)
  const check = (roster: unknown, opts?: { units?: boolean }): Verdict => checkRoster(armies, roster, true, opts?.units !== false)
  const evaluate = (roster: unknown): Evaluation => evaluateRoster(armies, roster)
  return {
    registry: armies.registry,
    validators: options.validators,
    check,
    checkText: (text) => checkText(armies, text),
    options: (roster) => evaluate(roster).options,
    evaluate,
    ruleset: (id, edition) => armies.rulesetAs(id, edition),
    armyContext: (rulesetId, armyId) => armies.knownArmyContext(rulesetId, armyId),
    structuralSchema: (rulesetId, armyId) => standaloneStructuralSchema(armies.rosterSchema, armies.knownArmyContext(rulesetId, armyId))
  }
}

function checkText(armies: CompiledArmies, text: string): Verdict {
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
  return checkRoster(armies, data, true, true)
}

function evaluateRoster(armies: CompiledArmies, roster: unknown): Evaluation {
  const verdict = checkRoster(armies, roster, true, true)
  // A roster whose ruleset or army is unknown has nothing to offer (its verdict says why).
  if (!verdict.ruleset || !verdict.army) return { verdict, options: { available: [], unavailable: [], contingents: [], leftOut: [], cards: [] } }
  // What can be added, at the costs of the roster's data edition, to the roster as the list in force reads it.
  const { registry } = armies
  const ctx = armies.contextFor(armies.rulesetAs(verdict.ruleset, verdict.edition?.id) ?? registry.rulesets.get(verdict.ruleset)!, verdict.army)
  const onList = rosterOnListInForce(registry.rulesets.get(verdict.ruleset)!, roster as Roster).roster
  // The options pass tries many rosters and reads only their issues, points and costs: its checks leave the derived figures out.
  return { verdict, options: rosterOptions(ctx, onList, verdict, (tried) => checkRoster(armies, tried, false, true)) }
}
