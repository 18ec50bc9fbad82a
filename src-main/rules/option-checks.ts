// The checks of a roster's units against its army list's troop options: each unit on the list, as
// an option that lists its troop type, with the attributes the option allows; each option's minimum,
// maximum and one-type rule; and at most one ally option.
import type { Analysis } from './analyse'
import { listRule, optionLabel, optionRule } from './army-check-words'
import { forSubFaction, inDates, type ArmyContext, type ResolvedOption } from './context'
import { makeIssue, plural } from './issue'
import { capitalise, countOf, listWords } from './messages'
import type { Issue } from './types'

/** A minimum binds an option available in the roster's year and to its sub-faction (once chosen). */
const bindsMinimum = (o: ResolvedOption, a: Analysis): boolean =>
  (a.year === undefined ? o.option.dates === undefined : inDates(a.year, o.option.dates)) && forSubFaction(o.option, a.subFaction) === true

/** Troop on the list, named option exists and lists the troop, option limits, mixes and attributes. */
export function checkOptions(ctx: ArmyContext, a: Analysis): Issue[] {
  const issues: Issue[] = []
  const takenAllies = unitIssues(ctx, a, issues)
  limitIssues(ctx, a, takenAllies, issues)
  if (takenAllies) allyIssues(ctx, a, issues)
  return issues
}

const troopName = (ctx: ArmyContext, id: string): string => ctx.loaded.troops.get(id)?.plural ?? ctx.loaded.troops.get(id)?.name ?? id

/** Each unit: on the list, as an option that lists its troop type, with the attributes the option allows. Returns the allies taken, if any. */
function unitIssues(ctx: ArmyContext, a: Analysis, issues: Issue[]): Set<string> | undefined {
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
            : `The list has ${listWords(
                [...ctx.ownOptionsByTroop.keys()].map((id) => troopName(ctx, id)),
                'and'
              )}.`
        )
      )
    } else if (typeof named === 'string' && !u.option.option.troops.includes(u.troop.id)) {
      // (An option the analysis chose for the unit is one that lists its troop type.)
      issues.push(
        makeIssue(
          'option-troop-mismatch',
          `/units/${u.index}/troop`,
          optionRule(ctx, u.option),
          `${capitalise(plural(u))} cannot be taken as ${optionLabel(u.option)}: that option lists ${listWords(u.option.option.troops.map((id) => troopName(ctx, id)))}.`
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
  return takenAllies
}

/** Each option's minimum and maximum, and its one-type rule (an ally's only when the ally is taken). */
function limitIssues(ctx: ArmyContext, a: Analysis, takenAllies: Set<string> | undefined, issues: Issue[]): void {
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
}

/** An army may take only one ally option. */
function allyIssues(ctx: ArmyContext, a: Analysis, issues: Issue[]): void {
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
}
