// The checks every army list gets from its dates and its parts: the roster's year against the
// army's and its options' dates, and its sub-faction against the parts its options and allies are
// for. Each reads the analysis and returns the issues it finds. The other army checks:
// option-checks.ts (troop options and their limits) and role-checks.ts (general, one-role entries, camp).
import type { Analysis } from './analyse'
import { listRule, optionLabel, optionRule } from './army-check-words'
import { cardEntries, forSubFaction, inDates, needsSubFaction, type ArmyContext } from './context'
import { makeIssue, plural } from './issue'
import { capitalise, formatRanges, formatYear, listWords } from './messages'
import type { ArmyOption, BattleCardEntry, Issue } from './types'

/** No issues: one list for every check that finds none (never written to). */
const NO_ISSUES: Issue[] = Object.freeze([]) as unknown as Issue[]

/**
 * The roster's sub-faction: chosen (still to do) where the army list has them, one of them, and no
 * unit from an option marked for other sub-factions.
 */
export function checkSubFaction(ctx: ArmyContext, a: Analysis): Issue[] {
  // A list with no parts asks for none; nor does a roster that names none of a list whose options are for every part.
  if (a.subFaction === undefined && !listFacts(ctx).anyForParts && !needsSubFaction(ctx.army)) return NO_ISSUES
  const issues: Issue[] = []
  const subFactions = ctx.army.subFactions ?? []
  const names = (ids: string[]) => listWords(ids.map((id) => `'${subFactions.find((s) => s.id === id)?.name ?? id}'`))
  const chosen = a.subFaction
  if (chosen === undefined) {
    // Asked for when a part's option has a minimum, and whenever the roster uses an option or an ally
    // that only some parts may take (else two parts' troops could be mixed).
    const restricted = a.units.find((u) => u.option && (u.option.option.subFactions || u.option.ally?.subFactions))
    // A battle card the list offers to some parts only asks for the part as such an option does.
    const card = restricted ? undefined : a.cards.find((c) => c.offer?.entry.subFactions)
    if (needsSubFaction(ctx.army) || restricted || card) {
      const why = restricted
        ? `${capitalise(plural(restricted))} as ${optionLabel(restricted.option!)} (unit ${restricted.index + 1}) are for some parts only.`
        : card
          ? `Battle card ${card.index + 1}, ${card.card!.def.name} (${card.card!.def.code}), is for some parts of the list only.`
          : 'Some options and their minimums are for one part only.'
      issues.push(
        makeIssue(
          'sub-faction-missing',
          '/subFaction',
          'sub-faction',
          `Choose which part of the ${ctx.army.name} list this army is: ${names(subFactions.map((s) => s.id))}.`,
          'error',
          why
        )
      )
    }
    return issues
  }
  if (!subFactions.some((s) => s.id === chosen)) {
    const hint = subFactions.length ? `Its parts are ${names(subFactions.map((s) => s.id))}.` : 'The list has no parts to choose between: leave it out.'
    issues.push(makeIssue('sub-faction-unknown', '/subFaction', 'sub-faction', `The ${ctx.army.name} list has no part '${chosen}'.`, 'error', hint))
    return issues
  }
  const reported = new Set<string>()
  for (const u of a.units) {
    const ally = u.option?.ally
    if (ally && forSubFaction(ally, chosen) === false) {
      // once per ally, at its first unit
      if (reported.has(ally.id)) continue
      reported.add(ally.id)
      const { only, except } = ally.subFactions!
      const who = only ? `only for ${names(only)}` : `for all but ${names(except!)}`
      issues.push(
        makeIssue(
          'ally-not-for-sub-faction',
          `/units/${u.index}/option`,
          'allies',
          `${ally.name ?? ally.id} are allies ${who}; this roster is for ${names([chosen])}.`,
          'error',
          'Choose another part of the list, or another ally.'
        )
      )
      continue
    }
    if (!u.option || forSubFaction(u.option.option, chosen) !== false) continue
    const { only, except } = u.option.option.subFactions!
    const who = only ? `only for ${names(only)}` : `for all but ${names(except!)}`
    const as =
      optionLabel(u.option).toLowerCase() === plural(u).toLowerCase() || optionLabel(u.option).toLowerCase() === u.troop.name.toLowerCase()
        ? ''
        : ` as ${optionLabel(u.option)}`
    issues.push(
      makeIssue(
        'option-not-for-sub-faction',
        `/units/${u.index}`,
        optionRule(ctx, u.option),
        `${capitalise(plural(u))}${as} are ${who}; this roster is for ${names([chosen])}.`,
        'error',
        'Choose another part of the list, or another option for these troops.'
      )
    )
  }
  return issues
}

