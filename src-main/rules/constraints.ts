// The constraint vocabulary: each kind compiled once per army into a function that reads an
// analysis and returns the issues it finds. Messages come from the data's templates.
import type { Analysis } from './analyse'
import { amendmentsInForce, gatingAmendment } from './amendments'
import { compileSelector, EVERY_UNIT, type AnalysedUnit, type ArmyContext, type UnitPredicate } from './context'
import { makeIssue, musterRule, plural } from './issue'
import { capitalise, compileTemplate, listWords, type MessageVars } from './messages'
import type { Constraint, Issue, Measure } from './types'

export type ConstraintCheck = (a: Analysis) => Issue[]

const EPSILON = 1e-9

/** No issues: one list for every constraint that finds none (never written to). */
const NONE: Issue[] = Object.freeze([]) as unknown as Issue[]

/** Whether any unit is selected, without making the list of them. */
function anySelected(units: AnalysedUnit[], select: UnitPredicate): boolean {
  for (const u of units) if (select(u)) return true
  return false
}

function measureOf(a: Analysis, measure: Measure, select: UnitPredicate): number {
  const { units } = a
  // Stands of the troop types a selector takes: read from the analysis's sums by type (by a type's
  // place in the same context's troopIds), not from each unit.
  const places = select.troopPlaces
  if (places && measure === 'count') {
    let stands = 0
    for (let i = 0; i < places.length; i++) stands += a.stands[places[i]]
    return stands
  }
  // A loop for each measure, and none asking the selector that takes every unit.
  const every = select === EVERY_UNIT
  let total = 0
  if (measure === 'count') {
    for (const u of units) if (every || select(u)) total += u.count
  } else if (measure === 'units') {
    for (const u of units) if (every || select(u)) total++
  } else for (const u of units) if (every || select(u)) total += u.cost
  return total
}

/**
 * A constraint's check. One that an optional amendment brings (ruleset.json `amendments`) finds
 * nothing while that amendment is not in force for the roster.
 */
export function compileConstraint(ctx: ArmyContext, c: Constraint): ConstraintCheck {
  const check = compileKind(ctx, c)
  const gate = gatingAmendment(ctx.loaded.ruleset, c.id)
  return gate ? (a) => (amendmentsInForce(ctx, a).has(gate) ? check(a) : NONE) : check
}

