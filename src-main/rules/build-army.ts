// Builds a legal army from a list's minimums with the engine as the judge, for lists the exact
// solver (solver.ts) cannot price ahead: costs that depend on a unit's attributes, a commander the
// ruleset (not the list) requires, attribute values a rule forbids. The army's own troops only: an
// ally or an optional contingent is the player's choice, never the builder's. Three steps, each a
// unit the options pass offers (so only what the engine accepts is ever added):
//   1. the list's to-dos: while the roster has errors that say "still to add" (a minimum, a commander),
//      or warnings of a customary minimum, add the offered unit that clears the most of them, the
//      list's first on a tie;
//   2. the points: while an offer fits the points left, add one, spreading the points over the
//      options (the one with the fewest points so far first), so the army is a mix, not one troop;
//      never a troop type the ruleset's data leaves to the player (startingArmy.leaveOut) unless a
//      to-do needed it;
//   3. the answer: the roster if the engine finds it legal, else why not, in the engine's words.
import type { OptionsAnswer, Roster, RosterUnit, TroopType, Verdict } from './types'
import { newErrors, TOLERATED_ERRORS } from './options'
import { STILL_TO_ADD } from './check-roster'
import type { LoadedRuleset } from './registry'
import { pointsText } from './messages'
import { readUnmarked } from './unmarked'

export interface Judge {
  check(roster: Roster): Verdict
  options(roster: Roster): OptionsAnswer
}

export type BuildResult = { ok: true; roster: Roster; verdict: Verdict } | { ok: false; reason: string; shortBy: number; overLimit?: boolean }

/** Units added at most (one a step): enough for any limit a roster may set at the usual counts. */
const MAX_STEPS = 1000
const UNLIMITED = 1_000_000

/** What is still to add: the errors that say so, and the warnings of a customary minimum (a commander the rules assume). */
const todos = (v: Verdict) => v.issues.filter((i) => (i.severity === 'error' && i.todo === true) || (i.severity === 'warning' && STILL_TO_ADD.has(i.code)))

/** Whether the ruleset's data leaves a troop type to the player when an army is topped up (startingArmy.leaveOut). */
export function leftToPlayer(loaded: LoadedRuleset): (troop: TroopType | undefined) => boolean {
  const s = loaded.ruleset.startingArmy?.leaveOut
  if (!s) return () => false
  return (t) =>
    t !== undefined &&
    ((s.troops?.includes(t.id) ?? false) || (s.categories?.includes(t.category) ?? false) || (s.troopTags?.some((tag) => t.tags?.includes(tag)) ?? false))
}

/** Attributes of a unit, without its count: units alike in these are one entry. */
const sameKind = (a: RosterUnit, b: RosterUnit): boolean => {
  const { count: _a, ...restA } = a
  const { count: _b, ...restB } = b
  return JSON.stringify(Object.entries(restA).sort()) === JSON.stringify(Object.entries(restB).sort())
}

/**
 * `units` appended to the roster. A unit alike in everything but its count joins an entry the roster
 * has (one entry of 24 warriors, not two of 12), unless the ruleset keeps one role to an entry (a
 * general's stand) or the engine sees a difference.
 */
/** The ruleset's unique roles (a general's stand, a C-in-C): an entry carrying one has count 1. */
const rolesOf = (loaded: LoadedRuleset) =>
  Object.entries(loaded.ruleset.attributes)
    .filter(([, a]) => a.onePerEntry)
    .map(([id]) => id)

function withUnits(loaded: LoadedRuleset, judge: Judge, roster: Roster, units: RosterUnit[]): Roster {
  const onePerEntry = rolesOf(loaded)
  let out = roster
  for (const unit of units) {
    const at = out.units.findIndex((u) => sameKind(u, unit) && !onePerEntry.some((a) => u[a] === true))
    const appended = { ...out, units: [...out.units, unit] }
    if (at < 0) {
      out = appended
      continue
    }
    const merged = { ...out, units: out.units.map((u, i) => (i === at ? { ...u, count: u.count + unit.count } : u)) }
    const a = judge.check(appended)
    const m = judge.check(merged)
    out = m.issues.filter((i) => i.severity === 'error').length <= a.issues.filter((i) => i.severity === 'error').length ? merged : appended
  }
  return out
}

/** What may be added: the army's own options (no ally's, no optional contingent's). */
function offered(answer: OptionsAnswer) {
  return answer.available.filter((a) => a.ally === undefined)
}

/**
 * Each way to clear a to-do, as the roster it makes: an offered unit appended as offered, or as one
 * unit with a role ticked (a general); or one unit of an entry the roster has given the role (split
 * off as an entry of its own, as the editor does), for when its option has no room for more.
 */
