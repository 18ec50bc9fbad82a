// pdfkit's word layout as export/pdfkit-speed.ts finds the words (layOutWordsFaster) gives what
// pdfkit's own gives, for texts with every kind of space and tab in every place: the same glyphs
// and positions (the very objects of the font's layout cache) and the same width.
import { describe, expect, it } from 'vitest'
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { layOutWordsFaster, type PdfKitFont } from '../../src-main/export/pdfkit-speed'

const req = createRequire(__filename)
const roboto = readFileSync(join(dirname(req.resolve('pdfmake/package.json')), 'fonts', 'Roboto', 'Roboto-Regular.ttf'))
const PDFDocument = (req('pdfmake/js/PDFDocument') as { default: new (...a: unknown[]) => { font(src: Buffer): { _font: PdfKitFont } } }).default

const TEXTS = [
  '',
  ' ',
  '\t',
  '  ',
  'word',
  'word ',
  ' word',
  'two words',
  'two  spaces',
  'a tab\tand more',
  'tab\t',
  '\ttab first',
  'mixed \t\t  run\t of  words ',
  'Ligatures: office fjord — 1,250 pts. ',
  'ΑΘΗΝΑΙ and Αθήναι, Σπάρτη'
]

describe('words laid out by searching for spaces and tabs', () => {
  const font = new PDFDocument({}, {}, {}, {}, { autoFirstPage: false, font: null }).font(roboto)._font
  const [swap] = layOutWordsFaster(font.constructor as unknown as { prototype: PdfKitFont })
  const own = swap.original as PdfKitFont['layout']
  const faster = swap.patched as PdfKitFont['layout']

  it.each(TEXTS.map((t) => [JSON.stringify(t), t]))('%s', (_name, text) => {
    for (const onlyWidth of [false, true]) {
      const expected = own.call(font, text, undefined, onlyWidth)
      const got = faster.call(font, text, undefined, onlyWidth)
      expect(got.advanceWidth).toBe(expected.advanceWidth)
      if (onlyWidth) {
        expect(got.glyphs).toBeNull()
        expect(got.positions).toBeNull()
        continue
      }
      expect(got.glyphs).toHaveLength(expected.glyphs!.length)
      got.glyphs!.forEach((g, i) => expect(g).toBe(expected.glyphs![i]))
      got.positions!.forEach((p, i) => expect(p).toBe(expected.positions![i]))
    }
  })

  it('features: laid out whole, as pdfkit does', () => {
    const features = ['kern']
    expect(faster.call(font, 'two words', features).advanceWidth).toBe(own.call(font, 'two words', features).advanceWidth)
  })
})
