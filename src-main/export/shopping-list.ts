// The "What to buy" sheet of the player's collection: which rosters it is for and how much of each
// the collection covers, then per ruleset what to buy (the most any one roster needs of a troop
// type: services/collection.ts shoppingList), in stands and figures. Pure; write-pdf.ts renders it.
import { attributeWords, type Missing, type RosterFit } from '../rules/coverage'
import type { Content, ContentNode, DocDefinition } from './pdf-types'
import { COLORS, documentShell, gridLayout, th, type Paper } from './layout'
import { textWidth } from './metrics'
import { countOf } from '../rules/messages'

export interface ShoppingListDocInput {
  /** Each roster fitted (services/collection.ts fitRosters), with its ruleset's and army's names and what the ruleset counts. */
  reports: Array<RosterFit & { name: string; rulesetName: string; armyName: string; counts: Missing['counts'] }>
  toBuy: Array<Missing & { ruleset: string }>
  /** Ruleset names by id (an id missing here is printed as it is). */
  rulesetNames: Record<string, string>
  paper: Paper
  /** When the list was made, printed in the footer (e.g. "2026-11-26"). */
  made?: string
}

const FOOTNOTE =
  'Stands: the usual basing of each troop type. Each roster is fitted against the whole collection, and the list holds the most any one roster needs.'

/** A numeric column as wide as its header or widest value, plus the cell's padding. */
const numberWidth = (label: string, values: string[]): number => Math.ceil(Math.max(textWidth(label, 7.5, true), ...values.map((v) => textWidth(v, 8.5))) + 10)

/** The columns after the troop type: right-aligned numbers, each as wide as its header or widest value. */
const NUMBER_COLUMNS: Array<{ head: string; key: 'stands' | 'each' | 'figures' | 'count'; style?: { bold?: boolean; color?: string } }> = [
  { head: 'Stands', key: 'stands', style: { bold: true } },
  { head: 'Figures each', key: 'each' },
  { head: 'Figures', key: 'figures' },
  { head: 'Count in the rules', key: 'count', style: { color: COLORS.muted } }
]

export function buildShoppingListDoc(input: ShoppingListDocInput): DocDefinition {
  const { reports, toBuy, rulesetNames, paper } = input
  const nameOf = (ruleset: string) => rulesetNames[ruleset] ?? ruleset

  const rosterLines: Content[] = reports.map((r) => {
    const needed = r.covered.reduce((sum, c) => sum + c.count, 0)
    const covered = r.covered.reduce((sum, c) => sum + c.covered, 0)
    return {
      text: [
        { text: r.name, bold: true },
        { text: ` (${r.rulesetName}, ${r.armyName}): `, color: COLORS.muted },
        `${covered} of ${countOf(needed, r.counts.slice(0, -1))} covered`
      ],
      margin: [8, 0, 0, 1]
    }
  })

  const content: Content[] = [
    { text: 'What to buy', style: 'title' },
    { text: 'To field any one of:', style: 'subtitle', margin: [0, 0, 0, 2] },
    ...rosterLines
  ]

  if (toBuy.length === 0) {
    content.push({ text: 'Nothing to buy: the collection fields every roster.', bold: true, margin: [0, 12, 0, 0] })
  } else {
    for (const ruleset of new Set(toBuy.map((m) => m.ruleset))) {
      const lines = toBuy.filter((m) => m.ruleset === ruleset)
      const rows = lines.map((m) => ({
        troop: `${m.troopName}${attributeWords(m.attributes)}`,
        stands: String(m.stands),
        each: String(m.figuresPerStand),
        figures: String(m.stands * m.figuresPerStand),
        count: String(m.count)
      }))
      const body: Content[][] = [
        [th('Troop type'), ...NUMBER_COLUMNS.map((c) => th(c.head, 'right'))],
        ...rows.map((r): Content[] => [
          { text: r.troop, bold: true },
          ...NUMBER_COLUMNS.map((c) => ({ text: r[c.key], alignment: 'right' as const, ...c.style }))
        ])
      ]
      const widths: Array<number | '*'> = [
        '*',
        ...NUMBER_COLUMNS.map((c) =>
          numberWidth(
            c.head,
            rows.map((r) => r[c.key])
          )
        )
      ]
      const heading: ContentNode = { text: nameOf(ruleset), style: 'h2', margin: [0, 14, 0, 4] }
      // The heading stays with the table's first rows; a long table runs on with its header repeated.
      content.push({
        stack: [heading, { table: { headerRows: 1, dontBreakRows: true, keepWithHeaderRows: 1, widths, body }, layout: gridLayout(1) }],
        unbreakable: lines.length <= 12
      })
    }
  }

  content.push({ text: FOOTNOTE, style: 'small', color: COLORS.muted, margin: [0, 14, 0, 0] })

  const names = reports.map((r) => r.name).join('; ')
  return documentShell(
    paper,
    'portrait',
    {
      title: ['What to buy · ', { cut: names || 'no rosters' }],
      footer: input.made ? `Made ${input.made}` : '',
      footerRight: 'Muster shopping list'
    },
    content,
    { title: 'What to buy', subject: names ? `To field any one of: ${names}` : 'Shopping list' }
  )
}
