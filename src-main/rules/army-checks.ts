// The checks every army list gets from its own structure: troop options and their limits, dates,
// allies, the general, one-role entries and the camp. Each reads the analysis and returns the issues it finds.
import type { Analysis } from './analyse'
import { cardEntries, forSubFaction, inDates, needsSubFaction, type AnalysedUnit, type ArmyContext, type ResolvedOption } from './context'
import { makeIssue, musterRule, plural } from './issue'
import { capitalise, countOf, formatRanges, formatYear, listWords } from './messages'
import type { ArmyOption, BattleCardEntry, Issue, Ruleset } from './types'

const optionRule = (ctx: ArmyContext, o: ResolvedOption): string => `${ctx.army.id}/${o.key}`
const optionLabel = (o: ResolvedOption): string => o.label
/** No issues: one list for every check that finds none (never written to). */
const NO_ISSUES: Issue[] = Object.freeze([]) as unknown as Issue[]

/** A minimum binds an option available in the roster's year and to its sub-faction (once chosen). */
const bindsMinimum = (o: ResolvedOption, a: Analysis): boolean =>
  (a.year === undefined ? o.option.dates === undefined : inDates(a.year, o.option.dates)) && forSubFaction(o.option, a.subFaction) === true

/** An issue of an option's limits (its dates, minimum, maximum): Muster's list says so where they are Muster's own (its `source`). */
const listRule = (issue: Issue, o: ResolvedOption | undefined): Issue => musterRule(issue, o?.option.source, "Muster's list, not the rules")

const unitLabel = (u: AnalysedUnit): string => `${u.raw.name ? `'${u.raw.name}' ` : ''}(${plural(u)}, unit ${u.index + 1})`

