// What the roster sheet says, apart from how it is laid out: who, which army, points, every unit
// with its count, attributes, cost and game numbers, the battle cards taken (Triumph!), the derived
// figures, the verdict with its issues, and the check code. Words and numbers only, no pdfmake:
// roster.ts lays it out as a PDF, text.ts as plain text, so both say the same. Pure.
import { perUnitText } from '../../src-shared/unit-names'
import type { CardReport, FigureValue, Issue, Roster, RosterCard, RosterUnit, Ruleset, TroopType, UnitReport, Verdict } from '../rules/types'
import type { PrintInput } from './print-input'
import type { Reference, UnitColumn } from './reference'
import { attributeValue, shortLabel } from './reference'
import { cardCountText } from '../rules/battle-cards'
import { own } from '../rules/own'
import { attributeParts, dataText, num, rosterTitle, statText, troopLine, unitTitle, yearText } from './layout'
import { capitalise, countOf, nounFor } from '../rules/messages'

/** What the roster sheet is worked out from: what every printed document is, less the paper. */
export interface RosterSheetInput extends Omit<PrintInput, 'paper'> {
  /** File name printed in the `muster verify` hint. */
  fileName?: string
  /** Units (by index) marked as proxies: the player's collection does not cover them. */
  proxies?: ReadonlySet<number>
}

/** A column of the units table holding one game number per unit. */
export interface NumberColumn {
  id: string
  /** Header (short label). */
  label: string
  /** Full label for the legend. */
  full: string
  unit?: string
  description?: string
  value: (unit: RosterUnit, troop: TroopType | undefined, report: UnitReport | undefined) => string
}

/** Text stats up to this long fit a column ("close", "as target"); longer ones are printed under the unit. */
const SHORT_STRING = 10

/**
 * The game numbers of the ruleset that apply to these units, in data order: numeric (or short)
 * stats of the troop types, unit columns from the reference data, and per-unit figures. Columns no
 * unit has a value for are left out. Long text stats are returned apart, to print under the name.
 */
export function numberColumns(
  ruleset: Ruleset,
  reference: Reference | undefined,
  units: Array<{ unit: RosterUnit; troop?: TroopType; report?: UnitReport }>
): { columns: NumberColumn[]; textStats: string[] } {
  const columns: NumberColumn[] = []
  const textStats: string[] = []
  for (const [id, def] of Object.entries(ruleset.stats)) {
    const values = units.map(({ troop }) => troop?.stats?.[id]).filter((v) => v !== undefined)
    if (values.length === 0) continue
    if (values.some((v) => typeof v === 'string' && v.length > SHORT_STRING)) {
      textStats.push(id)
      continue
    }
    columns.push({
      id,
      label: shortLabel(reference, id, def.label),
      full: def.label,
      unit: def.unit,
      description: def.description,
      value: (_u, troop) => statText(troop?.stats?.[id])
    })
  }
  for (const col of reference?.unitColumns ?? []) {
    const has = units.some(({ unit, troop }) => troop && own(col.values, String(attributeValue(unit, troop, col.attribute, ruleset))) !== undefined)
    if (!has) continue
    columns.push({
      id: col.id,
      label: shortLabel(reference, col.id, col.label),
      full: col.label,
      description: col.description,
      value: (unit, troop) => unitColumnText(col, unit, troop, ruleset)
    })
  }
  for (const f of ruleset.unitFigures ?? []) {
    if (!units.some(({ report }) => report?.figures[f.id] !== undefined)) continue
    columns.push({
      id: f.id,
      label: shortLabel(reference, f.id, f.label),
      full: f.label,
      description: f.description,
      value: (_u, _t, report) => (report?.figures[f.id] === undefined ? '-' : num(report.figures[f.id]))
    })
  }
  return { columns, textStats }
}

export function unitColumnText(col: UnitColumn, unit: RosterUnit, troop: TroopType | undefined, ruleset: Ruleset): string {
  if (!troop) return '-'
  return own(col.values, String(attributeValue(unit, troop, col.attribute, ruleset))) ?? '-'
}

/** A figure's value in words; per-unit maps name their units ("Commander 1: 6"), never by id. */
export function figureValueText(value: FigureValue, roster: Roster, troops?: Map<string, TroopType>): string {
  if (typeof value === 'number') return num(value)
  const units = Array.isArray(roster.units) ? roster.units : []
  return perUnitText(value, units, (id) => troops?.get(id)?.name, num, '; ')
}

