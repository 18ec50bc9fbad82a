// Event day's printed sheets (issue 41): the standings, and a round's pairings as a wall sheet (big
// type, each table's why, then every player's table by name). Built on the roster sheets' shell,
// fonts, styles and table layout (export/layout.ts); write-pdf.ts renders them. Pure.
import type { Content, ContentNode, DocDefinition } from '../export/pdf-types'
import { COLORS, documentShell, gridLayout, keepHeadingsWithContent, th, type Paper } from '../export/layout'
import { cutText } from '../export/long-words'
import { countOf } from '../../src-shared/words'
import type { RoundRecord } from './day-types'
import { fromWhere, roundsDone, standingLines, type DaySheetModel, type SheetPlayer } from './day-sheet-model'
import { RECORD_NOTE } from './standings-report'

/** A name a player chose, as the sheets print it: long enough for any real one, never pages of it. */
const NAME = 80

/** The line under a sheet's title: what, how far the event has gone, its ruleset and date. */
const subtitle = (model: DaySheetModel, what: string) => [what, model.rulesetName, model.date].filter(Boolean).join(' \u00b7 ')

function shell(model: DaySheetModel, paper: Paper, what: string, content: Content): DocDefinition {
  return documentShell(paper, 'portrait', { title: [{ cut: model.name }, `: ${what}`], footer: `${cutText(model.name, NAME)}: ${what}` }, content, {
    title: `${model.name}: ${what}`,
    subject: `${model.rulesetName} event, ${what}`
  })
}

const title = (model: DaySheetModel, size = 17): ContentNode => ({ text: cutText(model.name, NAME), style: 'title', fontSize: size })

/** The player's name, marked when they have dropped, with where they come from under it. */
function playerCell(p: SheetPlayer): Content {
  const where = fromWhere(p)
  return {
    stack: [
      { text: [{ text: cutText(p.name, NAME), bold: true }, ...(p.status === 'dropped' ? [{ text: '  dropped', color: COLORS.muted, italics: true }] : [])] },
      ...(where ? [{ text: cutText(where, NAME), style: 'small', color: COLORS.muted }] : [])
    ]
  }
}

/** The standings: rank, player (club, country), army, score, games won-drawn-lost, then each tie-break, labelled as the standings report labels them. */
export function standingsDoc(model: DaySheetModel, paper: Paper, plannedRounds?: number): DocDefinition {
  const { tiebreakLabels, lines } = standingLines(model)
  const dropped = lines.filter((l) => l.player.status === 'dropped').length
  const header = [th('Rank', 'right'), th('Player'), th('Army'), th('Score', 'right'), th('W-D-L', 'center'), ...tiebreakLabels.map((l) => th(l, 'right'))]
  const body = lines.map((l) => [
    { text: l.rank, alignment: 'right' as const, bold: true },
    playerCell(l.player),
    cutText(l.player.armyTitle, NAME),
    { text: l.score, alignment: 'right' as const, bold: true },
    { text: l.record, alignment: 'center' as const, noWrap: true },
    ...l.tiebreaks.map((t) => ({ text: t, alignment: 'right' as const }))
  ])
  const what = `standings ${roundsDone(model, plannedRounds)}`
  return shell(model, paper, 'standings', [
    title(model),
    { text: subtitle(model, `${what[0].toUpperCase()}${what.slice(1)}, ${countOf(lines.length, 'player')}`), style: 'subtitle' },
    lines.length
      ? {
          table: {
            headerRows: 1,
            dontBreakRows: true,
            widths: ['auto', '*', '*', 'auto', 'auto', ...tiebreakLabels.map(() => 'auto')],
            body: [header, ...body]
          },
          layout: gridLayout(),
          fontSize: 9.5
        }
      : { text: 'No player has played yet.', italics: true },
    {
      text: [
        `${RECORD_NOTE} Ties on score are broken by the columns after it, in order.`,
        dropped ? ` ${countOf(dropped, 'player')} dropped: their results stand.` : ''
      ].join(''),
      style: 'note',
      margin: [0, 6, 0, 0]
    }
  ])
}

