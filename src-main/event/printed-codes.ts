// Printed rosters carry a check code: on the page, for people, and in the PDF's document
// information as its own entry (MusterCheckCode), for this reader. When a roster's PDF is submitted
// beside its roster file (legion.muster.json with legion.pdf or legion-roster.pdf), the printed
// code is read from that entry (never from titles or keywords, which carry names a player chose)
// and compared with the code computed from the file; and the page is read too (pdf-text.ts): every
// check code its pages show must be the entry's. An entry edited to another file's code, on a page
// that still shows the print-out's own, is "the print-out was altered" (issue 26): the entry, the
// page and the file must all agree before a print-out is called matching. A print-out that carries
// only an old 12-character code (forgeable) is an error too: print it again.
// Since the review of issue 26: the code must be at the foot of every page (Muster prints it there
// on every page of every print-out), a code in text that does not show on paper is "altered", a PDF
// without the entry (re-saved by another program) is judged on its pages alone, and pages that
// cannot be read are their own error ("submit the PDF Muster wrote"), not an accusation. None of
// this makes the code a signature: see docs/adr/0005-printing.md.
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib'
import type { Engine } from '../rules'
import { CHECK_CODE_VERSION, parseCode, type CodeVersion, type ParsedCode } from '../export/check-code'
import { CHECK_CODE_INFO_KEY, dataText } from '../export/layout'
import { readRegularFile } from '../files/read-file'
import type { EventReport, Submission } from './types'
import { codesShown, mentionsCheckCode, type PageCodes } from './pdf-codes'
import { PdfTextError } from './pdf-limits'
import { pagesText } from './pdf-text'
import { printedCheckCode, printedData } from '../export'
import type { Roster } from '../rules/types'
import { printedPdfFor } from './printed-pdf'

const MAX_PDF_BYTES = 50 * 1024 * 1024

export { printedPdfFor }

/** The codes each page shows and hides (eight groups of four), or why the pages could not be read. */
export type ShownCodes = { ok: true; pages: PageCodes[]; mentionsCode: boolean } | { ok: false; message: string }

export type PrintedCode = { ok: true; code: ParsedCode | null; shown: ShownCodes } | { ok: false; message: string }

function shownCodes(doc: PDFDocument): ShownCodes {
  try {
    const pages = pagesText(doc)
    return { ok: true, pages: codesShown(pages), mentionsCode: mentionsCheckCode(pages) }
  } catch (e) {
    if (e instanceof PdfTextError) return { ok: false, message: e.message }
    return { ok: false, message: 'its pages are damaged' }
  }
}

/** The check code in a PDF's document information (null when it has none), and the codes its pages show. */
export async function readPrintedCode(pdf: string): Promise<PrintedCode> {
  const read = readRegularFile(pdf, MAX_PDF_BYTES)
  if (!read.ok) return { ok: false, message: read.message }
  let doc: PDFDocument
  // pdf-lib says what it skips in a damaged PDF on the console; the report says what matters.
  const warn = console.warn
  const log = console.log
  console.warn = console.log = () => undefined
  try {
    doc = await PDFDocument.load(read.bytes, { updateMetadata: false, ignoreEncryption: true, throwOnInvalidObject: false })
  } catch {
    return { ok: false, message: 'not a PDF Muster can read (damaged, or not a PDF at all)' }
  } finally {
    console.warn = warn
    console.log = log
  }
  const info = doc.context.lookup(doc.context.trailerInfo.Info)
  const entry = (key: string): string | undefined => {
    const value = info instanceof PDFDict ? info.lookup(PDFName.of(key)) : undefined
    return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined
  }
  const own = entry(CHECK_CODE_INFO_KEY)
  // an encrypted PDF's strings and streams are not read: its pages cannot be read
  const shown: ShownCodes = doc.isEncrypted ? { ok: false, message: 'it is encrypted' } : shownCodes(doc)
  if (own !== undefined) return { ok: true, code: parseCode(own), shown }
  // Print-outs made before version 2 carry a version-1 code as their whole Keywords entry, which
  // Muster wrote alone; a code anywhere else (a title naming one) is not read.
  const old = /^muster-check-code:([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})$/.exec(entry('Keywords') ?? '')
  const code = old ? parseCode(old[1]) : null
  return { ok: true, code: code?.version === 1 ? code : null, shown }
}

