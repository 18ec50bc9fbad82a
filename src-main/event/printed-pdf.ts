// Where the print-out of a submitted roster file would be, apart from reading it (printed-codes.ts,
// which brings pdf-lib): an event check without print-outs does not load pdf-lib at all.
import { existsSync, statSync } from 'node:fs'

/** The PDF printed from a roster file, if one was submitted beside it. */
export function printedPdfFor(file: string): string | undefined {
  const stem = file.replace(/(\.muster)?\.json$/i, '')
  return [`${stem}.pdf`, `${stem}-roster.pdf`].find((p) => existsSync(p) && statSync(p).isFile())
}
