// What the registry checks of a ruleset's optional amendments when it loads the data (a module of its
// own: the registry may not import the amendment checks, which import the army context).
import type { Ruleset } from './types'

/** An amendment names troop types, boolean attributes and constraints the ruleset has, each id once. */
export function amendmentProblems(ruleset: Ruleset, troops: Map<string, unknown>): string[] {
  const problems: string[] = []
  const ids = new Set<string>()
  const constraintIds = new Set(ruleset.constraints.map((c) => c.id))
  ;(ruleset.amendments ?? []).forEach((m, i) => {
    const at = `ruleset.json /amendments/${i}`
    if (ids.has(m.id)) problems.push(`${at}: duplicate amendment id '${m.id}'`)
    ids.add(m.id)
    for (const t of m.troops ?? []) if (!troops.has(t)) problems.push(`${at}/troops: unknown troop '${t}'`)
    for (const a of m.attributes ?? []) if (ruleset.attributes[a]?.type !== 'boolean') problems.push(`${at}/attributes: '${a}' is not a boolean attribute`)
    for (const c of m.constraints ?? []) if (!constraintIds.has(c)) problems.push(`${at}/constraints: unknown constraint '${c}'`)
  })
  return problems
}
