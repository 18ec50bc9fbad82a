// Unit reference cards: one 63 x 86 mm card per unit, nine to a page (A4 or US Letter) with crop
// marks, each with the unit's numbers and the special rules that apply to it. Text is measured with
// the embedded font's widths before layout, so a card that would overflow is set smaller or goes on
// to a continuation card: nothing runs off a card. A battle card taken on a unit's army-list option
// (Triumph!) is named on the cards of that option's units. Pure: a pdfmake document definition.
import { singular } from '../../src-shared/words'
import { readUnmarked } from '../rules/unmarked'
import type { CardReport, RosterUnit, TroopType, UnitReport } from '../rules/types'
import type { CanvasItem, Content } from './pdf-types'
import type { PrintInput } from './print-input'
import { cardRulesFor } from './reference'
import { LINE_HEIGHT, fitLine, lineCount, textWidth } from './metrics'
import {
  COLORS,
  FIT_SLACK,
  FONT,
  MM,
  NO_NUMBER,
  NO_NUMBER_NOTE,
  PAPER,
  STYLES,
  attributeParts,
  costUnitPlural,
  dataText,
  documentInfo,
  num,
  rosterTitle,
  statText,
  troopLine,
  unitTitle
} from './layout'
import type { DocDefinition } from './pdf-types'
import { cardTitle } from '../rules/battle-cards'
import { codeStart } from './check-code'
import { numberColumns } from './roster-content'
import { nounFor } from '../rules/messages'

/** What every printed document of one roster is built from. */
export type { PrintInput }

export type CardsDocInput = PrintInput

export const CARD = { width: 63 * MM, height: 86 * MM, padding: 8, footer: 10, columns: 3, rows: 3 }
const INNER = CARD.width - 2 * CARD.padding
/** Font sizes of a card's foot (the roster's name and the start of its code) and of the page footer. */
const CARD_FOOT_SIZE = 5.8
const PAGE_FOOT_SIZE = 6.5
const AVAILABLE = CARD.height - 2 * CARD.padding - CARD.footer
const SCALES = [1, 0.93, 0.86, 0.8, 0.74]
const SAFETY = 1.04
/** Width of a stat label column: the widest label (one line), between 36 and 62 points. */
const labelWidth = (stats: Array<[string, string]>, s: number): number => Math.min(62, Math.max(36, ...stats.map(([l]) => textWidth(l, 7 * s) + 5)))
const BULLET_INDENT = 9

export interface CardData {
  index: number
  title: string
  count: string
  subtitle: string
  cost: string
  stats: Array<[string, string]>
  details: string[]
  rules: string[]
  footer: string
  continued: boolean
}

/** What goes on each unit's card (before fitting). */
export function cardData(input: CardsDocInput): CardData[] {
  const { verdict, ruleset, reference } = input
  // Roles an older file marks on no unit, as the check reads them (unmarked.ts).
  const roster = readUnmarked(ruleset, input.roster).roster
  const troops = new Map(ruleset.troopTypes.map((t) => [t.id, t]))
  const reports = new Map((verdict.units ?? []).map((u) => [u.index, u]))
  const units: RosterUnit[] = Array.isArray(roster.units) ? roster.units : []
  // The card names its roster's code by its start; the page footer carries it whole. One line at
  // the card's foot: a long roster name is cut to what fits beside the code's start (by measure),
  // never wrapped under the card's edge.
  const footer = fitLine([{ cut: rosterTitle(roster, input.armyName) }, ` · ${codeStart(input.checkCode)}`], INNER - FIT_SLACK, CARD_FOOT_SIZE)
  const each = costUnitPlural[ruleset.costUnit]
  return units.map((unit, index) => {
    const troop: TroopType | undefined = troops.get(unit?.troop)
    const report: UnitReport | undefined = reports.get(index)
    const { columns, textStats } = numberColumns(ruleset, reference, [{ unit, troop, report }])
    const stats: Array<[string, string]> = columns.map((c) => {
      const v = c.value(unit, troop, report)
      return [c.label, c.unit && c.unit !== c.label && v !== '-' && v !== NO_NUMBER ? `${v} ${v === '1' ? singular(c.unit) : c.unit}` : v]
    })
    const details = textStats.map((s) => `${ruleset.stats[s].label}: ${statText(troop?.stats?.[s])}`)
    // A card is cut out alone: it carries its own footnote for a number the rules do not give.
    if (stats.some(([, v]) => v === NO_NUMBER) || details.some((d) => d.endsWith(`: ${NO_NUMBER}`))) details.push(NO_NUMBER_NOTE)
    const taken = report?.option ? cardsOn(verdict.cards ?? [], report.option) : []
    if (taken.length) details.push(`${taken.length === 1 ? 'Battle card' : 'Battle cards'}: ${taken.map((c) => cardTitle(c, ruleset)).join('; ')}`)
    const sub = [unit?.name?.trim() ? troopLine(troop, unit) : troop?.code, ...(troop ? attributeParts(unit, troop, ruleset) : [])].filter(Boolean)
    const rules = troop ? [...(troop.notes ?? []), ...cardRulesFor(reference, unit, troop, ruleset)] : [`Unknown troop type '${String(unit?.troop)}'.`]
    if (typeof unit?.notes === 'string' && unit.notes.trim()) rules.unshift(`Note: ${unit.notes.trim()}`)
    const count = typeof unit?.count === 'number' ? unit.count : 0
    return {
      index,
      title: unitTitle(unit, troop),
      count: `${num(count)} ${count === 1 ? each.replace(/s$/, '') : each}`,
      subtitle: sub.join(' · '),
      cost: report ? `${num(report.cost)} ${nounFor(report.cost, 'point')}${count > 1 ? ` (${num(report.costEach)} each)` : ''}` : 'not costed',
      stats,
      details,
      rules,
      footer,
      continued: false
    }
  })
}

