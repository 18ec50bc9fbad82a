// Per-unit aids of the rules of play (a reaction test, a control or rally roll): the data's inputs
// (factors the player ticks, a choice, the dice), its outputs worked out by its formulas for one
// roster line. Pure and browser-safe: the tracker, the phone page and the tests call it alike.
import { compileFormula, type Formula } from '../formula'
import { PlayInputError } from './side-context'
import type { PlayRules, PlaySheet, PlayUnit, PlayValue, SideIndex } from './types'

export type PlayAid = NonNullable<PlayRules['aids']>[number]
export type PlayAidInput = NonNullable<PlayAid['inputs']>[number]
/** What the player gave: a ticked check (true), a number, a choice's id. */
export type AidInputs = Record<string, number | boolean | string>
export interface AidOutput {
  id: string
  label: string
  value: PlayValue
}

// Formulas are compiled once per formula object: a sheet is read many times at the table.
const compiled = new WeakMap<object, Formula>()
function formulaOf(formula: unknown): Formula {
  if (formula === null || typeof formula !== 'object') return () => formula
  let f = compiled.get(formula)
  if (!f) compiled.set(formula, (f = compileFormula(formula)))
  return f
}

/**
 * What a line's formulas read, as loss.capacity reads a roster line (and the ruleset's unit figures a
 * roster unit): `unit` (its attributes, troop and count), `troop` ({ id, name, category, tags }), the
 * line's count, capacity, value and figures, and the sheet's tables.
 */
export function lineContext(sheet: PlaySheet, line: PlayUnit): Record<string, unknown> {
  return {
    unit: { ...line.attributes, troop: line.troop, count: line.count },
    troop: { id: line.troop, name: line.troopName, category: line.category ?? null, tags: line.tags },
    count: line.count,
    capacity: line.capacity,
    value: line.value,
    figures: line.figures,
    tables: sheet.tables
  }
}

function lineOf(sheet: PlaySheet, side: SideIndex, unit: number): PlayUnit {
  const units = sheet.sides[side]?.units
  if (!units) throw new PlayInputError(`A game has two sides, 1 and 2: there is no side ${String(side)}.`)
  const line = Number.isInteger(unit) ? units[unit] : undefined
  if (!line) throw new PlayInputError(`${sheet.sides[side].name} has ${units.length} units: there is no unit ${unit + 1}.`)
  return line
}

/** The aids that apply to a line (the aid's `for` formula; every line where it has none), in the data's order. */
export function aidsFor(sheet: PlaySheet, side: SideIndex, unit: number): PlayAid[] {
  const line = lineOf(sheet, side, unit)
  const aids = sheet.rules.aids ?? []
  if (aids.length === 0) return []
  const context = lineContext(sheet, line)
  return aids.filter((aid) => aid.for === undefined || truthy(formulaOf(aid.for)(context)))
}

/** json-logic's truth: an empty list is false too. */
const truthy = (v: unknown): boolean => (Array.isArray(v) ? v.length > 0 : Boolean(v))

/**
 * One aid's outputs for a line, given the player's inputs and what the line has lost. Each output
 * reads the line's context plus { lost, inputs, factors, outputs } (outputs: those before it, by
 * id). `factors` sums the inputs' values: a ticked check's value, a number times its value, the
 * chosen option's value. Inputs not given: a check unticked, a choice its first option, a number null.
 */
export function unitAid(sheet: PlaySheet, side: SideIndex, unit: number, aidId: string, inputs: AidInputs, lost: number): AidOutput[] {
  const line = lineOf(sheet, side, unit)
  const aid = (sheet.rules.aids ?? []).find((a) => a.id === aidId)
  if (!aid) throw new PlayInputError(`${sheet.ruleset.shortName} has no aid '${aidId}'.`)
  if (!Number.isFinite(lost) || lost < 0 || lost > line.capacity)
    throw new PlayInputError(`${line.label} cannot have lost ${lost}: it has ${line.capacity} ${measure(sheet, line.capacity)}.`)
  const { values, factors } = readInputs(aid, inputs)
  const outputs: Record<string, PlayValue> = {}
  const context = { ...lineContext(sheet, line), lost, inputs: values, factors, outputs }
  return aid.outputs.map((o) => {
    const value = asPlayValue(formulaOf(o.formula)(context))
    outputs[o.id] = value
    return { id: o.id, label: o.label, value }
  })
}

const measure = (sheet: PlaySheet, n: number): string => (n === 1 ? sheet.rules.loss.measure.one : sheet.rules.loss.measure.other)

function readInputs(aid: PlayAid, given: AidInputs): { values: Record<string, PlayValue>; factors: number } {
  const declared = aid.inputs ?? []
  for (const id of Object.keys(given)) if (!declared.some((i) => i.id === id)) throw new PlayInputError(`${aid.label} has no input '${id}'.`)
  const values: Record<string, PlayValue> = {}
  let factors = 0
  for (const input of declared) {
    const v = Object.hasOwn(given, input.id) ? given[input.id] : undefined
    values[input.id] = inputValue(aid, input, v)
    factors += factorOf(input, values[input.id])
  }
  return { values, factors }
}

function inputValue(aid: PlayAid, input: PlayAidInput, v: number | boolean | string | undefined): PlayValue {
  const where = `${aid.label}: ${input.label}`
  if (input.kind === 'check') {
    if (v === undefined) return false
    if (typeof v !== 'boolean') throw new PlayInputError(`${where} is ticked or not (true or false), not '${String(v)}'.`)
    return v
  }
  if (input.kind === 'choice') {
    const options = input.options ?? []
    if (v === undefined) return options[0]?.id ?? null
    if (!options.some((o) => o.id === v)) throw new PlayInputError(`${where} is one of ${options.map((o) => `'${o.id}'`).join(', ')}, not '${String(v)}'.`)
    return v
  }
  if (v === undefined) return null
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new PlayInputError(`${where} is a number, not '${String(v)}'.`)
  if ((input.min !== undefined && v < input.min) || (input.max !== undefined && v > input.max))
    throw new PlayInputError(`${where} is from ${input.min ?? 'any'} to ${input.max ?? 'any'}, not ${v}.`)
  return v
}

/** What an input adds to `factors`. */
function factorOf(input: PlayAidInput, v: PlayValue): number {
  if (input.kind === 'check') return v === true ? (input.value ?? 0) : 0
  if (input.kind === 'number') return typeof v === 'number' && input.value !== undefined ? v * input.value : 0
  return (input.options ?? []).find((o) => o.id === v)?.value ?? 0
}

function asPlayValue(v: unknown): PlayValue {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'string' || typeof v === 'boolean') return v
  return null
}