/** What a print-out says about a roster file: one answer for `muster check` and `muster verify FILE PDF`. */
export type PrintedVerdict =
  | { kind: 'missing'; message: string }
  | { kind: 'match'; printed: string; computed: string; note?: string }
  | { kind: 'old' | 'altered' | 'mismatch' | 'unreadable'; printed: string; computed: string; message: string }

/** What a verdict calls itself where a code is shown beside it (the event report, verify's line). */
export type PrintedKind = Exclude<PrintedVerdict['kind'], 'missing'>

const PRINT_AGAIN = 'Print the roster again.'

/**
 * Compares a read print-out with a file's code (`codeFor(version)`: the file's code of that version
 * under the data in force). Matching only when the entry (if the PDF still has it), the code on
 * every page and the file agree, with a code of the version printed now, and no check code hides in
 * text that does not show; `missing` when the PDF carries no code at all. `dataLabel`, when the
 * check's rules data is not the stock data, is named in a mismatch: the print-out may be honest and
 * printed with other data.
 */
export function judgePrintedCode(pdf: string, read: PrintedCode, codeFor: (version: CodeVersion) => string, dataLabel?: string): PrintedVerdict {
  if (!read.ok) return { kind: 'missing', message: `${pdf} has no Muster check code: ${read.message}.` }
  const entry = read.code
  const computed = codeFor(entry?.version ?? CHECK_CODE_VERSION)
  if (entry && entry.version !== CHECK_CODE_VERSION) {
    // Old codes collide (two rosters, one code, found in minutes): a match proves nothing.
    const matches = entry.code === computed ? 'matches this file, but ' : `(${entry.code}) is not this file's, and `
    return {
      kind: 'old',
      printed: entry.code,
      computed,
      message: `The printed roster (${pdf}) carries only an old 12-character check code, which ${matches}an old code cannot be trusted (two rosters can share one): print again, with this Muster.`
    }
  }
  const shown = read.shown
  if (!shown.ok) {
    return {
      kind: 'unreadable',
      printed: entry?.code ?? '',
      computed,
      message: `Muster cannot read the pages of the printed roster (${pdf}): ${shown.message}. Submit the PDF Muster wrote, as Muster wrote it.`
    }
  }
  const onPages = [...new Set(shown.pages.flatMap((p) => p.shown))]
  const hidden = [...new Set(shown.pages.flatMap((p) => p.hidden))]
  const said = entry ? `${entry.code} in its document entry` : 'no check code entry (it may have been re-saved by another program)'
  if (hidden.length) {
    return {
      kind: 'altered',
      printed: hidden[0],
      computed,
      message: `The printed roster (${pdf}) carries check code ${hidden.join(', ')} in text that does not show on paper (invisible, off the page or too small to read), with ${said}: the print-out was altered. ${PRINT_AGAIN}`
    }
  }
  if (!entry && onPages.length === 0) {
    // No entry and no code on the page: a PDF that is not a Muster print-out, or one whose code was taken off.
    // ...unless its pages speak of one: a print-out whose code cannot be read (altered, or an old print-out re-saved) is an error, not a shrug
    if (shown.mentionsCode)
      return {
        kind: 'unreadable',
        printed: '',
        computed,
        message: `The printed roster (${pdf}) speaks of a check code, but no check code of this version can be read from its pages and it has no check code entry: it was altered, or it is an old print-out re-saved by another program. Print the roster again with this Muster and submit the PDF it writes.`
      }
    return { kind: 'missing', message: `${pdf} has no Muster check code: it was not printed by this version of Muster, or not from this file.` }
  }
  if (onPages.length === 0) {
    return {
      kind: 'altered',
      printed: entry!.code,
      computed,
      message: `The printed roster (${pdf}) has check code ${entry!.code} in its document entry, but its pages show no check code: the print-out was altered, or it is not a Muster print-out. ${PRINT_AGAIN}`
    }
  }
  if (entry && !onPages.includes(entry.code)) {
    const onPage = onPages.find((c) => c !== computed) ?? onPages[0]
    const also = onPages.length > 1 ? ` (and ${onPages.filter((c) => c !== onPage).join(', ')})` : ''
    return {
      kind: 'altered',
      printed: onPage,
      computed,
      message: `The printed roster (${pdf}) says ${onPage} on its page${also} but ${entry.code} in its document entry: the print-out was altered, and it is not this roster.`
    }
  }
  const printed = entry?.code ?? onPages.find((c) => c !== computed) ?? onPages[0]
  const others = onPages.filter((c) => c !== printed)
  const twoCodes = (): PrintedVerdict => ({
    kind: 'altered',
    printed,
    computed,
    message: `The printed roster (${pdf}) shows check codes ${[printed, ...others].join(', ')} on its pages${entry ? ` (its entry says ${entry.code})` : ''}: the print-out was altered, or a name on it spells out another roster's code, so it cannot be matched to this file. ${PRINT_AGAIN}`
  })
  // without the entry, the page alone says which code is the print-out's: two say nothing
  if (!entry && others.length) return twoCodes()
  // Muster prints the code in the footer of every page: a page without it was added or edited.
  const without = shown.pages.map((p, i) => (p.shown.includes(printed) ? 0 : i + 1)).filter((i) => i > 0)
  if (without.length) {
    return {
      kind: 'altered',
      printed,
      computed,
      message: `The printed roster (${pdf}) shows check code ${printed}, but not on page${without.length > 1 ? 's' : ''} ${without.join(', ')} of ${shown.pages.length}, and Muster prints it at the foot of every page: the print-out was altered. ${PRINT_AGAIN}`
    }
  }
  if (printed !== computed) {
    const data = dataLabel ? `, or was printed with other rules data (this check used: ${dataLabel})` : ''
    return {
      kind: 'mismatch',
      printed,
      computed,
      message: `The printed roster (${pdf}) has check code ${printed}, but this file's code is ${computed}: the printed list is not this roster${data}.`
    }
  }
  if (others.length) return twoCodes()
  return entry
    ? { kind: 'match', printed, computed }
    : { kind: 'match', printed, computed, note: `the PDF's check code entry is missing (re-saved by another program?); its pages show ${printed}` }
}