/** The battle cards taken on an army-list option, one per code (entries of the same card summed). */
function cardsOn(cards: CardReport[], option: string): CardReport[] {
  const byCode = new Map<string, CardReport>()
  for (const c of cards) {
    if (c.option !== option) continue
    const seen = byCode.get(c.code)
    byCode.set(c.code, seen ? { ...seen, count: seen.count + c.count, cost: seen.cost + c.cost } : c)
  }
  return [...byCode.values()]
}

/** Stats two to a row; a value too wide for half a card gets a row of its own. */
function statRows(stats: Array<[string, string]>, s: number): Array<Array<[string, string]>> {
  const rows: Array<Array<[string, string]>> = []
  const valueW = INNER / 2 - labelWidth(stats, s)
  let pending: [string, string] | undefined
  for (const stat of stats) {
    if (textWidth(stat[1], 7.5 * s, true) > valueW - 3) rows.push([stat])
    else if (pending) {
      rows.push([pending, stat])
      pending = undefined
    } else pending = stat
  }
  if (pending) rows.push([pending])
  return rows
}

const lines = (text: string, width: number, size: number, bold = false) => lineCount(text, width, size, bold) * size * LINE_HEIGHT

/** Estimated height of a card's content at a scale (a little more than pdfmake will use). */
export function cardHeight(card: CardData, s: number): number {
  const countW = textWidth(card.count, 7.5 * s, true) + 6
  let h = lines(card.title, INNER - countW, 10 * s, true) + 1
  if (card.subtitle) h += lines(card.subtitle, INNER, 7 * s) + 3
  if (!card.continued) h += lines(card.cost, INNER, 7.5 * s, true) + 3
  const labelW = labelWidth(card.stats, s)
  for (const row of statRows(card.stats, s)) {
    const valueW = row.length === 1 ? INNER - labelW - 3 : INNER / 2 - labelW - 3
    h += Math.max(...row.map(([l, v]) => Math.max(lineCount(l, labelW - 3, 7 * s), lineCount(v, valueW, 7.5 * s, true)))) * 7.5 * s * LINE_HEIGHT + 2
  }
  if (card.stats.length) h += 3
  for (const d of card.details) h += lines(d, INNER, 7 * s) + 1
  if (card.rules.length) {
    h += 7 * s * LINE_HEIGHT + 2
    for (const r of card.rules) h += lines(r, INNER - BULLET_INDENT, 6.8 * s) + 1.5
  }
  return h * SAFETY
}

/** How a rule cut over two cards starts on the second. */
const CONTINUES = '... '
/** The longest run of characters without a space a cut rule is cut within (as long-words.ts breaks a line's). */
const CUT_RUN = 60
/** A rule's text in the pieces it may be cut between: each word with the spaces around it, a longer word in runs of CUT_RUN characters. */
const PIECES = new RegExp(`\\s*\\S{1,${CUT_RUN}}\\s*`, 'gu')

