// "What can I add?": for a roster, every troop of every option of its army list (own and allied),
// either available, with a ready unit that can be appended as it is, or unavailable, with the reason
// in players' words. A unit is offered only when the engine itself accepts it: the candidate is
// appended and the roster checked, and it is offered only if that adds no error except the points
// limit or the option's maximum. So the panel, the CLI and the tests all get the engine's answer.
import { forSubFaction, inDates, type ArmyContext, type ResolvedOption } from './context'
import { countOf, formatNumber, formatRanges, formatYear, listWords, pointsText } from './messages'
import type {
  CardOfferAnswer,
  ContingentOffer,
  Issue,
  OfferedUnit,
  OptionsAnswer,
  Roster,
  RosterUnit,
  Ruleset,
  TroopType,
  UnavailableCode,
  Verdict
} from './types'

export type { AvailableOption, OptionsAnswer, UnavailableOption } from './types'

/** Why the ruleset bars an option outright: its rule's description. */
export const leftOutReason = (o: ResolvedOption): string => o.barredBy?.description ?? 'The rules of this ruleset allow none.'

/** Errors an offered unit may bring: the player chooses to go over the points or an option's maximum. */
export const TOLERATED_ERRORS = new Set(['points-over-limit', 'option-above-max'])

/** The count a new unit starts with: the troop's own, else one unit or stand, or 12 figures. */
export function defaultCount(ruleset: Ruleset, troop: TroopType): number {
  return troop.defaultCount ?? (ruleset.costUnit === 'figure' ? 12 : 1)
}

const errorKey = (i: Issue) => `${i.code}|${i.rule}`

/** Errors of `after` that `before` did not have (by kind and rule: a message's numbers may change). */
export function newErrors(before: Issue[], after: Issue[]): Issue[] {
  const seen = new Map<string, number>()
  for (const i of before) if (i.severity === 'error') seen.set(errorKey(i), (seen.get(errorKey(i)) ?? 0) + 1)
  const out: Issue[] = []
  for (const i of after) {
    if (i.severity !== 'error') continue
    const n = seen.get(errorKey(i)) ?? 0
    if (n > 0) seen.set(errorKey(i), n - 1)
    else out.push(i)
  }
  return out
}

/** Attribute values to try, first the likeliest legal: the option's allowed values, the troop's default. */
function attributeChoices(ctx: ArmyContext, troop: TroopType, option: ResolvedOption): Array<Array<string | boolean | undefined>> {
  const out: Array<Array<string | boolean | undefined>> = []
  for (const [attr, spec] of Object.entries(troop.attributes ?? {})) {
    const def = ctx.loaded.ruleset.attributes[attr]
    const all: Array<string | boolean> = def?.type === 'boolean' ? [false, true] : (spec.values ?? def?.values ?? [])
    const allowed = option.option.attributes?.[attr]
    const values = allowed ? all.filter((v) => allowed.includes(v)) : all
    // What the unit has when the attribute is left out (a boolean without a default is false).
    const implied = spec.default ?? (def?.type === 'boolean' ? false : undefined)
    const ordered = [...new Set([...(implied !== undefined && values.includes(implied) ? [implied] : []), ...values])]
    // Left out first where the troop may (its default applies, and is the same as writing it).
    out.push(spec.required ? ordered : [undefined, ...ordered.filter((v) => v !== implied)])
  }
  return out
}

const MAX_CANDIDATES = 48

/** Candidates by army context, then by option, troop and count: the same every time they are asked (frozen: shared by every answer). */
const candidatesMade = new WeakMap<ArmyContext, Map<string, readonly RosterUnit[]>>()
/** At most this many (option, troop, count) kept per army: counts vary with the roster, so the map is emptied past it. */
const CANDIDATES_KEPT = 512

/**
 * Units to try for (option, troop): combinations of attribute values, those that change the fewest
 * attributes from the likeliest first, so a cap never cuts off a one-attribute change. Worked out
 * once per army, option, troop and count: every edit in the editor asks for them all again.
 */
