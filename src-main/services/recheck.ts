// Recheck: what a data change does to rosters. Each roster checked as it is and again under the
// change (another data edition of its ruleset, or an engine with a data folder laid over); the
// verdicts compared (rules/impact.ts). Nothing is written. `muster recheck` presents it; the app's
// library-wide views (library.ts impactOfValues, library-data.ts impactOfData) check each roster
// under the change with the same AfterChange functions, and word the result for the library.
import type { Engine } from '../rules'
import type { Roster, Verdict } from '../rules/types'
import { compareVerdicts, type RosterImpact } from '../rules/impact'

// The counts a recheck's report opens with (rosters changed, now illegal...), for the CLI's report.
export { summarise, type ImpactSummary } from '../rules/impact'

/** A roster to recheck: where it came from (a file, `library:<id>`), its name where the library keeps one, its document. */
export interface RecheckSource {
  file: string
  name: string | null
  data: unknown
}

/** A roster's verdict under the change, or null when the change does not reach it. */
export type AfterChange = (v: Verdict, data: unknown) => Verdict | null

/**
 * Each roster checked both ways; `after` answers null for a roster the change does not reach (its
 * ruleset has no such edition), which is then said apart, not counted as rechecked.
 */
export function recheck(
  sources: RecheckSource[],
  before: Engine,
  after: AfterChange
): { impacts: RosterImpact[]; skipped: Array<{ file: string; ruleset: string }> } {
  const impacts: RosterImpact[] = []
  const skipped: Array<{ file: string; ruleset: string }> = []
  for (const s of sources) {
    const was = before.check(s.data)
    const now = after(was, s.data)
    if (now === null) skipped.push({ file: s.file, ruleset: was.ruleset ?? '(no ruleset)' })
    else impacts.push(compareVerdicts(s.file, s.name ?? (typeof (s.data as Roster)?.name === 'string' ? (s.data as Roster).name! : null), was, now))
  }
  return { impacts, skipped }
}

/** The data editions of every ruleset, as `id (Ruleset)`: what to offer when one asked for is not there. */
export function editionNames(engine: Engine): string[] {
  return [...engine.registry.rulesets.values()].flatMap((l) => [...l.editions.keys()].map((e) => `${e} (${l.ruleset.shortName ?? l.ruleset.name})`))
}

/** Each roster under data edition `edition` of its ruleset; undefined when no ruleset has one by that id. */
export function underEdition(engine: Engine, edition: string): AfterChange | undefined {
  if (![...engine.registry.rulesets.values()].some((l) => l.editions.has(edition))) return undefined
  return (v, data) => (v.ruleset && engine.ruleset(v.ruleset)?.editions.has(edition) ? engine.check({ ...(data as object), edition }) : null)
}

/** Each roster of one ruleset under other values of it: one of its data editions, or (null) its own. */
export function underValues(engine: Engine, values: { ruleset: string; edition: string | null }): AfterChange {
  return (v, data) => {
    if (v.ruleset !== values.ruleset) return null
    const { edition: _was, ...rest } = data as Roster
    return engine.check(values.edition === null ? rest : { ...rest, edition: values.edition })
  }
}

/** Each roster as an engine with other data (a folder laid over) checks it. */
export const underData =
  (over: Engine): AfterChange =>
  (_v, data) =>
    over.check(data)
