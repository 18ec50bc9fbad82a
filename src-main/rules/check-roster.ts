// One check of a roster: finds its ruleset, army and data edition (saying so when it names none it
// knows), then judges it with the army's compiled validators: its form, its rules, its points and
// figures, and what each unit and battle card cost. The hot path of `check()`: written to make few
// objects, each whole in one shape.
import { amendmentStates } from './amendments'
import { analyse, type Analysis } from './analyse'
import { offerLabel } from './battle-cards'
import type { CompiledArmies, CompiledArmy } from './compiled-armies'
import { evaluateFigures } from './figures'
import { makeIssue } from './issue'
import { issuesOf, type RuleRun } from './keywords'
import { listWords } from './messages'
import type { LoadedRuleset, Registry } from './registry'
import { rosterOnListInForce, type ListMove } from './roster-on-list'
import { schemaIssue, structuralIssues } from './structural-issues'
import type { Army, CardReport, Issue, Roster, UnitReport, Verdict } from './types'

/**
 * Errors that say something is still to be added (a minimum not reached, no general marked), not
 * that a rule is broken: the roster is unfinished rather than wrong, and the editor shows them as a
 * to-do list. They still make a roster not legal. (Unspent points are a warning, never an error.) A
 * warning of these codes (a customary minimum) is no to-do: it says what is usual, not what is missing.
 */
export const STILL_TO_ADD = new Set(['count-below-min', 'option-below-min', 'general-missing', 'battle-card-below-min', 'sub-faction-missing'])

/**
 * The verdict on a roster. `withFigures` false (the options pass, which tries many rosters and reads
 * only their issues, points and costs): only `points`, no per-unit figures and no amendments.
 * `withUnits` false: no per-unit reports (`muster validate --json`).
 */
export function checkRoster(armies: CompiledArmies, roster: unknown, withFigures: boolean, withUnits: boolean): Verdict {
  if (typeof roster !== 'object' || roster === null || Array.isArray(roster)) return refused([notAnObject(roster)])
  const r = roster as Partial<Roster>
  const { registry } = armies
  if (typeof r.ruleset !== 'string') return refused([noRuleset(registry, r.ruleset)])
  const loaded = registry.rulesets.get(r.ruleset)
  if (!loaded) return refused([unknownRuleset(registry, r.ruleset)])
  // Saved on a list a Meshwesh catalogue's list of the same number now supersedes: checked as that list, said once (roster-on-list.ts).
  const onList = rosterOnListInForce(loaded, roster)
  if (onList.move) {
    const v = checkRoster(armies, onList.roster, withFigures, withUnits)
    return { ...v, issues: [movedIssue(onList.move), ...v.issues] }
  }
  const army = typeof r.army === 'string' ? loaded.armies.get(r.army) : undefined
  if (!army) return refused([unknownArmy(loaded, r.army)], loaded.ruleset.defaultPointsLimit)
  let as = loaded
  if (r.edition !== undefined) {
    const found = typeof r.edition === 'string' ? armies.rulesetAs(loaded.ruleset.id, r.edition) : undefined
    if (!found) {
      // Checked under the ruleset's own values, so the player still sees the points and every other issue.
      const { edition: _unknown, ...rest } = r
      const v = checkRoster(armies, rest, withFigures, withUnits)
      return { ...v, valid: false, issues: [unknownEdition(loaded, r.edition), ...v.issues] }
    }
    as = found
  }
  return judge(armies.compiledFor(as, r.army!), roster as Roster, loaded, as, army, withFigures, withUnits)
}

/** A roster Muster cannot check: not legal, nothing counted. */
const refused = (issues: Issue[], limit: number | null = null): Verdict => ({ valid: false, points: 0, limit, figures: { points: 0 }, issues })

const notAnObject = (roster: unknown): Issue =>
  schemaIssue('invalid-roster', '', `A roster must be a JSON object, not ${Array.isArray(roster) ? 'an array' : roster === null ? 'null' : typeof roster}.`)

const knownRulesets = (registry: Registry): string[] => [...registry.rulesets.keys()]

const noRuleset = (registry: Registry, given: unknown): Issue =>
  schemaIssue(given === undefined ? 'missing-field' : 'invalid-value', '/ruleset', `The roster must name its ruleset: ${listWords(knownRulesets(registry))}.`)