function remedies(loaded: LoadedRuleset, judge: Judge, answer: OptionsAnswer, roster: Roster): Roster[] {
  const out: Roster[] = []
  const roles = (troopId: string, unit: RosterUnit) =>
    Object.entries(loaded.troops.get(troopId)?.attributes ?? {})
      .filter(([attr, spec]) => loaded.ruleset.attributes[attr]?.type === 'boolean' && spec.default !== true && unit[attr] !== true)
      .map(([attr]) => attr)
  for (const a of offered(answer)) {
    out.push(withUnits(loaded, judge, roster, [a.unit]))
    for (const attr of roles(a.troop, a.unit)) out.push(withUnits(loaded, judge, roster, [{ ...a.unit, count: 1, [attr]: true }]))
  }
  roster.units.forEach((unit, i) => {
    for (const attr of roles(unit.troop, unit)) {
      const rest = unit.count > 1 ? [{ ...unit, count: unit.count - 1 }] : []
      out.push({ ...roster, units: [...roster.units.slice(0, i), { ...unit, count: 1, [attr]: true }, ...rest, ...roster.units.slice(i + 1)] })
    }
  })
  return out
}

export function buildArmy(loaded: LoadedRuleset, judge: Judge, start: Roster): BuildResult {
  // The to-dos are met whatever they cost (the limit is set aside), so a list whose minimums cost
  // more than the limit is told so, not stopped at the first minimum that does not fit.
  let roster: Roster = { ...start, pointsLimit: UNLIMITED }
  let verdict = judge.check(roster)
  // Options taken for a role the ruleset requires (a commander), not for the list's own minimums:
  // the points are not spread over them (seven commanders are no army).
  const roles = new Set<string>()
  // 1. The to-dos.
  for (let step = 0; todos(verdict).length > 0; step++) {
    if (step >= MAX_STEPS) break
    const before = verdict
    let best: { roster: Roster; verdict: Verdict; left: number } | undefined
    for (const next of remedies(loaded, judge, judge.options(roster), roster)) {
      const v = judge.check(next)
      if (newErrors(before.issues, v.issues).some((i) => i.todo !== true && !TOLERATED_ERRORS.has(i.code))) continue
      const left = todos(v).length
      if (left >= todos(before).length) continue
      // Ties go to the list's order: its first troops, its usual general.
      if (!best || left < best.left) best = { roster: next, verdict: v, left }
    }
    if (!best) break
    const cleared = todos(verdict).filter((i) => !todos(best!.verdict).some((j) => j.code === i.code && j.rule === i.rule))
    if (cleared.some((i) => i.code === 'count-below-min')) for (const option of grown(roster, best.roster)) roles.add(option)
    roster = best.roster
    verdict = best.verdict
  }
  const { pointsLimit: _unlimited, ...limited } = roster
  roster = start.pointsLimit !== undefined ? { ...limited, pointsLimit: start.pointsLimit } : limited
  verdict = judge.check(roster)
  const limit = verdict.limit
  if (limit !== null && verdict.points > limit + 1e-9) {
    return {
      ok: false,
      reason: `Its minimums cost ${pointsText(verdict.points)}, ${pointsText(Math.round((verdict.points - limit) * 1e6) / 1e6)} more than the limit.`,
      shortBy: verdict.points - limit,
      overLimit: true
    }
  }
  // 2. The points, spread over the options, but those the data leaves to the player.
  const leftOut = leftToPlayer(loaded)
  const toppedUp = (a: { option: string; troop: string; costEach: number }) => !roles.has(a.option) && a.costEach > 0 && !leftOut(loaded.troops.get(a.troop))
  if (limit !== null) {
    for (let step = 0; step < MAX_STEPS && verdict.points < limit - 1e-9; step++) {
      const left = limit - verdict.points
      const spent = new Map<string, number>()
      for (const u of verdict.units ?? []) if (u.option) spent.set(u.option, (spent.get(u.option) ?? 0) + u.cost)
      const fits = offered(judge.options(roster)).filter((a) => toppedUp(a) && a.unit.count * a.costEach <= left + 1e-9)
      if (fits.length === 0) break
      // Stable: among options with as few points, the list's order.
      const pick = fits.reduce((best, a) => ((spent.get(a.option) ?? 0) < (spent.get(best.option) ?? 0) ? a : best))
      const next = withUnits(loaded, judge, roster, [pick.unit])
      const v = judge.check(next)
      if (newErrors(verdict.issues, v.issues).length > 0) break
      roster = next
      verdict = v
    }
  }
  // The last few points: one figure or stand swapped for dearer ones that spend them exactly.
  if (limit !== null && verdict.points < limit - 1e-9) {
    const exact = closeGap(loaded, judge, roster, verdict, limit, roles, toppedUp)
    if (exact) ({ roster, verdict } = exact)
  }
  // 3. The answer, in the order the editor shows it: the stands with a role (the general's) first,
  // then each troop category (or allied contingent) together, in the order they first come.
  if (verdict.valid) {
    const onePerEntry = rolesOf(loaded)
    const hasRole = (u: RosterUnit) => onePerEntry.some((a) => u[a] === true)
    // A role an older file may leave unmarked (the C-in-C) is written out: a new roster says what it means.
    const marked = markUnmarked(loaded, roster.units)
    const roleFirst = [...marked.filter(hasRole), ...marked.filter((u) => !hasRole(u))]
    const group = (u: RosterUnit) =>
      typeof u.option === 'string' && u.option.includes('.') ? `ally:${u.option.split('.')[0]}` : `category:${loaded.troops.get(u.troop)?.category ?? ''}`
    const groups = [...new Set(roleFirst.map(group))]
    const ordered = { ...roster, units: groups.flatMap((g) => roleFirst.filter((u) => group(u) === g)) }
    return { ok: true, roster: ordered, verdict: judge.check(ordered) }
  }
  const first = verdict.issues.find((i) => i.severity === 'error')
  return { ok: false, reason: first?.message ?? 'The army is not legal.', shortBy: todos(verdict).length + 1 }
}

