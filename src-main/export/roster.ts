// The roster PDF: lays out what the roster sheet says (rosterSheet, roster-content.ts) as a
// pdfmake document definition: the head with the verdict and the facts, the units table with its
// game numbers and their legend, the battle cards, notes, derived figures, the issues, and the check
// code. Pure; write-pdf.ts turns it into bytes.
import type { Verdict } from '../rules/types'
import type { Content, ContentNode, TableNode } from './pdf-types'
import type { PrintInput } from './print-input'
import { textWidth } from './metrics'
import { COLORS, MARGINS, documentShell, gridLayout, NO_NUMBER, num, pageDims, plainLayout, th, type Orientation, type Paper } from './layout'
import { rosterSheet, verdictText, type RosterSheet, type RosterSheetInput, type SheetColumn } from './roster-content'

export interface RosterDocInput extends PrintInput, RosterSheetInput {}

/** The verdict's words and the colour of its badge. */
export function verdictLine(v: Verdict): { text: string; color: string } {
  return { text: verdictText(v), color: v.valid ? COLORS.ok : COLORS.error }
}

const headerWidth = (label: string): number => label.split(/\s+/).reduce((m, w) => Math.max(m, textWidth(w, 7.5, true)), 0)

/** The facts printed in the right-hand column of the roster's head. */
const RIGHT_FACTS = ['Points', 'Check code', 'Rules data']

export function buildRosterDoc(input: RosterDocInput) {
  return rosterDoc(rosterSheet(input), input.paper)
}

