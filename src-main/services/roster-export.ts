// `muster export`: a roster file printed to PDF as the app's Print prints it (print.ts), or written as
// plain text with the check code its PDF would carry. A roster that cannot be printed is refused in
// the player's words (ExportError). The export code (pdfmake) comes with it: the CLI loads it when
// `export` runs.
import type { Engine } from '../rules'
import type { Verdict } from '../rules/types'
import { PAPER, rosterText, type ExportOptions } from '../export'
import { printPdf, type PrintedPdf } from './print'

export { ExportError } from '../export'

export type ExportedRoster = (PrintedPdf & { paperLabel: string }) | { text: string; verdict: Verdict; checkCode: string }

/** `options`: the sheet to print, or 'text'. */
export async function exportRoster(engine: Engine, roster: unknown, options: ExportOptions | 'text'): Promise<ExportedRoster> {
  if (options === 'text') {
    const { text, verdict, checkCode } = rosterText(engine, roster)
    return { text, verdict, checkCode }
  }
  return { ...(await printPdf(engine, roster, options)), paperLabel: PAPER[options.paper ?? 'a4'].label }
}
