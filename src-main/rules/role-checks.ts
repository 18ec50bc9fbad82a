// The checks of the roles a roster's units carry: one general of an allowed type, one figure or
// stand per entry for a one-per-entry role, and a camp garrison that is a unit of the army's own.
import type { Analysis } from './analyse'
import { unitLabel } from './army-check-words'
import type { ArmyContext } from './context'
import { makeIssue, plural } from './issue'
import { capitalise, countOf, listWords } from './messages'
import type { Issue, Ruleset } from './types'

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