function candidates(ctx: ArmyContext, troop: TroopType, option: ResolvedOption, count: number): readonly RosterUnit[] {
  let made = candidatesMade.get(ctx)
  if (!made) candidatesMade.set(ctx, (made = new Map()))
  const key = `${option.index}/${troop.id}/${count}`
  let units = made.get(key)
  if (!units) {
    if (made.size >= CANDIDATES_KEPT) made.clear()
    units = Object.freeze(makeCandidates(ctx, troop, option, count).map((u) => Object.freeze(u)))
    made.set(key, units)
  }
  return units
}

function makeCandidates(ctx: ArmyContext, troop: TroopType, option: ResolvedOption, count: number): RosterUnit[] {
  const attrs = Object.keys(troop.attributes ?? {})
  const choices = attributeChoices(ctx, troop, option)
  let combos: number[][] = [[]]
  for (const values of choices) combos = combos.flatMap((c) => values.map((_, i) => [...c, i])).slice(0, 4096)
  const changed = (c: number[]) => c.filter((i) => i > 0).length
  const unitOf = (c: number[]): RosterUnit => {
    const unit: RosterUnit = { troop: troop.id, count, option: option.key }
    c.forEach((i, k) => {
      const v = choices[k][i]
      if (v !== undefined) unit[attrs[k]] = v
    })
    return unit
  }
  // The list's usual values first (a Roman's regulars, a Gaul's irregulars, class C for a regular),
  // then those that change the fewest attributes, so a cap never cuts off a one-attribute change.
  const unusual = (unit: RosterUnit) =>
    attrs.filter((a) => {
      const usual = usualValue(ctx, troop, a, unit)
      return usual !== undefined && unit[a] !== usual
    }).length
  return combos
    .map((c, order) => ({ c, order, unit: unitOf(c) }))
    .map((x) => ({ ...x, unusual: unusual(x.unit) }))
    .sort((x, y) => x.unusual - y.unusual || changed(x.c) - changed(y.c) || x.order - y.order)
    .slice(0, MAX_CANDIDATES)
    .map(({ unit }) => unit)
}

/** An attribute's usual value for a unit, from the data: the list's, the ruleset's by another attribute, the troop's default. */
function usualValue(ctx: ArmyContext, troop: TroopType, attr: string, unit: RosterUnit): string | boolean | undefined {
  const fromList = ctx.army.usual?.[attr]
  if (fromList !== undefined) return fromList
  const by = ctx.loaded.ruleset.attributes[attr]?.usualBy
  const other = by ? unit[by.attribute] : undefined
  if (by && typeof other === 'string' && by.values[other] !== undefined) return by.values[other]
  return troop.attributes?.[attr]?.default
}

/** Issues about the roster's shape (a unit with an unknown attribute, a count of 0): the rules do not run. */
const isShapeIssue = (i: Issue) => i.rule === 'roster-schema'