/** A player at a table on the wall sheet: name and score going into the round, the army under them. */
function seat(p: SheetPlayer, score: string | undefined): ContentNode {
  return {
    stack: [
      {
        text: [{ text: cutText(p.name, NAME), bold: true }, ...(score === undefined ? [] : [{ text: `  (${score})`, fontSize: 11, color: COLORS.muted }])],
        fontSize: 15
      },
      { text: cutText(p.armyTitle, NAME), fontSize: 9, color: COLORS.muted }
    ]
  }
}

/**
 * A round's pairings for the wall: each table's number, its two players (their score before the
 * round) or a bye, and why they were paired; then every player by name with their table.
 */
export function pairingsDoc(model: DaySheetModel, round: RoundRecord, scores: Map<string, string>, paper: Paper): DocDefinition {
  const who = (id: string) => model.players.get(id) ?? { id, name: id, armyTitle: '', status: 'active' as const }
  const byes = round.tables.filter((t) => t.players.length === 1)
  const rows = round.tables.map((t): Content[] => [
    { text: String(t.table), fontSize: 22, bold: true, alignment: 'center' as const },
    {
      stack: [
        {
          columns: [
            { width: '*', ...seat(who(t.players[0]), scores.get(t.players[0])) } as ContentNode,
            { width: 24, text: t.players.length === 2 ? 'v' : '', fontSize: 13, color: COLORS.muted, alignment: 'center', margin: [0, 2, 0, 0] },
            t.players.length === 2
              ? ({ width: '*', ...seat(who(t.players[1]), scores.get(t.players[1])) } as ContentNode)
              : { width: '*', text: 'bye', fontSize: 15, italics: true, color: COLORS.muted }
          ],
          columnGap: 6
        },
        { text: t.why, fontSize: 9.5, italics: true, color: COLORS.muted, margin: [0, 4, 0, 0] }
      ],
      margin: [2, 3, 0, 3]
    }
  ])
  const seated = round.tables
    .flatMap((t) => t.players.map((p) => ({ name: who(p).name, table: t.table, bye: t.players.length === 1 })))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }))
  const tables = round.tables.length - byes.length
  const doc = shell(model, paper, `round ${round.round} pairings`, [
    title(model, 22),
    {
      text: [
        { text: `Round ${round.round}`, bold: true, color: COLORS.text },
        ` \u00b7 ${subtitle(model, `${countOf(tables, 'table')}${byes.length ? ', a bye' : ''}`)}`
      ],
      fontSize: 13,
      style: 'subtitle',
      margin: [0, 2, 0, 10]
    },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: [52, '*'],
        body: [[th('Table', 'center'), th('Players (score before the round) and why they meet')], ...rows]
      },
      layout: { ...gridLayout(), paddingTop: () => 4, paddingBottom: () => 4 }
    },
    { text: 'Find your table', style: 'h2', fontSize: 14, margin: [0, 16, 0, 6], headlineLevel: 1 },
    {
      columns: columnsOf(seated, 3).map((part) =>
        part.length
          ? {
              width: '*',
              table: {
                widths: ['*', 'auto'],
                body: part.map((s) => [
                  { text: cutText(s.name, NAME), fontSize: 11 },
                  { text: s.bye ? 'bye' : `table ${s.table}`, fontSize: 11, bold: true, noWrap: true }
                ])
              },
              layout: gridLayout(0)
            }
          : { width: '*', text: '' }
      ),
      columnGap: 12
    }
  ])
  return { ...doc, pageBreakBefore: keepHeadingsWithContent }
}

/** Items split into `n` runs of nearly equal length, in order (read down each column). */
function columnsOf<T>(items: T[], n: number): T[][] {
  const per = Math.ceil(items.length / n)
  return Array.from({ length: n }, (_, i) => items.slice(i * per, (i + 1) * per))
}
