// The one place that runs pdfmake: turns a document definition from the builders into PDF bytes.
// Fonts are pdfmake's own Roboto TTFs, read once into pdfmake's virtual file system and embedded
// (subset) in every PDF; the standard 14 fonts are never used. Both resource policies refuse
// everything, so a document can make pdfmake neither fetch a URL nor read a local file.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { DocDefinition } from './pdf-types'
import { FONT } from './layout'
import { breakLongWords } from './long-words'
import { writeFileAtomic, type WriteGuard } from '../files/write-file'

interface PdfOutput {
  getBuffer(): Promise<Buffer>
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
 * pdfmake's own code for anything it does not recognise. Written for pdfmake 0.3.11 / pdfkit 0.19.
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
  shareParsedFonts((req('pdfmake/js/PDFDocument') as { default: Parameters<typeof shareParsedFonts>[0] }).default)
  ready = pm
  return pm
}

/** PDF bytes of a document definition (its long words given break opportunities first: long-words.ts). */
export async function renderPdf(doc: DocDefinition): Promise<Buffer> {
  return pdfmake().createPdf(breakLongWords(doc)).getBuffer()
}

/** Renders and writes a PDF whole or not at all; returns its size in bytes and page count. */
export async function writePdfFile(doc: DocDefinition, file: string, guard: WriteGuard = {}): Promise<{ bytes: number; pages: number }> {
  const buffer = await renderPdf(doc)
  writeFileAtomic(file, buffer, guard)
  return { bytes: buffer.length, pages: pageCount(buffer) }
}

/** Pages in a PDF pdfkit wrote (it writes page objects uncompressed). */
export function pageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length
}
