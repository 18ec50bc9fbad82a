// Quick-reference data (data/rulesets/<id>/reference.json, schemas/reference.schema.json) and the
// pure logic that tailors it to the troops on the table: which rows and columns concern this roster
// and, when one is given, its opponent.
import type { Army, ArmyOption, Roster, RosterUnit, Ruleset, Selector, TroopType } from '../rules/types'
import { withinDates } from '../../src-shared/years'
import type { Line, RefColumn, Reference, RefRow, TableBlock } from '../generated-types/reference'

// The reference format's types are generated from its schema (src-main/generated-types/reference.ts).
export type {
  Block,
  CardRule,
  Cell,
  FactsBlock,
  Line,
  ListBlock,
  ModifiersBlock,
  RefColumn,
  Reference,
  RefRow,
  Section,
  TableBlock,
  TextBlock,
  TroopsBlock,
  UnitColumn
} from '../generated-types/reference'

/** One side's units with their troop types, as selectors see them. */
export interface Side {
  units: Array<{ unit: RosterUnit; troop: TroopType }>
}

export function sideOf(roster: Roster, ruleset: Ruleset): Side {
  const troops = new Map(ruleset.troopTypes.map((t) => [t.id, t]))
  const units: Side['units'] = []
  for (const unit of Array.isArray(roster.units) ? roster.units : []) {
    const troop = troops.get(unit?.troop)
    if (troop) units.push({ unit, troop })
  }
  return { units }
}

/**
 * What an army list can field, as selectors see it: a side for a sheet printed against a list rather
 * than a roster. One unit of each troop type its options (and allied contingents) offer, and one more
 * for each attribute value an option allows it (barbarian, regular...). With a year, only the options
 * and allies available then.
 */
export function listSide(army: Army, ruleset: Ruleset, year?: number): Side {
  const troops = new Map(ruleset.troopTypes.map((t) => [t.id, t]))
  const inForce = (dates: Array<{ from: number; to: number }> | undefined) => year === undefined || !dates || withinDates(year, dates)
  const options: ArmyOption[] = [
    ...army.options.filter((o) => inForce(o.dates)),
    ...(army.allies ?? []).filter((a) => inForce(a.dates)).flatMap((a) => a.contingents.flatMap((c) => c.options.filter((o) => inForce(o.dates))))
  ]
  const units: Side['units'] = []
  const seen = new Set<string>()
  const add = (unit: RosterUnit, troop: TroopType) => {
    const key = JSON.stringify(unit)
    if (seen.has(key)) return
    seen.add(key)
    units.push({ unit, troop })
  }
  for (const o of options) {
    for (const id of o.troops) {
      const troop = troops.get(id)
      if (!troop) continue
      add({ troop: id, count: 1 }, troop)
      for (const [attr, values] of Object.entries(o.attributes ?? {})) for (const v of values) add({ troop: id, count: 1, [attr]: v }, troop)
    }
  }
  return { units }
}

/** The unit's value of an attribute, with the troop type's default (booleans default to false). */
export function attributeValue(unit: RosterUnit, troop: TroopType, attr: string, ruleset: Ruleset): unknown {
  const v = unit[attr]
  if (v !== undefined) return v
  const d = troop.attributes?.[attr]?.default
  if (d !== undefined) return d
  return ruleset.attributes[attr]?.type === 'boolean' ? false : undefined
}

/** Whether one unit matches a selector (ruleset.json semantics; `allied` is not known here and is ignored). */
export function unitMatches(s: Selector, unit: RosterUnit, troop: TroopType, ruleset: Ruleset): boolean {
  if (s.troops && !s.troops.includes(troop.id)) return false
  if (s.categories && !s.categories.includes(troop.category)) return false
  if (s.troopTags && !s.troopTags.some((t) => troop.tags?.includes(t))) return false
  for (const [attr, expected] of Object.entries(s.attributes ?? {})) {
    const wanted: unknown[] = Array.isArray(expected) ? expected : [expected]
    if (!wanted.includes(attributeValue(unit, troop, attr, ruleset))) return false
  }
  if (s.not && unitMatches(s.not, unit, troop, ruleset)) return false
  return true
}

export function sideMatches(s: Selector | undefined, side: Side, ruleset: Ruleset): boolean {
  if (!s) return true
  return side.units.some(({ unit, troop }) => unitMatches(s, unit, troop, ruleset))
}

/**
 * The lines of a list or modifiers group to print for these sides: plain lines always, a line with
 * a selector only when a unit of either side matches it (an army-specific rule on another army's
 * sheet would only mislead).
 */
