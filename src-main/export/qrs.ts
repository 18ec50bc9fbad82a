// The quick-reference sheet: a ruleset's reference tables (reference.json), tailored to the troops
// on the table: this roster's and, when given, the opponent's: another roster, or an army list (the
// troops it can field, and its army facts). Pure: a pdfmake document definition.
import type { Army, ArmyFacts, CostSpec, FigureValue, Roster, Ruleset, TroopType, Verdict } from '../rules/types'
import type { Content, ContentNode } from './pdf-types'
import {
  linesFor,
  listSide,
  shortLabel,
  sideOf,
  tailorTable,
  troopsOnTable,
  type Block,
  type FactsBlock,
  type Reference,
  type Side,
  type TableBlock,
  type TroopsBlock
} from './reference'
import { factRows, type FactSide } from './fact-rows'
import { formatRanges, formatYear } from '../../src-shared/years'
import { armyTitle, listNumberOf } from '../../src-shared/army-title'
import { COLORS, dataText, documentShell, gridLayout, keepHeadingsWithContent, NO_NUMBER_NOTE, num, rosterTitle, statText, th, type Paper } from './layout'
import { verdictLine } from './roster'
import { figureValueText, pointsLine } from './roster-content'
import { countOf } from '../rules/messages'
import { cardTitle } from '../rules/battle-cards'

export interface QrsSide {
  roster: Roster
  verdict: Verdict
  armyName: string
  /** Its army list's facts (ratings, home ground...), for the sheet's facts blocks. */
  facts?: ArmyFacts
}

/** An army list the sheet is printed against instead of an opponent roster: the troops it can field, and its facts. */
export interface QrsArmyList {
  army: Army
  /** The year its options and facts are taken in: the roster's, when the list was fielded then; else every one. */
  year?: number
}

export interface QrsDocInput extends QrsSide {
  ruleset: Ruleset
  reference: Reference
  checkCode: string
  /** After the data version, when the data in force is not stock (rules/data-in-force.ts codeData). */
  dataNote?: string
  paper: Paper
  opponent?: QrsSide
  /** Against an army list (when there is no opponent roster). */
  enemyList?: QrsArmyList
}

/** The army facts of both sides, and what the other side is called in a facts table's header. */
interface FactSides {
  own: FactSide
  opponent?: FactSide & { heading: string }
}

/** A troop type's cost as printed: "8", or "regular 8, barbarian 9" for a cost table. */
export function costText(cost: CostSpec): string {
  if (typeof cost === 'number') return num(cost)
  const parts: string[] = []
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === 'number') parts.push(`${path.join(' ')} ${num(node)}`)
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, [...path, k])
  }
  walk(cost.table, [])
  return parts.join(', ')
}

function pseudoStat(id: string, troop: TroopType): unknown {
  if (id === 'code') return troop.code
  if (id === 'cost') return costText(troop.cost)
  if (id === 'category') return troop.category
  return troop.stats?.[id]
}

function statHeader(id: string, ruleset: Ruleset, ref: Reference): string {
  if (id === 'code') return 'Code'
  if (id === 'cost') return 'Points'
  if (id === 'category') return 'Type'
  const def = ruleset.stats[id]
  const label = shortLabel(ref, id, def?.label ?? id)
  return def?.unit && def.unit !== label ? `${label} (${def.unit})` : label
}

function troopsTable(block: TroopsBlock, own: Side, opponent: Side | undefined, ruleset: Ruleset, ref: Reference): Content {
  let rows = troopsOnTable(own, opponent)
  if (block.sortBy) {
    const key = block.sortBy
    const val = (t: TroopType) => {
      const v = pseudoStat(key, t)
      return typeof v === 'number' ? v : -Infinity
    }
    rows = [...rows].sort((a, b) => (block.descending ? val(b.troop) - val(a.troop) : val(a.troop) - val(b.troop)))
  }
  const stats = block.stats.filter((s) => rows.some((r) => pseudoStat(s, r.troop) !== undefined))
  const header: Content[] = [th('Troop type'), ...(opponent ? [th('Side', 'center')] : []), ...stats.map((s) => th(statHeader(s, ruleset, ref), 'center'))]
  const body: Content[][] = [header]
  for (const r of rows) {
    body.push([
      { text: r.troop.name, bold: r.own },
      ...(opponent ? [{ text: r.own && r.opponent ? 'both' : r.own ? 'you' : 'enemy', alignment: 'center' as const, color: COLORS.muted }] : []),
      ...stats.map((s) => ({ text: statText(pseudoStat(s, r.troop)), alignment: 'center' as const }))
    ])
  }
  const widths = ['*', ...(opponent ? [34] : []), ...stats.map((s) => (s === 'cost' && rows.some((r) => typeof r.troop.cost !== 'number') ? 110 : 'auto'))]
  // A number the rules do not give prints as a marked dash, explained once under the table.
  const unnumbered = rows.some((r) => stats.some((s) => pseudoStat(s, r.troop) === null))
  return titled(
    block.title,
    { table: { headerRows: 1, dontBreakRows: true, widths, body }, layout: gridLayout(1) },
    block.note,
    unnumbered ? NO_NUMBER_NOTE : undefined
  )
}

