// The json-logic dialect of the ruleset data (figures, battle-card costs): json-logic-engine plus
// ceil/floor/round and lookup(table, key). Formulas are compiled once and called per roster.
import { LogicEngine } from 'json-logic-engine'
import { own } from './own'

export type Formula = (data: unknown) => unknown

const logic = new LogicEngine()
for (const [name, fn] of [
  ['ceil', Math.ceil],
  ['floor', Math.floor],
  ['round', Math.round]
] as const) {
  logic.addMethod(name, (args: unknown) => fn(Number(Array.isArray(args) ? args[0] : args)), { deterministic: true })
}

// lookup(table, key): tables.<table>[key] from the evaluation context, or null. Reads the formula's
// own context, so it works in unit and army formulas (not inside reduce/map, whose context differs).
logic.addMethod(
  'lookup',
  (args: unknown, context: unknown) => {
    const [table, key] = Array.isArray(args) ? args : [args]
    const tables = (context as { tables?: Record<string, Record<string, unknown>> } | undefined)?.tables
    const value = own(own(tables, String(table)), String(key))
    return value === undefined ? null : value
  },
  { deterministic: false }
)

export function compileFormula(formula: unknown): Formula {
  return logic.build(formula as never) as Formula
}

export const asNumber = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0)

/** A formula's compile error in words: json-logic-engine throws plain objects such as {type: 'Unknown Operator', key: 'nope'}. */
export function formulaProblem(formula: unknown): string | null {
  try {
    compileFormula(formula)
    return null
  } catch (e) {
    if (e instanceof Error) return e.message
    const o = e as { type?: unknown; key?: unknown }
    return typeof o?.type === 'string' ? `${o.type}${o.key !== undefined ? ` '${String(o.key)}'` : ''}` : JSON.stringify(e)
  }
}
