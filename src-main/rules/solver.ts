// Builds a legal roster from an army list's minimums, topped up to exactly the points limit: a
// subset-sum over what each available option can add, with a general-eligible stand required.
// Used to prove every army list can be fielded, and as a starting army for a new roster.
import { buildArmyContext, forSubFaction, inDates, needsSubFaction, type ResolvedOption } from './context'
import { unitCostEach } from './analyse'
import type { LoadedRuleset } from './registry'
import type { Army, Roster, RosterUnit, TroopType } from './types'

export type SolveResult = { ok: true; roster: Roster; year: number } | { ok: false; reason: string }

interface Choice {
  option: ResolvedOption
  counts: Map<string, number>
}

interface State {
  points: number
  general: boolean
  choices: Choice[]
}

const key = (points: number, general: boolean) => `${points}|${general ? 1 : 0}`

/** Years where availability can change: the army's first year and every option or ally boundary inside its dates. */
export function candidateYears(army: Army): number[] {
  const years = new Set<number>()
  for (const d of army.dates) years.add(d.from)
  const edges = [...army.options, ...(army.allies ?? []).flatMap((a) => a.contingents.flatMap((c) => c.options))].flatMap((o) => o.dates ?? [])
  for (const d of [...edges, ...(army.allies ?? []).flatMap((a) => a.dates ?? [])]) {
    for (const y of [d.from, d.to]) if (inDates(y, army.dates)) years.add(y)
  }
  return [...years].sort((a, b) => a - b)
}

/** Attribute values a stand needs to be valid: the first allowed value of each required attribute. */
function defaultAttributes(loaded: LoadedRuleset, troop: TroopType): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {}
  for (const [attr, spec] of Object.entries(troop.attributes ?? {})) {
    if (!spec.required) continue
    const def = loaded.ruleset.attributes[attr]
    out[attr] = def.type === 'boolean' ? false : (spec.values ?? def.values ?? [])[0]
  }
  return out
}

/** Every way `stands` stands can be split over the option's troop types (one type only if sameType). */
function splits(types: string[], stands: number, sameType: boolean): Array<Map<string, number>> {
  if (stands === 0) return [new Map()]
  if (sameType || types.length === 1) return types.map((t) => new Map([[t, stands]]))
  const out: Array<Map<string, number>> = []
  const rec = (i: number, left: number, acc: Map<string, number>) => {
    if (i === types.length - 1) {
      const m = new Map(acc)
      if (left > 0) m.set(types[i], left)
      out.push(m)
      return
    }
    for (let k = 0; k <= left; k++) {
      const m = new Map(acc)
      if (k > 0) m.set(types[i], k)
      rec(i + 1, left - k, m)
    }
  }
  rec(0, stands, new Map())
  return out
}

/**
 * `limit`: the army's size; left out, the ruleset's default; null, none (the minimums alone).
 * `ownOnly`: the army's own troops, no contingent (New roster's starting army); `leaveOut`: troop
 * types taken only where an option's minimum asks for them (rules/build-army.ts leftToPlayer);
 * `nearest`: where the limit cannot be reached exactly, the roster nearest below it.
 */
export function solveArmy(
  loaded: LoadedRuleset,
  armyId: string,
  opts: { year?: number; limit?: number | null; ownOnly?: boolean; leaveOut?: (troop: TroopType | undefined) => boolean; nearest?: boolean } = {}
): SolveResult {
  const army = loaded.armies.get(armyId)
  if (!army) return { ok: false, reason: `unknown army '${armyId}'` }
  const ctx = buildArmyContext(loaded, army)
  const limit = opts.limit !== undefined ? opts.limit : loaded.ruleset.defaultPointsLimit
  const generals = new Set(army.generals ?? [])
  const needGeneral = army.generals !== undefined
  const years = opts.year !== undefined ? [opts.year] : candidateYears(army)
  const costOf = new Map<string, number>()
  for (const t of loaded.ruleset.troopTypes) {
    const c = unitCostEach(ctx, { troop: t.id, count: 1, ...defaultAttributes(loaded, t) }, t)
    if (c !== null) costOf.set(t.id, c)
  }

  let best: { reason: string; score: number } = { reason: 'no year to try', score: -Infinity }
  // A list in parts (subFactions): first without a part (only what every part may take) unless a
  // part's minimum makes one necessary, then each part in turn with what it may take.
  const named = army.subFactions?.map((s) => s.id) ?? []
  const parts: Array<string | undefined> = needsSubFaction(army) ? named : [undefined, ...named]
  for (const year of years)
    for (const subFaction of parts) {
      // Own options available this year; then each contingent (internal or allied) available this
      // year, taken whole: its minimums apply, and allied stands never count as the general.
      const own = [...ctx.options.values()]
        .filter((o) => !o.ally && !o.barredBy && inDates(year, o.option.dates) && forSubFaction(o.option, subFaction) === true)
        .flatMap((o) => withoutLeftOut(loaded, o, opts.leaveOut))
      const groups: ResolvedOption[][] = [[]]
      for (const ally of opts.ownOnly ? [] : [...(army.allies ?? [])].sort((a, b) => Number(b.internal ?? false) - Number(a.internal ?? false))) {
        if (forSubFaction(ally, subFaction) !== true) continue
        if (!inDates(year, ally.dates)) continue
        groups.push([...ctx.options.values()].filter((o) => o.ally?.id === ally.id && !o.barredBy && inDates(year, o.option.dates)))
      }
      for (const extra of groups) {
        const result = solveYear(loaded, army, [...own, ...extra], costOf, generals, needGeneral, limit, year, opts.nearest ?? false)
        if (result.ok) return subFaction === undefined ? result : { ...result, roster: { ...result.roster, subFaction } }
        if (result.score > best.score) best = { reason: `${year}: ${result.reason}`, score: result.score }
      }
    }
  return { ok: false, reason: best.reason }
}

