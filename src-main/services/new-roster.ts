// "New roster": the document the app's New roster dialog creates and `muster new` writes, by this one
// function (the doors only parse and present). Empty, or started from the army list's minimums: the
// engine-guided builder (the list's to-dos, then the points spread over its own options, never an
// ally's); when that falls short of the limit, the exact solver (a subset-sum where every cost is
// known ahead) may reach it. Either way the engine must find the result legal. The year is the one
// asked for, else the list's first (the year New roster shows); the size the one asked for, else the
// ruleset's, said with where it comes from; a ruleset with no size asks for one (docs/adr/0024).
import { buildArmy, leftToPlayer, type BuildResult } from '../rules/build-army'
import { needsSubFaction } from '../rules/context'
import type { Engine } from '../rules/engine'
import type { LoadedRuleset } from '../rules/registry'
import { countOf, pointsText } from '../rules/messages'
import { solveArmy } from '../rules/solver'
import type { Army, Roster, RosterUnit, Verdict } from '../rules/types'
import type { RosterDocument } from '../store/types'
import { formatRanges, formatYear, withinDates } from '../../src-shared/years'
import { notOwnedReason } from '../../src-shared/owned'
import type { OptionsAnswer } from '../rules/options'
import { fitRosters, ownedLeft, type CollectionItem } from './collection'
import { makeIssue } from '../rules/issue'

/** The roster format's bounds (roster.schema.json): a name's length, a points limit. */
const MAX_NAME = 200
const MAX_POINTS_LIMIT = 1_000_000
/** Builds tried at most (one a part of the list), so New roster answers within about a second. */
const MAX_BUILDS = 16

export interface NewRosterRequest {
  ruleset: string
  army: string
  /** The roster's name; blank: the army's. */
  name?: string
  year?: number
  /** The army's size; left out, the ruleset's (or the edition's) default. Needed with minimums where the ruleset has none. */
  limit?: number
  /** A data edition of the ruleset (another printing's values). */
  edition?: string
  /** Start from the list's minimums, topped up to the limit; else an empty roster. */
  minimums?: boolean
  /** With minimums: only units the player's collection can field (the collection given to newRoster). */
  fromCollection?: boolean
}

export type NewRosterAnswer =
  | { ok: true; document: RosterDocument; verdict: Verdict; notices: string[] }
  /** `needs: 'limit'`: nothing to build to (the ruleset sets no size): the door says how to give one. */
  | { ok: false; reason: string; needs?: 'limit' }

