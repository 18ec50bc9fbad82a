// A round's result slips (issue 41): one per table (a bye has none), three to a page with dashed cut
// lines between them. Each names the event, round and table, both players and their armies, and has
// boxes to tick the winner or a draw, a line for what each destroyed and one for each signature, and
// the table's result PIN, which the phones' results page asks for (services/event-result-pins.ts).
// The roster sheets' shell and styles (export/layout.ts); write-pdf.ts renders it. Pure.
import type { CanvasItem, Content, ContentNode, DocDefinition } from '../export/pdf-types'
import { COLORS, documentShell, FIT_SLACK, MARGINS, pageDims, type Paper } from '../export/layout'
import { fitWidth } from '../export/metrics'
import { cutText } from '../export/long-words'
import { countOf } from '../../src-shared/words'
import type { RoundRecord } from './day-types'
import { fromWhere, type DaySheetModel, type SheetPlayer } from './day-sheet-model'

const PER_PAGE = 3
/** Room between two slips: the cut line in the middle of it. */
const CUT_GAP = 24
const NAME = 60
const DRAW_WIDTH = 84
const GAP = 14
const BOX = 13
/** Room for "Round 12 · Table 345" at the slip's top right. */
const TABLE_WIDTH = 190

const box = (): ContentNode => ({ canvas: [{ type: 'rect', x: 0, y: 0, w: BOX, h: BOX, lineWidth: 1, lineColor: COLORS.text }], width: BOX + 6 })

/** A label and a line to write on, `width` points in all. */
function writeOn(label: string, width: number): ContentNode {
  const room = width - 62
  return {
    columns: [
      { text: label, width: 58, fontSize: 9.5, color: COLORS.muted, margin: [0, 18, 0, 0] },
      { canvas: [{ type: 'line', x1: 0, y1: 30, x2: room, y2: 30, lineWidth: 0.6, lineColor: COLORS.rule }], width: room }
    ],
    columnGap: 4
  }
}

/** A box to tick and its word. */
const tick = (word: string): ContentNode => ({
  columns: [box(), { text: word, width: 'auto', fontSize: 12, bold: true, margin: [0, -0.5, 0, 0] }],
  columnGap: 2
})

/** One line of `width` points, whatever its length: every slip is the same height, so the cut lines fall alike. */
const line = (text: string, width: number, size: number, bold = false) => fitWidth(cutText(text, NAME), width - FIT_SLACK, size, bold) || ' '

/** Who sits on one side: name, army, and club and country (a line kept blank without, so both sides line up). */
function who(p: SheetPlayer, width: number): ContentNode {
  return {
    stack: [
      { text: line(p.name, width, 15, true), fontSize: 15, bold: true },
      { text: line(p.armyTitle, width, 9.5), fontSize: 9.5, color: COLORS.muted },
      { text: line(fromWhere(p), width, 8.5), fontSize: 8.5, color: COLORS.muted }
    ]
  }
}

const NO_LINES = { hLineWidth: () => 0, vLineWidth: () => 0, paddingLeft: () => 0, paddingRight: () => 0, paddingTop: () => 0, paddingBottom: () => 0 }

