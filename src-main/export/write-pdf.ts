// The one place that runs pdfmake: turns a document definition from the builders into PDF bytes.
// Fonts are pdfmake's own Roboto TTFs, read once into pdfmake's virtual file system and embedded
// (subset) in every PDF; the standard 14 fonts are never used. Both resource policies refuse
// everything, so a document can make pdfmake neither fetch a URL nor read a local file.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { DocDefinition } from './pdf-types'
import { FONT } from './layout'
import { breakLongWords, JOINER } from './long-words'
import { writeFileAtomic, type WriteGuard } from '../files/write-file'
import { speedUp } from './pdfmake-speed'

interface PdfOutput {
  /** The pdfkit document, laid out and drawn, not yet ended (pdfmake's OutputDocument.getStream). */
  getStream(): Promise<PdfKitPages>
  getBuffer(): Promise<Buffer>
}

/** pdfkit's page buffer: with bufferPages off (pdfmake's default) each new page flushes the ones before. */
interface PdfKitPages {
  bufferedPageRange(): { start: number; count: number }
}

interface PdfMake {
  virtualfs: { writeFileSync(name: string, content: Buffer): void; existsSync(name: string): boolean }
  setFonts(fonts: Record<string, { normal: string; bold: string; italics: string; bolditalics: string }>): void
  setUrlAccessPolicy(policy: (url: string) => boolean): void
  setLocalAccessPolicy(policy: (path: string) => boolean): void
  createPdf(doc: object, options?: object): PdfOutput
}

const FONT_FILES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf'
}

let ready: PdfMake | undefined

/** What pdfmakeParts gives (pdfmake 0.3.11's js/ modules, as its Printer uses them; typed where used). */
export interface PdfMakeParts {
  fonts: object
  virtualfs: unknown
  localAccessPolicy: unknown
  PDFDocument: new (fonts: object, images: object, patterns: object, attachments: object, options: object, virtualfs: unknown, policy: unknown) => unknown
  LayoutBuilder: new (pageSize: object, margins: object, svgMeasure: object) => unknown
  SVGMeasure: new () => object
  Renderer: new (doc: unknown) => { renderPages(pages: unknown[]): void }
  tableLayouts: object
  normalizePageSize(size: unknown, orientation: unknown): object
  normalizePageMargin(margins: unknown): object
}

/** The parts of pdfmake's PDFDocument (a pdfkit document) the font cache below touches. */
interface PdfKitDoc {
  fonts: Record<string, Record<string, unknown>>
  fontCache: Record<string, Record<string, EmbeddedFont>>
  virtualfs?: { existsSync(name: string): boolean; readFileSync(name: string): Buffer }
  _fontFamilies: Record<string, EmbeddedFont>
  _fontCount: number
  getFontType(bold: boolean, italics: boolean): string
}

interface EmbeddedFont {
  id: string
  font: object
  layoutCache?: Record<string, unknown>
  constructor: new (doc: PdfKitDoc, font: object, id: string) => EmbeddedFont
}

type ProvideFont = (this: PdfKitDoc, family: string, bold: boolean, italics: boolean) => EmbeddedFont

const LAYOUT_CACHE_LIMIT = 50_000

/**
 * pdfkit parses a TTF afresh for every document (fontkit.create) and lays out every word again;
 * for a one-page roster that is most of the time. This keeps, per font file, the parsed font and
 * the word-layout cache (runs of glyphs and positions, read-only once made) and gives each new
 * document its own embedded font (own subset, own PDF objects) built on them. Falls back to
 * pdfmake's own code for anything it does not recognise. Written for pdfmake 0.3.11 / pdfkit 0.19.1.
 *
 * Why a patch: pdfmake 0.3.11 has no way to share fonts between documents. Its PDFDocument
 * (js/PDFDocument.js provideFont) reads the font file (virtual file system or disk) and hands the
 * bytes to pdfkit's `font()` for every document; pdfkit's PDFFontFactory.open accepts only a file
 * name, standard font name or bytes, never a parsed font, and runs fontkit.create on them. The
 * one cache option pdfmake passes on, `fontLayoutCache` (on by default), is pdfkit's per-document
 * word-layout cache, made empty with each document. Measured on a 40-unit WRG 1969 roster (warm,
 * median of 15): roster sheet 86 ms with this patch, 151 ms without; unit cards 151 against 274;
 * quick reference 114 against 284. Look again when pdfmake or pdfkit is upgraded.
 */