/** The option without the troop types left to the player, unless its minimum asks for them; none when nothing is left of it. */
function withoutLeftOut(loaded: LoadedRuleset, o: ResolvedOption, leaveOut: ((troop: TroopType | undefined) => boolean) | undefined): ResolvedOption[] {
  if (!leaveOut || (o.option.min ?? 0) > 0) return [o]
  const troops = o.option.troops.filter((t) => !leaveOut(loaded.troops.get(t)))
  if (troops.length === o.option.troops.length) return [o]
  return troops.length === 0 ? [] : [{ ...o, option: { ...o.option, troops } }]
}

function solveYear(
  loaded: LoadedRuleset,
  army: Army,
  options: ResolvedOption[],
  costOf: Map<string, number>,
  generals: Set<string>,
  needGeneral: boolean,
  limit: number | null,
  year: number,
  nearestOk: boolean
): SolveResult & { score: number } {
  const unpriced = options.flatMap((o) => o.option.troops).find((t) => !costOf.has(t))
  if (unpriced) return { ok: false, reason: `troop '${unpriced}' has no cost`, score: -1000 }
  // reduce, not a spread into Math.min: a list's data decides how many troops an option names
  const cheapestOf = (o: ResolvedOption) => o.option.troops.reduce((least, t) => Math.min(least, costOf.get(t)!), Infinity)
  const minimum = options.reduce((s, o) => s + (o.option.min ?? 0) * cheapestOf(o), 0)
  if (limit !== null && minimum > limit) return { ok: false, reason: `the minimums alone cost ${minimum}, over ${limit}`, score: limit - minimum }
  if (needGeneral && generals.size === 0) return { ok: false, reason: 'the list names no troop type for the general', score: -600 }
  if (needGeneral && !options.some((o) => o.option.troops.some((t) => generals.has(t)))) {
    return { ok: false, reason: `no option available then offers the general's type (${[...generals].join(', ')})`, score: -500 }
  }
  const cap = limit ?? minimum
  let states = new Map<string, State>([[key(0, false), { points: 0, general: false, choices: [] }]])
  for (const o of options) {
    const min = o.option.min ?? 0
    const cheapest = cheapestOf(o)
    const max = Math.min(o.option.max ?? Infinity, limit === null ? min : Math.floor(cap / Math.max(cheapest, 0.5)))
    const next = new Map<string, State>()
    for (const s of states.values()) {
      for (let stands = min; stands <= Math.max(min, max); stands++) {
        for (const counts of splits(o.option.troops, stands, o.option.sameType ?? false)) {
          let pts = 0
          let gen = false
          const allied = o.ally !== undefined && o.ally.internal !== true
          for (const [t, n] of counts) {
            pts += costOf.get(t)! * n
            if (n > 0 && generals.has(t) && !allied) gen = true
          }
          const points = s.points + pts
          if (points > cap + 1e-9) continue
          const general = s.general || gen
          const k = key(points, general)
          if (!next.has(k)) next.set(k, { points, general, choices: stands ? [...s.choices, { option: o, counts }] : s.choices })
        }
      }
    }
    states = next
    if (states.size === 0) return { ok: false, reason: 'the minimums do not fit', score: -200 }
  }
  const nearestState = () =>
    [...states.values()]
      .filter((s) => s.general || !needGeneral)
      .reduce<State | undefined>((best, s) => (!best || s.points > best.points ? s : best), undefined)
  const done = states.get(key(cap, true)) ?? (needGeneral ? undefined : states.get(key(cap, false))) ?? (nearestOk ? nearestState() : undefined)
  if (!done) {
    const reachable = [...states.values()].filter((s) => s.general || !needGeneral).map((s) => s.points)
    const nearest = reachable.length ? reachable.reduce((most, p) => Math.max(most, p)) : undefined
    return {
      ok: false,
      reason:
        nearest === undefined ? 'no combination includes a stand that may be the general' : `${cap} points cannot be reached exactly (nearest ${nearest})`,
      score: nearest === undefined ? -100 : nearest - cap
    }
  }
  const units: RosterUnit[] = []
  let generalPlaced = !needGeneral
  for (const c of done.choices) {
    for (const [troop, count] of c.counts) {
      const t = loaded.troops.get(troop)!
      const unit: RosterUnit = { troop, count, option: c.option.key, ...defaultAttributes(loaded, t) }
      const allied = c.option.ally !== undefined && c.option.ally.internal !== true
      if (!generalPlaced && generals.has(troop) && !allied) {
        // the general is one stand, an entry of its own (one role, one entry); the rest stay together
        units.push({ ...unit, count: 1, general: true })
        generalPlaced = true
        if (count > 1) units.push({ ...unit, count: count - 1 })
        continue
      }
      units.push(unit)
    }
  }
  const roster: Roster = { format: 'muster-roster', version: 1, name: `${army.name} (${year})`, ruleset: loaded.ruleset.id, army: army.id, year, units }
  return { ok: true, roster, year, score: 0 }
}