/**
 * One unit of an entry given another value, or swapped for up to three of an offer, where that costs
 * exactly the points left more and the engine accepts it.
 */
function closeGap(
  loaded: LoadedRuleset,
  judge: Judge,
  roster: Roster,
  verdict: Verdict,
  limit: number,
  roles: Set<string>,
  toppedUp: (a: { option: string; troop: string; costEach: number }) => boolean
): { roster: Roster; verdict: Verdict } | undefined {
  const left = limit - verdict.points
  for (const report of verdict.units ?? []) {
    const unit = roster.units[report.index]
    if (!unit || unit.count < 2 || report.costEach <= 0 || (report.option && roles.has(report.option))) continue
    const fewer = { ...roster, units: roster.units.map((u, i) => (i === report.index ? { ...u, count: u.count - 1 } : u)) }
    // One of the entry's with another value (a regular among irregulars), where that costs the rest.
    for (const [attr, spec] of Object.entries(loaded.troops.get(unit.troop)?.attributes ?? {})) {
      const def = loaded.ruleset.attributes[attr]
      if (def?.type !== 'enum') continue
      for (const value of spec.values ?? def.values ?? []) {
        if (value === unit[attr]) continue
        const next = withUnits(loaded, judge, fewer, [{ ...unit, count: 1, [attr]: value }])
        const v = judge.check(next)
        if (v.valid && Math.abs(v.points - limit) < 1e-9) return { roster: next, verdict: v }
      }
    }
    // What fits once that one is gone (an offer refused for the points now may fit then).
    for (const a of offered(judge.options(fewer))) {
      // k of the offer's for one of the entry's: one regular for one irregular, two of 3 for one of 4
      const k = Math.round((report.costEach + left) / a.costEach)
      if (!toppedUp(a) || k < 1 || k > 3 || Math.abs(k * a.costEach - report.costEach - left) > 1e-9) continue
      const next = withUnits(loaded, judge, fewer, [{ ...a.unit, count: k }])
      const v = judge.check(next)
      if (v.valid && Math.abs(v.points - limit) < 1e-9) return { roster: next, verdict: v }
    }
  }
  return undefined
}

/** The options `after` holds more units of than `before`. */
function grown(before: Roster, after: Roster): string[] {
  const counts = (r: Roster) => {
    const m = new Map<string, number>()
    for (const u of r.units) if (typeof u.option === 'string') m.set(u.option, (m.get(u.option) ?? 0) + u.count)
    return m
  }
  const was = counts(before)
  return [...counts(after)].filter(([option, n]) => n > (was.get(option) ?? 0)).map(([option]) => option)
}

/** Units with every `unmarked` role the check would read into them written out (rules/unmarked.ts). */
function markUnmarked(loaded: LoadedRuleset, units: RosterUnit[]): RosterUnit[] {
  return readUnmarked(loaded.ruleset, { format: 'muster-roster', version: 1, ruleset: loaded.ruleset.id, army: '', units }).roster.units
}