export function linesFor(lines: Line[], own: Side, opponent: Side | undefined, ruleset: Ruleset): string[] {
  return lines.flatMap((l) =>
    typeof l === 'string' ? [l] : sideMatches(l.select, own, ruleset) || (opponent && sideMatches(l.select, opponent, ruleset)) ? [l.text] : []
  )
}

/** A table as printed: the rows and columns kept for these sides. */
export interface TailoredTable {
  title?: string
  note?: string
  columns: RefColumn[]
  rows: RefRow[]
  /** Rows left out because they concern troops not on the table. */
  omittedRows: number
  omittedColumns: number
}

/**
 * The copies of a table to print for `own` (and `opponent`): one, or two when the table has a
 * mirror and an opponent is given. A copy whose rows all drop out is not printed.
 */
export function tailorTable(block: TableBlock, own: Side, opponent: Side | undefined, ruleset: Ruleset): TailoredTable[] {
  const mode = block.tailor ?? 'none'
  const rowFor = (a: Side, b: Side | undefined) => (r: RefRow) => sideMatches(r.select, a, ruleset) && (!b || sideMatches(r.vs, b, ruleset))
  const keepColumns = (side: Side | undefined): RefColumn[] => {
    if (!side) return block.columns
    const kept = block.columns.filter((c) => sideMatches(c.select, side, ruleset))
    // A table whose selectable columns all drop out would be empty: print it whole instead.
    return kept.some((c) => c.select) || !block.columns.some((c) => c.select) ? kept : block.columns
  }
  const colSide = (block.columnsFor ?? 'vs') === 'own' ? own : opponent
  const make = (title: string | undefined, rows: RefRow[], columns: RefColumn[]): TailoredTable => ({
    title,
    note: block.note,
    rows,
    columns,
    omittedRows: block.rows.length - rows.length,
    omittedColumns: block.columns.length - columns.length
  })
  if (mode === 'none') return [make(block.title, block.rows, keepColumns(colSide))]
  if (mode === 'own') {
    const out = [make(block.title, block.rows.filter(rowFor(own, opponent)), keepColumns(colSide))]
    if (block.mirror && opponent) {
      const mirrorCols = (block.columnsFor ?? 'vs') === 'own' ? opponent : own
      out.push(make(block.mirror, block.rows.filter(rowFor(opponent, own)), keepColumns(mirrorCols)))
    }
    return out.filter((t) => t.rows.length > 0)
  }
  // both-ways
  const rows = opponent
    ? block.rows.filter((r) => rowFor(own, opponent)(r) || rowFor(opponent, own)(r))
    : block.rows.filter((r) => (!r.select && !r.vs) || (r.select && sideMatches(r.select, own, ruleset)) || (r.vs && sideMatches(r.vs, own, ruleset)))
  return [make(block.title, rows, keepColumns(colSide))].filter((t) => t.rows.length > 0)
}

/** Troop types on the table, own first, in roster order, each once, with which side fields it. */
export function troopsOnTable(own: Side, opponent: Side | undefined): Array<{ troop: TroopType; own: boolean; opponent: boolean }> {
  const out = new Map<string, { troop: TroopType; own: boolean; opponent: boolean }>()
  for (const { troop } of own.units) if (!out.has(troop.id)) out.set(troop.id, { troop, own: true, opponent: false })
  for (const { troop } of opponent?.units ?? []) {
    const seen = out.get(troop.id)
    if (seen) seen.opponent = true
    else out.set(troop.id, { troop, own: false, opponent: true })
  }
  return [...out.values()]
}

/** `{key}` placeholders filled from a row's cells. */
export function fillRow(template: string, row: RefRow): string {
  return template.replace(/\{([A-Za-z0-9_-]+)\}/g, (m, key: string) => {
    const v = row.cells[key]
    return v === undefined ? m : v === null ? '' : String(v)
  })
}

/** A stat's or column's label where space is short (cards, tables, the app's profile line): the sheet's own, else the full one. */
export function shortLabel(ref: Reference | undefined, id: string, full: string): string {
  return ref?.labels?.[id] ?? full
}

/** The special rules a card prints for one unit: cardRules and table rows marked for cards. */
export function cardRulesFor(ref: Reference | undefined, unit: RosterUnit, troop: TroopType, ruleset: Ruleset): string[] {
  if (!ref) return []
  const out: string[] = []
  for (const r of ref.cardRules ?? []) if (unitMatches(r.select, unit, troop, ruleset)) out.push(r.text)
  for (const section of ref.sections) {
    for (const block of section.blocks) {
      if (block.kind !== 'table' || !block.onCards) continue
      for (const row of block.rows) if (row.select && unitMatches(row.select, unit, troop, ruleset)) out.push(fillRow(block.onCards, row))
    }
  }
  return [...new Set(out)]
}