/** The slip of one table, `height` points tall whatever its names (so the cut lines fall alike on every page). */
function slip(model: DaySheetModel, round: number, t: RoundRecord['tables'][number], width: number, height: number, pin?: string): ContentNode {
  const player = (id: string) => model.players.get(id) ?? { id, name: id, armyTitle: '', status: 'active' as const }
  const half = (width - DRAW_WIDTH - 2 * GAP) / 2
  const [a, b] = [player(t.players[0]), player(t.players[1]!)]
  const blank = { text: '' }
  // One row per line of the slip, both players' halves side by side, so ticks and lines line up.
  const sides: Content[][] = [
    [who(a, half), { text: 'v', fontSize: 13, color: COLORS.muted, alignment: 'center', margin: [0, 2, 0, 0] }, who(b, half)],
    [
      { ...tick('won'), margin: [0, 10, 0, 0] },
      {
        columns: [
          { width: '*', text: '' },
          { ...tick('draw'), width: 'auto' },
          { width: '*', text: '' }
        ],
        margin: [0, 10, 0, 0]
      },
      { ...tick('won'), margin: [0, 10, 0, 0] }
    ],
    [writeOn('destroyed', half), blank, writeOn('destroyed', half)],
    [writeOn('signed', half), blank, writeOn('signed', half)]
  ]
  const content: Content = {
    stack: [
      {
        columns: [
          { text: line(model.name, width - TABLE_WIDTH, 11, true), fontSize: 11, bold: true, width: '*' },
          { text: `Round ${round} \u00b7 Table ${t.table}`, fontSize: 16, bold: true, width: TABLE_WIDTH - GAP, alignment: 'right' }
        ],
        columnGap: GAP
      },
      {
        columns: [
          {
            text: line([model.rulesetName, model.date].filter(Boolean).join(' \u00b7 '), width - TABLE_WIDTH, 8),
            fontSize: 8,
            color: COLORS.muted,
            width: '*'
          },
          pin
            ? {
                text: [
                  { text: 'Result PIN ', fontSize: 8, color: COLORS.muted },
                  { text: pin, fontSize: 12, bold: true }
                ],
                width: TABLE_WIDTH - GAP,
                alignment: 'right'
              }
            : { text: '', width: TABLE_WIDTH - GAP }
        ],
        columnGap: GAP,
        margin: [0, 0, 0, 8]
      },
      { table: { widths: [half, DRAW_WIDTH, half], body: sides }, layout: { ...NO_LINES, paddingRight: (i) => (i < 2 ? GAP : 0) } },
      {
        text: pin
          ? "Tick one box: the winner, or draw. Each player writes what they destroyed and signs. Hand the slip in at the desk, or send the result from a phone with the table's result PIN."
          : 'Tick one box: the winner, or draw. Each player writes what they destroyed and signs. Hand the slip in at the desk.',
        fontSize: 7.5,
        italics: true,
        color: COLORS.muted,
        margin: [0, 12, 0, 0]
      }
    ]
  }
  return {
    table: { widths: ['*'], heights: [height], body: [[content]], dontBreakRows: true },
    layout: NO_LINES,
    unbreakable: true
  }
}

function cutLine(width: number): ContentNode {
  const dash: CanvasItem = {
    type: 'line',
    x1: 0,
    y1: CUT_GAP / 2,
    x2: width,
    y2: CUT_GAP / 2,
    lineWidth: 0.6,
    lineColor: COLORS.rule,
    dash: { length: 4, space: 3 }
  }
  return { canvas: [dash], margin: [0, 0, 0, CUT_GAP / 2] }
}

/** The round's slips: tables of two only, in table order, PER_PAGE to a page. */
/** `pin`: a table's result PIN, printed on its slip. */
export function slipsDoc(model: DaySheetModel, round: RoundRecord, paper: Paper, pin?: (table: number) => string): DocDefinition {
  const [left, top, right, bottom] = MARGINS
  const page = pageDims(paper, 'portrait')
  const width = page.width - left - right
  // Each slip the same height, the page's room shared out, so a stack of pages cuts in one go.
  const height = Math.floor((page.height - top - bottom - (PER_PAGE - 1) * CUT_GAP) / PER_PAGE) - 2
  const tables = round.tables.filter((t) => t.players.length === 2)
  const content: Content[] = tables.map((t, i) => {
    const one = slip(model, round.round, t, width, height, pin?.(t.table))
    if (i === 0) return one
    return i % PER_PAGE === 0 ? { ...one, pageBreak: 'before' as const } : { stack: [cutLine(width), one] }
  })
  const what = `round ${round.round} result slips`
  return documentShell(
    paper,
    'portrait',
    { title: [{ cut: model.name }, `: ${what}`], footer: `${cutText(model.name, NAME)}: ${what}, ${countOf(tables.length, 'table')}` },
    content.length ? content : { text: `Round ${round.round} has no table of two players: no slips.`, italics: true },
    { title: `${model.name}: ${what}`, subject: `${model.rulesetName} event, ${what}` }
  )
}
