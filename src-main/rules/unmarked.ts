// An old file keeps its meaning: a boolean role an update added (the Mark 2 C-in-C tick) is read, in
// a roster that marks no unit either way, as the ruleset's data says (`unmarked` on the attribute):
// the first unit that can carry it has it, the others do not, and with two or more such units the
// roster is told so. A roster from in between, which marks some units false and none true, reads its
// unmarked units as the role's former default. The roster itself is never changed: only the copy
// the rules read.
import type { Issue, Roster, RosterUnit, Ruleset } from './types'

export function readUnmarked(ruleset: Ruleset, roster: Roster): { roster: Roster; issues: Issue[] } {
  const issues: Issue[] = []
  const troops = new Map(ruleset.troopTypes.map((t) => [t.id, t]))
  let units = roster.units
  for (const [attr, def] of Object.entries(ruleset.attributes)) {
    const rule = def.unmarked
    if (!rule || def.type !== 'boolean' || !Array.isArray(units)) continue
    const carriers = units.flatMap((u, i) => (isUnit(u) && troops.get(u.troop)?.attributes?.[attr] ? [i] : []))
    if (carriers.length === 0 || carriers.some((i) => units[i][attr] === true)) continue
    const anyFalse = carriers.some((i) => units[i][attr] === false)
    if (anyFalse && rule.formerDefault === undefined) continue
    const first = carriers[0]
    units = units.map((u, i) => (carriers.includes(i) && u[attr] === undefined ? { ...u, [attr]: anyFalse ? rule.formerDefault : i === first } : u))
    if (!anyFalse && carriers.length > 1) {
      const unit = units[first]
      const name = typeof unit.name === 'string' && unit.name.trim() ? unit.name.trim() : troops.get(unit.troop)?.name ?? unit.troop
      issues.push({ code: 'read-as-before', severity: 'warning', path: `/units/${first}`, rule: attr, message: rule.notice.replace('{unit}', `unit ${first + 1} (${name})`) })
    }
  }
  return { roster: units === roster.units ? roster : { ...roster, units }, issues }
}

const isUnit = (u: unknown): u is RosterUnit => typeof u === 'object' && u !== null && typeof (u as RosterUnit).troop === 'string'