export function rosterOptions(ctx: ArmyContext, roster: Roster, base: Verdict, check: (roster: Roster) => Verdict): OptionsAnswer {
  const { loaded } = ctx
  const unitWord = loaded.ruleset.costUnit
  const year = Number.isInteger(roster.year) ? roster.year : undefined
  const subFaction = typeof roster.subFaction === 'string' ? roster.subFaction : undefined
  const answer: OptionsAnswer = { available: [], unavailable: [], contingents: [], leftOut: [], cards: [] }
  // While the roster's shape is wrong the rules do not run, so any unit would look fine: try them
  // against the roster without its malformed units; if the roster itself is malformed, say so.
  let units = Array.isArray(roster.units) ? roster.units : []
  if (base.issues.some(isShapeIssue)) {
    const broken = new Set(
      base.issues
        .filter(isShapeIssue)
        .map((i) => /^\/units\/(\d+)/.exec(i.path)?.[1])
        .filter((x): x is string => x !== undefined)
        .map(Number)
    )
    units = units.filter((_, i) => !broken.has(i))
    roster = { ...roster, units }
    base = check(roster)
    const shape = base.issues.find(isShapeIssue)
    if (shape) {
      for (const o of ctx.options.values()) {
        for (const troopId of o.option.troops) {
          const troop = loaded.troops.get(troopId)
          if (troop)
            answer.unavailable.push({
              option: o.key,
              optionName: o.label,
              troop: troop.id,
              troopName: troop.name,
              ...(o.ally ? { ally: o.ally.id } : {}),
              code: 'roster-invalid',
              reason: `Fix the roster first: ${shape.message}`
            })
        }
      }
      return answer
    }
  }
  const used = new Map<string, number>()
  for (const u of base.units ?? []) if (u.option) used.set(u.option, (used.get(u.option) ?? 0) + u.count)
  const takenAllies = new Set((base.units ?? []).flatMap((u) => (u.ally ? [u.ally] : [])))
  const otherAlly = [...takenAllies].map((id) => ctx.army.allies?.find((a) => a.id === id)).find((a) => a !== undefined && !a.internal)

  for (const o of ctx.options.values()) {
    // Barred outright by this ruleset (a shared list's option for another): not offered, said once why.
    if (o.barredBy) {
      answer.leftOut.push({ option: o.key, optionName: o.label, troops: o.option.troops, reason: leftOutReason(o) })
      continue
    }
    for (const troopId of o.option.troops) {
      const troop = loaded.troops.get(troopId)
      if (!troop) continue
      const offered: OfferedUnit = { option: o.key, optionName: o.label, troop: troop.id, troopName: troop.name, ...(o.ally ? { ally: o.ally.id } : {}) }
      // Its cost a count where it does not depend on the unit's attributes, as the roster's edition has it.
      const flat = typeof troop.cost === 'number' ? troop.cost : undefined
      const refuse = (code: UnavailableCode, reason: string) =>
        answer.unavailable.push({ ...offered, code, reason, ...(flat !== undefined ? { costEach: flat } : {}) })
      const allyName = o.ally?.name ?? o.ally?.id
      if (o.ally?.dates && year === undefined) {
        refuse('year-required', `${allyName} can be taken ${formatRanges(o.ally.dates)}: set the roster's year first.`)
        continue
      }
      if (o.ally?.dates && year !== undefined && !inDates(year, o.ally.dates)) {
        refuse('ally-out-of-date', `${allyName} can be taken ${formatRanges(o.ally.dates)}, not in ${formatYear(year)}.`)
        continue
      }
      if (o.ally && !o.ally.internal && otherAlly && otherAlly.id !== o.ally.id) {
        refuse('other-ally-taken', `Only one ally: ${otherAlly.name ?? otherAlly.id} are already taken.`)
        continue
      }
      if (o.option.dates) {
        if (year === undefined) {
          refuse('year-required', `Available ${formatRanges(o.option.dates)}: set the roster's year first.`)
          continue
        }
        if (!inDates(year, o.option.dates)) {
          refuse('out-of-date', `Available ${formatRanges(o.option.dates)}, not in ${formatYear(year)}.`)
          continue
        }
      }
      if (forSubFaction(o.option, subFaction) === false || (o.ally && forSubFaction(o.ally, subFaction) === false)) {
        const parts = ctx.army.subFactions ?? []
        const chosen = parts.find((p) => p.id === subFaction)?.name ?? subFaction
        refuse('other-part', `For another part of the list, not ${chosen}.`)
        continue
      }
      const taken = used.get(o.key) ?? 0
      const max = o.option.max
      if (max != null && taken >= max) {
        refuse('limit-reached', `At most ${countOf(max, unitWord)}; the roster has ${formatNumber(taken)}.`)
        continue
      }
      // The usual count, at least what the option still needs, at most the room it has left.
      const needed = Math.max(0, (o.option.min ?? 0) - taken)
      const count = Math.max(1, Math.min(Math.max(defaultCount(loaded.ruleset, troop), needed), max != null ? max - taken : Infinity))
      let best: { unit: RosterUnit; costEach: number } | undefined
      // The reason: a problem every candidate had (whatever its attributes), else the first one's.
      let common: Issue[] | undefined
      for (const unit of candidates(ctx, troop, o, count)) {
        const verdict = check({ ...roster, units: [...units, unit] })
        const blocking = newErrors(base.issues, verdict.issues).filter((i) => !TOLERATED_ERRORS.has(i.code))
        if (blocking.length === 0) {
          best = { unit, costEach: verdict.units?.[verdict.units.length - 1]?.costEach ?? 0 }
          break
        }
        const keys = new Set(blocking.map(errorKey))
        const shared = common === undefined ? blocking : common.filter((i) => keys.has(errorKey(i)))
        if (shared.length > 0) common = shared
      }
      const firstProblem = common?.[0]
      if (!best) {
        // The message was said of the roster with the unit added: say it of that roster, not this one.
        const message = (firstProblem?.message ?? `${troop.plural ?? troop.name} cannot be added.`).replace(
          /\b(this|the) roster has\b/gi,
          'with it the roster would have'
        )
        if (firstProblem?.code === 'ally-multiple') refuse('other-ally-taken', message)
        else if (o.ally && !takenAllies.has(o.ally.id)) refuse('ally-not-taken', `Take ${allyName} as a contingent, its minimums together: ${message}`)
        else refuse('not-allowed', message)
        continue
      }
      const left = base.limit !== null ? base.limit - base.points : Infinity
      if (best.costEach > 0 && best.costEach > left + 1e-9) {
        refuse('points', `Costs ${pointsText(best.costEach)} a ${unitWord}; ${left > 0 ? `${pointsText(left)} left` : 'no points left'}.`)
        continue
      }
      // Fewer than the usual count when only they fit the points left (and the option allows it).
      const fit = Math.floor((left + 1e-9) / best.costEach)
      if (best.costEach > 0 && best.unit.count * best.costEach > left + 1e-9 && fit >= Math.max(1, needed)) {
        const smaller = { ...best.unit, count: fit }
        if (newErrors(base.issues, check({ ...roster, units: [...units, smaller] }).issues).every((i) => TOLERATED_ERRORS.has(i.code)))
          best = { ...best, unit: smaller }
      }
      // A copy: the candidates are kept, frozen, for the next answer; the caller's unit is its own.
      answer.available.push({ ...offered, unit: { ...best.unit }, costEach: best.costEach })
    }
  }
  answer.contingents = contingentOffers(ctx, roster, base, check, takenAllies, otherAlly?.id, year)
  answer.cards = cardOffers(ctx, roster, base, check)
  return answer
}

