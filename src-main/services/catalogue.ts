// The catalogue: which rulesets and armies the data in force holds. One listing behind the app's
// ruleset list (IPC listRulesets) and `muster rulesets`, so both name the same armies the same way.
import type { Engine, LoadedRuleset, Ruleset } from '../rules'
import { armySummary, type ArmySummary } from '../rules/army-summary'

export interface RulesetSummary {
  id: string
  name: string
  /** The name where space is short (library column, editor bar). */
  shortName: string
  dataVersion: string
  costUnit: 'figure' | 'stand' | 'unit'
  defaultPointsLimit: number | null
  /** Labels of the derived figures a verdict reports, in display order. */
  figures: Array<{ id: string; label: string }>
  /** Its data editions (another printing's values), by name. */
  editions: Array<{ id: string; name: string }>
  armies: ArmySummary[]
}

/** What `muster rulesets --json` prints of a ruleset: its armies in the data's order, and the costs.json that priced it. */
export interface RulesetListing {
  id: string
  name: string
  dataVersion: string
  costUnit: 'figure' | 'stand' | 'unit'
  defaultPointsLimit: number | null
  costTable?: string
  armies: ArmySummary[]
}

/** Every army of a ruleset as a list shows it, in the data's order. */
function armiesOf({ armies, fromUserData }: LoadedRuleset): ArmySummary[] {
  return [...armies.values()].map((a) => armySummary(a, fromUserData.has(a.id), (id) => armies.has(id)))
}

/** The figures a verdict reports, labelled, in display order: points first. */
export const figureLabels = (ruleset: Ruleset): Array<{ id: string; label: string }> => [
  { id: 'points', label: 'Points' },
  ...ruleset.figures.map((f) => ({ id: f.id, label: f.label }))
]

/** What names and prices a ruleset, the same in the app's list and the command line's (whose --json keeps this order). */
const rulesetHeading = ({ id, name, dataVersion, costUnit, defaultPointsLimit }: Ruleset) => ({ id, name, dataVersion, costUnit, defaultPointsLimit })

/** By name as players look for them, then by date ("Alexandrian Macedonian" among the A's, not by file name). */
const byName = (a: ArmySummary, b: ArmySummary) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.dates[0].from - b.dates[0].from

/** The app's list: each ruleset with its figures and editions, its armies by name. */
export function rulesetSummaries(engine: Engine): RulesetSummary[] {
  return [...engine.registry.rulesets.values()].map((loaded) => {
    const { ruleset, editions } = loaded
    return {
      ...rulesetHeading(ruleset),
      shortName: ruleset.shortName ?? ruleset.name,
      figures: figureLabels(ruleset),
      editions: [...editions.values()].map((e) => ({ id: e.id, name: e.name })),
      armies: armiesOf(loaded).sort(byName)
    }
  })
}

/**
 * The command line's list: the data as loaded (armies in file order, the cost table that priced the
 * ruleset), which scripts read with `--json`; its shape is kept as it has always been.
 */
export function rulesetListing(engine: Engine): RulesetListing[] {
  return [...engine.registry.rulesets.values()].map((loaded) => {
    const { ruleset, costTable } = loaded
    return {
      ...rulesetHeading(ruleset),
      ...(costTable ? { costTable } : {}),
      armies: armiesOf(loaded)
    }
  })
}
