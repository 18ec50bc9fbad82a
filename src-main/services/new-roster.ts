// "New roster": the document the app's New roster dialog creates and `muster new` writes, by this one
// function. Empty, or started from the army list's minimums: the engine-guided builder (the list's
// to-dos, then the points spread over its options); when that falls short of the limit, the exact
// solver (a subset-sum where every cost is known ahead) may reach it. Either way the engine must
// find the result legal.
import { buildArmy, type BuildResult } from '../rules/build-army'
import { forSubFaction, inDates, needsSubFaction } from '../rules/context'
import type { Engine } from '../rules/engine'
import { pointsText } from '../rules/messages'
import { candidateYears, solveArmy } from '../rules/solver'
import type { Roster, Verdict } from '../rules/types'
import type { RosterDocument } from '../store/types'
import { formatRanges, formatYear, withinDates } from '../../src-shared/years'

export interface NewRosterRequest {
  ruleset: string
  army: string
  /** The roster's name; blank: the army's. */
  name?: string
  year?: number
  /** The army's size; left out, the ruleset's (or the edition's) default. */
  limit?: number
  /** A data edition of the ruleset (another printing's values). */
  edition?: string
  /** Start from the list's minimums, topped up to the limit; else an empty roster. */
  minimums?: boolean
}

export type NewRosterAnswer = { ok: true; document: RosterDocument; verdict: Verdict; notices: string[] } | { ok: false; reason: string }

export function newRoster(engine: Engine, request: NewRosterRequest): NewRosterAnswer {
  const base = engine.ruleset(request.ruleset)
  if (!base) return { ok: false, reason: `There is no ruleset '${request.ruleset}'; the rulesets are ${[...engine.registry.rulesets.keys()].join(', ')}.` }
  const loaded = engine.ruleset(request.ruleset, request.edition)
  if (!loaded) return { ok: false, reason: `${base.ruleset.name} has no values '${request.edition}'; it has ${[...base.editions.keys()].join(', ') || 'none but its own'}.` }
  const army = loaded.armies.get(request.army)
  if (!army) return { ok: false, reason: `${loaded.ruleset.name} has no army '${request.army}' (\`muster rulesets\` lists them).` }
  if (request.year !== undefined && !withinDates(request.year, army.dates)) return { ok: false, reason: `${army.name} is dated ${formatRanges(army.dates)}; ${formatYear(request.year)} is outside it.` }
  if (request.limit !== undefined && !(Number.isFinite(request.limit) && request.limit > 0)) return { ok: false, reason: 'The points limit must be a positive number.' }

  const document: RosterDocument = {
    format: 'muster-roster',
    version: 1,
    name: request.name?.trim() || army.name,
    ruleset: loaded.ruleset.id,
    army: army.id,
    ...(request.year !== undefined ? { year: request.year } : {}),
    ...(request.limit !== undefined ? { pointsLimit: request.limit } : {}),
    ...(request.edition !== undefined ? { edition: request.edition } : {}),
    units: []
  }
  if (!request.minimums) return { ok: true, document, verdict: engine.check(document), notices: [] }

  const limit = request.limit !== undefined ? request.limit : loaded.ruleset.defaultPointsLimit
  const judged = (roster: Roster): Roster => ({ ...roster, name: document.name, ...(request.limit !== undefined ? { pointsLimit: request.limit } : {}), ...(request.edition !== undefined ? { edition: request.edition } : {}) })
  // The roster's fields in the order New roster writes them, its units last.
  const done = (roster: Roster, verdict: Verdict): NewRosterAnswer => {
    const { units, ...fields } = roster
    return { ok: true, document: { ...document, ...fields, units } as RosterDocument, verdict, notices: shortfall(verdict) }
  }

  // The engine-guided builder, over the years, parts of the list and contingents the list allows.
  const judge = { check: (r: Roster) => engine.check(r), options: (r: Roster) => engine.options(r) }
  const named = army.subFactions?.map((s) => s.id) ?? []
  const parts: Array<string | undefined> = needsSubFaction(army) ? named : [undefined, ...named]
  let failure: Extract<BuildResult, { ok: false }> | undefined
  let nearest: Extract<BuildResult, { ok: true }> | undefined
  search: for (const year of request.year !== undefined ? [request.year] : candidateYears(army)) {
    for (const subFaction of parts) {
      const allies = (army.allies ?? []).filter((a) => inDates(year, a.dates) && forSubFaction(a, subFaction) === true).map((a) => a.id)
      for (const ally of [undefined, ...allies]) {
        const start = judged({ format: 'muster-roster', version: 1, name: document.name, ruleset: loaded.ruleset.id, army: army.id, year, ...(subFaction !== undefined ? { subFaction } : {}), units: [] })
        const built = buildArmy(loaded, judge, start, ally)
        if (built.ok && (limit === null || built.verdict.points >= limit - 1e-9)) return done(built.roster, built.verdict)
        if (built.ok) {
          nearest = built
          break search
        } else if (!failure || built.shortBy < failure.shortBy) failure = built
      }
    }
  }
  // Short of the limit: the exact solver may reach it (legal only if the engine says so: it knows no
  // rule beyond the list's own, and spreads nothing).
  const exact = solveArmy(loaded, army.id, { ...(request.year !== undefined ? { year: request.year } : {}), limit })
  if (exact.ok) {
    const roster = judged(exact.roster)
    const verdict = engine.check(roster)
    if (verdict.valid) return done(roster, verdict)
  }

  if (nearest) return done(nearest.roster, nearest.verdict)
  return { ok: false, reason: `No legal ${army.name} army can be built from the list's minimums${limit !== null ? ` at ${pointsText(limit)}` : ''}: ${failure?.reason ?? 'no year of the list can be tried.'}` }
}

/** What a built army lacks of its limit, when no unit the list offers fits what is left. */
function shortfall(verdict: Verdict): string[] {
  if (verdict.limit === null || verdict.points >= verdict.limit - 1e-9) return []
  const left = Math.round((verdict.limit - verdict.points) * 1e6) / 1e6
  return [`Built at ${pointsText(verdict.points)} of ${pointsText(verdict.limit)}: nothing the list offers fits the ${pointsText(left)} left.`]
}