/** Cards as printed: each fitted at the largest scale that fits, long rule lists split over continuation cards. */
export function fitCards(cards: CardData[]): Array<{ card: CardData; scale: number }> {
  const out: Array<{ card: CardData; scale: number }> = []
  for (const card of cards) {
    const scale = SCALES.find((s) => cardHeight(card, s) <= AVAILABLE)
    if (scale !== undefined) {
      out.push({ card, scale })
      continue
    }
    // Too much even at the smallest size: keep the numbers on the first card, rules flow on.
    const s = SCALES[2]
    const rest = [...card.rules]
    let current: CardData = { ...card, rules: [] }
    for (;;) {
      while (rest.length && cardHeight({ ...current, rules: [...current.rules, rest[0]] }, s) <= AVAILABLE) current.rules.push(rest.shift()!)
      if (current.rules.length === 0 && rest.length) {
        // A single rule longer than a whole card: cut it at a word boundary, a word longer than a
        // line (a note of 1,500 letters without a space) in pieces of CUT_RUN characters. Each card
        // takes at least one piece of the rule's own text, never only the "... " that continues it:
        // cutting a word no card could hold once looped for ever (issue 26 review).
        const continues = rest[0].startsWith(CONTINUES)
        const lead = continues ? CONTINUES : ''
        const body = continues ? rest[0].slice(CONTINUES.length) : rest[0]
        const pieces = body.match(PIECES) ?? [body]
        // The most pieces that fit (a card only grows with text): found by halving, not piece by piece.
        const fits = (k: number) => cardHeight({ ...current, rules: [`${lead}${pieces.slice(0, k).join('').trimEnd()} ...`] }, s) <= AVAILABLE
        let n = 1
        for (let hi = pieces.length; n < hi;) {
          const mid = Math.ceil((n + hi) / 2)
          if (fits(mid)) n = mid
          else hi = mid - 1
        }
        const left = pieces.slice(n).join('').trimStart()
        current.rules.push(left ? `${lead}${pieces.slice(0, n).join('').trimEnd()} ...` : `${lead}${body}`)
        if (left) rest[0] = `${CONTINUES}${left}`
        else rest.shift()
      }
      out.push({ card: current, scale: s })
      if (!rest.length) break
      current = { ...card, title: `${card.title} (continued)`, stats: [], details: [], rules: [], continued: true }
    }
  }
  return out
}

function cardContent(card: CardData, s: number): Content[] {
  const out: Content[] = [
    {
      columns: [
        { text: card.title, bold: true, fontSize: 10 * s, width: '*' },
        { text: card.count, bold: true, fontSize: 7.5 * s, alignment: 'right', width: 'auto', noWrap: true, margin: [4, 1.5 * s, 0, 0] }
      ],
      margin: [0, 0, 0, 1]
    }
  ]
  if (card.subtitle) out.push({ text: card.subtitle, fontSize: 7 * s, color: COLORS.muted, margin: [0, 0, 0, 3] })
  if (!card.continued) out.push({ text: card.cost, bold: true, fontSize: 7.5 * s, margin: [0, 0, 0, 3] })
  if (card.stats.length) {
    const labelW = labelWidth(card.stats, s)
    const body: Content[][] = []
    const label = (text: string): Content => ({ text, fontSize: 7 * s, color: COLORS.muted })
    const value = (text: string, colSpan?: number): Content => ({ text, fontSize: 7.5 * s, bold: true, ...(colSpan ? { colSpan } : {}) })
    for (const row of statRows(card.stats, s)) {
      if (row.length === 1) body.push([label(row[0][0]), value(row[0][1], 3), '', ''])
      else body.push([label(row[0][0]), value(row[0][1]), ...(row[1] ? [label(row[1][0]), value(row[1][1])] : ['', ''])])
    }
    out.push({
      table: { widths: [labelW - 3, INNER / 2 - labelW - 3, labelW - 3, INNER / 2 - labelW - 3], body },
      layout: {
        hLineWidth: (i, node) => (i === 0 || i === node.table.body.length ? 0.6 : 0.25),
        vLineWidth: () => 0,
        hLineColor: () => COLORS.faint,
        paddingLeft: () => 0,
        paddingRight: () => 3,
        paddingTop: () => 0.75,
        paddingBottom: () => 0.75
      },
      margin: [0, 0, 0, 3]
    })
  }
  for (const d of card.details) out.push({ text: d, fontSize: 7 * s, margin: [0, 0, 0, 1] })
  if (card.rules.length) {
    out.push({ text: card.continued ? 'Special rules (continued)' : 'Special rules', bold: true, fontSize: 7 * s, margin: [0, 0, 0, 2] })
    out.push({ ul: card.rules.map((r) => ({ text: r, fontSize: 6.8 * s, margin: [0, 0, 0, 1.5] })), markerColor: COLORS.muted })
  }
  return out
}

