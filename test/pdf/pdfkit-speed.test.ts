// pdfkit's word layout as export/pdfkit-speed.ts finds the words (layOutWordsFaster) gives what
// pdfkit's own gives, for texts with every kind of space and tab in every place: the same glyphs
// and positions (the very objects of the font's layout cache) and the same width. And colours
// parsed once (parseColoursOnce) set what pdfkit's own code sets, leaving to it every colour that is
// not given as text or that names the document's spot colour.
import { describe, expect, it } from 'vitest'
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { layOutWordsFaster, parseColoursOnce, type PdfKitColours, type PdfKitFont } from '../../src-main/export/pdfkit-speed'

const req = createRequire(__filename)
const roboto = readFileSync(join(dirname(req.resolve('pdfmake/package.json')), 'fonts', 'Roboto', 'Roboto-Regular.ttf'))
type Doc = PdfKitColours & { font(src: Buffer): { _font: PdfKitFont }; addSpotColor(name: string, c: number, m: number, y: number, k: number): unknown }
const PDFDocument = (req('pdfmake/js/PDFDocument') as { default: new (...a: unknown[]) => Doc }).default

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
  'ΑΘΗΝΑΙ and Αθήναι, Σπάρτη',
  // only a space and a tab end a word, as in pdfkit's own
  'a line\nbreak',
  'no\u00a0break space',
  'ideographic\u3000space '
]

describe('words laid out by searching for spaces and tabs', () => {
  const font = new PDFDocument({}, {}, {}, {}, { autoFirstPage: false, font: null }).font(roboto)._font
  const [swap] = layOutWordsFaster(font.constructor as unknown as { prototype: PdfKitFont })
  const own = swap.original as PdfKitFont['layout']
  const faster = swap.patched as PdfKitFont['layout']

  it("is compared with pdfkit's own layout, not with itself", () => {
    expect(String(own)).toContain("[' ', '\\t'].includes")
  })

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
      expect(got.positions).toHaveLength(expected.positions!.length)
      got.glyphs!.forEach((g, i) => expect(g).toBe(expected.glyphs![i]))
      got.positions!.forEach((p, i) => expect(p).toBe(expected.positions![i]))
    }
  })

  it('features: laid out whole, as pdfkit does', () => {
    const features = ['kern']
    expect(faster.call(font, 'two words', features).advanceWidth).toBe(own.call(font, 'two words', features).advanceWidth)
  })
})

describe('colours parsed once', () => {
  const [normalize, setColour] = parseColoursOnce(PDFDocument)
  /** What a colour sets on a document with a spot colour, through pdfkit's own code or the patch's. */
  const written = (patched: boolean, color: unknown, stroke: boolean) => {
    const doc = new PDFDocument({}, {}, {}, {}, { autoFirstPage: true, font: null })
    doc.addSpotColor('House', 10, 20, 30, 40)
    const out: string[] = []
    doc.addContent = (text: string) => out.push(text)
    const set = (patched ? setColour.patched : setColour.original) as PdfKitColours['_setColorCore']
    const parts = ((patched ? normalize.patched : normalize.original) as PdfKitColours['_normalizeColor']).call(doc, color)
    return { set: set.call(doc, color, stroke), out, parts }
  }
  const numbers = (line: string) => line.split(' ').slice(0, -1).map(Number)

  it.each([['#f5f5f5'], ['#abc'], ['black'], ['red'], ['#1d6b2f']])('%s: the same colour, to a millionth', (color) => {
    for (const stroke of [false, true]) {
      const own = written(false, color, stroke)
      const got = written(true, color, stroke)
      expect(got.set).toBe(true)
      expect(got.out[0]).toBe(own.out[0]) // the colour space
      expect(got.out[1].endsWith(stroke ? ' SCN' : ' scn')).toBe(true)
      numbers(got.out[1]).forEach((n, i) => expect(n).toBeCloseTo(numbers(own.out[1])[i], 6))
      expect(got.parts).toEqual(own.parts)
    }
  })

  it("hands out a copy of a colour's parts", () => {
    const doc = new PDFDocument({}, {}, {}, {}, { autoFirstPage: false, font: null })
    const first = (normalize.patched as PdfKitColours['_normalizeColor']).call(doc, '#102030') as number[]
    first[0] = 99
    expect(((normalize.patched as PdfKitColours['_normalizeColor']).call(doc, '#102030') as number[])[0]).toBeCloseTo(16 / 255, 9)
  })

  it.each([[[255, 0, 0]], [[0, 50, 100, 0]], ['House'], ['no such colour'], [null]])('%j: left to pdfkit', (color) => {
    for (const stroke of [false, true]) {
      const own = written(false, color, stroke)
      const got = written(true, color, stroke)
      expect(got.set).toBe(own.set)
      expect(got.out).toEqual(own.out)
      // a spot colour is the document's own object: the same kind, as pdfkit made it
      if (Array.isArray(own.parts) || own.parts === null) expect(got.parts).toEqual(own.parts)
      else expect((got.parts as object).constructor).toBe((own.parts as object).constructor)
    }
  })
})