/** Lists up to this many items are kept whole with their heading; longer ones run over pages. */
const KEEP_WHOLE = 35
/**
 * Tables up to this many rows are kept whole with their heading; longer ones may run over pages
 * (header repeated, rows whole), so that a page is not left a third empty for one long table.
 */
const KEEP_TABLE_WHOLE = 5

function titled(title: string | undefined, table: ContentNode, note?: string, extra?: string): Content {
  const rows = table.table?.body.length ?? 0
  const notes = [note, extra].filter(Boolean).join(' ')
  const tail: Content[] = notes ? [{ text: notes, style: 'note' }] : []
  if (rows > KEEP_TABLE_WHOLE) {
    // Too long to keep whole: the header row repeats on every page and keeps the first rows with
    // it; the heading moves to the next page rather than end one (headlineLevel, see layout.ts).
    const t = { ...table, table: { ...table.table!, keepWithHeaderRows: 1 } }
    return { stack: [...(title ? [{ text: title, style: 'h3', headlineLevel: 1 }] : []), t, ...tail], margin: [0, 0, 0, 4] }
  }
  return { stack: [...(title ? [{ text: title, style: 'h3' }] : []), table, ...tail], unbreakable: true, margin: [0, 0, 0, 4] }
}

function refTable(block: TableBlock, own: Side, opponent: Side | undefined, ruleset: Ruleset): Printed[] {
  return tailorTable(block, own, opponent, ruleset).map((t): Printed => {
    const size = block.fontSize
    const header = t.columns.map((c) => ({ ...th(c.label, c.align ?? 'left'), ...(size ? { fontSize: size } : {}) }))
    const body: Content[][] = [header]
    for (const row of t.rows) {
      body.push(
        t.columns.map((c) => {
          const v = row.cells[c.key]
          return {
            text: v === undefined || v === null ? '-' : typeof v === 'number' ? num(v) : v,
            alignment: c.align ?? 'left',
            ...(size ? { fontSize: size } : {})
          }
        })
      )
    }
    const widths = t.columns.map((c) => c.width ?? 'auto')
    const left: string[] = []
    if (t.omittedRows) left.push(`${countOf(t.omittedRows, 'row')}`)
    if (t.omittedColumns) left.push(`${countOf(t.omittedColumns, 'column')}`)
    const extra = left.length ? `(${left.join(' and ')} for troops not on the table left out.)` : undefined
    const node = titled(t.title, { table: { headerRows: 1, dontBreakRows: true, widths, body }, layout: gridLayout(1) }, t.note, extra)
    return { node, narrow: t.columns.length <= NARROW.columns && t.rows.length <= NARROW.rows }
  })
}

/** A block as printed; a narrow one may share a row with the narrow block after it. */
interface Printed {
  node: Content
  narrow?: boolean
}

/** Blocks this small print side by side in pairs, so short tables and lists do not leave half the page empty. */
const NARROW = { columns: 2, rows: 5, items: 6 }

const wide = (node: Content): Printed => ({ node })

// On a match-up sheet, both sides' army facts and the edge a higher number gives (fact-rows.ts):
// "enemy: likelier to invade". A roster alone has its facts on its roster sheet: nothing here.
function factsTable(block: FactsBlock, ruleset: Ruleset, sides: FactSides): Printed[] {
  if (!sides.opponent) return []
  const { own, opponent } = sides
  const rows = factRows(block, ruleset, own, opponent).map((r) => ({
    ...r,
    edge: r.favours === 'mine' ? `you: ${r.higher}` : r.favours === 'theirs' ? `enemy: ${r.higher}` : r.favours === 'even' ? 'even' : ''
  }))
  if (!rows.length) return []
  const withEdge = rows.some((r) => r.edge)
  const cell = (v: string | null): Content => ({ text: v ?? '-', alignment: 'center' })
  const header: Content[] = [
    th('Army fact'),
    th('This army', 'center'),
    ...(opponent ? [th(opponent.heading, 'center')] : []),
    ...(withEdge ? [th('Edge')] : [])
  ]
  const body: Content[][] = [
    header,
    ...rows.map((r) => [{ text: r.label }, cell(r.mine), ...(opponent ? [cell(r.theirs)] : []), ...(withEdge ? [{ text: r.edge }] : [])])
  ]
  const widths = ['auto', '*', ...(opponent ? ['*'] : []), ...(withEdge ? ['auto'] : [])]
  return [wide(titled(block.title, { table: { headerRows: 1, dontBreakRows: true, widths, body }, layout: gridLayout(1) }, block.note))]
}