/** `collection`: what the player owns, for a request fromCollection (services/collection.ts). */
export function newRoster(engine: Engine, request: NewRosterRequest, collection: CollectionItem[] = []): NewRosterAnswer {
  const base = engine.ruleset(request.ruleset)
  if (!base) return { ok: false, reason: `There is no ruleset '${request.ruleset}'; the rulesets are ${[...engine.registry.rulesets.keys()].join(', ')}.` }
  const loaded = engine.ruleset(request.ruleset, request.edition)
  if (!loaded)
    return {
      ok: false,
      reason: `${base.ruleset.name} has no values '${request.edition}'; it has ${[...base.editions.keys()].join(', ') || 'none but its own'}.`
    }
  const army = loaded.armies.get(request.army)
  if (!army) return { ok: false, reason: `${loaded.ruleset.name} has no army '${request.army}' (\`muster rulesets\` lists them).` }
  if (request.year !== undefined && !withinDates(request.year, army.dates))
    return { ok: false, reason: `${army.name} is dated ${formatRanges(army.dates)}; ${formatYear(request.year)} is outside it.` }
  if (request.limit !== undefined && !(Number.isFinite(request.limit) && request.limit > 0 && request.limit <= MAX_POINTS_LIMIT))
    return { ok: false, reason: `The points limit must be a number of points from 1 to ${MAX_POINTS_LIMIT.toLocaleString('en-GB')}.` }
  const name = request.name?.trim() || army.name
  if (name.length > MAX_NAME)
    return { ok: false, reason: `The roster's name is ${name.length.toLocaleString('en-GB')} characters long; it may be at most ${MAX_NAME}.` }

  // The roster's fields in the order New roster writes them, its units last.
  const documentOf = (units: RosterUnit[], chosen: { year?: number; subFaction?: string } = {}): RosterDocument => {
    const year = request.year ?? chosen.year
    return {
      format: 'muster-roster',
      version: 1,
      name,
      ruleset: loaded.ruleset.id,
      army: army.id,
      ...(year !== undefined ? { year } : {}),
      ...(chosen.subFaction !== undefined ? { subFaction: chosen.subFaction } : {}),
      ...(request.limit !== undefined ? { pointsLimit: request.limit } : {}),
      ...(request.edition !== undefined ? { edition: request.edition } : {}),
      units
    }
  }
  if (!request.minimums) {
    const document = documentOf([])
    return { ok: true, document, verdict: engine.check(document), notices: [] }
  }

  // The size built to: without one the minimums are a lone commander, so the player is asked for one.
  const size = armySize(loaded, base.ruleset.defaultPointsLimit, request.limit)
  if (size === null)
    return {
      ok: false,
      needs: 'limit',
      reason: `${loaded.ruleset.name} sets no army size${sourceOf(loaded, ': ')}. To start from the list's minimums, give the army's size in points.`
    }
  const limit = size.points
  const done = (roster: Roster, verdict: Verdict): NewRosterAnswer => {
    const subFaction = typeof roster.subFaction === 'string' ? roster.subFaction : undefined
    const document = documentOf(roster.units, { year: roster.year, subFaction })
    return { ok: true, document, verdict, notices: [size.said, ...chosenFor(army, roster), ...shortfall(engine, document, verdict)] }
  }

  // The engine-guided builder over the parts of the list, in the year asked for (else the list's
  // first), with the army's own troops; the first that reaches the limit wins, else the nearest.
  // Then the exact solver, on the same terms, which may reach it.
  const judge = request.fromCollection
    ? { check: (r: Roster) => withinCollection(engine, collection, r), options: (r: Roster) => ownedOnly(engine, collection, r) }
    : { check: (r: Roster) => engine.check(r), options: (r: Roster) => engine.options(r) }
  const named = army.subFactions?.map((s) => s.id) ?? []
  const parts: Array<string | undefined> = needsSubFaction(army) ? named : [undefined, ...named]
  const year = request.year ?? army.dates[0].from
  const start = (subFaction: string | undefined): Roster => documentOf([], { year, subFaction }) as Roster
  const reaches = (b: BuildResult): boolean => b.ok && b.verdict.points >= limit - 1e-9
  type Built = Extract<BuildResult, { ok: true }>
  const found = {} as { failure?: Extract<BuildResult, { ok: false }>; nearest?: Built }
  for (const subFaction of parts.slice(0, MAX_BUILDS)) {
    const built = buildArmy(loaded, judge, start(subFaction))
    if (reaches(built)) return done((built as Built).roster, (built as Built).verdict)
    if (built.ok) {
      if (!found.nearest || built.verdict.points > found.nearest.verdict.points) found.nearest = built
    } else if (!found.failure || built.shortBy < found.failure.shortBy) found.failure = built
  }
  // The exact solver knows nothing of the collection: it has no say when only owned figures may be used.
  const exact = request.fromCollection
    ? { ok: false as const }
    : solveArmy(loaded, army.id, { year, limit, ownOnly: true, leaveOut: leftToPlayer(loaded), nearest: true })
  if (exact.ok) {
    const roster = {
      ...exact.roster,
      name,
      ...(request.limit !== undefined ? { pointsLimit: request.limit } : {}),
      ...(request.edition !== undefined ? { edition: request.edition } : {})
    }
    const verdict = engine.check(roster)
    if (verdict.valid && (!found.nearest || verdict.points > found.nearest.verdict.points)) return done(roster, verdict)
  }
  if (found.nearest) return done(found.nearest.roster, found.nearest.verdict)
  if (request.fromCollection)
    return {
      ok: false,
      reason:
        `Your collection cannot field a legal ${army.name} army from the list's minimums. ${found.failure?.reason ?? ''} Start from the list's minimums without the collection, then see what to buy for it.`
          .replace(/\s+/g, ' ')
          .trim()
    }
  return {
    ok: false,
    reason: `No legal ${army.name} army can be built from the list's minimums at ${pointsText(limit)}${request.year === undefined ? ` in ${formatYear(year)}` : ''}. ${found.failure?.reason ?? 'No part of the list can be tried.'}`
  }
}

/**
 * The verdict, with one more error when the roster takes more than the collection has: the builder
 * never keeps a step that adds one (a minimum met in one go, two entries merged), so it builds from
 * owned figures only.
 */
