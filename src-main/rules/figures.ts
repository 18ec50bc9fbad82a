// Derived figures: json-logic formulas from the ruleset data, compiled once per ruleset by
// json-logic-engine and evaluated over the analysed roster.
import { countsByTroop, type Analysis } from './analyse'
import { compileSelector, type AnalysedUnit, type ArmyContext, type UnitPredicate } from './context'
import { asNumber, compileFormula, type Formula } from './formula'
import type { FigureValue, Ruleset } from './types'
import { tally } from './own'

export interface CompiledFigures {
  /** Formula view of each troop type ({id, name, category, ...stats}), built once. */
  troops: Map<string, Record<string, unknown>>
  unit: Array<{ id: string; select: UnitPredicate; formula: Formula }>
  /** The unit figures the army's formulas read (all of them where a formula could read any): what a check that reports no units makes. */
  unitForArmy: CompiledFigures['unit']
  army: Array<{ id: string; perUnit?: UnitPredicate; formula: Formula }>
  /** The attributes whose sums (pointsByAttribute, countByAttribute) the army's formulas read by name; undefined: any of them. */
  byAttributeRead: ReadonlySet<string> | undefined
}

export function compileFigures(ctx: ArmyContext, ruleset: Ruleset): CompiledFigures {
  const unit = (ruleset.unitFigures ?? []).map((f) => ({ id: f.id, select: compileSelector(ctx, f.select), formula: compileFormula(f.formula) }))
  const armyText = JSON.stringify(ruleset.figures.map((f) => f.formula))
  const unitIds = new Set(unit.map((f) => f.id))
  return {
    troops: new Map(ruleset.troopTypes.map((t) => [t.id, { id: t.id, name: t.name, category: t.category, ...t.stats }])),
    unit,
    unitForArmy: unit.filter((f) => readsUnitFigure(armyText, f.id, unitIds)),
    army: ruleset.figures.map((f) => ({ id: f.id, perUnit: f.perUnit ? compileSelector(ctx, f.perUnit) : undefined, formula: compileFormula(f.formula) })),
    byAttributeRead: attributesRead(armyText)
  }
}