function renderBlock(block: Block, own: Side, opponent: Side | undefined, ruleset: Ruleset, ref: Reference, facts: FactSides): Printed[] {
  switch (block.kind) {
    case 'facts':
      return factsTable(block, ruleset, facts)
    case 'troops':
      return [wide(troopsTable(block, own, opponent, ruleset, ref))]
    case 'table':
      return refTable(block, own, opponent, ruleset)
    case 'modifiers': {
      const body: Content[][] = block.groups.flatMap((g) => {
        const items = linesFor(g.items, own, opponent, ruleset)
        return items.length ? [[{ text: g.value, bold: true, alignment: 'center' as const }, { text: items.join('  ·  ') }]] : []
      })
      if (body.length === 0) return []
      return [wide(titled(block.title, { table: { dontBreakRows: true, widths: [34, '*'], body }, layout: gridLayout(0) }, block.note))]
    }
    case 'list': {
      const items = linesFor(block.items, own, opponent, ruleset)
      if (items.length === 0) return []
      if (items.length > KEEP_WHOLE) return [wide({ text: block.title, style: 'h3', headlineLevel: 1 }), wide({ ul: items, margin: [0, 0, 0, 4] })]
      return [
        {
          node: {
            stack: [
              { text: block.title, style: 'h3' },
              { ul: items, margin: [0, 0, 0, 4] }
            ],
            unbreakable: true
          },
          narrow: items.length <= NARROW.items
        }
      ]
    }
    case 'text':
      if (block.text.length > 3000)
        return [...(block.title ? [wide({ text: block.title, style: 'h3', headlineLevel: 1 })] : []), wide({ text: block.text, margin: [0, 0, 0, 4] })]
      return [wide({ stack: [...(block.title ? [{ text: block.title, style: 'h3' }] : []), { text: block.text, margin: [0, 0, 0, 4] }], unbreakable: true })]
  }
}

function figuresBox(side: QrsSide, ruleset: Ruleset, heading: string): Content {
  const labels = new Map(ruleset.figures.map((f) => [f.id, f.label]))
  const vl = verdictLine(side.verdict)
  const lines: Content[] = [
    { text: heading, bold: true, fontSize: 8, color: COLORS.muted },
    { text: `${rosterTitle(side.roster, side.armyName)}`, bold: true, fontSize: 10 },
    { text: `${side.armyName} · ${pointsLine(side.verdict)}`, fontSize: 8 },
    { text: vl.text, bold: true, color: vl.color, fontSize: 8 }
  ]
  const figs = Object.entries(side.verdict.figures).filter(([id]) => id !== 'points') as Array<[string, FigureValue]>
  if (figs.length)
    lines.push({
      text: figs
        .map(([id, v]) => `${labels.get(id) ?? id}: ${figureValueText(v, side.roster, new Map(ruleset.troopTypes.map((t) => [t.id, t])))}`)
        .join('  ·  '),
      fontSize: 8,
      margin: [0, 2, 0, 0]
    })
  // The battle cards taken, each with its count and points (a card's whole cost is on its first entry).
  const cards = side.verdict.cards ?? []
  if (cards.length) {
    const total = cards.reduce((s, c) => s + c.cost, 0)
    lines.push({
      text: [
        { text: `Battle cards (${countOf(total, 'point')}): `, bold: true },
        cards.map((c) => `${cardTitle(c, ruleset)}${c.optionName ? ` on ${c.optionName}` : ''}: ${num(c.cost)}`).join('  ·  ')
      ],
      fontSize: 8,
      margin: [0, 2, 0, 0]
    })
  }
  return { stack: lines }
}

/** "the 56a Early Achaemenid Persian list". */
const listTitle = (army: Army) => `the ${armyTitle({ name: army.name, listNumber: listNumberOf(army.source) })} list`

/** The enemy list's box beside this army's: its name, number and dates, and the troop types it can field. */
function listBox(list: QrsArmyList, side: Side): Content {
  const types = [...new Map(side.units.map(({ troop }) => [troop.id, troop.name])).values()]
  return {
    stack: [
      { text: 'ENEMY ARMY LIST', bold: true, fontSize: 8, color: COLORS.muted },
      { text: armyTitle({ name: list.army.name, listNumber: listNumberOf(list.army.source) }), bold: true, fontSize: 10 },
      {
        text: [formatRanges(list.army.dates), list.year !== undefined ? `as fielded in ${formatYear(list.year)}` : ''].filter(Boolean).join(' · '),
        fontSize: 8
      },
      { text: [{ text: `Can field ${countOf(types.length, 'troop type')}: `, bold: true }, types.join(', ')], fontSize: 8, margin: [0, 2, 0, 0] }
    ]
  }
}

