// The roster PDF: who, which army, points, every unit with its count, attributes, cost and game
// numbers, the battle cards taken (Triumph!), the derived figures, the verdict with its issues,
// and the check code. Pure: builds a pdfmake document definition; write-pdf.ts turns it into bytes.
// What the sheet says (rosterSheet) is worked out apart from its layout: the plain text (text.ts)
// says the same.
import { perUnitText } from '../../src-shared/unit-names'
import type { CardReport, FigureValue, Issue, Roster, RosterCard, RosterUnit, Ruleset, TroopType, UnitReport, Verdict } from '../rules/types'
import type { Content, ContentNode, TableNode } from './pdf-types'
import type { PrintInput } from './print-input'
import type { Reference, UnitColumn } from './reference'
import { attributeValue, shortLabel } from './reference'
import { textWidth } from './metrics'
import { cardCountText } from '../rules/battle-cards'
import { own } from '../rules/own'
import {
  COLORS,
  MARGINS,
  dataText,
  attributeParts,
  documentShell,
  gridLayout,
  num,
  pageDims,
  plainLayout,
  rosterTitle,
  statText,
  th,
  troopLine,
  unitTitle,
  yearText,
  type Orientation
} from './layout'
import { capitalise, countOf, nounFor } from '../rules/messages'