function compileKind(ctx: ArmyContext, c: Constraint): ConstraintCheck {
  const select = compileSelector(ctx, c.select)
  const measure = c.measure ?? 'count'
  const severity = c.severity ?? 'error'
  const nationality = ctx.army.tags[0] ?? ctx.army.name
  const aNationality = `${/^[aeiou]/i.test(nationality) ? 'an' : 'a'} ${nationality}`
  const base: MessageVars = { army: ctx.army.name, nationality, aNationality, ANationality: capitalise(aNationality) }
  const template = compileTemplate(c.message)
  const say = (vars: MessageVars): string => template(vars, base)
  const issue = (code: string, path: string, vars: MessageVars) => musterRule(makeIssue(code, path, c.id, say(vars), severity, c.hint), c.source)
  const label = (units: AnalysedUnit[]): string => c.label ?? (units[0] ? plural(units[0]) : 'units')

  switch (c.kind) {
    case 'count':
      return (a) => {
        const value = measureOf(a, measure, select)
        if ((c.max === undefined || value <= c.max + EPSILON) && (c.min === undefined || value >= c.min - EPSILON)) return NONE
        const out: Issue[] = []
        const units = a.units.filter(select)
        if (c.max !== undefined && value > c.max + EPSILON) {
          const targets = c.max === 0 ? units : [units[units.length - 1]]
          for (const u of targets)
            out.push(
              issue('count-above-max', `/units/${u.index}`, { troop: capitalise(c.max === 0 ? plural(u) : label(units)), value, max: c.max, limit: c.max })
            )
        }
        if (c.min !== undefined && value < c.min - EPSILON) {
          const below = issue('count-below-min', '/units', { troop: capitalise(label(units)), value, min: c.min, limit: c.min })
          out.push(c.select?.troops ? { ...below, remedy: { troops: c.select.troops } } : below)
        }
        return out
      }
    case 'ratio': {
      const of = compileSelector(ctx, c.of)
      const ofMeasure = c.ofMeasure ?? measure
      return (a) => {
        const value = measureOf(a, measure, select)
        const total = measureOf(a, ofMeasure, of)
        if (total <= 0) return NONE
        const share = value / total
        if ((c.max === undefined || share <= c.max + EPSILON) && (c.min === undefined || share >= c.min - EPSILON)) return NONE
        const out: Issue[] = []
        const units = a.units.filter(select)
        const vars = { troop: capitalise(label(units)), value, total, percent: Math.round(share * 1000) / 10 }
        // As players count: at most a third of 196 points is 65 of them, at least a third is 66.
        if (c.max !== undefined && share > c.max + EPSILON)
          out.push(issue('ratio-above-max', '/units', { ...vars, max: c.max, limit: Math.floor(total * c.max + EPSILON) }))
        if (c.min !== undefined && share < c.min - EPSILON)
          out.push(issue('ratio-below-min', '/units', { ...vars, min: c.min, limit: Math.ceil(total * c.min - EPSILON) }))
        return out
      }
    }
    case 'per': {
      const of = compileSelector(ctx, c.of)
      const ofMeasure = c.ofMeasure ?? measure
      const every = c.every ?? 1
      const max = c.max ?? 1
      return (a) => {
        const value = measureOf(a, measure, select)
        if (value === 0) return NONE
        const base = measureOf(a, ofMeasure, of)
        const limit = Math.floor(base / every) * max
        if (value <= limit + EPSILON) return NONE
        const units = a.units.filter(select)
        return [
          issue('per-limit-exceeded', `/units/${units[units.length - 1].index}`, {
            troop: capitalise(label(units)),
            value,
            limit,
            limitWords: limit === 0 ? 'none' : String(limit),
            every,
            of: c.ofLabel ?? 'units',
            total: base,
            max
          })
        ]
      }
    }
    case 'requires': {
      const then = compileSelector(ctx, c.then)
      const min = c.min ?? 1
      // A role one entry holds (a onePerEntry attribute, e.g. an eagle) counts once per entry: an
      // entry of two marked is one-per-entry's error (ADR 0012), not also two roles here.
      const roleOnce =
        measure === 'count' && Object.entries(c.then.attributes ?? {}).some(([id, wanted]) => wanted === true && ctx.loaded.ruleset.attributes[id]?.onePerEntry)
      const measureThen = (u: AnalysedUnit): number => (measure === 'count' ? u.count : measure === 'units' ? 1 : u.cost)
      return (a) => {
        // One pass: the first unit that brings the requirement, and what the roster has of what it requires.
        let first: AnalysedUnit | undefined
        let last: AnalysedUnit | undefined
        let value = 0
        for (const u of a.units) {
          if (!first && select(u)) first = u
          if (!then(u)) continue
          last = u
          value += roleOnce ? 1 : measureThen(u)
        }
        if (!first || (value >= min - EPSILON && (c.max === undefined || value <= c.max + EPSILON))) return NONE
        const out: Issue[] = []
        const vars = { troop: capitalise(label(a.units.filter(select))), value, min, max: c.max, of: c.thenLabel }
        if (value < min - EPSILON) out.push(issue('requires-missing', `/units/${first.index}`, { ...vars, limit: min }))
        if (c.max !== undefined && value > c.max + EPSILON) out.push(issue('requires-too-many', `/units/${last!.index}`, { ...vars, limit: c.max }))
        return out
      }
    }
    case 'excludes': {
      const then = compileSelector(ctx, c.then)
      return (a) => {
        if (!anySelected(a.units, select) || !anySelected(a.units, then)) return NONE
        const units = a.units.filter(select)
        return a.units.filter(then).map((u) => issue('excludes-conflict', `/units/${u.index}`, { troop: capitalise(plural(u)), of: capitalise(label(units)) }))
      }
    }
    case 'attribute': {
      // The analysis applies the rule (it is a fact the cost check needs too); this words what it found.
      const allowed = listWords((c.allowed ?? []).map(String))
      return (a) =>
        (a.attributeBreaches.get(c) ?? []).map(({ unit: u, actual }) =>
          issue('attribute-not-allowed', `/units/${u.index}/${c.attribute}`, {
            troop: capitalise(plural(u)),
            attribute: c.attribute,
            actual: String(actual),
            allowed
          })
        )
    }
  }
}