/** A name the army's formulas build while they run: it may be any figure, count or sum. */
const BUILT_NAME = /"(cat|substr|get|val|path|sumOf)"|"var":\[?\{/

/**
 * The attributes whose sums the army's formulas (their JSON text) read: those named as
 * `pointsByAttribute.<attribute>` or `countByAttribute.<attribute>`; undefined (all of them) where
 * a name is built while the formula runs, or the sums are read any other way.
 */
function attributesRead(armyText: string): ReadonlySet<string> | undefined {
  if (BUILT_NAME.test(armyText)) return undefined
  const read = new Set<string>()
  for (const m of armyText.matchAll(/(?:pointsByAttribute|countByAttribute)(\.([A-Za-z0-9_-]+))?/g)) {
    if (m[2] === undefined) return undefined
    read.add(m[2])
  }
  return read
}

/**
 * Whether the army's formulas (their JSON text) may read a unit figure. Only when every mention of
 * `figures` in them is `figures.<a unit figure's id>` is the answer "those named"; a name built while
 * the formula runs (`cat`, a `var` of a `var`, `get`, `val`, `path`, `sumOf`), or `figures` read any
 * other way, may read any of them.
 */
function readsUnitFigure(armyText: string, id: string, ids: ReadonlySet<string>): boolean {
  if (BUILT_NAME.test(armyText)) return true
  for (const m of armyText.matchAll(/figures(\.([A-Za-z0-9_-]+))?/g)) if (m[2] === undefined || !ids.has(m[2])) return true
  return armyText.includes(`figures.${id}"`) || armyText.includes(`figures.${id}.`)
}

/** What a unit's formulas read; per-unit army figures also read its unit figures (`figures`), set once they are made. */
interface UnitContext {
  unit: AnalysedUnit['raw']
  troop: Record<string, unknown> | undefined
  cost: number
  tables: NonNullable<Ruleset['tables']>
  figures?: Record<string, number>
}

const NO_TABLES: NonNullable<Ruleset['tables']> = {}

export function unitKey(u: AnalysedUnit): string {
  if (typeof u.raw.id === 'string' && u.raw.id) return u.raw.id
  if (typeof u.raw.name === 'string' && u.raw.name) return u.raw.name
  return `unit-${u.index + 1}`
}

/** The army's figures, and each unit's (only those the army's formulas read where `withUnits` is false: no unit is reported). */
export function evaluateFigures(
  ctx: ArmyContext,
  compiled: CompiledFigures,
  a: Analysis,
  withUnits = true
): { figures: Record<string, FigureValue>; unitFigures: Array<Record<string, number>> } {
  const unitFormulas = withUnits ? compiled.unit : compiled.unitForArmy
  const unitFigures: Array<Record<string, number>> = []
  const tables = ctx.loaded.ruleset.tables ?? NO_TABLES
  // One formula context per unit, made once: its unit figures first, then the army's per-unit figures.
  const contexts: UnitContext[] = []
  // Only where a formula reads a unit: a ruleset without unit figures or per-unit army figures has none to make.
  if (unitFormulas.length > 0 || compiled.army.some((f) => f.perUnit))
    for (const u of a.units) {
      const figs: Record<string, number> = {}
      const uctx: UnitContext = { unit: u.raw, troop: compiled.troops.get(u.troop.id), cost: u.cost, tables }
      for (const f of unitFormulas) if (f.select(u)) figs[f.id] = asNumber(f.formula(uctx))
      uctx.figures = figs
      contexts[u.index] = uctx
      unitFigures[u.index] = figs
    }
  const data = new ArmyFormulaData(ctx, a, unitFigures, tables, compiled.byAttributeRead)
  const figures: Record<string, FigureValue> = { points: a.points }
  for (const f of compiled.army) {
    if (!f.perUnit) {
      figures[f.id] = asNumber(f.formula(data))
      continue
    }
    const map: Record<string, number> = {}
    for (const u of a.units) if (f.perUnit(u)) map[unitKey(u)] = asNumber(f.formula(contexts[u.index]))
    figures[f.id] = map
  }
  return { figures, unitFigures }
}

/**
 * What army formulas read. A class, not a literal with getters: V8 makes such a literal slowly on
 * every check. The sums by attribute and the camp are worked out only when a formula reads them.
 */
class ArmyFormulaData {
  readonly points: number
  readonly limit: number | null
  readonly year: number | undefined
  private byAttribute?: ReturnType<typeof sumByAttribute>
  private entriesByTroop?: Record<string, number | undefined>
  private unitList?: Array<Record<string, unknown>>
  constructor(
    private readonly ctx: ArmyContext,
    private readonly a: Analysis,
    private readonly unitFigures: Array<Record<string, number>>,
    readonly tables: NonNullable<Ruleset['tables']>,
    private readonly byAttributeRead: ReadonlySet<string> | undefined
  ) {
    this.points = a.points
    this.limit = a.limit
    this.year = a.year
  }
  get units() {
    return (this.unitList ??= this.a.units.map((u) => ({
      troop: u.troop.id,
      count: u.count,
      cost: u.cost,
      costEach: u.costEach ?? 0,
      figures: this.unitFigures[u.index] ?? {},
      unit: u.raw
    })))
  }
  get counts() {
    return countsByTroop(this.ctx, this.a)
  }
  get entries() {
    return (this.entriesByTroop ??= entriesByTroop(this.a, this.ctx.noTroops))
  }
  /** A sum over the units of a field read straight from the analysis (formula.ts sumOf), without making `units`. */
  sumOf(list: string, field: string, fallback: unknown): number | undefined {
    if (list !== 'units') return undefined
    const units = this.a.units
    let total = 0
    // The common sums without a reader made per call.
    if (field === 'count') {
      for (const u of units) total += u.count
      return total
    }
    if (field === 'cost') {
      for (const u of units) total += u.cost
      return total
    }
    const figure = field.startsWith('figures.') ? field.slice('figures.'.length) : undefined
    const read: ((u: Analysis['units'][number]) => unknown) | undefined =
      field === 'costEach' ? (u) => u.costEach ?? 0 : figure !== undefined && !figure.includes('.') ? (u) => this.unitFigures[u.index]?.[figure] : undefined
    if (!read) return undefined
    for (const u of units) total += Number(read(u) ?? fallback)
    return total
  }
  get pointsByAttribute() {
    return (this.byAttribute ??= sumByAttribute(this.ctx, this.a, this.byAttributeRead)).points
  }
  get countByAttribute() {
    return (this.byAttribute ??= sumByAttribute(this.ctx, this.a, this.byAttributeRead)).count
  }
  get army() {
    return { id: this.ctx.army.id, tags: this.ctx.army.tags }
  }
  get camp() {
    const garrison = this.a.roster.camp?.garrison
    const garrisonUnit = garrison === undefined ? undefined : this.a.units.find((u) => u.raw.id === garrison)
    return { value: this.ctx.loaded.ruleset.camp?.value ?? 0, garrisonCost: garrisonUnit?.costEach ?? 0 }
  }
}

/** The roster's entries by troop type (its stands or figures: countsByTroop, analyse.ts). */
function entriesByTroop(a: Analysis, start: Record<string, number | undefined>): Record<string, number | undefined> {
  const entries = { ...start }
  for (const u of a.units) entries[u.troop.id] = (entries[u.troop.id] ?? 0) + 1
  return entries
}

/** Points and counts by each value of each attribute (only of those `read`, where the formulas name them). */
function sumByAttribute(
  ctx: ArmyContext,
  a: Analysis,
  read: ReadonlySet<string> | undefined
): { points: Record<string, Record<string, number>>; count: Record<string, Record<string, number>> } {
  const points: Record<string, Record<string, number>> = {}
  const count: Record<string, Record<string, number>> = {}
  for (const attr of Object.keys(ctx.loaded.ruleset.attributes)) {
    if (read && !read.has(attr)) continue
    const p = (points[attr] = tally<number>())
    const c = (count[attr] = tally<number>())
    for (const u of a.units) {
      const value = ctx.attributeValue(u.raw, u.troop, attr)
      if (value === undefined) continue
      const key = String(value)
      p[key] = (p[key] ?? 0) + u.cost
      c[key] = (c[key] ?? 0) + u.count
    }
  }
  return { points, count }
}