function shareParsedFonts(PDFDocument: { prototype: { provideFont: ProvideFont } }): void {
  const original = PDFDocument.prototype.provideFont
  const shared = new Map<Buffer, { font: object; layout: Record<string, unknown>; Font: EmbeddedFont['constructor'] }>()
  PDFDocument.prototype.provideFont = function (family, bold, italics) {
    const type = this.getFontType(bold, italics)
    const cached = this.fontCache?.[family]?.[type]
    if (cached) return cached
    const file = this.fonts?.[family]?.[type]
    if (typeof file !== 'string' || !this.virtualfs?.existsSync(file) || !this._fontFamilies) return original.call(this, family, bold, italics)
    const buffer = this.virtualfs.readFileSync(file)
    const entry = shared.get(buffer)
    if (!entry) {
      const made = original.call(this, family, bold, italics)
      if (made?.font && typeof made.constructor === 'function') {
        made.layoutCache ??= Object.create(null) as Record<string, unknown>
        shared.set(buffer, { font: made.font, layout: made.layoutCache, Font: made.constructor })
      }
      return made
    }
    if (Object.keys(entry.layout).length > LAYOUT_CACHE_LIMIT) entry.layout = Object.create(null) as Record<string, unknown>
    // fontkit caches glyph objects with the characters they were first made for. Embedding a subset
    // makes the parts of composite glyphs (the dot of an ellipsis...) with none; left cached, the
    // next document would map such a glyph to no text (copy and search would lose it). Drop them.
    const glyphs = (entry.font as { _glyphs?: Record<string, { codePoints?: number[] } | undefined> })._glyphs
    if (glyphs) for (const id of Object.keys(glyphs)) if (!glyphs[id]?.codePoints?.length) delete glyphs[id]
    const font = new entry.Font(this, entry.font, `F${++this._fontCount}`)
    font.layoutCache = entry.layout
    this._fontFamilies[font.id] = font
    ;(this.fontCache[family] ??= {})[type] = font
    return font
  }
}

/**
 * What Muster puts in text only for pdfmake's line breaking (long-words.ts): the joiner and the
 * zero-width space. Both measure as nothing, but fontkit draws each as the space glyph, which a PDF
 * viewer copies as a space ("Athens Sparta"). They are left out of the text drawn, after the
 * layout: the lines and positions are the same, and a copy from the PDF is the text as written.
 */
const INVISIBLE = new RegExp(`[${JOINER}\\u200b]`, 'g')

function drawWithoutInvisibles(PDFDocument: { prototype: { text(this: unknown, text: unknown, ...rest: unknown[]): unknown } }): void {
  const text = PDFDocument.prototype.text
  PDFDocument.prototype.text = function (t, ...rest) {
    return text.call(this, typeof t === 'string' ? t.replace(INVISIBLE, '') : t, ...rest)
  }
}

