// The organiser's list book: one PDF of every legal roster of an event, each starting on a page of
// its own with its check code, after an index by player; and a judges' copy with every submission
// that can be printed, legal or not, and the event's verdict on each in the index. Each roster is
// the same print a player makes (export/), so its check code is the one on the player's own sheet.
// The book is one PDF (export/write-book.ts): fonts embedded once, each sheet laid out as printed alone.
import { basename } from 'node:path'
import type { Engine } from '../rules'
import { checkForPrint, ExportError, rosterSheetDoc, type Checked } from '../export'
import { partId, renderBooks } from '../export/write-book'
import type { Content, DocDefinition } from '../export/pdf-types'
import { COLORS, documentInfo } from '../export/layout'
import { countOf } from '../rules/messages'
import { cutText } from '../export/long-words'
import { rowArmyTitle } from '../../src-shared/army-title'
import type { EventReport, EventRow, Submission } from './types'

export interface ListBook {
  pdf: Uint8Array
  /** Rosters in it, in index order, with their first page. */
  entries: Array<{ player: string; file: string; checkCode: string; page: number; valid: boolean }>
  /** Submissions that could not be printed (an unknown army...), with why. */
  left: Array<{ file: string; reason: string }>
}

const byPlayer = (a: EventRow, b: EventRow) =>
  (a.player ?? '').localeCompare(b.player ?? '', undefined, { sensitivity: 'base', numeric: true }) || a.file.localeCompare(b.file)

/** What the index shows of a name or a message a player wrote: at most this many characters (the sheet has more). */
const INDEX_TEXT = 80
const MESSAGE_TEXT = 300

/**
 * The event's verdict on a roster for the judges' index: legal, or ILLEGAL (in the sheets' error
 * colour too) with up to four errors; REFUSED when the file is not a valid roster at all (the
 * roster format's own limits and fields), each message cut to a few lines.
 */
function verdictCell(row: EventRow): Content {
  if (row.valid) return { text: 'legal', color: COLORS.ok }
  const issues = row.issues.filter((i) => i.severity === 'error')
  const errors = issues.map((i) => cutText(i.message, MESSAGE_TEXT))
  const word = issues.some((i) => i.rule === 'roster-schema') ? 'REFUSED' : 'ILLEGAL'
  return {
    text: [{ text: word, bold: true, color: COLORS.error }, `: ${errors.slice(0, 4).join(' ')}${errors.length > 4 ? ` (and ${errors.length - 4} more)` : ''}`]
  }
}

function indexDoc(
  report: EventReport,
  judges: boolean,
  rows: Array<{ row: EventRow; checkCode: string; page: string }>,
  left: ListBook['left']
): DocDefinition {
  const title = `${report.event.name}${judges ? ': judges\u2019 copy' : ''}`
  const header = ['Player', 'Army', 'Points', ...(judges ? ['Verdict'] : []), 'Check code', 'Page']
  const body = rows.map(({ row, checkCode, page }) => [
    row.player ? cutText(row.player, INDEX_TEXT) : '(no player)',
    cutText(rowArmyTitle(row), INDEX_TEXT),
    { text: row.points === null ? '' : `${row.points}${row.limit !== null ? ` / ${row.limit}` : ''}`, noWrap: true },
    ...(judges ? [verdictCell(row)] : []),
    { text: checkCode, fontSize: 7, noWrap: true },
    // drawn once the pages are known; measured as '00000' before, so the column is a little wider than its numbers
    { pageReference: page, noWrap: true }
  ])
  return {
    pageSize: 'A4',
    pageMargins: [36, 40, 36, 40],
    info: { title: `${title}: list book` },
    content: [
      { text: title, fontSize: 16, bold: true },
      {
        text: [report.event.rulesetName, report.event.date, report.event.pointsLimit !== null ? countOf(report.event.pointsLimit, 'point') : null]
          .filter(Boolean)
          .join(' \u00b7 '),
        margin: [0, 2, 0, 8],
        color: '#555555'
      },
      {
        text: judges
          ? `Every submission that can be printed: ${rows.filter((r) => r.row.valid).length} legal, ${rows.filter((r) => !r.row.valid).length} not. Each roster's own sheet follows, with its check code (muster verify).`
          : `The ${rows.length} legal rosters, by player. Each one's sheet follows, with its check code (muster verify).`,
        margin: [0, 0, 0, 8]
      },
      {
        table: {
          headerRows: 1,
          widths: judges ? [62, 74, 'auto', '*', 'auto', 'auto'] : [110, '*', 'auto', 'auto', 'auto'],
          body: [header.map((h) => ({ text: h, bold: true })), ...body]
        },
        layout: 'lightHorizontalLines',
        fontSize: judges ? 8 : 9
      },
      ...(left.length
        ? [
            { text: 'Not printed', bold: true, margin: [0, 12, 0, 4] },
            { ul: left.map((l) => `${basename(l.file)}: ${l.reason}`), fontSize: 9 }
          ]
        : [])
    ],
    defaultStyle: { fontSize: 10 }
  } as DocDefinition
}

