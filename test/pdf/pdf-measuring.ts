// pdfmake's own text measuring (TextInlines.widthOfText, called for each piece of text it lays out),
// counted: how much work a layout took, with no timing. The spy is undone by vi.restoreAllMocks.
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { vi } from 'vitest'
import { repoRoot } from '../support/engine'

type WidthOfText = (text: string, inline: unknown) => number

/** From now on, the sum of `weigh(text)` over the texts pdfmake measures (length: characters; 1: pieces). */
export function countMeasuring(weigh: (text: string) => number): () => number {
  const req = createRequire(join(repoRoot, 'src-main', 'export', 'write-pdf.ts'))
  const TextInlines = (req('pdfmake/js/TextInlines') as { default: { prototype: { widthOfText: WidthOfText } } }).default
  let total = 0
  const original = TextInlines.prototype.widthOfText
  vi.spyOn(TextInlines.prototype, 'widthOfText').mockImplementation(function (this: unknown, text: string, inline: unknown) {
    total += weigh(String(text))
    return original.call(this, text, inline)
  })
  return () => total
}
