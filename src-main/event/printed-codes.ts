// Printed rosters carry a check code: on the page, for people, and in the PDF's document
// information as its own entry (MusterCheckCode), for this reader. When a roster's PDF is submitted
// beside its roster file (legion.muster.json with legion.pdf or legion-roster.pdf), the printed
// code is read back from that entry alone (never from titles, keywords or page text, which carry
// names a player chose) and compared with the code computed from the file: a mismatch means the
// printed list is not the list that was checked.
import { existsSync, statSync } from 'node:fs'
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib'
import type { Engine } from '../rules'
import { checkCode, parseCode, WEAK_CODE_NOTE, type ParsedCode } from '../export/check-code'
import { CHECK_CODE_INFO_KEY } from '../export/layout'
import { readRegularFile } from '../files/read-file'
import type { EventReport, Submission } from './types'

const MAX_PDF_BYTES = 50 * 1024 * 1024

/** The PDF printed from a roster file, if one was submitted beside it. */
export function printedPdfFor(file: string): string | undefined {
  const stem = file.replace(/(\.muster)?\.json$/i, '')
  return [`${stem}.pdf`, `${stem}-roster.pdf`].find((p) => existsSync(p) && statSync(p).isFile())
}

export type PrintedCode = { ok: true; code: ParsedCode | null } | { ok: false; message: string }

/** The check code in a PDF's document information (null when it has none). */
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
  if (own !== undefined) return { ok: true, code: parseCode(own) }
  // Print-outs made before version 2 carry a version-1 code as their whole Keywords entry, which
  // Muster wrote alone; a code anywhere else (a title naming one) is not read.
  const old = /^muster-check-code:([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})$/.exec(entry('Keywords') ?? '')
  const code = old ? parseCode(old[1]) : null
  return { ok: true, code: code?.version === 1 ? code : null }
}

export async function attachPrintedCodes(engine: Engine, report: EventReport, submissions: Submission[]): Promise<void> {
  for (const row of report.rows) {
    const submission = submissions.find((s) => s.file === row.file)
    if (!submission || !('data' in submission) || !row.ruleset) continue
    const pdf = printedPdfFor(row.file)
    if (!pdf) continue
    const loaded = engine.ruleset(row.ruleset)
    if (!loaded) continue
    const read = await readPrintedCode(pdf)
    const printed = read.ok ? read.code : null
    if (!printed) {
      const why = read.ok ? 'it was not printed by this version of Muster, or not from this file' : read.message
      row.issues.push({ code: 'event-printed-code-missing', severity: 'warning', path: '', rule: 'event/printed-code', message: `${pdf} has no Muster check code: ${why}.` })
      continue
    }
    const computed = checkCode(submission.data, loaded.ruleset.dataVersion, printed.version)
    row.printedCode = { printed: printed.code, computed, match: printed.code === computed }
    if (printed.code !== computed) {
      row.issues.push({
        code: 'event-printed-code-mismatch',
        severity: 'error',
        path: '',
        rule: 'event/printed-code',
        message: `The printed roster (${pdf}) has check code ${printed.code}, but this file's code is ${computed}: the printed list is not this roster.`
      })
      row.valid = false
    } else if (printed.version !== 2) {
      row.issues.push({ code: 'event-printed-code-weak', severity: 'warning', path: '', rule: 'event/printed-code', message: `The printed roster (${pdf}) matches this file, but with ${WEAK_CODE_NOTE}.` })
    }
  }
  const legal = report.rows.filter((r) => r.valid).length
  report.summary.legal = legal
  report.summary.illegal = report.rows.length - legal - report.summary.unreadable
}