/** Troop on the list, named option exists and lists the troop, option limits, mixes and attributes. */
export function checkOptions(ctx: ArmyContext, a: Analysis): Issue[] {
  const issues: Issue[] = []
  const troopName = (id: string): string => ctx.loaded.troops.get(id)?.plural ?? ctx.loaded.troops.get(id)?.name ?? id
  // Allies are rare: the set of those taken is made only when a unit is one.
  let takenAllies: Set<string> | undefined
  for (const u of a.units) {
    if (u.option?.ally) (takenAllies ??= new Set()).add(u.option.ally.id)
    const named = u.raw.option
    if (typeof named === 'string' && !u.option) {
      const offering = [...ctx.options.values()].filter((o) => o.option.troops.includes(u.troop.id)).map(optionLabel)
      issues.push(
        makeIssue(
          'option-unknown',
          `/units/${u.index}/option`,
          'army-list',
          `Unit ${u.index + 1} names an option the ${ctx.army.name} list does not have ('${named}').`,
          'error',
          offering.length ? `${capitalise(plural(u))} can be taken as ${listWords(offering)}.` : `The list has no option for ${plural(u)}.`
        )
      )
    } else if (!u.option) {
      const allied = [...ctx.options.values()].filter((o) => o.ally && o.option.troops.includes(u.troop.id))
      issues.push(
        makeIssue(
          'troop-not-in-army',
          `/units/${u.index}/troop`,
          'army-list',
          `${capitalise(plural(u))} are not on the ${ctx.army.name} army list.`,
          'error',
          allied.length
            ? `An allied contingent may bring them: choose ${listWords(allied.map(optionLabel))} as the unit's option.`
            : `The list has ${listWords([...ctx.ownOptionsByTroop.keys()].map(troopName), 'and')}.`
        )
      )
    } else if (typeof named === 'string' && !u.option.option.troops.includes(u.troop.id)) {
      // (An option the analysis chose for the unit is one that lists its troop type.)
      issues.push(
        makeIssue(
          'option-troop-mismatch',
          `/units/${u.index}/troop`,
          optionRule(ctx, u.option),
          `${capitalise(plural(u))} cannot be taken as ${optionLabel(u.option)}: that option lists ${listWords(u.option.option.troops.map(troopName))}.`
        )
      )
    }
    const allowedAttrs = u.option?.option.attributes
    if (allowedAttrs === undefined) continue
    for (const [attr, allowed] of Object.entries(allowedAttrs)) {
      const value = ctx.attributeValue(u.raw, u.troop, attr)
      if (!allowed.includes(value as string | boolean)) {
        issues.push(
          makeIssue(
            'option-attribute-not-allowed',
            `/units/${u.index}/${attr}`,
            optionRule(ctx, u.option!),
            `${capitalise(plural(u))} taken as ${optionLabel(u.option!)} must have ${attr} ${listWords(allowed.map(String))}, not ${String(value)}.`
          )
        )
      }
    }
  }

  for (const o of ctx.limitedOptions) {
    if (o.ally && !takenAllies?.has(o.ally.id)) continue
    const used = a.optionUse.get(o)
    let total = 0
    for (const u of used) total += u.count
    const { min, max } = o.option
    const unitWord = ctx.loaded.ruleset.costUnit
    if (min !== undefined && min > 0 && total < min && bindsMinimum(o, a)) {
      issues.push({
        ...listRule(
          makeIssue(
            'option-below-min',
            '/units',
            optionRule(ctx, o),
            `${ctx.army.name} must field at least ${countOf(min, unitWord)} of ${optionLabel(o)}; the roster has ${total}.`
          ),
          o
        ),
        remedy: { options: [o.key] }
      })
    }
    if (max != null && total > max) {
      issues.push(
        listRule(
          makeIssue(
            'option-above-max',
            `/units/${used[used.length - 1].index}`,
            optionRule(ctx, o),
            `${ctx.army.name} may field at most ${countOf(max, unitWord)} of ${optionLabel(o)}; the roster has ${total}.`
          ),
          o
        )
      )
    }
    if (o.option.sameType && used.length > 1) {
      const odd = used.find((u) => u.troop.id !== used[0].troop.id)
      if (odd)
        issues.push(
          makeIssue(
            'option-mixed-types',
            `/units/${odd.index}`,
            optionRule(ctx, o),
            `All of ${optionLabel(o)} must be one troop type: ${plural(used[0])} and ${plural(odd)} are mixed.`
          )
        )
    }
  }

  if (!takenAllies) return issues
  const allyOrder: string[] = []
  for (const u of a.units) {
    const ally = u.option?.ally
    if (!ally || ally.internal) continue
    if (!allyOrder.includes(ally.id)) {
      allyOrder.push(ally.id)
      if (allyOrder.length === 2) {
        const first = ctx.army.allies!.find((x) => x.id === allyOrder[0])!
        issues.push(
          makeIssue(
            'ally-multiple',
            `/units/${u.index}/option`,
            'allies',
            `An army may take only one ally option: ${first.name ?? first.id} and ${ally.name ?? ally.id} are both used.`
          )
        )
      }
    }
  }
  return issues
}

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

/** Exactly one general of an allowed, non-allied type (armies whose list names its generals). */
export function checkGeneral(ctx: ArmyContext, a: Analysis): Issue[] {
  const issues: Issue[] = []
  const allowed = ctx.army.generals
  if (!allowed) return issues
  const troopNames = allowed.map((id) => ctx.loaded.troops.get(id)?.name ?? id)
  const generals = a.units.filter((u) => u.raw.general === true)
  if (generals.length === 0) {
    // The stands that may be marked: of an allowed type, not allied.
    const eligible = a.units.filter((u) => allowed.includes(u.troop.id) && !u.allied).map((u) => u.index)
    issues.push({
      ...makeIssue('general-missing', '/units', 'general', `Mark one stand as the general: ${ctx.army.name} may have a general of ${listWords(troopNames)}.`),
      remedy: { role: { attribute: 'general', units: eligible }, troops: allowed }
    })
  }
  generals
    .slice(1)
    .forEach((u) =>
      issues.push(makeIssue('general-multiple', `/units/${u.index}/general`, 'general', `Only one general: ${unitLabel(u)} is marked as a second general.`))
    )
  for (const u of generals) {
    if (!allowed.includes(u.troop.id)) {
      issues.push(
        makeIssue(
          'general-not-allowed',
          `/units/${u.index}/general`,
          'general',
          `${capitalise(plural(u))} cannot be the general of ${ctx.army.name}: the general must be ${listWords(troopNames)}.`
        )
      )
    }
    if (u.allied) {
      issues.push(makeIssue('general-allied', `/units/${u.index}/general`, 'general', `The general cannot come from an allied contingent (${unitLabel(u)}).`))
    }
  }
  return issues
}

