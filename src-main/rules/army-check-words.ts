// How the army checks name what they judge: an option's rule and label, a unit, and an issue of
// limits that are Muster's list's own rather than the rules'.
import type { AnalysedUnit, ArmyContext, ResolvedOption } from './context'
import { musterRule, plural } from './issue'
import type { Issue } from './types'

/** The rule an option's issues name: the army's id and the option's key. */
export const optionRule = (ctx: ArmyContext, o: ResolvedOption): string => `${ctx.army.id}/${o.key}`
export const optionLabel = (o: ResolvedOption): string => o.label

/** An issue of an option's limits (its dates, minimum, maximum): Muster's list says so where they are Muster's own (its `source`). */
export const listRule = (issue: Issue, o: ResolvedOption | undefined): Issue => musterRule(issue, o?.option.source, "Muster's list, not the rules")

export const unitLabel = (u: AnalysedUnit): string => `${u.raw.name ? `'${u.raw.name}' ` : ''}(${plural(u)}, unit ${u.index + 1})`
