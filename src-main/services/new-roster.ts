// "New roster": the document the app's New roster dialog creates and `muster new` writes, by this one
// function. Empty, or started from the army list's minimums: the engine-guided builder (the list's
// to-dos, then the points spread over its options); when that falls short of the limit, the exact
// solver (a subset-sum where every cost is known ahead) may reach it. Either way the engine must
// find the result legal.
import { buildArmy, type BuildResult } from '../rules/build-army'
import { forSubFaction, inDates, needsSubFaction } from '../rules/context'
import type { Engine } from '../rules/engine'
import { countOf, listWords, pointsText } from '../rules/messages'
import { candidateYears, solveArmy } from '../rules/solver'
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
/** Years (date boundaries) tried at most: a list of many dated options is not tried in every one. */
const MAX_TRIES = 12
/** Builds tried at most, so New roster answers within about a second even for a limit no list reaches. */
const MAX_BUILDS = 16

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
  /** With minimums: only units the player's collection can field (the collection given to newRoster). */
  fromCollection?: boolean
}

export type NewRosterAnswer = { ok: true; document: RosterDocument; verdict: Verdict; notices: string[] } | { ok: false; reason: string }

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

  const limit = request.limit !== undefined ? request.limit : loaded.ruleset.defaultPointsLimit
  const done = (roster: Roster, verdict: Verdict): NewRosterAnswer => {
    const subFaction = typeof roster.subFaction === 'string' ? roster.subFaction : undefined
    const document = documentOf(roster.units, { year: roster.year, subFaction })
    return { ok: true, document, verdict, notices: [...chosenFor(army, request, roster), ...shortfall(engine, document, verdict)] }
  }

  // The engine-guided builder over the years and parts of the list, with the army's own troops; the
  // first that reaches the limit wins, else the nearest. Then the exact solver (which may reach it);
  // then with each allied contingent the list allows. A list whose own minimums cost more than the
  // limit in a year is not tried with allies then (they only add minimums).
  const judge = request.fromCollection
    ? { check: (r: Roster) => withinCollection(engine, collection, r), options: (r: Roster) => ownedOnly(engine, collection, r) }
    : { check: (r: Roster) => engine.check(r), options: (r: Roster) => engine.options(r) }
  const named = army.subFactions?.map((s) => s.id) ?? []
  const parts: Array<string | undefined> = needsSubFaction(army) ? named : [undefined, ...named]
  const years = request.year !== undefined ? [request.year] : candidateYears(army)
  const start = (year: number, subFaction: string | undefined): Roster => documentOf([], { year, subFaction }) as Roster
  const reaches = (b: BuildResult): boolean => b.ok && (limit === null || b.verdict.points >= limit - 1e-9)
  type Built = Extract<BuildResult, { ok: true }>
  const found = {} as { failure?: Extract<BuildResult, { ok: false }>; nearest?: Built }
  const overLimit = new Set<string>()
  let builds = 0
  const consider = (built: BuildResult, key: string): boolean => {
    builds++
    if (reaches(built)) return true
    if (built.ok) {
      if (!found.nearest || built.verdict.points > found.nearest.verdict.points) found.nearest = built
    } else {
      if (built.overLimit) overLimit.add(key)
      if (!found.failure || built.shortBy < found.failure.shortBy) found.failure = built
    }
    return false
  }
  for (const year of years.slice(0, MAX_TRIES)) {
    for (const subFaction of parts) {
      if (builds >= MAX_BUILDS) break
      const built = buildArmy(loaded, judge, start(year, subFaction))
      if (consider(built, `${year}|${subFaction}`)) return done((built as Built).roster, (built as Built).verdict)
    }
  }
  // The exact solver knows nothing of the collection: it has no say when only owned figures may be used.
  const exact = request.fromCollection
    ? { ok: false as const }
    : solveArmy(loaded, army.id, { ...(request.year !== undefined ? { year: request.year } : {}), limit })
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
  for (const year of years.slice(0, MAX_TRIES)) {
    for (const subFaction of parts) {
      if (overLimit.has(`${year}|${subFaction}`)) continue
      for (const ally of (army.allies ?? []).filter((a) => inDates(year, a.dates) && forSubFaction(a, subFaction) === true)) {
        if (builds >= MAX_BUILDS) break
        const built = buildArmy(loaded, judge, start(year, subFaction), ally.id)
        if (consider(built, `${year}|${subFaction}|${ally.id}`)) return done((built as Built).roster, (built as Built).verdict)
      }
    }
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
    reason: `No legal ${army.name} army can be built from the list's minimums${limit !== null ? ` at ${pointsText(limit)}` : ''}. ${found.failure?.reason ?? 'No year of the list can be tried.'}`
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

/** What the builder chose that the player did not ask for: the year, the part of the list, an ally. */
function chosenFor(army: Army, request: NewRosterRequest, roster: Roster): string[] {
  const chose: string[] = []
  // the year, where it is not the list's first (the builder moved on to find a legal army)
  if (request.year === undefined && typeof roster.year === 'number' && roster.year !== army.dates[0].from) chose.push(`the year ${formatYear(roster.year)}`)
  const part = army.subFactions?.find((p) => p.id === roster.subFaction)
  if (part) chose.push(`the part of the list ${part.name}`)
  const allyIds = new Set(roster.units.flatMap((u) => (typeof u.option === 'string' && u.option.includes('.') ? [u.option.split('.')[0]] : [])))
  for (const ally of army.allies ?? [])
    if (allyIds.has(ally.id)) chose.push(`${ally.internal ? 'the optional contingent' : 'the allies'} ${ally.name ?? ally.id}`)
  return chose.length ? [`Started with ${listWords(chose, 'and')}: change ${chose.length === 1 ? 'it' : 'them'} in the roster if you meant otherwise.`] : []
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
