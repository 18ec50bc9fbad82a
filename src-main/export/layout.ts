// Shared by the document builders: paper, fonts and styles, number and attribute text, page
// header and footer, table layouts. Pure: data in, pdfmake document pieces out.
import type { Roster, RosterUnit, Ruleset, TroopType } from '../rules/types'
import type { Content, ContentNode, DocDefinition, Style, TableLayout } from './pdf-types'
import { attributeValue } from './reference'
import { own } from '../rules/own'
import { fitLine } from './metrics'
import type { Paper } from '../../src-shared/print'

export type { Paper }
export type Orientation = 'portrait' | 'landscape'

/** Page sizes in points (1/72 inch). */
export const PAPER: Record<Paper, { name: 'A4' | 'LETTER'; label: string; width: number; height: number }> = {
  a4: { name: 'A4', label: 'A4', width: 595.28, height: 841.89 },
  letter: { name: 'LETTER', label: 'US Letter', width: 612, height: 792 }
}

export const FONT = 'Roboto'
export const MM = 72 / 25.4

export function pageDims(paper: Paper, orientation: Orientation): { width: number; height: number } {
  const p = PAPER[paper]
  return orientation === 'portrait' ? { width: p.width, height: p.height } : { width: p.height, height: p.width }
}

/** Left, top, right, bottom: room for the running header and the footer with the check code. */
export const MARGINS: [number, number, number, number] = [36, 46, 36, 44]

export const COLORS = {
  text: '#1a1a1a',
  muted: '#5c5c5c',
  rule: '#9a9a9a',
  faint: '#d0d0d0',
  headerFill: '#e6e6e6',
  zebra: '#f5f5f5',
  ok: '#1d6b2f',
  error: '#a31515',
  warning: '#8a5a00'
}

export const STYLES: Record<string, Style> = {
  title: { fontSize: 17, bold: true, margin: [0, 0, 0, 2] },
  subtitle: { fontSize: 10, color: COLORS.muted, margin: [0, 0, 0, 6] },
  h2: { fontSize: 11.5, bold: true, margin: [0, 10, 0, 4] },
  h3: { fontSize: 9.5, bold: true, margin: [0, 6, 0, 3] },
  th: { bold: true, fontSize: 7.5, fillColor: COLORS.headerFill },
  small: { fontSize: 7.5 },
  muted: { color: COLORS.muted },
  note: { fontSize: 7.5, italics: true, color: COLORS.muted, margin: [0, 2, 0, 0] }
}

/** A number as printed: integers plain, fractions to at most three places (1.125, 0.75, 1.5). */
export function num(n: number): string {
  if (Number.isInteger(n)) return String(n)
  return String(Math.round(n * 1000) / 1000)
}

export function yearText(year: number): string {
  return year < 0 ? `${-year} BC` : `${year} AD`
}

/**
 * A stat the rules give a unit but no number for (null in the data: a war machine's range, the
 * Druid's move), as printed: a dash marked for the sheet's footnote, NO_NUMBER_NOTE. Not '?', which
 * read as Muster not knowing rather than the rules giving none.
 */
export const NO_NUMBER = '-*'
export const NO_NUMBER_NOTE = '* The rules give no number for this.'

/** A stat value as printed: '-' for none, NO_NUMBER where the rules give the ability but no number. */
export function statText(v: unknown): string {
  if (v === undefined) return '-'
  if (v === null) return NO_NUMBER
  if (typeof v === 'number') return num(v)
  if (typeof v === 'boolean') return v ? 'yes' : 'no'
  return String(v)
}

/** The unit's attributes in words, in the ruleset's attribute order: "regular, class B", "General". */
export function attributeParts(unit: RosterUnit, troop: TroopType, ruleset: Ruleset): string[] {
  const out: string[] = []
  for (const [id, def] of Object.entries(ruleset.attributes)) {
    const declared = troop.attributes && id in troop.attributes
    if (!declared && unit[id] === undefined) continue
    const v = attributeValue(unit, troop, id, ruleset)
    if (v === undefined || v === null) continue
    if (def.type === 'boolean') {
      if (v === true) out.push(def.label)
      continue
    }
    const value = String(v)
    const label = own(def.valueLabels, value)
    if (label && value.length > 2) out.push(label)
    else if (value.length <= 2) out.push(`${def.label} ${value}`)
    else out.push(value)
  }
  return out
}

export function unitTitle(unit: RosterUnit, troop: TroopType | undefined): string {
  return unit.name?.trim() || troop?.name || String(unit.troop)
}

export function troopLine(troop: TroopType | undefined, unit: RosterUnit): string {
  if (!troop) return String(unit.troop)
  return troop.code ? `${troop.name} (${troop.code})` : troop.name
}

export const costUnitPlural: Record<Ruleset['costUnit'], string> = { figure: 'figures', stand: 'stands', unit: 'units' }

/**
 * Which rules data a sheet was printed with, for players: "WRG Mark 2 data 1.0.0" (the ruleset's name,
 * not its id), and what else was in force when it is not the stock data: "Triumph! data 1.1.0, checked
 * with local data changes", "Triumph! data 1.1.0 with Meshwesh lists of 2026-11-20" (ADR 0016).
 */
export function dataText(ruleset: Ruleset, note?: string): string {
  const base = `${ruleset.shortName ?? ruleset.name} data ${ruleset.dataVersion}`
  return note ? `${base}${note.startsWith('with ') ? ' ' : ', '}${note}` : base
}