/** Each untaken ally with minimums, offered whole: the minimums of all its contingents appended together and checked. */
function contingentOffers(
  ctx: ArmyContext,
  roster: Roster,
  base: Verdict,
  check: (roster: Roster) => Verdict,
  taken: Set<string>,
  otherAlly: string | undefined,
  year: number | undefined
): ContingentOffer[] {
  const out: ContingentOffer[] = []
  for (const ally of ctx.army.allies ?? []) {
    if (taken.has(ally.id)) continue
    // An ally of several contingents ("Sumerian with Early Syrian") comes with all their minimums:
    // the check asks for each once the ally is taken, so one offer takes them together.
    const contingents = ally.contingents
    const name =
      contingents.length === 1
        ? `${ally.name ?? ally.id}: ${contingents[0].name}`
        : `${ally.name ?? ally.id} (${listWords(
            contingents.map((c) => c.name),
            'and'
          )})`
    const offer = { ally: ally.id, contingent: contingents.map((c) => c.id).join('+'), name }
    const needed = [...ctx.options.values()].filter(
      (o) => o.ally === ally && !o.barredBy && (o.option.min ?? 0) > 0 && (year === undefined || inDates(year, o.option.dates))
    )
    if (needed.length === 0) continue
    if (ally.dates && (year === undefined || !inDates(year, ally.dates))) {
      out.push({
        ...offer,
        reason: `${ally.name ?? ally.id} can be taken ${formatRanges(ally.dates)}${year === undefined ? ": set the roster's year first" : `, not in ${formatYear(year)}`}.`
      })
      continue
    }
    const subFaction = typeof roster.subFaction === 'string' ? roster.subFaction : undefined
    if (forSubFaction(ally, subFaction) === false) {
      const chosen = ctx.army.subFactions?.find((p) => p.id === subFaction)?.name ?? subFaction
      out.push({ ...offer, reason: `${ally.name ?? ally.id} come to another part of the list, not ${chosen}.` })
      continue
    }
    if (!ally.internal && otherAlly && otherAlly !== ally.id) {
      const other = ctx.army.allies?.find((a) => a.id === otherAlly)
      out.push({ ...offer, reason: `Only one ally: ${other?.name ?? otherAlly} are already taken.` })
      continue
    }
    const units = needed.map((o) => candidates(ctx, ctx.loaded.troops.get(o.option.troops[0])!, o, o.option.min ?? 1)[0])
    const verdict = check({ ...roster, units: [...(Array.isArray(roster.units) ? roster.units : []), ...units] })
    const blocking = newErrors(base.issues, verdict.issues).filter((i) => !TOLERATED_ERRORS.has(i.code))
    if (blocking.length) {
      out.push({ ...offer, reason: blocking[0].message.replace(/\b(this|the) roster has\b/gi, 'with it the roster would have') })
      continue
    }
    // On the same terms as a unit: one that would take the roster over its points limit is not offered.
    const cost = Math.round((verdict.points - base.points) * 1e6) / 1e6
    const left = base.limit !== null ? base.limit - base.points : Infinity
    if (cost > 0 && cost > left + 1e-9)
      out.push({ ...offer, cost, reason: `Its minimums cost ${pointsText(cost)}; ${left > 0 ? `${pointsText(left)} left` : 'no points left'}.` })
    else out.push({ ...offer, units: units.map((u) => ({ ...u })), cost })
  }
  return out
}