const unknownRuleset = (registry: Registry, given: string): Issue =>
  schemaIssue('unknown-ruleset', '/ruleset', `Unknown ruleset '${given}'; Muster knows ${listWords(knownRulesets(registry))}.`)

function unknownArmy(loaded: LoadedRuleset, given: unknown): Issue {
  const some = [...loaded.armies.keys()].slice(0, 8)
  if (typeof given !== 'string') {
    return schemaIssue('missing-field', '/army', `The roster must name its army (an army id of ${loaded.ruleset.name}, e.g. ${listWords(some)}).`)
  }
  return schemaIssue(
    'unknown-army',
    '/army',
    `Unknown army '${given}' for ${loaded.ruleset.name}; armies include ${listWords(some)} (see \`muster rulesets\`).`
  )
}

function unknownEdition(loaded: LoadedRuleset, given: unknown): Issue {
  const editions = [...loaded.editions.keys()]
  const message = `${loaded.ruleset.name} has no data edition '${String(given)}'${editions.length ? `; its editions are ${listWords(editions, 'and')}` : ''}: checked under its own values.`
  return schemaIssue('unknown-edition', '/edition', `${message} Choose one of them, or leave it out.`)
}

/** What a roster saved on a superseded list is told (a warning: the roster is checked, as the list in force). */
const movedIssue = (move: ListMove): Issue => makeIssue('army-list-superseded', '/army', 'army-source', move.message, 'warning')

/** The verdict on a roster of a known army, as the ruleset `as` (an edition of `loaded`, or itself) has it. */
function judge(c: CompiledArmy, roster: Roster, loaded: LoadedRuleset, as: LoadedRuleset, army: Army, withFigures: boolean, withUnits: boolean): Verdict {
  // One analysis per check: the points and figures come from it, and the rule keywords read it.
  const a = analyse(c.ctx, roster)
  const issues = rosterIssues(c, a, roster, loaded, army)
  const { figures, unitFigures } = withFigures ? evaluateFigures(c.ctx, c.figures, a, withUnits) : { figures: { points: a.points }, unitFigures: [] }
  const units = withUnits ? unitReports(a, unitFigures) : undefined
  const cards = cardReports(a)
  const verdict = {
    valid: !issues.some((i) => i.severity === 'error'),
    points: a.points,
    limit: a.limit,
    figures,
    issues,
    ruleset: loaded.ruleset.id,
    army: roster.army,
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

/** The roster's issues: its form's, else its rules' (so issues never cascade from malformed input), and its list's source's. */
function rosterIssues(c: CompiledArmy, a: Analysis, roster: Roster, loaded: LoadedRuleset, army: Army): Issue[] {
  const issues: Issue[] = []
  if (!c.structure(roster)) for (const i of structuralIssues(c.structure.errors, roster, loaded)) issues.push(i)
  else {
    const run: RuleRun = { analysis: a }
    if (!c.rules.call(run, a.roster))
      for (const i of issuesOf(c.rules.errors)) issues.push(STILL_TO_ADD.has(i.code) && i.severity === 'error' ? { ...i, todo: true } : i)
    issues.push(...a.notices)
  }
  const withdrawn = withdrawnIssue(army)
  if (withdrawn) issues.push(withdrawn)
  return issues
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

/** The figures of a unit its ruleset gives none (one object, never written to). */
const NO_UNIT_FIGURES: Record<string, number> = Object.freeze({}) as Record<string, number>

/** What each unit is and costs, with its figures. */
function unitReports(a: Analysis, unitFigures: Array<Record<string, number> | undefined>): UnitReport[] {
  return a.units.map((u) => {
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
}

/** What each battle card is and costs, with the option it was taken for. */
function cardReports(a: Analysis): CardReport[] {
  return a.cards.map((c) => {
    const report: CardReport = { index: c.index, code: c.raw.card, name: c.card?.def.name ?? c.raw.card, count: c.count, cost: c.cost }
    if (c.offer?.option) {
      report.option = c.offer.option.key
      report.optionName = offerLabel(c.offer)
    }
    return report
  })
}