/** The roster sheet laid out on paper. */
function rosterDoc(sheet: RosterSheet, paper: Paper) {
  const columns = sheet.columns
  const anyAttributes = sheet.units.some((u) => u.attributes.length > 0)

  const orientation: Orientation = 6 + columns.length > 11 ? 'landscape' : 'portrait'
  const page = pageDims(paper, orientation)
  const usable = page.width - MARGINS[0] - MARGINS[2]
  const capital = sheet.countLabel

  // Widths: numbers as wide as their header's longest word or widest value, the unit column takes the rest.
  const valueWidth = (texts: string[]) => texts.reduce((m, t) => Math.max(m, textWidth(t, 8.5)), 0)
  const fixed = (label: string, values: string[]) => Math.ceil(Math.min(64, Math.max(22, headerWidth(label), valueWidth(values)) + 7))
  const widths: Array<number | '*'> = [fixed('#', [String(sheet.units.length)]), '*']
  if (anyAttributes) widths.push(Math.min(120, Math.max(70, usable * 0.14)))
  widths.push(
    fixed(
      capital,
      sheet.units.map((r) => String(r.unit?.count ?? ''))
    ),
    fixed(
      'Each',
      sheet.units.map((r) => num(r.report?.costEach ?? 0))
    ),
    fixed('Points', [sheet.cardsTotal.points])
  )
  columns.forEach((c, i) =>
    widths.push(
      fixed(
        c.label,
        sheet.units.map((u) => u.numbers[i])
      )
    )
  )

  const header: ContentNode[] = [th('#', 'right'), th('Unit')]
  if (anyAttributes) header.push(th('Attributes'))
  header.push(th(capital, 'right'), th('Each', 'right'), th('Points', 'right'), ...columns.map((c) => th(c.label, 'center')))

  const body: Content[][] = [header]
  sheet.units.forEach((u) => {
    const details: Content[] = [{ text: u.title, bold: true }]
    if (u.details.length) details.push({ text: u.details.join(' · '), fontSize: 7, color: COLORS.muted })
    if (u.notes) details.push({ text: u.notes, fontSize: 7, italics: true, color: COLORS.muted })
    const row: Content[] = [{ text: String(u.index + 1), alignment: 'right' }, { stack: details }]
    if (anyAttributes) row.push({ text: u.attributes.join(', '), fontSize: 7.5 })
    row.push(
      { text: u.count, alignment: 'right' },
      { text: u.each, alignment: 'right' },
      { text: u.points, alignment: 'right', bold: true },
      ...u.numbers.map((v) => ({ text: v, alignment: 'center' as const }))
    )
    body.push(row)
  })
  const totalRow: Content[] = [{ text: '' }, { text: sheet.unitsTotal.label, bold: true }]
  if (anyAttributes) totalRow.push('')
  totalRow.push(
    { text: sheet.unitsTotal.count, alignment: 'right', bold: true },
    '',
    { text: sheet.unitsTotal.points, alignment: 'right', bold: true },
    ...columns.map(() => '')
  )
  const unitsTable = keepTotalWithLastUnit(body, totalRow, widths)

  const title = sheet.title
  const vl = { text: sheet.verdict.text, color: sheet.verdict.legal ? COLORS.ok : COLORS.error }
  const facts = sheet.facts
  // Labels on one line: at least 56 pt, wider for long ones.
  const labelWidth = Math.max(56, ...facts.map(([k]) => Math.ceil(textWidth(k, 8.5)) + 8))
  const facts2: Array<[string, Content]> = facts.map(([k, v]) => [k, { text: v, bold: k === 'Points' }])
  // Points, check code and data version on the right, each on one line where the page allows.
  const rightLabel = Math.ceil(Math.max(...RIGHT_FACTS.map((k) => textWidth(k, 8.5)))) + 8
  const rightValues = Math.max(textWidth(sheet.points, 8.5, true), textWidth(sheet.checkCode, 8.5, true), textWidth(sheet.rulesData, 8.5))
  // Each cell pads 8 pt on its right (plainLayout).
  const rightWidth = Math.ceil(Math.min(usable / 2 + 40, rightLabel + rightValues + 2 * 8 + 6))
  // The code on a line of its own (32 characters do not share a line in a facts column).
  facts2.push(['Check code', { text: sheet.checkCode, bold: true }], ['Rules data', { text: sheet.rulesData, color: COLORS.muted }])

  const figureRows: Content[][] = [[th('Figure'), th('Value'), th('How it is worked out')]]
  for (const f of sheet.figures)
    figureRows.push([
      { text: f.label, bold: true },
      { text: f.value, bold: true },
      { text: f.how, color: COLORS.muted, fontSize: 7.5 }
    ])

  const content: Content[] = [
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: title, style: 'title' },
            { text: `${sheet.armyName} · ${sheet.rulesetName}`, style: 'subtitle' }
          ]
        },
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
        { text: sheet.verifyCommand, italics: true }
      ],
      fontSize: 7.5,
      margin: [0, 2, 0, 4]
    },
    { text: 'Units', style: 'h2' },
    unitsTable,
    legend(columns)
  ]
  if (sheet.cards.length) content.push(battleCardsBlock(sheet))
  if (sheet.notes) content.push({ text: 'Notes', style: 'h2' }, { text: sheet.notes })
  // Short: kept whole with its heading.
  const figuresBlock: ContentNode = {
    stack: [
      { text: 'Derived figures', style: 'h2' },
      { table: { headerRows: 1, dontBreakRows: true, widths: [120, 140, '*'], body: figureRows }, layout: gridLayout(1, false) }
    ],
    unbreakable: true
  }
  const verdictHeading: ContentNode = { text: `Verdict: ${vl.text}`, style: 'h2', color: vl.color }
  if (sheet.issues.length === 0) {
    const verdictBlock: ContentNode = { stack: [verdictHeading, { text: 'No issues: the roster keeps every rule Muster checks for this army.' }] }
    content.push({
      columns: [
        { ...figuresBlock, width: '*' },
        { ...verdictBlock, width: orientation === 'landscape' ? 200 : 140 }
      ],
      columnGap: 18,
      unbreakable: true
    })
  } else {
    content.push(figuresBlock)
    // The data rule's id (issue.rule) is for tools (the CLI's JSON, the event report), not printed:
    // the message says what is wrong in words.
    const issueRows: Content[][] = [[th(''), th('Where'), th('Issue')]]
    for (const { issue, where, text } of sheet.issues) {
      issueRows.push([
        {
          text: issue.severity === 'error' ? 'ERROR' : 'warning',
          bold: true,
          color: issue.severity === 'error' ? COLORS.error : COLORS.warning,
          fontSize: 7.5
        },
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
    {
      title: [{ cut: title }, ` · ${sheet.armyName} · ${sheet.points} · ${vl.text}`],
      footer: `Check code ${sheet.checkCode} · ${sheet.rulesData}`,
      footerRight: 'Muster roster'
    },
    content,
    { title: `${title}: roster`, subject: `${sheet.rulesetName}, ${sheet.armyName}`, checkCode: sheet.checkCode }
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
    margin: [
      -(at(grid.vLineWidth, 0, whole) + at(grid.paddingLeft, 0, whole)),
      0,
      -(at(grid.vLineWidth, widths.length, whole) + at(grid.paddingRight, widths.length - 1, whole)),
      0
    ]
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
 * The battle cards the roster takes, after the units: card, what it is taken on, its count where
 * the card counts cards or stands, its points; then the army's total (units + cards), the same
 * number as the verdict's points. A card taken in several entries has its whole cost on the first.
 */
function battleCardsBlock(sheet: RosterSheet): Content {
  const cards = sheet.cards
  const anyCount = cards.some((c) => c.count)
  const numWidth = (label: string, values: string[]) => Math.ceil(values.reduce((m, v) => Math.max(m, textWidth(v, 8.5, true)), headerWidth(label)) + 8)
  const pointsWidth = numWidth('Points', [...cards.map((c) => c.points), sheet.cardsTotal.points])
  const takenWidth = Math.ceil(
    Math.min(
      190,
      cards.reduce((m, c) => Math.max(m, textWidth(c.takenOn, 8.5) + 8), textWidth('Taken on', 7.5, true) + 8)
    )
  )

  const header: Content[] = [th('Battle card'), th('Taken on')]
  if (anyCount) header.push(th('Count', 'right'))
  header.push(th('Points', 'right'))
  const body: Content[][] = [header]
  for (const c of cards) {
    // One line where it fits: name, code, then what the card is, in small grey.
    const sub = [...(c.report.name !== c.report.code ? [c.report.code] : []), ...(c.note ? [c.note] : [])]
    const details: Content[] = [
      { text: [{ text: c.report.name, bold: true }, ...(sub.length ? [{ text: `   ${sub.join(' · ')}`, fontSize: 7, color: COLORS.muted }] : [])] }
    ]
    if (c.notes) details.push({ text: c.notes, fontSize: 7, italics: true, color: COLORS.muted })
    const row: Content[] = [{ stack: details }, { text: c.takenOn }]
    if (anyCount) row.push({ text: c.count, alignment: 'right' })
    row.push({ text: c.points, alignment: 'right', bold: true })
    body.push(row)
  }
  const blanks = anyCount ? ['', ''] : ['']
  body.push([
    {
      text: [
        { text: 'Total', bold: true },
        { text: `   ${sheet.cardsTotal.how}`, color: COLORS.muted, fontSize: 7.5 }
      ],
      colSpan: anyCount ? 3 : 2
    },
    ...blanks,
    { text: sheet.cardsTotal.points, alignment: 'right', bold: true }
  ])
  const grid = gridLayout(1)
  const last = body.length - 1
  const widths: Array<number | '*'> = [
    '*',
    takenWidth,
    ...(anyCount
      ? [
          numWidth(
            'Count',
            cards.map((c) => c.count)
          )
        ]
      : []),
    pointsWidth
  ]
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

function legend(columns: SheetColumn[]): Content {
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
  parts.push(`   - = none, ${NO_NUMBER} = the rules give no number`)
  return { text: parts, fontSize: 6.8, color: COLORS.muted, margin: [0, 3, 0, 0] }
}
