// Sums: every unit must have a cost, and the total must fit the points limit.
import type { Analysis } from './analyse'
import { makeIssue, plural } from './army-checks'
import type { ArmyContext } from './context'
import { capitalise, formatNumber, pointsText } from './messages'

export function checkPoints(ctx: ArmyContext, a: Analysis): void {
  for (const u of a.units) {
    if (u.costEach !== null || a.attributeFlagged.has(u.index)) continue
    const by = typeof u.troop.cost === 'object' ? u.troop.cost.by : []
    const values = by.map((attr) => `${attr} ${String(ctx.attributeValue(u.raw, u.troop, attr))}`).join(', ')
    a.issues.push(makeIssue('no-cost', `/units/${u.index}`, 'cost-table', `${capitalise(plural(u))} have no points value with ${values} in the ${ctx.loaded.ruleset.name} cost table.`))
  }
  if (a.limit !== null && a.points > a.limit + 1e-9) {
    a.issues.push(
      makeIssue('points-over-limit', '/units', 'points-limit', `The army costs ${formatNumber(a.points)} points, ${formatNumber(a.points - a.limit)} over its ${formatNumber(a.limit)}-point limit.`)
    )
  } else if (a.limit !== null && ctx.loaded.ruleset.warnUnderLimit && a.points < a.limit - 1e-9) {
    a.issues.push(
      makeIssue('points-under-limit', '/units', 'points-limit', `The army costs ${formatNumber(a.points)} points: ${pointsText(a.limit - a.points)} of its ${formatNumber(a.limit)} ${a.limit - a.points === 1 ? 'is' : 'are'} unspent.`, 'warning')
    )
  }
}