function pdfmake(): PdfMake {
  if (ready) return ready
  const req = createRequire(__filename)
  const pm = req('pdfmake') as PdfMake
  const fontsDir = join(dirname(req.resolve('pdfmake/package.json')), 'fonts', 'Roboto')
  // Virtual names without '/', so no font is ever looked up on disk (or URL) at render time.
  for (const file of Object.values(FONT_FILES)) {
    const name = `muster-${file}`
    if (!pm.virtualfs.existsSync(name)) pm.virtualfs.writeFileSync(name, readFileSync(join(fontsDir, file)))
  }
  pm.setFonts({
    [FONT]: {
      normal: `muster-${FONT_FILES.normal}`,
      bold: `muster-${FONT_FILES.bold}`,
      italics: `muster-${FONT_FILES.italics}`,
      bolditalics: `muster-${FONT_FILES.bolditalics}`
    }
  })
  pm.setUrlAccessPolicy(() => false)
  pm.setLocalAccessPolicy(() => false)
  const PDFDocument = (req('pdfmake/js/PDFDocument') as { default: Parameters<typeof shareParsedFonts>[0] & Parameters<typeof drawWithoutInvisibles>[0] })
    .default
  shareParsedFonts(PDFDocument)
  drawWithoutInvisibles(PDFDocument)
  // pdfkit's font class is found through the first font of a document, parsed once for all (shareParsedFonts)
  const aFont = () =>
    new (PDFDocument as unknown as new (...a: unknown[]) => { provideFont(family: string, bold: boolean, italics: boolean): unknown })(
      (pm as unknown as { fonts: object }).fonts,
      {},
      {},
      {},
      { autoFirstPage: false, font: null },
      pm.virtualfs,
      (pm as unknown as { localAccessPolicy: unknown }).localAccessPolicy
    ).provideFont(FONT, false, false)
  speedUp(req, aFont)
  ready = pm
  return pm
}

/**
 * pdfmake's own parts, for a document laid out a part at a time (write-book.ts): its pdfkit
 * document, layout builder and renderer, with the fonts, policies and patches every PDF here has.
 */
export function pdfmakeParts(): PdfMakeParts {
  const pm = pdfmake()
  const req = createRequire(__filename)
  const def = <T>(name: string) => (req(`pdfmake/js/${name}`) as { default: T }).default
  const pageSize = req('pdfmake/js/PageSize') as Pick<PdfMakeParts, 'normalizePageSize' | 'normalizePageMargin'>
  return {
    fonts: (pm as unknown as { fonts: object }).fonts,
    virtualfs: pm.virtualfs,
    localAccessPolicy: (pm as unknown as { localAccessPolicy: unknown }).localAccessPolicy,
    PDFDocument: def('PDFDocument'),
    LayoutBuilder: def('LayoutBuilder'),
    SVGMeasure: def('SVGMeasure'),
    Renderer: def('Renderer'),
    tableLayouts: (req('pdfmake/js/tableLayouts') as { tableLayouts: object }).tableLayouts,
    normalizePageSize: pageSize.normalizePageSize,
    normalizePageMargin: pageSize.normalizePageMargin
  }
}

/**
 * PDF bytes of a document definition (its long words given break opportunities first:
 * long-words.ts), with its number of pages. The count is pdfkit's own: pdfmake's getStream hands
 * over the pdfkit document with every page drawn and not yet ended, and bufferedPageRange says
 * how many pages were flushed (start) and how many are still buffered (count).
 */
export async function renderPdfWithPages(doc: DocDefinition): Promise<{ pdf: Buffer; pages: number }> {
  const output = pdfmake().createPdf(breakLongWords(doc))
  const { start, count } = (await output.getStream()).bufferedPageRange()
  const pdf = await output.getBuffer()
  return { pdf, pages: start + count }
}

/** PDF bytes of a document definition (see renderPdfWithPages). */
export async function renderPdf(doc: DocDefinition): Promise<Buffer> {
  return (await renderPdfWithPages(doc)).pdf
}

/** Renders and writes a PDF whole or not at all; returns its size in bytes and page count. */
export async function writePdfFile(doc: DocDefinition, file: string, guard: WriteGuard = {}): Promise<{ bytes: number; pages: number }> {
  const { pdf, pages } = await renderPdfWithPages(doc)
  writeFileAtomic(file, pdf, guard)
  return { bytes: pdf.length, pages }
}