/** Errors a card taken may bring that the player chooses: past the entry's count (set on the card), taken already (its count instead); the points are weighed apart. */
const TOLERATED_CARD_ERRORS = new Set(['points-over-limit', 'battle-card-above-max', 'battle-card-duplicate'])

/** Each card the list offers, on each of its entries: the roster checked with it, what it adds to the points, takeable or not and why. */
function cardOffers(ctx: ArmyContext, roster: Roster, base: Verdict, check: (roster: Roster) => Verdict): CardOfferAnswer[] {
  const taken = Array.isArray(roster.battleCards) ? roster.battleCards : []
  const out: CardOfferAnswer[] = []
  for (const card of ctx.cards.values()) {
    // A marker (it marks the troops another card covers) is not taken on its own.
    if (card.def.marks) continue
    for (const offer of card.offers) {
      const answer: CardOfferAnswer = { card: card.def.code, option: offer.option?.key ?? null }
      const verdict = check({ ...roster, battleCards: [...taken, { card: card.def.code, ...(offer.option ? { option: offer.option.key } : {}) }] })
      const blocking = newErrors(base.issues, verdict.issues).filter((i) => !TOLERATED_CARD_ERRORS.has(i.code))
      const first = blocking[0]
      // "…but the roster has no stands from that option", said before the click as what to do first.
      const reason = first?.code === 'battle-card-no-stands' && offer.option ? `Needs stands of ${offer.option.label} first.` : first?.message
      // On the same terms as a unit: a card that would take the roster over its points limit is not offered.
      const cost = Math.round((verdict.points - base.points) * 1e6) / 1e6
      const left = base.limit !== null ? base.limit - base.points : Infinity
      const points = cost > 0 && cost > left + 1e-9 ? `Costs ${pointsText(cost)}; ${left > 0 ? `${pointsText(left)} left` : 'no points left'}.` : undefined
      out.push({ ...answer, cost, ...(reason || points ? { reason: reason ?? points } : {}) })
    }
  }
  return out
}