export function buildCardsDoc(input: CardsDocInput): DocDefinition {
  const paper = PAPER[input.paper]
  const { width: cw, height: ch, columns, rows, padding } = CARD
  const perPage = columns * rows
  const x0 = (paper.width - columns * cw) / 2
  const y0 = (paper.height - rows * ch) / 2
  const fitted = fitCards(cardData(input))
  const pages = Math.max(1, Math.ceil(fitted.length / perPage))
  const content: Content[] = []
  for (let p = 0; p < pages; p++) {
    const onPage = fitted.slice(p * perPage, (p + 1) * perPage)
    if (p > 0) content.push({ text: '', pageBreak: 'before' })
    const usedRows = Math.max(1, Math.ceil(onPage.length / columns))
    const usedCols = Math.max(1, Math.min(columns, onPage.length))
    content.push({ canvas: cutMarks(x0, y0, cw, ch, usedCols, usedRows, onPage.length), absolutePosition: { x: 0, y: 0 } })
    onPage.forEach(({ card, scale }, i) => {
      const x = x0 + (i % columns) * cw
      const y = y0 + Math.floor(i / columns) * ch
      content.push({ columns: [{ width: cw - 2 * padding, stack: cardContent(card, scale) }], absolutePosition: { x: x + padding, y: y + padding } })
      content.push({
        columns: [{ width: cw - 2 * padding, text: card.footer, fontSize: CARD_FOOT_SIZE, color: COLORS.muted, alignment: 'right' }],
        absolutePosition: { x: x + padding, y: y + ch - padding - 7 }
      })
    })
  }
  if (fitted.length === 0) content.push({ text: 'This roster has no units.', margin: [0, 40, 0, 0], alignment: 'center' })
  const title = rosterTitle(input.roster, input.armyName)
  return {
    pageSize: paper.name,
    pageOrientation: 'portrait',
    pageMargins: [x0, y0, x0, y0],
    content,
    styles: STYLES,
    defaultStyle: { font: FONT, fontSize: 7.5, color: COLORS.text, lineHeight: 1 },
    // One line under the grid, as wide as it: the check code first (the event check wants it on
    // every page, and pdfmake leaves out a footer's lines that do not fit under the page), then the
    // roster's name cut to the room the rest leaves. Below the crop marks (which reach CROP_GAP +
    // cropLength under the grid), and never so low that the line does not fit above the paper's edge.
    footer: (page, count) => ({
      text: fitLine(
        [`Check code ${input.checkCode} · `, { cut: title }, ` · unit cards · ${dataText(input.ruleset, input.dataNote)} · page ${page} of ${count}`],
        paper.width - 2 * x0 - FIT_SLACK,
        PAGE_FOOT_SIZE
      ),
      fontSize: PAGE_FOOT_SIZE,
      color: COLORS.muted,
      alignment: 'center',
      margin: [x0, Math.min(y0 - PAGE_FOOT_SIZE * LINE_HEIGHT - 2, CROP_GAP + cropLength(x0, y0) + 3), x0, 0]
    }),
    info: documentInfo(`${title}: unit cards`, `${input.ruleset.name}, ${input.armyName}`, input.checkCode)
  }
}

const CROP_GAP = 3
const cropLength = (x0: number, y0: number): number => Math.max(4, Math.min(14, y0 - CROP_GAP - 14, x0 - CROP_GAP - 2))

/** Card outlines (light) and crop marks outside the grid at every cut line. */
function cutMarks(x0: number, y0: number, cw: number, ch: number, cols: number, rows: number, cards: number): CanvasItem[] {
  const out: CanvasItem[] = []
  for (let i = 0; i < cards; i++) {
    out.push({ type: 'rect', x: x0 + (i % CARD.columns) * cw, y: y0 + Math.floor(i / CARD.columns) * ch, w: cw, h: ch, lineWidth: 0.3, lineColor: '#c4c4c4' })
  }
  const gap = CROP_GAP
  const len = cropLength(x0, y0)
  const right = x0 + cols * cw
  const bottom = y0 + rows * ch
  const mark = { lineWidth: 0.5, lineColor: '#000000' }
  for (let c = 0; c <= cols; c++) {
    const x = x0 + c * cw
    out.push(
      { type: 'line', x1: x, y1: y0 - gap, x2: x, y2: y0 - gap - len, ...mark },
      { type: 'line', x1: x, y1: bottom + gap, x2: x, y2: bottom + gap + len, ...mark }
    )
  }
  for (let r = 0; r <= rows; r++) {
    const y = y0 + r * ch
    out.push(
      { type: 'line', x1: x0 - gap, y1: y, x2: x0 - gap - len, y2: y, ...mark },
      { type: 'line', x1: right + gap, y1: y, x2: right + gap + len, y2: y, ...mark }
    )
  }
  return out
}
