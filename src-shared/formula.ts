// The json-logic dialect of the ruleset data (figures, battle-card costs): json-logic-engine plus
// ceil/floor/round and lookup(table, key). Formulas are compiled once and called per roster.
import { Constants, LogicEngine } from 'json-logic-engine'
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
  {
    method: (args: unknown, context: unknown) => {
      const [table, key] = Array.isArray(args) ? args : [args]
      return lookupIn(context, table, key)
    },
    // Compiled into the formula's code: one call, with no argument list made per call.
    compile: (data: unknown, buildState: CompileState) => {
      if (!Array.isArray(data)) return false
      const [table, key] = data as unknown[]
      return buildState.compile`${lookupIn}(context, ${table}, ${key})`
    }
  } as never,
  { deterministic: false }
)

/** tables.<table>[key] of a formula's context (own keys only), or null. */
function lookupIn(context: unknown, table: unknown, key: unknown): unknown {
  const tables = (context as { tables?: Record<string, Record<string, unknown>> } | undefined)?.tables
  const value = own(own(tables, String(table)), String(key))
  return value === undefined ? null : value
}

// path(default, segment...): the value at those keys of the context, or the default (null). What
// a `var` whose name is built with `cat` means, its name's dots split once, when the formula is
// compiled, not on every call (json-logic-engine interprets such a var: it builds the name and
// splits it again each time). A built segment with a dot in it is split as `var` would.
logic.addMethod(
  'path',
  {
    method: (args: unknown, context: unknown) => {
      const keys = args as unknown[]
      let at = context
      for (let i = 1; i < keys.length; i++) at = builtStep(at, keys[i])
      return at === undefined ? (keys[0] ?? null) : at
    },
    // Compiled into the formula's code (json-logic-engine `compile`): each segment one step, with no
    // argument list made per call.
    compile: (data: unknown, buildState: CompileState) => {
      // As withPaths writes it: a list whose texts have no dot; anything else data names is left to the method.
      if (!Array.isArray(data)) return false
      const [fallback = null, ...segments] = data as unknown[]
      if (fallback !== null && typeof fallback === 'object') return false
      if (segments.some((segment) => typeof segment === 'string' && segment.includes('.'))) return false
      let code = buildState.compile`context`
      for (const segment of segments)
        code = typeof segment === 'string' ? buildState.compile`${code}?.[${segment}]` : buildState.compile`${builtStep}(${code}, ${segment})`
      return buildState.compile`((prev = ${code}) === undefined ? ${fallback} : prev)`
    }
  } as never,
  { deterministic: false }
)

/** What json-logic-engine hands a method's `compile`: a template tag that compiles formulas and embeds functions. */
interface CompileState {
  compile(strings: TemplateStringsArray, ...items: unknown[]): unknown
}

/** One key of a path: undefined once there is nothing to read from (what `?.[key]` does in the compiled code). */
const stepTo = (at: unknown, key: string): unknown => (at === null || at === undefined ? undefined : (at as Record<string, unknown>)[key])

/** A built key of a path: its value as text, split at its dots as `var` splits a name. */
function builtStep(at: unknown, key: unknown): unknown {
  const text = typeof key === 'string' ? key : String(key)
  if (!text.includes('.')) return stepTo(at, text)
  for (const part of text.split('.')) at = stepTo(at, part)
  return at
}

// band(rows, total): a chart read by bands (a reaction chart, a strength band). rows is a list of
// [upTo, value] in rising order, upTo null for "and above"; the value of the first row whose upTo is
// at least the total, or null (no rows, a total that is not a number, above every bound).
logic.addMethod(
  'band',
  (args: unknown) => {
    const [rows, total] = Array.isArray(args) ? args : [args]
    if (!Array.isArray(rows) || typeof total !== 'number' || !Number.isFinite(total)) return null
    for (const row of rows) {
      if (!Array.isArray(row)) continue
      const upTo = row[0] as unknown
      if (upTo === null || (typeof upTo === 'number' && total <= upTo)) return (row[1] as unknown) ?? null
    }
    return null
  },
  { deterministic: true }
)

// Marked synchronous, as json-logic-engine asks of a function a formula's code embeds (else it awaits it).
for (const fn of [builtStep, lookupIn]) Object.defineProperty(fn, Constants.Sync, { value: true })

/** A context that sums a field over one of its lists itself, without making the list (figures.ts ArmyFormulaData). */
export interface SumsItself {
  sumOf(list: string, field: string, fallback: unknown): number | undefined
}

