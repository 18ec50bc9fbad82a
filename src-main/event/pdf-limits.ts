// The caps that keep a hostile PDF from making the check run away (pdf-text.ts), and the bytes of a
// stream inflated under them. Past a cap, or with a filter other than FlateDecode, the pages
// "cannot be read" (PdfTextError), and the caller never calls them matching.
import { inflateRawSync, inflateSync } from 'node:zlib'
import { PDFArray, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib'

/** Inflated bytes read in all, across pages: far above any print-out, low enough to stay fast. */
export const MAX_BYTES = 16 * 1024 * 1024
/** Pages read: a roster is a few; a print-out of hundreds is not one Muster made. */
export const MAX_PAGES = 200
/** Form XObjects drawn inside each other. */
export const MAX_DEPTH = 4
/** Operators read on one page, and in all: a Muster page has a few thousand. */
export const MAX_PAGE_OPERATORS = 200_000
export const MAX_FILE_OPERATORS = 1_000_000
/** Form XObjects drawn on one page, and in all: Muster draws none. */
export const MAX_PAGE_DRAWS = 10_000
export const MAX_FILE_DRAWS = 10_000
/** Content bytes tokenised in all, counting a form drawn twice twice. */
export const MAX_SCANNED = 64 * 1024 * 1024

export class PdfTextError extends Error {}

export interface Budget {
  /** Inflated bytes left to read. */
  left: number
  /** Content bytes left to tokenise. */
  scan: number
}

export function streamBytes(stream: PDFObject | undefined, budget: Budget): Uint8Array {
  if (!(stream instanceof PDFRawStream)) throw new PdfTextError('a page has no content Muster can read')
  const filter = stream.dict.get(PDFName.of('Filter'))
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : []
  let bytes: Uint8Array = stream.contents
  if (filters.length > 1 || (filters.length === 1 && filters[0] !== PDFName.of('FlateDecode')))
    throw new PdfTextError('its pages are stored in a way Muster cannot read (another program wrote or re-saved it)')
  if (filters.length === 1) {
    const options = { maxOutputLength: Math.max(1, budget.left) }
    try {
      bytes = inflateSync(bytes, options)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new PdfTextError('its pages are too large to read')
      try {
        bytes = inflateRawSync(bytes, options)
      } catch {
        throw new PdfTextError('a page is damaged')
      }
    }
  }
  budget.left -= bytes.length
  if (budget.left < 0) throw new PdfTextError('its pages are too large to read')
  return bytes
}
