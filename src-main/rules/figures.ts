// Derived figures: json-logic formulas from the ruleset data, compiled once per ruleset by
// json-logic-engine and evaluated over the analysed roster.
import { LogicEngine } from 'json-logic-engine'
import type { Analysis } from './analyse'
import { compileSelector, type AnalysedUnit, type ArmyContext, type UnitPredicate } from './context'
import type { FigureValue, Ruleset } from './types'

type Formula = (data: unknown) => unknown

const logic = new LogicEngine()
for (const [name, fn] of [['ceil', Math.ceil], ['floor', Math.floor], ['round', Math.round]] as const) {
  logic.addMethod(name, (args: unknown) => fn(Number(Array.isArray(args) ? args[0] : args)), { deterministic: true })
}

export function compileFormula(formula: unknown): Formula {
  return logic.build(formula as never) as Formula
}

export interface CompiledFigures {
  unit: Array<{ id: string; select: UnitPredicate; formula: Formula }>
  army: Array<{ id: string; perUnit?: UnitPredicate; formula: Formula }>
}

export function compileFigures(ctx: ArmyContext, ruleset: Ruleset): CompiledFigures {
  return {
    unit: (ruleset.unitFigures ?? []).map((f) => ({ id: f.id, select: compileSelector(ctx, f.select), formula: compileFormula(f.formula) })),
    army: ruleset.figures.map((f) => ({ id: f.id, perUnit: f.perUnit ? compileSelector(ctx, f.perUnit) : undefined, formula: compileFormula(f.formula) }))
  }
}

const asNumber = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0)

function unitContext(ctx: ArmyContext, u: AnalysedUnit) {
  return { unit: u.raw, troop: { id: u.troop.id, name: u.troop.name, category: u.troop.category, ...u.troop.stats }, cost: u.cost, tables: ctx.loaded.ruleset.tables ?? {} }
}

export function unitKey(u: AnalysedUnit): string {
  if (typeof u.raw.id === 'string' && u.raw.id) return u.raw.id
  if (typeof u.raw.name === 'string' && u.raw.name) return u.raw.name
  return `unit-${u.index + 1}`
}

export function evaluateFigures(ctx: ArmyContext, compiled: CompiledFigures, a: Analysis): { figures: Record<string, FigureValue>; unitFigures: Array<Record<string, number>> } {
  const unitFigures: Array<Record<string, number>> = []
  const counts: Record<string, number> = {}
  const entries: Record<string, number> = {}
  const pointsByAttribute: Record<string, Record<string, number>> = {}
  const countByAttribute: Record<string, Record<string, number>> = {}
  const attrs = Object.keys(ctx.loaded.ruleset.attributes)
  const units = a.units.map((u) => {
    const figs: Record<string, number> = {}
    const uctx = unitContext(ctx, u)
    for (const f of compiled.unit) if (f.select(u)) figs[f.id] = asNumber(f.formula(uctx))
    unitFigures[u.index] = figs
    counts[u.troop.id] = (counts[u.troop.id] ?? 0) + u.count
    entries[u.troop.id] = (entries[u.troop.id] ?? 0) + 1
    for (const attr of attrs) {
      const value = ctx.attributeValue(u.raw, u.troop, attr)
      if (value === undefined) continue
      const key = String(value)
      ;(pointsByAttribute[attr] ??= {})[key] = (pointsByAttribute[attr][key] ?? 0) + u.cost
      ;(countByAttribute[attr] ??= {})[key] = (countByAttribute[attr][key] ?? 0) + u.count
    }
    return { ...u.raw, cost: u.cost, costEach: u.costEach ?? 0, figures: figs }
  })
  const garrison = a.roster.camp?.garrison
  const garrisonUnit = garrison === undefined ? undefined : a.units.find((u) => u.raw.id === garrison)
  const data = {
    points: a.points,
    limit: a.limit,
    year: a.year,
    units,
    counts,
    entries,
    pointsByAttribute,
    countByAttribute,
    tables: ctx.loaded.ruleset.tables ?? {},
    army: { id: ctx.army.id, tags: ctx.army.tags },
    camp: { value: ctx.loaded.ruleset.camp?.value ?? 0, garrisonCost: garrisonUnit?.costEach ?? 0 }
  }
  const figures: Record<string, FigureValue> = { points: a.points }
  for (const f of compiled.army) {
    if (!f.perUnit) {
      figures[f.id] = asNumber(f.formula(data))
      continue
    }
    const map: Record<string, number> = {}
    for (const u of a.units) if (f.perUnit(u)) map[unitKey(u)] = asNumber(f.formula({ ...unitContext(ctx, u), figures: unitFigures[u.index] }))
    figures[f.id] = map
  }
  return { figures, unitFigures }
}