/**
 * Which rules data a set of rosters was checked with (the event report, terminal and HTML): the
 * sheets' own words (dataText), with the note when any roster was checked with data that is not
 * stock: the one note all of them share, else "checked with local data changes".
 */
export function dataTextOfAll(ruleset: Ruleset, notes: Iterable<string | undefined>): string {
  const seen = new Set<string>()
  for (const n of notes) if (n) seen.add(n)
  return dataText(ruleset, seen.size === 0 ? undefined : seen.size === 1 ? [...seen][0] : 'checked with local data changes')
}

export function rosterTitle(roster: Roster, armyName: string): string {
  return roster.name?.trim() || armyName
}

/** Thin grey lines, a header fill, light zebra rows: readable printed in black and white. */
export function gridLayout(headerRows = 1, zebra = true): TableLayout {
  return {
    hLineWidth: (i, node) => (i === 0 || i === node.table.body.length || i === headerRows ? 0.8 : 0.3),
    vLineWidth: () => 0.3,
    hLineColor: (i, node) => (i === 0 || i === node.table.body.length || i === headerRows ? COLORS.rule : COLORS.faint),
    vLineColor: () => COLORS.faint,
    paddingLeft: () => 3,
    paddingRight: () => 3,
    paddingTop: () => 1.5,
    paddingBottom: () => 1.5,
    fillColor: (row) => (row < headerRows ? COLORS.headerFill : zebra && (row - headerRows) % 2 === 1 ? COLORS.zebra : null)
  }
}

export const plainLayout: TableLayout = {
  hLineWidth: () => 0,
  vLineWidth: () => 0,
  paddingLeft: () => 0,
  paddingRight: () => 8,
  paddingTop: () => 0.5,
  paddingBottom: () => 0.5
}

export function th(text: string, align: 'left' | 'center' | 'right' = 'left'): ContentNode {
  return { text, style: 'th', alignment: align }
}

export interface PageFrame {
  /**
   * Left of the running header (pages after the first), one line: its pieces run together, those
   * given as `{ cut }` (names a player chose) cut to the room the others leave (fitLine).
   */
  title: Array<string | { cut: string }>
  /** Footer line, e.g. the check code. */
  footer: string
  /** Right of the footer. */
  footerRight?: string
}

/**
 * For documents with headings outside unbreakable blocks (headlineLevel 1): such a heading with
 * nothing after it on its page moves to the next page. pdfmake then inspects every node after
 * layout, so documents without such headings leave it out.
 */
export const keepHeadingsWithContent: NonNullable<DocDefinition['pageBreakBefore']> = (node, nodes) =>
  node.headlineLevel === 1 && nodes.getFollowingNodesOnPage().length === 0

const HEADER_SIZE = 7.5
const HEADER_PAGE_WIDTH = 80
/** Points kept free at the end of a line fitted by measure (fitLine): pdfmake's own rounding. */
export const FIT_SLACK = 2

/** Document shell: fonts, styles, running header from page 2 on, footer with page numbers. */
export function documentShell(
  paper: Paper,
  orientation: Orientation,
  frame: PageFrame,
  content: Content,
  info: { title: string; subject: string; checkCode?: string }
): DocDefinition {
  const [left, , right] = MARGINS
  const pageWidth = pageDims(paper, orientation).width
  // One line each, so a long name neither runs into the content nor (at the foot) pushes the
  // check code, which comes first, off the page.
  const title = fitLine(frame.title, pageWidth - left - right - HEADER_PAGE_WIDTH - FIT_SLACK, HEADER_SIZE)
  return {
    pageSize: PAPER[paper].name,
    pageOrientation: orientation,
    pageMargins: MARGINS,
    content,
    styles: STYLES,
    defaultStyle: { font: FONT, fontSize: 8.5, color: COLORS.text, lineHeight: 1.05 },
    header: (page, pages) =>
      page === 1
        ? ''
        : {
            margin: [left, 18, right, 0],
            columns: [
              { text: title, fontSize: HEADER_SIZE, color: COLORS.muted, width: '*' },
              { text: `page ${page} of ${pages}`, fontSize: HEADER_SIZE, color: COLORS.muted, alignment: 'right', width: HEADER_PAGE_WIDTH }
            ]
          },
    footer: (page, pages) => ({
      margin: [left, 14, right, 0],
      columns: [
        { text: frame.footer, fontSize: 7, color: COLORS.muted, width: '*' },
        {
          text: `${frame.footerRight ? frame.footerRight + '   ' : ''}page ${page} of ${pages}`,
          fontSize: 7,
          color: COLORS.muted,
          alignment: 'right',
          width: 'auto'
        }
      ]
    }),
    info: documentInfo(info.title, info.subject, info.checkCode)
  }
}

/**
 * The PDF document information entry holding the check code, for `muster check` to read without
 * the page text. Its own entry, not the title or keywords: those carry names a player chose.
 */
export const CHECK_CODE_INFO_KEY = 'MusterCheckCode'

export function documentInfo(title: string, subject: string, checkCode?: string): NonNullable<DocDefinition['info']> {
  return { title, subject, creator: 'Muster', producer: 'Muster (pdfmake)', ...(checkCode ? { [CHECK_CODE_INFO_KEY]: checkCode } : {}) }
}
