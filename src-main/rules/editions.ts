// Data editions (docs/adr/0014-data-editions.md): a ruleset's values as another printing or list site
// has them, stored as the differences from the ruleset's own data (schemas/edition.schema.json). An
// edition changes exactly the values it names: a troop's cost or stats, a card's cost formula, the
// army size. Everything else (armies, rules, labels) is the ruleset's own.
import { formulaProblem } from './formula'
import type { Edition, Ruleset, TroopType } from './types'

/** A ruleset with its troops by id: what an edition is checked against and applied to. */
interface WithTroops {
  ruleset: Ruleset
  troops: Map<string, TroopType>
}

/**
 * What is wrong with an edition of this ruleset (ids it names that the ruleset lacks, card formulas
 * that do not compile unless `formulas` is false), as data-file problems.
 */
export function editionProblems(loaded: WithTroops, edition: Edition, options: { formulas?: boolean } = {}): string[] {
  const { ruleset } = loaded
  const problems: string[] = []
  if (edition.ruleset !== ruleset.id) problems.push(`/ruleset: the edition is of '${edition.ruleset}', not '${ruleset.id}'`)
  for (const [id, change] of Object.entries(edition.troopTypes ?? {})) {
    const troop = loaded.troops.get(id)
    if (!troop) {
      problems.push(`/troopTypes/${id}: no troop type '${id}' in ${ruleset.id}`)
      continue
    }
    if (typeof change.cost === 'object')
      for (const attr of change.cost.by) if (!troop.attributes?.[attr]) problems.push(`/troopTypes/${id}/cost/by: '${attr}' is not an attribute of ${id}`)
    for (const stat of Object.keys(change.stats ?? {}))
      if (!ruleset.stats[stat]) problems.push(`/troopTypes/${id}/stats/${stat}: stat not defined in the ruleset's 'stats'`)
  }
  for (const [code, change] of Object.entries(edition.battleCards ?? {})) {
    if (!ruleset.battleCards?.some((c) => c.code === code)) problems.push(`/battleCards/${code}: no battle card '${code}' in ${ruleset.id}`)
    const problem = options.formulas === false ? null : formulaProblem(change.cost)
    if (problem) problems.push(`/battleCards/${code}/cost: the formula does not compile (${problem})`)
  }
  return problems
}

/** The ruleset as the edition has it: a new ruleset object (the base is never changed), sharing its armies. */
export function applyEdition<T extends WithTroops>(loaded: T, edition: Edition): T & { edition: { id: string; name: string } } {
  const base = loaded.ruleset
  const ruleset: Ruleset = {
    ...base,
    troopTypes: base.troopTypes.map((t) => {
      const change = edition.troopTypes?.[t.id]
      if (!change) return t
      const stats = { ...(t.stats ?? {}) }
      for (const [stat, value] of Object.entries(change.stats ?? {})) {
        if (value === null) delete stats[stat]
        else stats[stat] = value
      }
      return { ...t, ...(change.cost !== undefined ? { cost: change.cost } : {}), ...(change.stats ? { stats } : {}) }
    }),
    ...(base.battleCards
      ? { battleCards: base.battleCards.map((c) => (edition.battleCards?.[c.code] ? { ...c, cost: edition.battleCards[c.code].cost } : c)) }
      : {}),
    ...(edition.defaultPointsLimit !== undefined ? { defaultPointsLimit: edition.defaultPointsLimit } : {})
  }
  return { ...loaded, ruleset, troops: new Map(ruleset.troopTypes.map((t) => [t.id, t])), edition: { id: edition.id, name: edition.name } }
}