export interface RosterDocInput extends PrintInput {
  /** File name printed in the `muster verify` hint. */
  fileName?: string
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
export function numberColumns(ruleset: Ruleset, reference: Reference | undefined, units: Array<{ unit: RosterUnit; troop?: TroopType; report?: UnitReport }>): { columns: NumberColumn[]; textStats: string[] } {
  const columns: NumberColumn[] = []
  const textStats: string[] = []
  for (const [id, def] of Object.entries(ruleset.stats)) {
    const values = units.map(({ troop }) => troop?.stats?.[id]).filter((v) => v !== undefined)
    if (values.length === 0) continue
    if (values.some((v) => typeof v === 'string' && v.length > SHORT_STRING)) {
      textStats.push(id)
      continue
    }
    columns.push({ id, label: shortLabel(reference, id, def.label), full: def.label, unit: def.unit, description: def.description, value: (_u, troop) => statText(troop?.stats?.[id]) })
  }
  for (const col of reference?.unitColumns ?? []) {
    const has = units.some(({ unit, troop }) => troop && own(col.values, String(attributeValue(unit, troop, col.attribute, ruleset))) !== undefined)
    if (!has) continue
    columns.push({ id: col.id, label: shortLabel(reference, col.id, col.label), full: col.label, description: col.description, value: (unit, troop) => unitColumnText(col, unit, troop, ruleset) })
  }
  for (const f of ruleset.unitFigures ?? []) {
    if (!units.some(({ report }) => report?.figures[f.id] !== undefined)) continue
    columns.push({ id: f.id, label: shortLabel(reference, f.id, f.label), full: f.label, description: f.description, value: (_u, _t, report) => (report?.figures[f.id] === undefined ? '-' : num(report.figures[f.id])) })
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
    const name = report ? (report.name !== report.code ? `${report.name} (${report.code})` : report.code) : typeof raw?.card === 'string' ? raw.card : `${Number(c[1]) + 1}`
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

export function verdictLine(v: Verdict): { text: string; color: string } {
  const errors = v.issues.filter((i) => i.severity === 'error').length
  const warnings = v.issues.length - errors
  const w = warnings ? `, ${countOf(warnings, 'warning')}` : ''
  if (v.valid) return { text: `LEGAL${w}`, color: COLORS.ok }
  return { text: `ILLEGAL: ${countOf(errors, 'error')}${w}`, color: COLORS.error }
}

export function pointsLine(v: Verdict): string {
  return v.limit === null ? `${num(v.points)} points (no limit set)` : `${num(v.points)} / ${num(v.limit)} points`
}

const headerWidth = (label: string): number => label.split(/\s+/).reduce((m, w) => Math.max(m, textWidth(w, 7.5, true)), 0)

/** The facts printed in the right-hand column of the roster's head. */
const RIGHT_FACTS = ['Points', 'Check code', 'Rules data']

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
}

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
  verdict: { text: string; color: string }
  /** Player, ruleset, army, year, the army's facts, camp, points. */
  facts: Array<[string, string]>
  /** What counts are counted in ("Stands"), capitalised for a column header. */
  countLabel: string
  units: SheetUnit[]
  /** The units' row under them: a subtotal when battle cards follow. */
  unitsTotal: { label: string; count: string; points: string }
  cards: SheetCard[]
  /** The army's total under the cards: "47 for the units + 1 for 1 battle card". */
  cardsTotal: { how: string; points: string }
  /** Points, then the verdict's figures, labelled from data, with how each is worked out. */
  figures: Array<{ id: string; label: string; value: string; how: string }>
  issues: Array<{ issue: Issue; where: string; text: string }>
}

export function rosterSheet(input: Omit<RosterDocInput, 'paper'>): RosterSheet {
  const { roster, verdict, ruleset, reference } = input
  const troops = new Map(ruleset.troopTypes.map((t) => [t.id, t]))
  const reports = new Map((verdict.units ?? []).map((u) => [u.index, u]))
  const rosterUnits: RosterUnit[] = Array.isArray(roster.units) ? roster.units : []
  const rows = rosterUnits.map((unit, index) => ({ unit, index, troop: troops.get(unit?.troop), report: reports.get(index) }))
  // Stats too long for a column are said under the unit's title.
  const { textStats } = numberColumns(ruleset, reference, rows)
  const same = (a?: string, b?: string) => !!a && !!b && a.toLowerCase() === b.toLowerCase()
  const units = rows.map(({ unit, index, troop, report }): SheetUnit => {
    const details: string[] = []
    if (unit?.name?.trim()) details.push(troopLine(troop, unit))
    else if (troop?.code) details.push(troop.code)
    if (report?.optionName && !same(report.optionName, troop?.name) && !same(report.optionName, troop?.plural)) details.push(`option: ${report.optionName}`)
    // Allied (the option's name says whose); no ids: the check code already binds the file.
    if (report?.ally) details.push('allied')
    if (unit?.id && unit.id === roster.camp?.garrison) details.push('camp garrison')
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
      points: report ? num(report.cost) : '-'
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
    verdict: verdictLine(verdict),
    facts,
    countLabel,
    units,
    unitsTotal: { label: `${cardReports.length ? 'Subtotal' : 'Total'}: ${countOf(rows.length, 'unit')}`, count: num(totalCount), points: num(unitPoints) },
    cards: sheetCards(cardReports, roster, ruleset),
    cardsTotal: { how: `${num(unitPoints)} for the units ${plusPoints(cardPoints)} for ${countOf(cardReports.length, 'battle card')}`, points: num(verdict.points) },
    figures,
    issues: verdict.issues.map((issue) => ({ issue, where: issueWhere(issue, roster, troops, verdict.cards), text: issue.message + (issue.hint ? ` (${issue.hint})` : '') }))
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

export function buildRosterDoc(input: RosterDocInput) {
  const { roster, verdict, ruleset, reference, paper } = input
  const sheet = rosterSheet(input)
  const { columns } = numberColumns(ruleset, reference, sheet.units)
  const anyAttributes = sheet.units.some((u) => u.attributes.length > 0)

  const orientation: Orientation = 6 + columns.length > 11 ? 'landscape' : 'portrait'
  const page = pageDims(paper, orientation)
  const usable = page.width - MARGINS[0] - MARGINS[2]
  const capital = sheet.countLabel

  // Widths: numbers as wide as their header's longest word or widest value, the unit column takes the rest.
  const valueWidth = (texts: string[]) => texts.reduce((m, t) => Math.max(m, textWidth(t, 8.5)), 0)
  const fixed = (label: string, values: string[]) => Math.ceil(Math.min(64, Math.max(22, headerWidth(label), valueWidth(values)) + 7))
  const bodyValues = sheet.units.map(({ unit, troop, report }) => columns.map((c) => c.value(unit, troop, report)))
  const widths: Array<number | '*'> = [fixed('#', [String(sheet.units.length)]), '*']
  if (anyAttributes) widths.push(Math.min(120, Math.max(70, usable * 0.14)))
  widths.push(
    fixed(capital, sheet.units.map((r) => String(r.unit?.count ?? ''))),
    fixed('Each', sheet.units.map((r) => num(r.report?.costEach ?? 0))),
    fixed('Points', [num(verdict.points)])
  )
  columns.forEach((c, i) => widths.push(fixed(c.label, bodyValues.map((v) => v[i]))))

  const header: ContentNode[] = [th('#', 'right'), th('Unit')]
  if (anyAttributes) header.push(th('Attributes'))
  header.push(th(capital, 'right'), th('Each', 'right'), th('Points', 'right'), ...columns.map((c) => th(c.label, 'center')))

  const body: Content[][] = [header]
  sheet.units.forEach((u, i) => {
    const details: Content[] = [{ text: u.title, bold: true }]
    if (u.details.length) details.push({ text: u.details.join(' · '), fontSize: 7, color: COLORS.muted })
    if (u.notes) details.push({ text: u.notes, fontSize: 7, italics: true, color: COLORS.muted })
    const row: Content[] = [{ text: String(u.index + 1), alignment: 'right' }, { stack: details }]
    if (anyAttributes) row.push({ text: u.attributes.join(', '), fontSize: 7.5 })
    row.push(
      { text: u.count, alignment: 'right' },
      { text: u.each, alignment: 'right' },
      { text: u.points, alignment: 'right', bold: true },
      ...bodyValues[i].map((v) => ({ text: v, alignment: 'center' as const }))
    )
    body.push(row)
  })
  const totalRow: Content[] = [{ text: '' }, { text: sheet.unitsTotal.label, bold: true }]
  if (anyAttributes) totalRow.push('')
  totalRow.push({ text: sheet.unitsTotal.count, alignment: 'right', bold: true }, '', { text: sheet.unitsTotal.points, alignment: 'right', bold: true }, ...columns.map(() => ''))
  const unitsTable = keepTotalWithLastUnit(body, totalRow, widths)

  const title = sheet.title
  const vl = sheet.verdict
  const facts = sheet.facts
  // Labels on one line: at least 56 pt, wider for long ones.
  const labelWidth = Math.max(56, ...facts.map(([k]) => Math.ceil(textWidth(k, 8.5)) + 8))
  const facts2: Array<[string, Content]> = facts.map(([k, v]) => [k, { text: v, bold: k === 'Points' }])
  // Points, check code and data version on the right, each on one line where the page allows.
  const rightLabel = Math.ceil(Math.max(...RIGHT_FACTS.map((k) => textWidth(k, 8.5)))) + 8
  const rightValues = Math.max(textWidth(pointsLine(verdict), 8.5, true), textWidth(input.checkCode, 8.5, true), textWidth(dataText(ruleset, input.dataNote), 8.5))
  // Each cell pads 8 pt on its right (plainLayout).
  const rightWidth = Math.ceil(Math.min(usable / 2 + 40, rightLabel + rightValues + 2 * 8 + 6))
  // The code on a line of its own (32 characters do not share a line in a facts column).
  facts2.push(['Check code', { text: input.checkCode, bold: true }], ['Rules data', { text: dataText(ruleset, input.dataNote), color: COLORS.muted }])

  const figureRows: Content[][] = [[th('Figure'), th('Value'), th('How it is worked out')]]
  for (const f of sheet.figures) figureRows.push([{ text: f.label, bold: true }, { text: f.value, bold: true }, { text: f.how, color: COLORS.muted, fontSize: 7.5 }])

  const content: Content[] = [
    {
      columns: [
        { width: '*', stack: [{ text: title, style: 'title' }, { text: `${input.armyName} · ${ruleset.name}`, style: 'subtitle' }] },
        {
          width: 'auto',
          table: { body: [[{ text: vl.text, bold: true, fontSize: 11, color: '#ffffff', fillColor: vl.color, margin: [6, 3, 6, 3] }]] },
          layout: 'noBorders'
        }
      ]
    },
    {
      // The right-hand column as wide as its widest fact (the check code on one line), the left takes the rest.
      columns: [facts2.filter(([k]) => !RIGHT_FACTS.includes(k)), facts2.filter(([k]) => RIGHT_FACTS.includes(k))].map((part, i) => ({
        width: i === 0 ? '*' : rightWidth,
        table: { widths: [i === 0 ? labelWidth : rightLabel, '*'], body: part.map(([k, v]) => [{ text: k, color: COLORS.muted }, v]) },
        layout: plainLayout
      })),
      columnGap: 16
    },
    // Full width: the command with a 32-character code does not fit in a facts column.
    {
      text: [
        { text: 'To confirm that a roster file is this list, run ', color: COLORS.muted },
        { text: `muster verify ${shellWord(input.fileName ?? 'ROSTER.muster.json')} ${input.checkCode}`, italics: true }
      ],
      fontSize: 7.5,
      margin: [0, 2, 0, 4]
    },
    { text: 'Units', style: 'h2' },
    unitsTable,
    legend(columns)
  ]
  if (sheet.cards.length) content.push(battleCardsBlock(sheet))
  if (roster.notes?.trim()) content.push({ text: 'Notes', style: 'h2' }, { text: roster.notes.trim() })
  // Short: kept whole with its heading.
  const figuresBlock: ContentNode = {
    stack: [{ text: 'Derived figures', style: 'h2' }, { table: { headerRows: 1, dontBreakRows: true, widths: [120, 140, '*'], body: figureRows }, layout: gridLayout(1, false) }],
    unbreakable: true
  }
  const verdictHeading: ContentNode = { text: `Verdict: ${vl.text}`, style: 'h2', color: vl.color }
  if (verdict.issues.length === 0) {
    const verdictBlock: ContentNode = { stack: [verdictHeading, { text: 'No issues: the roster keeps every rule Muster checks for this army.' }] }
    content.push({ columns: [{ ...figuresBlock, width: '*' }, { ...verdictBlock, width: orientation === 'landscape' ? 200 : 140 }], columnGap: 18, unbreakable: true })
  } else {
    content.push(figuresBlock)
    // The data rule's id (issue.rule) is for tools (the CLI's JSON, the event report), not printed:
    // the message says what is wrong in words.
    const issueRows: Content[][] = [[th(''), th('Where'), th('Issue')]]
    for (const { issue, where, text } of sheet.issues) {
      issueRows.push([
        { text: issue.severity === 'error' ? 'ERROR' : 'warning', bold: true, color: issue.severity === 'error' ? COLORS.error : COLORS.warning, fontSize: 7.5 },
        { text: where, fontSize: 7.5 },
        { text }
      ])
    }
    // The heading is the table's first header row: it stays with the first issues, and a long list
    // runs on over pages with heading and column headers repeated.
    const grid = gridLayout(2, false)
    const heading: Content[] = [{ ...verdictHeading, colSpan: 3, margin: [-3, 8, 0, 2], border: [false, false, false, false] }, '', '']
    content.push({
      table: { headerRows: 2, dontBreakRows: true, keepWithHeaderRows: 1, widths: [40, 130, '*'], body: [heading, ...issueRows] },
      layout: {
        ...grid,
        hLineWidth: (i, node) => (i === 0 ? 0 : grid.hLineWidth!(i, node)),
        fillColor: (row) => (row === 0 ? null : row === 1 ? COLORS.headerFill : null)
      }
    })
  }
  return documentShell(
    paper,
    orientation,
    { title: [{ cut: title }, ` · ${input.armyName} · ${pointsLine(verdict)} · ${vl.text}`], footer: `Check code ${input.checkCode} · ${dataText(ruleset, input.dataNote)}`, footerRight: 'Muster roster' },
    content,
    { title: `${title}: roster`, subject: `${ruleset.name}, ${input.armyName}`, checkCode: input.checkCode }
  )
}

/**
 * The units table, ending with its total row. A long table runs on over pages with the header
 * repeated, each unit row whole (dontBreakRows); left to itself pdfmake could then put the total
 * row alone at the top of the last page, under a repeated header, away from the units it totals.
 * So the last unit row and the total row go together into the table's last row: one cell across
 * every column holding a table of those two rows, with the same widths and layout, drawn where the
 * outer table would have drawn them (the cell's padding and the outer table's edge taken back by
 * negative margins, the lines the outer table draws left out). That row cannot break (dontBreakRows)
 * and belongs to the outer table, so when it does not fit it moves to the next page as a whole,
 * under the repeated header. pdfmake has no way to keep two rows of one table together: a page
 * break set on a cell (pageBreakBefore) moves that cell alone and leaves the rest of its row behind.
 */
function keepTotalWithLastUnit(body: Content[][], totalRow: Content[], widths: Array<number | '*'>): ContentNode {
  const grid = gridLayout(1)
  const last = body.length - 1
  if (last < 1) return { table: { headerRows: 1, dontBreakRows: true, widths, body: [...body, totalRow] }, layout: grid }
  const at = <T>(f: ((i: number, node: TableNode) => T) | undefined, i: number, node: TableNode): T => f!(i, node)
  // Line and fill of the one-table version: header, unit rows, then the total at body.length.
  const whole: TableNode = { table: { body: [...body, totalRow] } }
  const pair: ContentNode = {
    table: { dontBreakRows: true, widths: [...widths], body: [body[last], totalRow] },
    layout: {
      ...grid,
      // The line above the pair and the one under the total belong to the outer table.
      hLineWidth: (i) => (i === 1 ? at(grid.hLineWidth, last + 1, whole) : 0),
      hLineColor: (i) => at(grid.hLineColor, last + i, whole),
      fillColor: (row, _node, col) => grid.fillColor!(last + row, whole, col)
    },
    colSpan: widths.length,
    margin: [-(at(grid.vLineWidth, 0, whole) + at(grid.paddingLeft, 0, whole)), 0, -(at(grid.vLineWidth, widths.length, whole) + at(grid.paddingRight, widths.length - 1, whole)), 0]
  }
  return {
    table: { headerRows: 1, dontBreakRows: true, widths, body: [...body.slice(0, last), [pair, ...widths.slice(1).map(() => '')]] },
    layout: {
      ...grid,
      paddingTop: (i, node) => (i === last ? 0 : at(grid.paddingTop, i, node)),
      paddingBottom: (i, node) => (i === last ? 0 : at(grid.paddingBottom, i, node)),
      fillColor: (row, node, col) => (row === last ? null : grid.fillColor!(row, node, col))
    }
  }
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

/**
 * The battle cards the roster takes, after the units: card, what it is taken on, its count where
 * the card counts cards or stands, its points; then the army's total (units + cards), the same
 * number as the verdict's points. A card taken in several entries has its whole cost on the first.
 */
function battleCardsBlock(sheet: RosterSheet): Content {
  const cards = sheet.cards
  const anyCount = cards.some((c) => c.count)
  const numWidth = (label: string, values: string[]) => Math.ceil(values.reduce((m, v) => Math.max(m, textWidth(v, 8.5, true)), headerWidth(label)) + 8)
  const pointsWidth = numWidth('Points', [...cards.map((c) => c.points), sheet.cardsTotal.points])
  const takenWidth = Math.ceil(Math.min(190, cards.reduce((m, c) => Math.max(m, textWidth(c.takenOn, 8.5) + 8), textWidth('Taken on', 7.5, true) + 8)))

  const header: Content[] = [th('Battle card'), th('Taken on')]
  if (anyCount) header.push(th('Count', 'right'))
  header.push(th('Points', 'right'))
  const body: Content[][] = [header]
  for (const c of cards) {
    // One line where it fits: name, code, then what the card is, in small grey.
    const sub = [...(c.report.name !== c.report.code ? [c.report.code] : []), ...(c.note ? [c.note] : [])]
    const details: Content[] = [{ text: [{ text: c.report.name, bold: true }, ...(sub.length ? [{ text: `   ${sub.join(' · ')}`, fontSize: 7, color: COLORS.muted }] : [])] }]
    if (c.notes) details.push({ text: c.notes, fontSize: 7, italics: true, color: COLORS.muted })
    const row: Content[] = [{ stack: details }, { text: c.takenOn }]
    if (anyCount) row.push({ text: c.count, alignment: 'right' })
    row.push({ text: c.points, alignment: 'right', bold: true })
    body.push(row)
  }
  const blanks = anyCount ? ['', ''] : ['']
  body.push([
    { text: [{ text: 'Total', bold: true }, { text: `   ${sheet.cardsTotal.how}`, color: COLORS.muted, fontSize: 7.5 }], colSpan: anyCount ? 3 : 2 },
    ...blanks,
    { text: sheet.cardsTotal.points, alignment: 'right', bold: true }
  ])
  const grid = gridLayout(1)
  const last = body.length - 1
  const widths: Array<number | '*'> = ['*', takenWidth, ...(anyCount ? [numWidth('Count', cards.map((c) => c.count))] : []), pointsWidth]
  return {
    stack: [
      { text: 'Battle cards', style: 'h2' },
      {
        table: { headerRows: 1, dontBreakRows: true, widths, body },
        layout: {
          ...grid,
          // A heavier rule above the army's total, which is never shaded.
          hLineWidth: (i, node) => (i === last ? 0.8 : grid.hLineWidth!(i, node)),
          hLineColor: (i, node) => (i === last ? COLORS.rule : grid.hLineColor!(i, node)),
          fillColor: (row, node, col) => (row === last ? null : grid.fillColor!(row, node, col))
        }
      }
    ],
    // Kept whole with its heading, unless a page could not hold it.
    unbreakable: cards.length <= 16
  }
}

function legend(columns: NumberColumn[]): Content {
  if (columns.length === 0) return ''
  const parts: Array<string | ContentNode> = []
  columns.forEach((c, i) => {
    if (i) parts.push('   ')
    parts.push({ text: c.label, bold: true })
    let rest = c.full !== c.label ? ` = ${c.full}` : ''
    if (c.unit) rest += ` (${c.unit})`
    if (c.description) rest += `: ${c.description.replace(/\.$/, '')}`
    if (rest) parts.push(rest)
  })
  parts.push('   - = none, ? = the rules give no number')
  return { text: parts, fontSize: 6.8, color: COLORS.muted, margin: [0, 3, 0, 0] }
}