/**
 * One role, one entry: a troop type or a boolean attribute marked `onePerEntry` (a commander, the
 * general, an eagle) is one figure, stand or unit, so an entry carrying it has count 1 and whatever the
 * role brings is counted once per entry. See docs/adr/0012-one-role-one-entry.md.
 */
/** Per ruleset, once: the attributes only one figure or stand of an entry may carry (a check is hot). */
const onePerEntryCache = new WeakMap<Ruleset, Array<[string, Ruleset['attributes'][string]]>>()
function onePerEntryAttributes(ruleset: Ruleset): Array<[string, Ruleset['attributes'][string]]> {
  let found = onePerEntryCache.get(ruleset)
  if (!found) onePerEntryCache.set(ruleset, (found = Object.entries(ruleset.attributes).filter(([, def]) => def.onePerEntry)))
  return found
}

export function checkOnePerEntry(ctx: ArmyContext, a: Analysis): Issue[] {
  const issues: Issue[] = []
  const { ruleset } = ctx.loaded
  const one = ruleset.costUnit
  for (const u of a.units) {
    if (u.count <= 1) continue
    const unit = (): string => `unit ${u.index + 1}${u.raw.name ? ` ('${u.raw.name}')` : ''}`
    if (u.troop.onePerEntry) {
      const hint = `Set its count to 1 and add each other ${u.troop.name} as an entry of its own.`
      issues.push(
        makeIssue(
          'one-per-entry',
          `/units/${u.index}/count`,
          'one-per-entry',
          `Each ${u.troop.name} is an entry of its own: ${unit()} has ${u.count} ${plural(u)}.`,
          'error',
          hint
        )
      )
      continue
    }
    for (const [id, def] of onePerEntryAttributes(ruleset)) {
      if (u.raw[id] !== true) continue
      const hint = `Set its count to 1 and put the other ${countOf(u.count - 1, one)} in an entry of ${u.count - 1 === 1 ? 'its' : 'their'} own.`
      issues.push(
        makeIssue(
          'one-per-entry',
          `/units/${u.index}/count`,
          'one-per-entry',
          `Only one ${one} can be marked ${def.label}: ${unit()} has ${countOf(u.count, one)} of ${plural(u)} marked.`,
          'error',
          hint
        )
      )
    }
  }
  return issues
}

/** Camp garrison names a unit of the roster that is not allied. */
export function checkCamp(ctx: ArmyContext, a: Analysis): Issue[] {
  const issues: Issue[] = []
  const garrison = a.roster.camp?.garrison
  if (!ctx.loaded.ruleset.camp || garrison === undefined) return issues
  const u = a.units.find((x) => x.raw.id === garrison)
  if (!u) {
    issues.push(makeIssue('camp-garrison-unknown', '/camp/garrison', 'camp', `The camp garrison '${garrison}' is not the id of any unit in the roster.`))
  } else if (u.allied) {
    issues.push(makeIssue('camp-garrison-allied', '/camp/garrison', 'camp', `An allied stand cannot garrison the camp (${unitLabel(u)}).`))
  }
  return issues
}

/** A battle card by name and code, as messages name it: "Prepared Defenses (PD)". */
function cardName(ctx: ArmyContext, code: string): string {
  const def = ctx.cards.get(code)?.def
  return def ? `${def.name} (${def.code})` : code
}
