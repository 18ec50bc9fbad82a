// An old file keeps its meaning: a boolean role an update added (the Mark 2 C-in-C tick) is read, in
// a roster that marks no unit either way, as the ruleset's data says (`unmarked` on the attribute):
// the first unit that can carry it has it, the others do not, and with two or more such units the
// roster is told so. A roster from in between, which marks some units false and none true, reads its
// unmarked units as the role's former default. The roster itself is never changed: only the copy
// the rules read.
import type { Issue, Roster, RosterUnit, Ruleset } from './types'

/** Per ruleset, once: its `unmarked` roles and the troop types that may carry each (a check is hot). */
const rolesCache = new WeakMap<
  Ruleset,
  Array<{ attr: string; rule: NonNullable<Ruleset['attributes'][string]['unmarked']>; carriers: Set<string>; names: Map<string, string> }>
>()
function unmarkedRoles(ruleset: Ruleset) {
  let roles = rolesCache.get(ruleset)
  if (!roles) {
    roles = Object.entries(ruleset.attributes).flatMap(([attr, def]) =>
      def.unmarked && def.type === 'boolean'
        ? [
            {
              attr,
              rule: def.unmarked,
              carriers: new Set(ruleset.troopTypes.filter((t) => t.attributes?.[attr]).map((t) => t.id)),
              names: new Map(ruleset.troopTypes.map((t) => [t.id, t.name]))
            }
          ]
        : []
    )
    rolesCache.set(ruleset, roles)
  }
  return roles
}

/** A roster its ruleset has no unmarked roles for, read as it is (one answer, never written to). */
const AS_IT_IS: Issue[] = Object.freeze([]) as unknown as Issue[]

export function readUnmarked(ruleset: Ruleset, roster: Roster): { roster: Roster; issues: Issue[] } {
  const roles = unmarkedRoles(ruleset)
  if (roles.length === 0) return { roster, issues: AS_IT_IS }
  const issues: Issue[] = []
  let units = roster.units
  for (const { attr, rule, carriers: troops, names } of roles) {
    if (!Array.isArray(units)) break
    const carriers: number[] = []
    for (let i = 0; i < units.length; i++) if (isUnit(units[i]) && troops.has(units[i].troop)) carriers.push(i)
    if (carriers.length === 0 || carriers.some((i) => units[i][attr] === true)) continue
    const anyFalse = carriers.some((i) => units[i][attr] === false)
    if (anyFalse && rule.formerDefault === undefined) continue
    const first = carriers[0]
    const carrying = new Set(carriers)
    units = units.map((u, i) => (carrying.has(i) && u[attr] === undefined ? withRole(u, attr, anyFalse ? rule.formerDefault : i === first) : u))
    if (!anyFalse && carriers.length > 1) {
      const unit = units[first]
      const name = typeof unit.name === 'string' && unit.name.trim() ? unit.name.trim() : (names.get(unit.troop) ?? unit.troop)
      issues.push({
        code: 'read-as-before',
        severity: 'warning',
        path: `/units/${first}`,
        rule: attr,
        message: rule.notice.replace('{unit}', `unit ${first + 1} (${name})`)
      })
    }
  }
  return { roster: units === roster.units ? roster : { ...roster, units }, issues }
}

/**
 * A copy of the unit with the role set. Object.assign, not `{ ...u, [attr]: v }` nor a spread then a
 * store: V8 made either 7x slower, and a check of an older file paid for it on every role. Except
 * for a unit with its own "__proto__" key (JSON.parse makes one), which Object.assign would turn
 * into the copy's prototype: the spread copies it as data (the structure check then refuses it).
 */
const withRole = (u: RosterUnit, attr: string, value: unknown): RosterUnit =>
  Object.hasOwn(u, '__proto__') ? ({ ...u, [attr]: value } as RosterUnit) : Object.assign({}, u, { [attr]: value })

const isUnit = (u: unknown): u is RosterUnit => typeof u === 'object' && u !== null && typeof (u as RosterUnit).troop === 'string'