function withinCollection(engine: Engine, collection: CollectionItem[], roster: Roster): Verdict {
  const verdict = engine.check(roster)
  const [fit] = fitRosters(engine, collection, [{ name: '', roster }])
  if (fit.missing.length === 0) return verdict
  const lacking = fit.missing.map((m) => `${countOf(m.count, m.counts.slice(0, -1))} of ${m.troopName}`).join(', ')
  const issue = makeIssue('not-owned', '/units', 'collection', `The collection lacks ${lacking} for this roster.`)
  return { ...verdict, valid: false, issues: [...verdict.issues, issue] }
}

/** The options, with what the collection cannot field (its unused figures) moved to the unavailable, saying why. */
function ownedOnly(engine: Engine, collection: CollectionItem[], roster: Roster): OptionsAnswer {
  const answer = engine.options(roster)
  const owned = ownedLeft(engine, collection, roster)
  const available: OptionsAnswer['available'] = []
  const unavailable = [...answer.unavailable]
  for (const a of answer.available) {
    const reason = notOwnedReason(owned, a.unit, a.troopName)
    if (reason)
      unavailable.push({
        option: a.option,
        optionName: a.optionName,
        troop: a.troop,
        troopName: a.troopName,
        code: 'not-allowed',
        reason,
        costEach: a.costEach
      })
    else available.push(a)
  }
  // A contingent is taken whole: only when every unit of it is owned.
  const contingents = answer.contingents.map((c) =>
    c.units && c.units.some((u) => notOwnedReason(owned, u, engine.registry.rulesets.get(roster.ruleset)?.troops.get(u.troop)?.name ?? u.troop))
      ? { ...c, units: undefined, reason: 'Your collection does not field all of it.' }
      : c
  )
  return { ...answer, available, unavailable, contingents }
}

/** What the builder chose that the player did not ask for: the part of the list. */
function chosenFor(army: Army, roster: Roster): string[] {
  const part = army.subFactions?.find((p) => p.id === roster.subFaction)
  return part ? [`Started with the part of the list ${part.name}: change it in the roster if you meant otherwise.`] : []
}

/** Where the ruleset's size comes from (its data's armySize), after `lead`; nothing where the data does not say. */
const sourceOf = (loaded: LoadedRuleset, lead: string): string => (loaded.ruleset.armySize ? `${lead}${loaded.ruleset.armySize.source}` : '')

/**
 * The size an army is built to, and the notice that says it and where it comes from: the limit asked
 * for, else the ruleset's (or its edition's) size; null where there is neither.
 */
function armySize(loaded: LoadedRuleset, stock: number | null, asked: number | undefined): { points: number; said: string } | null {
  const own = loaded.ruleset.defaultPointsLimit
  if (asked !== undefined) {
    const theirs =
      own === null ? `; ${loaded.ruleset.name} sets none${sourceOf(loaded, ': ')}` : own !== asked ? ` (${loaded.ruleset.name}'s is ${pointsText(own)})` : ''
    return { points: asked, said: `Army size ${pointsText(asked)}: the limit you gave${theirs}.` }
  }
  if (own === null) return null
  // An edition's own size is its printing's, not the one the data's source names.
  const from = loaded.edition && own !== stock ? `the army size of ${loaded.ruleset.name}, ${loaded.edition.name}` : loaded.ruleset.armySize?.source
  return { points: own, said: `Army size ${pointsText(own)}: ${from ?? `the army size of ${loaded.ruleset.name}`}.` }
}

/** What a built army lacks of its limit, and why: nothing fits the points left, or the list allows no more. */
function shortfall(engine: Engine, document: RosterDocument, verdict: Verdict): string[] {
  if (verdict.limit === null || verdict.points >= verdict.limit - 1e-9) return []
  const left = Math.round((verdict.limit - verdict.points) * 1e6) / 1e6
  const answer = engine.options(document as Roster)
  const taken = new Set(document.units.flatMap((u) => (typeof u.option === 'string' && u.option.includes('.') ? [u.option.split('.')[0]] : [])))
  const own = (o: { ally?: string }) => o.ally === undefined || taken.has(o.ally)
  const forPoints = answer.unavailable.some((u) => own(u) && u.code === 'points') || answer.available.some(own)
  const allies = answer.available.some((a) => !own(a)) || answer.contingents.some((c) => c.units !== undefined)
  const why = forPoints
    ? `nothing the list offers fits the ${pointsText(left)} left`
    : `the list allows no more of its own troops (its maximums are reached), ${pointsText(left)} short${allies ? '; allies could add more' : ''}`
  return [`Built at ${pointsText(verdict.points)} of ${pointsText(verdict.limit)}: ${why}.`]
}