// sumOf(list, field, default): the sum of `field` (a dotted path) over the context's `list`, a field
// that is missing read as `default`, every value as json-logic's "+" reads it (Number). What
// `{"reduce": [{"var": list}, {"+": [{"var": "accumulator"}, {"var": "current.<field>"}]}, 0]}` says,
// without an {accumulator, current} made per item; a context that sums it itself is asked first.
logic.addMethod(
  'sumOf',
  (args: unknown, context: unknown) => {
    const [list, field, fallback = null] = args as [string, string, unknown]
    const own = (context as Partial<SumsItself> | null)?.sumOf?.(list, field, fallback)
    if (own !== undefined) return own
    const items = (context as Record<string, unknown> | null)?.[list]
    if (!Array.isArray(items)) return 0
    const keys = field.split('.')
    let total = 0
    for (const item of items) {
      let at: unknown = item
      for (const key of keys) at = at === null || at === undefined ? undefined : (at as Record<string, unknown>)[key]
      total += Number(at ?? fallback)
    }
    return total
  },
  { deterministic: false }
)

/** `{"reduce": [{"var": "<list>"}, {"+": [{"var": "accumulator"}, {"var": "current.<field>"}]}, 0]}` as sumOf, or undefined. */
function asSum(formula: Record<string, unknown>): unknown {
  const args = formula.reduce
  if (!Array.isArray(args) || args.length !== 3 || args[2] !== 0) return undefined
  const list = (args[0] as { var?: unknown } | null)?.var
  const plus = (args[1] as { '+'?: unknown } | null)?.['+']
  if (typeof list !== 'string' || list.includes('.') || !Array.isArray(plus) || plus.length !== 2) return undefined
  if ((plus[0] as { var?: unknown } | null)?.var !== 'accumulator') return undefined
  const current = (plus[1] as { var?: unknown } | null)?.var
  const [name, fallback = null] = Array.isArray(current) ? current : [current]
  if (typeof name !== 'string' || !name.startsWith('current.') || name.includes('\\')) return undefined
  return { sumOf: [list, name.slice('current.'.length), fallback] }
}

/**
 * `{"var": {"cat": [...]}}` (or `{"var": [{"cat": [...]}, default]}`) as `path`, when each built
 * piece sits between dots ("tables.x.", {"var": "unit.quality"}, ".y"); any other formula as it is.
 */
function withPaths(formula: unknown): unknown {
  if (Array.isArray(formula)) return formula.map(withPaths)
  if (formula === null || typeof formula !== 'object') return formula
  const entries = Object.entries(formula)
  if (entries.length === 1 && entries[0][0] === 'reduce') {
    const sum = asSum(formula as Record<string, unknown>)
    if (sum) return sum
  }
  if (entries.length === 1 && entries[0][0] === 'var') {
    const [name, fallback = null] = Array.isArray(entries[0][1]) ? (entries[0][1] as unknown[]) : [entries[0][1]]
    const segments = pathSegments(name)
    if (segments) return { path: [fallback, ...segments.map(withPaths)] }
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, withPaths(v)]))
}

function pathSegments(name: unknown): unknown[] | undefined {
  const cat = (name as { cat?: unknown } | null)?.cat
  if (!Array.isArray(cat) || Object.keys(name as object).length !== 1) return undefined
  // Adjacent texts joined, so texts and built pieces alternate.
  const pieces: unknown[] = []
  for (const piece of cat) {
    const last = pieces.length - 1
    if (typeof piece === 'string' && typeof pieces[last] === 'string') pieces[last] += piece
    else pieces.push(piece)
  }
  if (!pieces.some((p) => typeof p !== 'string')) return undefined
  const segments: unknown[] = []
  for (const [i, piece] of pieces.entries()) {
    const builtBefore = i > 0
    const builtAfter = i < pieces.length - 1
    if (typeof piece !== 'string') {
      if (i > 0 && typeof pieces[i - 1] !== 'string') return undefined
      segments.push(piece)
      continue
    }
    // A built piece must stand between dots to be one key: "a.b." + piece + ".c" is a, b, piece, c.
    if (piece.includes('\\') || (builtBefore && !piece.startsWith('.')) || (builtAfter && !piece.endsWith('.'))) return undefined
    if (builtBefore && builtAfter && piece === '.') continue
    const text = piece.slice(builtBefore ? 1 : 0, builtAfter ? -1 : undefined)
    segments.push(...text.split('.'))
  }
  return segments
}

// json-logic-engine compiles a formula with eval. A page whose Content-Security-Policy forbids it (the
// app's window and the phone page: script-src 'self') gets EvalError, and from then on every formula
// is interpreted instead: the same methods, read anew on each call.
let interpretOnly = false

const interpreted =
  (prepared: unknown): Formula =>
  (data: unknown) =>
    logic.run(prepared as never, data as never) as unknown

export function compileFormula(formula: unknown): Formula {
  const prepared = withPaths(formula)
  if (interpretOnly) return interpreted(prepared)
  try {
    return logic.build(prepared as never) as Formula
  } catch (e) {
    if (!(e instanceof EvalError)) throw e
    interpretOnly = true
    return interpreted(prepared)
  }
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