const yearOf = (roster: Roster): number | undefined => (typeof roster.year === 'number' ? roster.year : undefined)

export function buildQrsDoc(input: QrsDocInput) {
  const { ruleset, reference: ref } = input
  const own = sideOf(input.roster, ruleset)
  const list = input.opponent ? undefined : input.enemyList
  const opp = input.opponent ? sideOf(input.opponent.roster, ruleset) : list ? listSide(list.army, ruleset, list.year) : undefined
  const facts: FactSides = {
    own: { facts: input.facts, year: yearOf(input.roster) },
    ...(input.opponent
      ? { opponent: { facts: input.opponent.facts, year: yearOf(input.opponent.roster), heading: 'Opponent' } }
      : list
        ? { opponent: { facts: list.army.facts, year: list.year, heading: 'Enemy list' } }
        : {})
  }
  const title = ref.title ?? `${ruleset.name} quick reference`
  const forWhom = `${rosterTitle(input.roster, input.armyName)}${input.opponent ? ` against ${rosterTitle(input.opponent.roster, input.opponent.armyName)}` : list ? ` against ${listTitle(list.army)}` : ''}`

  const boxes: Content[] = [figuresBox(input, ruleset, 'THIS ARMY')]
  if (input.opponent) boxes.push(figuresBox(input.opponent, ruleset, 'OPPONENT'))
  else if (list && opp) boxes.push(listBox(list, opp))
  const content: Content[] = [
    { text: title, style: 'title' },
    { text: `${ruleset.name} · tailored for ${forWhom}`, style: 'subtitle' },
    { table: { widths: boxes.map(() => '*'), body: [boxes] }, layout: gridLayout(0, false), margin: [0, 0, 0, 4] },
    {
      text: input.opponent
        ? 'Rows and columns only for the troop types on the table (both armies). Bold troop types are yours.'
        : list
          ? `Rows and columns only for the troop types on the table: this roster's, and every type ${listTitle(list.army)} can field${list.year !== undefined ? ` in ${formatYear(list.year)}` : ''}. Bold troop types are yours.`
          : 'Rows and columns only for the troop types in this roster (print with an opponent roster or army list for a match-up sheet).',
      style: 'note'
    }
  ]
  ref.sections.forEach((section, i) => {
    const blocks = sideBySide(section.blocks.flatMap((b) => renderBlock(b, own, opp, ruleset, ref, facts)))
    if (blocks.length === 0) return
    // The heading travels with the first block, so it never ends a page on its own.
    const [first, ...rest] = blocks
    const breakBefore = section.pageBreak && i > 0 ? { pageBreak: 'before' as const } : {}
    const firstWhole = typeof first === 'object' && !Array.isArray(first) && first.unbreakable === true
    if (firstWhole) content.push({ stack: [{ text: section.title, style: 'h2' }, first], unbreakable: true, ...breakBefore }, ...rest)
    else content.push({ text: section.title, style: 'h2', headlineLevel: 1, ...breakBefore }, first, ...rest)
  })
  content.push({
    text: `Numbers from ${ref.source.title ?? ruleset.name}.`,
    style: 'note',
    margin: [0, 10, 0, 0]
  })

  const doc = documentShell(
    input.paper,
    ref.orientation ?? 'portrait',
    {
      // The names cut to one line; the check code first in the footer, as on the roster.
      title: [
        `${title} · `,
        { cut: rosterTitle(input.roster, input.armyName) },
        ...(input.opponent
          ? [' against ', { cut: rosterTitle(input.opponent.roster, input.opponent.armyName) }]
          : list
            ? [` against ${listTitle(list.army)}`]
            : [])
      ],
      footer: `Roster check code ${input.checkCode} · ${dataText(ruleset, input.dataNote)}`,
      footerRight: 'Muster quick reference'
    },
    content,
    { title: `${title}: ${forWhom}`, subject: ruleset.name }
  )
  if (hasHeadline(content)) doc.pageBreakBefore = keepHeadingsWithContent
  return doc
}

/** Pairs of consecutive narrow blocks in two columns, kept whole; the rest as they are. */
function sideBySide(printed: Printed[]): Content[] {
  const out: Content[] = []
  for (let i = 0; i < printed.length; i++) {
    const a = printed[i]
    const b = printed[i + 1]
    if (a.narrow && b?.narrow) {
      out.push({
        columns: [
          { width: '*', stack: [a.node] },
          { width: '*', stack: [b.node] }
        ],
        columnGap: 12,
        unbreakable: true
      })
      i++
    } else out.push(a.node)
  }
  return out
}

function hasHeadline(content: Content): boolean {
  if (Array.isArray(content)) return content.some(hasHeadline)
  if (typeof content !== 'object' || content === null) return false
  return content.headlineLevel !== undefined || (content.stack ?? []).some(hasHeadline)
}