interface ListFacts {
  /** Its dated option with a minimum. */
  datedMin?: ArmyOption
  /** Its battle card required in some years only (a minimum on a dated entry binds only those years). */
  datedCardMin?: BattleCardEntry
  /** Whether any option, ally or battle-card offer (its own, its options', its allies') is dated. */
  anyDated: boolean
  /** Whether any option, ally or battle-card offer is for some parts (sub-factions) of the list only. */
  anyForParts: boolean
}
const factsByContext = new WeakMap<ArmyContext, ListFacts>()
/**
 * What the date and part checks ask of a list on every check: facts of the list as the army's
 * context has it (every option, allied ones too, and every battle-card offer), found once.
 */
function listFacts(ctx: ArmyContext): ListFacts {
  let facts = factsByContext.get(ctx)
  if (!facts) {
    const { army } = ctx
    const entries = cardEntries(army)
    const options = [...ctx.options.values()]
    const offers = [...ctx.cards.values()].flatMap((c) => c.offers.map((o) => o.entry))
    const allies = army.allies ?? []
    facts = {
      datedMin: army.options.find((o) => o.dates && (o.min ?? 0) > 0),
      datedCardMin: entries.find((e) => e.dates && (e.min ?? 0) > 0),
      anyDated: options.some((o) => o.option.dates || o.ally?.dates) || allies.some((a) => a.dates) || offers.some((e) => e.dates),
      anyForParts: options.some((o) => o.option.subFactions || o.ally?.subFactions) || allies.some((a) => a.subFactions) || offers.some((e) => e.subFactions)
    }
    factsByContext.set(ctx, facts)
  }
  return facts
}

/** The roster's year against the army's dates, dated options and dated allies. */
export function checkDates(ctx: ArmyContext, a: Analysis): Issue[] {
  const issues: Issue[] = []
  const { army } = ctx
  if (a.year !== undefined) {
    if (!inDates(a.year, army.dates)) {
      issues.push(
        makeIssue('army-out-of-date', '/year', 'army-dates', `${army.name} is dated ${formatRanges(army.dates)}; ${formatYear(a.year)} is outside it.`)
      )
    }
    for (const u of a.units) {
      const o = u.option
      if (!o) continue
      if (o.option.dates && !inDates(a.year, o.option.dates)) {
        issues.push(
          listRule(
            makeIssue(
              'option-out-of-date',
              `/units/${u.index}`,
              `${army.id}/${o.key}`,
              `${capitalise(plural(u))} as ${optionLabel(o)} are available ${formatRanges(o.option.dates)}, not in ${formatYear(a.year)}.`
            ),
            o
          )
        )
      }
      if (o.ally?.dates && !inDates(a.year, o.ally.dates)) {
        issues.push(
          makeIssue(
            'ally-out-of-date',
            `/units/${u.index}`,
            'allies',
            `The ally ${o.ally.name ?? o.ally.id} is available ${formatRanges(o.ally.dates)}, not in ${formatYear(a.year)}.`
          )
        )
      }
    }
    return issues
  }
  const { datedMin, datedCardMin, anyDated } = listFacts(ctx)
  // A list with nothing dated needs no year.
  if (!anyDated) return issues
  const datedUse = a.units.find((u) => u.option?.option.dates || u.option?.ally?.dates)
  // A battle card the list offers in some years only asks for the year as a dated option does.
  const datedCard = a.cards.find((c) => c.offer?.entry.dates)
  if (datedUse || datedMin || datedCard || datedCardMin) {
    const why = datedUse
      ? `${capitalise(plural(datedUse))} as ${optionLabel(datedUse.option!)} are dated ${formatRanges(datedUse.option!.option.dates ?? datedUse.option!.ally!.dates!)}`
      : datedMin
        ? `its option ${datedMin.name ?? datedMin.id} is dated ${formatRanges(datedMin.dates!)}`
        : datedCard
          ? `${datedCard.card!.def.name} (${datedCard.card!.def.code}) is offered ${formatRanges(datedCard.offer!.entry.dates!)}`
          : `the list requires ${cardName(ctx, datedCardMin!.code)} ${formatRanges(datedCardMin!.dates!)}`
    const dated = datedUse?.option ?? (datedMin && ctx.options.get(datedMin.id))
    issues.push(listRule(makeIssue('year-required', '/year', 'army-dates', `Set the roster's year (${formatRanges(army.dates)}): ${why}.`), dated || undefined))
  }
  return issues
}

/** A battle card by name and code, as messages name it: "Prepared Defenses (PD)". */
function cardName(ctx: ArmyContext, code: string): string {
  const def = ctx.cards.get(code)?.def
  return def ? `${def.name} (${def.code})` : code
}