/** `pathOf`: where a submission's file is, by the name the report gives it (the CLI's names are paths). */
export async function attachPrintedCodes(
  engine: Engine,
  report: EventReport,
  submissions: Submission[],
  pathOf: (file: string) => string = (file) => file
): Promise<void> {
  // Each submission by its file, once (the first of a file given twice, as before): one look-up a row, not a search.
  const byFile = new Map<string, Submission>()
  for (const s of submissions) if (!byFile.has(s.file)) byFile.set(s.file, s)
  for (const row of report.rows) {
    const submission = byFile.get(row.file)
    if (!submission || !('data' in submission) || !row.ruleset) continue
    const pdf = printedPdfFor(pathOf(row.file))
    if (!pdf) continue
    // Under the data in force for this roster, as its sheet was printed (export/index.ts printedData):
    // a print-out made with other rules is not this file's.
    const roster = submission.data as Roster
    const data = printedData(engine, roster)
    if (!data) continue
    // with data that is not stock, a mismatch may be an honest print-out made with the stock data: say which data this check used
    const loaded = engine.ruleset(row.ruleset)
    const label = data.note && loaded ? dataText(loaded.ruleset, data.note) : undefined
    const verdict = judgePrintedCode(pdf, await readPrintedCode(pdf), (version) => printedCheckCode(engine, roster, version)!, label)
    if (verdict.kind === 'missing') {
      row.issues.push({ code: 'event-printed-code-missing', severity: 'warning', path: '', rule: 'event/printed-code', message: verdict.message })
      continue
    }
    row.printedCode = { printed: verdict.printed, computed: verdict.computed, match: verdict.kind === 'match', kind: verdict.kind }
    if (verdict.kind === 'match' && verdict.note)
      row.issues.push({
        code: 'event-printed-code-entry-missing',
        severity: 'warning',
        path: '',
        rule: 'event/printed-code',
        message: `The printed roster (${pdf}) matches this file by the code on its pages, but ${verdict.note}.`
      })
    if (verdict.kind !== 'match') {
      row.issues.push({ code: `event-printed-code-${verdict.kind}`, severity: 'error', path: '', rule: 'event/printed-code', message: verdict.message })
      row.valid = false
    }
  }
  const legal = report.rows.filter((r) => r.valid).length
  report.summary.legal = legal
  report.summary.illegal = report.rows.length - legal - report.summary.unreadable
}
