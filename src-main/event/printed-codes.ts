// Printed rosters carry a check code: on the page, for people, and in the PDF's document
// information as its own entry (MusterCheckCode), for this reader. When a roster's PDF is submitted
// beside its roster file (legion.muster.json with legion.pdf or legion-roster.pdf), the printed
// code is read from that entry (never from titles or keywords, which carry names a player chose)
// and compared with the code computed from the file; and the page is read too (pdf-text.ts): every
// check code its pages show must be the entry's. An entry edited to another file's code, on a page
// that still shows the print-out's own, is "the print-out was altered" (issue 26): the entry, the
// page and the file must all agree before a print-out is called matching. A print-out that carries
// only an old 12-character code (forgeable) is an error too: print it again.
import { existsSync, statSync } from 'node:fs'
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib'
import type { Engine } from '../rules'
import { CHECK_CODE_VERSION, checkCode, parseCode, type CodeVersion, type ParsedCode } from '../export/check-code'
import { CHECK_CODE_INFO_KEY } from '../export/layout'
import { readRegularFile } from '../files/read-file'
import type { EventReport, Submission } from './types'
import { codesShown, pagesText, PdfTextError } from './pdf-text'
import { codeData } from '../rules/data-in-force'

const MAX_PDF_BYTES = 50 * 1024 * 1024

/** The PDF printed from a roster file, if one was submitted beside it. */
export function printedPdfFor(file: string): string | undefined {
  const stem = file.replace(/(\.muster)?\.json$/i, '')
  return [`${stem}.pdf`, `${stem}-roster.pdf`].find((p) => existsSync(p) && statSync(p).isFile())
}

/** The codes the pages show (eight groups of four), or why the pages could not be read. */
export type ShownCodes = { ok: true; codes: string[] } | { ok: false; message: string }

export type PrintedCode = { ok: true; code: ParsedCode | null; shown: ShownCodes } | { ok: false; message: string }

function shownCodes(doc: PDFDocument): ShownCodes {
  try {
    return { ok: true, codes: codesShown(pagesText(doc)) }
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
  const shown = shownCodes(doc)
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
  | { kind: 'match'; printed: string; computed: string }
  | { kind: 'old' | 'altered' | 'mismatch'; printed: string; computed: string; message: string }

/**
 * Compares a read print-out with a file's code (`codeFor(version)`: the file's code of that version
 * under the data in force). Matching only when the entry, every code the pages show and the file
 * agree, with a code of the version printed now; `missing` when the PDF carries no code at all.
 */
export function judgePrintedCode(pdf: string, read: PrintedCode, codeFor: (version: CodeVersion) => string): PrintedVerdict {
  const printed = read.ok ? read.code : null
  if (!printed) {
    const why = read.ok ? 'it was not printed by this version of Muster, or not from this file' : read.message
    return { kind: 'missing', message: `${pdf} has no Muster check code: ${why}.` }
  }
  const computed = codeFor(printed.version)
  if (printed.version !== CHECK_CODE_VERSION) {
    // Old codes collide (two rosters, one code, found in minutes): a match proves nothing.
    const matches = printed.code === computed ? 'matches this file, but ' : `(${printed.code}) is not this file's, and `
    return { kind: 'old', printed: printed.code, computed, message: `The printed roster (${pdf}) carries only an old 12-character check code, which ${matches}an old code cannot be trusted (two rosters can share one): print again, with this Muster.` }
  }
  const shown = read.ok ? read.shown : { ok: false as const, message: 'it cannot be read' }
  if (!shown.ok || shown.codes.length === 0) {
    return { kind: 'altered', printed: printed.code, computed, message: `The printed roster (${pdf}) has check code ${printed.code} in its document entry, but ${shown.ok ? 'its pages show no check code' : `its pages cannot be read (${shown.message})`}: the print-out was altered, or it is not a Muster print-out. Print the roster again.` }
  }
  if (!shown.codes.includes(printed.code)) {
    const onPage = shown.codes.find((c) => c !== computed) ?? shown.codes[0]
    const also = shown.codes.length > 1 ? ` (and ${shown.codes.filter((c) => c !== onPage).join(', ')})` : ''
    return { kind: 'altered', printed: onPage, computed, message: `The printed roster (${pdf}) says ${onPage} on its page${also} but ${printed.code} in its document entry: the print-out was altered, and it is not this roster.` }
  }
  if (printed.code !== computed) {
    return { kind: 'mismatch', printed: printed.code, computed, message: `The printed roster (${pdf}) has check code ${printed.code}, but this file's code is ${computed}: the printed list is not this roster.` }
  }
  const others = shown.codes.filter((c) => c !== printed.code)
  if (others.length) {
    return { kind: 'altered', printed: others[0], computed, message: `The printed roster (${pdf}) shows check code ${others.join(', ')} on its page as well as this file's ${computed}: the print-out was altered, or a name on it spells out another roster's code, so it cannot be matched to this file. Print the roster again.` }
  }
  return { kind: 'match', printed: printed.code, computed }
}

export async function attachPrintedCodes(engine: Engine, report: EventReport, submissions: Submission[]): Promise<void> {
  for (const row of report.rows) {
    const submission = submissions.find((s) => s.file === row.file)
    if (!submission || !('data' in submission) || !row.ruleset) continue
    const pdf = printedPdfFor(row.file)
    if (!pdf) continue
    const loaded = engine.ruleset(row.ruleset)
    if (!loaded) continue
    // Under the data in force for this roster (rules/data-in-force.ts): a print-out made with other rules is not this file's.
    const data = codeData(loaded, submission.data)
    const verdict = judgePrintedCode(pdf, await readPrintedCode(pdf), (version) => checkCode(submission.data, data.version, version))
    if (verdict.kind === 'missing') {
      row.issues.push({ code: 'event-printed-code-missing', severity: 'warning', path: '', rule: 'event/printed-code', message: verdict.message })
      continue
    }
    row.printedCode = { printed: verdict.printed, computed: verdict.computed, match: verdict.kind === 'match' }
    if (verdict.kind !== 'match') {
      row.issues.push({ code: `event-printed-code-${verdict.kind}`, severity: 'error', path: '', rule: 'event/printed-code', message: verdict.message })
      row.valid = false
    }
  }
  const legal = report.rows.filter((r) => r.valid).length
  report.summary.legal = legal
  report.summary.illegal = report.rows.length - legal - report.summary.unreadable
}
