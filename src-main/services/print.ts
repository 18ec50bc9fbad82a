// Print: a roster to PDF bytes. One way from a roster to a sheet for the app's Print dialog (a
// library roster, services/library.ts) and `muster export --pdf` (a roster file): checked, built
// (export/index.ts buildExport), rendered (pdfmake), with the check code the sheet carries.
import type { Engine } from '../rules'
import type { Verdict } from '../rules/types'
import { buildExport, type ExportOptions } from '../export'
import { renderPdfWithPages } from '../export/write-pdf'

export interface PrintedPdf {
  pdf: Buffer
  pages: number
  checkCode: string
  /** The roster's verdict as printed (the CLI's exit code and line say it). */
  verdict: Verdict
}

/** Throws ExportError (in the player's words) for a roster that cannot be printed. */
export async function printPdf(engine: Engine, roster: unknown, options: ExportOptions): Promise<PrintedPdf> {
  const built = buildExport(engine, roster, options)
  const { pdf, pages } = await renderPdfWithPages(built.doc)
  return { pdf, pages, checkCode: built.checkCode, verdict: built.verdict }
}
