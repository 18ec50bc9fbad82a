// What a side's formulas read (play.schema.json `side`): its units with what each has lost, totals by
// troop type, by category and overall, its flags, figures, points and the ruleset's tables. Built
// from the sheet alone, so the phone page scores a game with no ruleset files.
import { own } from '../own'
import type { PlaySide, PlaySheet, PlayValue, SideLosses } from './types'

/** Sums over a group of roster lines: what `troops.<id>`, `categories.<id>` and `totals` hold. */
export interface LineTotals {
  count: number
  capacity: number
  lost: number
  /** What the lines' losses are worth to the enemy (lost x value, summed). */
  lostValue: number
  /** Lines lost whole. */
  destroyed: number
}

export interface UnitContext {
  troop: string
  troopName: string
  category: string | null
  tags: string[]
  count: number
  capacity: number
  value: number
  lost: number
  lostValue: number
  destroyed: boolean
  attributes: Record<string, PlayValue>
  figures: Record<string, PlayValue>
}

export interface SideContext {
  units: UnitContext[]
  troops: Record<string, LineTotals>
  categories: Record<string, LineTotals>
  totals: LineTotals
  flags: Record<string, boolean>
  figures: Record<string, PlayValue>
  points: number
  tables: Record<string, unknown>
  /** The side values computed so far, by id. */
  [value: string]: unknown
}

/** Thrown for a game's input the rules cannot score: said in players' words (the CLI exits 2 with it). */
export class PlayInputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PlayInputError'
  }
}

const noTotals = (): LineTotals => ({ count: 0, capacity: 0, lost: 0, lostValue: 0, destroyed: 0 })

function add(into: Record<string, LineTotals>, key: string, unit: UnitContext): void {
  const totals = own(into, key) ?? (into[key] = noTotals())
  addTo(totals, unit)
}

function addTo(totals: LineTotals, unit: UnitContext): void {
  totals.count += unit.count
  totals.capacity += unit.capacity
  totals.lost += unit.lost
  totals.lostValue += unit.lostValue
  if (unit.destroyed) totals.destroyed++
}

/** "1st", "2nd", "11th", "23rd": a line's place as players count it. */
export function ordinal(n: number): string {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}

/**
 * The words every game message uses (the game file, the engine, the tracker): a side is "side 1" or
 * "side 2"; a unit is named by its index into the roster's units, as a game file and a tap write it,
 * with its place counted from 1 and its label: "unit 4 (the 5th line, Elite Foot 2)".
 */
export const sideWords = (index: number): string => `side ${index + 1}`
export const lineWords = (index: number | string, place: number, label: string): string =>
  `unit ${typeof index === 'string' ? JSON.stringify(index) : index} (the ${ordinal(place + 1)} line, ${label})`

/** A sheet unit in a message: its side, and the unit's roster line as lineWords says it. */
const unitWords = (side: PlaySide, index: 0 | 1, i: number): string => {
  const line = side.units[i].line ?? i
  return `${sideWords(index)} (${side.name}): ${lineWords(line, line, side.units[i].label)}`
}

/**
 * Checks one side's losses against its sheet and says what is wrong in players' words: a unit that is
 * not in the roster, a loss that is not a whole number of the measure at least 0, or more lost than
 * the unit holds; a mark the rules do not have.
 */
export function checkSideLosses(sheet: PlaySheet, index: 0 | 1, losses: SideLosses): void {
  const side = sheet.sides[index]
  const { one, other } = sheet.rules.loss.measure
  losses.lost.forEach((lost, i) => {
    if (i >= side.units.length) {
      if (lost !== 0)
        throw new PlayInputError(`${sideWords(index)} (${side.name}) has ${side.units.length} units: there is no unit ${i} to lose ${other} from.`)
      return
    }
    if (!Number.isInteger(lost) || lost < 0)
      throw new PlayInputError(`${unitWords(side, index, i)}: ${String(lost)} ${other} lost is not a loss (a loss is a whole number, 0 or more).`)
    const capacity = side.units[i].capacity
    if (lost > capacity) throw new PlayInputError(`${unitWords(side, index, i)} has only ${capacity} ${capacity === 1 ? one : other} to lose, not ${lost}.`)
  })
  const known = new Set((sheet.rules.flags ?? []).map((f) => f.id))
  for (const flag of Object.keys(losses.flags))
    if (!known.has(flag)) throw new PlayInputError(`${sideWords(index)} (${side.name}): ${sheet.ruleset.name} has no mark '${flag}'.`)
}

/** The context a side's formulas read, before any side value is added to it. */
export function sideContext(sheet: PlaySheet, index: 0 | 1, losses: SideLosses): SideContext {
  const side = sheet.sides[index]
  const troops: Record<string, LineTotals> = Object.create(null) as Record<string, LineTotals>
  const categories: Record<string, LineTotals> = Object.create(null) as Record<string, LineTotals>
  const totals = noTotals()
  const units = side.units.map((u, i): UnitContext => {
    const lost = losses.lost[i] ?? 0
    const unit: UnitContext = {
      troop: u.troop,
      troopName: u.troopName,
      category: u.category ?? null,
      tags: u.tags,
      count: u.count,
      capacity: u.capacity,
      value: u.value,
      lost,
      lostValue: lost * u.value,
      destroyed: u.capacity > 0 && lost >= u.capacity,
      attributes: u.attributes,
      figures: u.figures
    }
    add(troops, u.troop, unit)
    if (u.category) add(categories, u.category, unit)
    addTo(totals, unit)
    return unit
  })
  const flags: Record<string, boolean> = Object.create(null) as Record<string, boolean>
  for (const f of sheet.rules.flags ?? []) flags[f.id] = own(losses.flags, f.id) === true
  return { units, troops, categories, totals, flags, figures: side.figures, points: side.points, tables: sheet.tables }
}