/**
 * The list book (false) and the judges' copy (true), as `judges` asks, of a checked event; drawn as
 * one (export/write-book.ts), so a roster in both is laid out and drawn once.
 */
async function listBooks(engine: Engine, report: EventReport, submissions: Submission[], judges: readonly boolean[]): Promise<ListBook[]> {
  const dataOf = new Map(submissions.flatMap((s) => ('data' in s ? [[s.file, s.data] as const] : [])))
  const rows = report.rows.filter((r) => r.readable && (r.valid || judges.includes(true))).sort(byPlayer)
  const printed: Array<{ row: EventRow; checkCode: string; checked: Checked }> = []
  const left: ListBook['left'] = []
  const leftValid = new Set<string>()
  for (const row of rows) {
    try {
      // checked now (its code goes in the index), its sheet made when it is laid out
      const checked = checkForPrint(engine, dataOf.get(row.file))
      printed.push({ row, checkCode: checked.checkCode, checked })
    } catch (e) {
      if (!(e instanceof ExportError)) throw e
      left.push({ file: row.file, reason: e.message })
      if (row.valid) leftValid.add(row.file)
    }
  }
  // Each edition: the index, then each of its rosters' sheets as a part of its own. The index's page
  // numbers are references to the parts (partId: the sheet's place among all printed), drawn once
  // the book is laid out.
  const editions = judges.map((j) => {
    const has = printed.flatMap((p, i) => (j || p.row.valid ? [{ ...p, part: i + 1 }] : []))
    const title = `${report.event.name}${j ? ': judges\u2019 copy' : ''}: list book`
    const notPrinted = left.filter((l) => j || leftValid.has(l.file))
    return {
      has,
      left: notPrinted,
      index: indexDoc(
        report,
        j,
        has.map((p) => ({ row: p.row, checkCode: p.checkCode, page: partId(p.part) })),
        notPrinted
      ),
      info: documentInfo(title, `${report.event.rulesetName}, ${countOf(has.length, 'roster')}`)
    }
  })
  const parts = function* () {
    for (const p of printed)
      yield {
        doc: rosterSheetDoc(p.checked, { fileName: basename(p.row.file), validators: engine.validators }),
        editions: judges.flatMap((j, e) => (j || p.row.valid ? [e] : []))
      }
  }
  const drawn = await renderBooks(editions, parts())
  return editions.map((e, i) => ({
    pdf: drawn[i].pdf,
    entries: e.has.map((p, k) => ({ player: p.row.player ?? '', file: p.row.file, checkCode: p.checkCode, page: drawn[i].firstPages[k], valid: p.row.valid })),
    left: e.left
  }))
}

/** The list book (judges: false) or the judges' copy (true) of a checked event. */
export async function buildListBook(engine: Engine, report: EventReport, submissions: Submission[], judges: boolean): Promise<ListBook> {
  return (await listBooks(engine, report, submissions, [judges]))[0]
}

/** Both: the list book and the judges' copy, drawn as one (each legal roster laid out once). */
export async function buildListBooks(engine: Engine, report: EventReport, submissions: Submission[]): Promise<{ book: ListBook; judges: ListBook }> {
  const [book, judges] = await listBooks(engine, report, submissions, [false, true])
  return { book, judges }
}
