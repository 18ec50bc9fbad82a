// Printed rosters carry a check code (on the page and in the PDF's metadata). When a roster's PDF
// is submitted beside its roster file (legion.muster.json with legion.pdf or legion-roster.pdf),
// the printed code is read back and compared with the one computed from the file: a mismatch means
// the printed list is not the list that was checked.
import { existsSync, readFileSync, statSync } from 'node:fs'
import type { Engine } from '../rules'
import { checkCode } from '../export/check-code'
import type { EventReport, Submission } from './types'

const CODE = /muster-check-code:([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/
const MAX_PDF_BYTES = 50 * 1024 * 1024

/** The PDF printed from a roster file, if one was submitted beside it. */
export function printedPdfFor(file: string): string | undefined {
  const stem = file.replace(/(\.muster)?\.json$/i, '')
  return [`${stem}.pdf`, `${stem}-roster.pdf`].find((p) => existsSync(p) && statSync(p).isFile())
}

export function readPrintedCode(pdf: string): string | null {
  if (statSync(pdf).size > MAX_PDF_BYTES) return null
  return CODE.exec(readFileSync(pdf).toString('latin1'))?.[1] ?? null
}

export function attachPrintedCodes(engine: Engine, report: EventReport, submissions: Submission[]): void {
  for (const row of report.rows) {
    const submission = submissions.find((s) => s.file === row.file)
    if (!submission || !('data' in submission) || !row.ruleset) continue
    const pdf = printedPdfFor(row.file)
    if (!pdf) continue
    const loaded = engine.ruleset(row.ruleset)
    if (!loaded) continue
    const computed = checkCode(submission.data, loaded.ruleset.dataVersion)
    const printed = readPrintedCode(pdf)
    if (!printed) {
      row.issues.push({ code: 'event-printed-code-missing', severity: 'warning', path: '', rule: 'event/printed-code', message: `${pdf} has no Muster check code: it was not printed by Muster, or not from this file.` })
      continue
    }
    row.printedCode = { printed, computed, match: printed === computed }
    if (printed !== computed) {
      row.issues.push({
        code: 'event-printed-code-mismatch',
        severity: 'error',
        path: '',
        rule: 'event/printed-code',
        message: `The printed roster (${pdf}) has check code ${printed}, but this file's code is ${computed}: the printed list is not this roster.`
      })
      row.valid = false
    }
  }
  const legal = report.rows.filter((r) => r.valid).length
  report.summary.legal = legal
  report.summary.illegal = report.rows.length - legal - report.summary.unreadable
}