/** Where an issue points, for people: "unit 4 (Elephant)", "the units", "battle card Hold the Line (HL), count", "year". */
export function issueWhere(issue: Issue, roster: Roster, troops: Map<string, TroopType>, cards: CardReport[] = []): string {
  const c = /^\/battleCards\/(\d+)(\/(.+))?$/.exec(issue.path)
  if (c) {
    const report = cards.find((r) => r.index === Number(c[1]))
    const raw: RosterCard | undefined = Array.isArray(roster.battleCards) ? roster.battleCards[Number(c[1])] : undefined
    const name = report
      ? report.name !== report.code
        ? `${report.name} (${report.code})`
        : report.code
      : typeof raw?.card === 'string'
        ? raw.card
        : `${Number(c[1]) + 1}`
    return `battle card ${name}${c[3] && c[3] !== 'card' ? `, ${c[3].replace(/\//g, ' ')}` : ''}`
  }
  if (issue.path === '/battleCards') return 'the battle cards'
  const m = /^\/units\/(\d+)(\/(.+))?$/.exec(issue.path)
  if (m) {
    const unit = Array.isArray(roster.units) ? roster.units[Number(m[1])] : undefined
    const troop = unit ? troops.get(unit.troop) : undefined
    const name = unit ? unitTitle(unit, troop) : undefined
    return `unit ${Number(m[1]) + 1}${name ? ` (${name})` : ''}${m[3] ? `, ${m[3].replace(/\//g, ' ')}` : ''}`
  }
  if (issue.path === '/units') return 'the units'
  if (issue.path === '') return 'the roster'
  return issue.path.replace(/^\//, '').replace(/\//g, ' ')
}

/** The verdict in a few words: "LEGAL", "LEGAL, 1 warning", "ILLEGAL: 2 errors, 1 warning". */
export function verdictText(v: Verdict): string {
  const errors = v.issues.filter((i) => i.severity === 'error').length
  const warnings = v.issues.length - errors
  const w = warnings ? `, ${countOf(warnings, 'warning')}` : ''
  return v.valid ? `LEGAL${w}` : `ILLEGAL: ${countOf(errors, 'error')}${w}`
}

export function pointsLine(v: Verdict): string {
  return v.limit === null ? `${num(v.points)} points (no limit set)` : `${num(v.points)} / ${num(v.limit)} points`
}

/** One unit of the roster sheet, in words: what the PDF's units table and the plain text print. */
export interface SheetUnit {
  index: number
  unit: RosterUnit
  troop?: TroopType
  report?: UnitReport
  /** Its name, else its troop type's. */
  title: string
  /** Under the title: the troop type (of a named unit) or its code, option, ally, id, camp garrison, long text stats. */
  details: string[]
  attributes: string[]
  notes?: string
  count: string
  each: string
  points: string
  /** Its game numbers, one for each of the sheet's columns. */
  numbers: string[]
}

/** A column of game numbers, as the sheet names and explains it. */
export type SheetColumn = Omit<NumberColumn, 'value'>

/** One battle card taken, in words. */
export interface SheetCard {
  report: CardReport
  /** What the card is, or, for a card taken again, where its points are counted. */
  note?: string
  takenOn: string
  /** "2 cards", "4 stands", '' for a card taken once. */
  count: string
  points: string
  notes?: string
}

/**
 * What the roster sheet says, worked out once for its two faces: the PDF (buildRosterDoc) and
 * the plain text (text.ts). Words and numbers only; no layout.
 */
export interface RosterSheet {
  title: string
  armyName: string
  rulesetName: string
  /** The verdict in words (verdictText); `legal` as the verdict's `valid`. */
  verdict: { text: string; legal: boolean }
  /** "47 / 48 points", or "47 points (no limit set)" (pointsLine). */
  points: string
  checkCode: string
  /** The rules data in force: its version, and the note of a user's or an edition's data. */
  rulesData: string
  /** The command that confirms a roster file is this list: `muster verify FILE CODE`. */
  verifyCommand: string
  /** Player, ruleset, army, year, the army's facts, camp, points. */
  facts: Array<[string, string]>
  /** What counts are counted in ("Stands"), capitalised for a column header. */
  countLabel: string
  /** The game numbers printed for the units (numberColumns), in order: each unit has its `numbers`. */
  columns: SheetColumn[]
  units: SheetUnit[]
  /** The units' row under them: a subtotal when battle cards follow. */
  unitsTotal: { label: string; count: string; points: string }
  cards: SheetCard[]
  /** The army's total under the cards: "47 for the units + 1 for 1 battle card". */
  cardsTotal: { how: string; points: string }
  /** Points, then the verdict's figures, labelled from data, with how each is worked out. */
  figures: Array<{ id: string; label: string; value: string; how: string }>
  issues: Array<{ issue: Issue; where: string; text: string }>
  /** The roster's notes, trimmed; undefined when blank. */
  notes?: string
}

export function rosterSheet(input: RosterSheetInput): RosterSheet {
  const { roster, verdict, ruleset, reference } = input
  const troops = new Map(ruleset.troopTypes.map((t) => [t.id, t]))
  const reports = new Map((verdict.units ?? []).map((u) => [u.index, u]))
  const rosterUnits: RosterUnit[] = Array.isArray(roster.units) ? roster.units : []
  const rows = rosterUnits.map((unit, index) => ({ unit, index, troop: troops.get(unit?.troop), report: reports.get(index) }))
  // Stats too long for a column are said under the unit's title.
  const { columns, textStats } = numberColumns(ruleset, reference, rows)
  const same = (a?: string, b?: string) => !!a && !!b && a.toLowerCase() === b.toLowerCase()
  const units = rows.map(({ unit, index, troop, report }): SheetUnit => {
    const details: string[] = []
    if (unit?.name?.trim()) details.push(troopLine(troop, unit))
    else if (troop?.code) details.push(troop.code)
    if (report?.optionName && !same(report.optionName, troop?.name) && !same(report.optionName, troop?.plural)) details.push(`option: ${report.optionName}`)
    // Allied (the option's name says whose); no ids: the check code already binds the file.
    if (report?.ally) details.push('allied')
    if (unit?.id && unit.id === roster.camp?.garrison) details.push('camp garrison')
    if (input.proxies?.has(index)) details.push('proxy: not in my collection')
    for (const s of textStats) if (troop?.stats?.[s] !== undefined) details.push(`${ruleset.stats[s].label}: ${statText(troop.stats[s])}`)
    if (!troop) details.push(`unknown troop type '${String(unit?.troop)}'`)
    return {
      index,
      unit,
      troop,
      report,
      title: unitTitle(unit, troop),
      details,
      attributes: troop ? attributeParts(unit, troop, ruleset) : [],
      notes: unit?.notes?.trim() || undefined,
      count: typeof unit?.count === 'number' ? num(unit.count) : '-',
      each: report ? num(report.costEach) : '-',
      points: report ? num(report.cost) : '-',
      numbers: columns.map((c) => c.value(unit, troop, report))
    }
  })
  // With battle cards the units' row is a subtotal: the total (verdict.points) is under the cards.
  const cardReports = verdict.cards ?? []
  const cardPoints = round6(cardReports.reduce((s, c) => s + c.cost, 0))
  const unitPoints = round6(verdict.points - cardPoints)
  const totalCount = rows.reduce((s, r) => s + (typeof r.unit?.count === 'number' ? r.unit.count : 0), 0)
  const countLabel = capitalise(nounFor(2, ruleset.costUnit))

  const facts: Array<[string, string]> = []
  if (roster.player?.trim()) facts.push(['Player', roster.player.trim()])
  facts.push(['Ruleset', ruleset.name], ['Army', input.armyName])
  if (verdict.edition) facts.push(['Edition', verdict.edition.name])
  if (verdict.subFaction) facts.push(['Part of the list', verdict.subFaction.name])
  if (typeof roster.year === 'number') facts.push(['Year', yearText(roster.year)])
  facts.push(...(input.armyFacts ?? []))
  const garrison = roster.camp?.garrison
  if (garrison) {
    const g = rosterUnits.find((u) => u?.id === garrison)
    facts.push(['Camp', `garrisoned by ${g ? `${unitTitle(g, troops.get(g.troop))} (${garrison})` : garrison}`])
  }
  facts.push(['Points', pointsLine(verdict)])

  const figureDefs = new Map(ruleset.figures.map((f) => [f.id, f]))
  const pointsHow = cardReports.length
    ? `${num(unitPoints)} for units (cost per ${ruleset.costUnit}) ${plusPoints(cardPoints)} for battle cards`
    : `sum of unit costs (per ${ruleset.costUnit})`
  const figures = [{ id: 'points', label: 'Points', value: pointsLine(verdict), how: pointsHow }]
  for (const [id, value] of Object.entries(verdict.figures)) {
    if (id === 'points') continue
    const def = figureDefs.get(id)
    figures.push({ id, label: def?.label ?? id, value: figureValueText(value, roster, troops), how: def?.description ?? '' })
  }

  return {
    title: rosterTitle(roster, input.armyName),
    armyName: input.armyName,
    rulesetName: ruleset.name,
    verdict: { text: verdictText(verdict), legal: verdict.valid },
    points: pointsLine(verdict),
    checkCode: input.checkCode,
    rulesData: dataText(ruleset, input.dataNote),
    verifyCommand: `muster verify ${shellWord(input.fileName ?? 'ROSTER.muster.json')} ${input.checkCode}`,
    facts,
    countLabel,
    columns: columns.map((c) => ({ id: c.id, label: c.label, full: c.full, unit: c.unit, description: c.description })),
    units,
    unitsTotal: { label: `${cardReports.length ? 'Subtotal' : 'Total'}: ${countOf(rows.length, 'unit')}`, count: num(totalCount), points: num(unitPoints) },
    cards: sheetCards(cardReports, roster, ruleset),
    cardsTotal: {
      how: `${num(unitPoints)} for the units ${plusPoints(cardPoints)} for ${countOf(cardReports.length, 'battle card')}`,
      points: num(verdict.points)
    },
    figures,
    issues: verdict.issues.map((issue) => ({
      issue,
      where: issueWhere(issue, roster, troops, verdict.cards),
      text: issue.message + (issue.hint ? ` (${issue.hint})` : '')
    })),
    notes: roster.notes?.trim() || undefined
  }
}

/** The battle cards in words: a card taken in several entries has its whole cost on the first. */
function sheetCards(cards: CardReport[], roster: Roster, ruleset: Ruleset): SheetCard[] {
  const defs = new Map((ruleset.battleCards ?? []).map((d) => [d.code, d]))
  const raws: RosterCard[] = Array.isArray(roster.battleCards) ? roster.battleCards : []
  const firstOf = new Map<string, CardReport>()
  for (const c of cards) if (!firstOf.has(c.code)) firstOf.set(c.code, c)
  return cards.map((c) => {
    const raw = raws[c.index]
    const first = firstOf.get(c.code)
    return {
      report: c,
      note: first && first !== c ? `points counted with the first ${c.name} above` : defs.get(c.code)?.description,
      takenOn: cardTakenOn(c, raw),
      count: cardCountText(c, ruleset),
      points: num(c.cost),
      notes: typeof raw?.notes === 'string' && raw.notes.trim() ? raw.notes.trim() : undefined
    }
  })
}

/**
 * A file name as one word for a POSIX shell, to be copied into a terminal: as it is when it holds
 * only safe characters, else in single quotes, a quote inside written as '\'' ("My army.muster.json"
 * becomes 'My army.muster.json', "Bob's army" becomes 'Bob'\''s army').
 */
export function shellWord(name: string): string {
  // A name starting with "-" would be read as an option, quoted or not.
  const word = name.startsWith('-') ? `./${name}` : name
  if (/^[A-Za-z0-9_./+,:@%=-]+$/.test(word)) return word
  return `'${word.replace(/'/g, `'\\''`)}'`
}

const round6 = (n: number): number => Math.round(n * 1e6) / 1e6
/** "+ 3", or "− 2" for cards that take points off (Armored Camelry). */
const plusPoints = (n: number): string => (n < 0 ? `− ${num(-n)}` : `+ ${num(n)}`)

/** What a card is taken on: its army-list option, or the army as a whole. */
export function cardTakenOn(report: CardReport, raw: RosterCard | undefined): string {
  return report.optionName ?? report.option ?? (typeof raw?.option === 'string' ? raw.option : 'Army')
}
