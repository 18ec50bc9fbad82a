// Sums: every unit must have a cost, and the total must fit the points limit. Two checks, one job each.
import type { Analysis } from './analyse'
import type { ArmyContext } from './context'
import { makeIssue, plural } from './issue'
import { formatNumber, listWords, pointsText } from './messages'
import type { Issue } from './types'
import { own } from './own'

/**
 * Every unit has a points value in the cost table. A unit in an attribute breach (analysis) is left
 * out: its missing cost follows from the value it may not have, which the attribute rule reports.
 */
export function checkCosts(ctx: ArmyContext, a: Analysis): Issue[] {
  const issues: Issue[] = []
  for (const u of a.units) {
    if (u.costEach !== null || a.breachedUnits.has(u.index)) continue
    const by = typeof u.troop.cost === 'object' ? u.troop.cost.by : []
    // Values as the ruleset labels them ("Irregular"), so the message reads in the player's words.
    const label = (attr: string, value: unknown) => own(own(ctx.loaded.ruleset.attributes, attr)?.valueLabels, String(value)) ?? String(value)
    const values = by.map((attr) => label(attr, ctx.attributeValue(u.raw, u.troop, attr))).join(', ')
    // Which values the table does price, so the player knows what to choose (one keyed attribute: the usual case).
    const priced = typeof u.troop.cost === 'object' && by.length === 1 ? Object.keys(u.troop.cost.table).map((v) => label(by[0], v)) : []
    const hint = `${priced.length ? `The table prices them ${listWords(priced)} only. ` : ''}A costs.json in your own data folder can price others.`
    issues.push(
      makeIssue(
        'no-cost',
        `/units/${u.index}`,
        'cost-table',
        `${values} ${plural(u)} have no points value in the ${ctx.loaded.ruleset.name} cost table.`,
        'error',
        hint
      )
    )
  }
  return issues
}

/** The total within the limit; unspent points are a warning where the ruleset says so. */
export function checkPointsLimit(ctx: ArmyContext, a: Analysis): Issue[] {
  if (a.limit !== null && a.points > a.limit + 1e-9) {
    return [
      makeIssue(
        'points-over-limit',
        '/units',
        'points-limit',
        `The army costs ${formatNumber(a.points)} points, ${formatNumber(a.points - a.limit)} over its ${formatNumber(a.limit)}-point limit.`
      )
    ]
  }
  if (a.limit !== null && ctx.loaded.ruleset.warnUnderLimit && a.points < a.limit - 1e-9) {
    return [
      makeIssue(
        'points-under-limit',
        '/units',
        'points-limit',
        `The army costs ${formatNumber(a.points)} points: ${pointsText(a.limit - a.points)} of its ${formatNumber(a.limit)} ${a.limit - a.points === 1 ? 'is' : 'are'} unspent.`,
        'warning'
      )
    ]
  }
  return []
}
