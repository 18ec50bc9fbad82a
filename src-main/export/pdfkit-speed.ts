// pdfkit's own work made cheaper where the list book spends it (pdfkit 0.19.1): a page's operators
// written as text and turned into bytes once, a text's words found without a throwaway array a
// character (both the same bytes), and a colour given as text parsed once and written shorter (the
// same colour, other bytes). Part of the speed-ups of pdfmake-speed.ts, which puts them in.
import type { Swap } from './pdfmake-swap'

export interface PdfKitRef {
  data: { Length?: number; Filter?: string }
  compress: boolean
  uncompressedLength: number
  buffer: Uint8Array[]
  /** What this patch adds: operators written and not yet handed on as bytes. */
  pendingText?: string
  write(chunk: unknown): void
  finalize(): void
}

/**
 * pdfkit turns every operator it draws ("BT", "1 0 0 1 36 800 Tm"...) into a Buffer of its own as
 * it writes it to the page's contents (PDFReference.write), a dozen a text run: for the list book's
 * runs that was a tenth of the time drawing and much of the garbage. This keeps the text written
 * since the last bytes as one string, made bytes when bytes follow or the object is finished: the
 * same bytes (pdfkit writes text as latin1, one byte a character), the same lengths, in the same order.
 */
export function writeTextOnce(Ref: { prototype: PdfKitRef }): Swap[] {
  const { write, finalize } = Ref.prototype
  const written: PdfKitRef['write'] = function (this: PdfKitRef, chunk) {
    if (chunk instanceof Uint8Array) {
      flushWritten(this)
      return write.call(this, chunk)
    }
    const text = `${chunk as string}\n`
    this.pendingText = this.pendingText === undefined ? text : this.pendingText + text
    this.uncompressedLength += text.length
    this.data.Length = (this.data.Length ?? 0) + text.length
    if (this.compress) this.data.Filter = 'FlateDecode'
  }
  const finalized: PdfKitRef['finalize'] = function (this: PdfKitRef) {
    flushWritten(this)
    return finalize.call(this)
  }
  return [
    { on: Ref.prototype, key: 'write', original: write, patched: written },
    { on: Ref.prototype, key: 'finalize', original: finalize, patched: finalized }
  ]
}

/** Hands on as bytes what writeTextOnce keeps of `ref` as text. */
function flushWritten(ref: PdfKitRef): void {
  if (ref.pendingText) ref.buffer.push(Buffer.from(ref.pendingText, 'latin1'))
  ref.pendingText = undefined
}

/** A word's layout as pdfkit's EmbeddedFont keeps it (read only once made). */
interface WordRun {
  glyphs: unknown[]
  positions: unknown[]
  advanceWidth: number
}
export interface PdfKitFont {
  layoutCached(text: string): WordRun
  layoutRun(text: string, features: unknown): WordRun
  layout(text: string, features?: unknown, onlyWidth?: boolean): { glyphs: unknown[] | null; positions: unknown[] | null; advanceWidth: number }
}

/**
 * pdfkit lays a text out a word at a time (EmbeddedFont.layout), each word ending after a space or
 * tab and kept in its layout cache: but to find the words it makes an array of the two characters
 * for every character of the text, and copies the glyphs found so far for every word. Measuring
 * and drawing each call it for every word and run. This finds the same words by searching for
 * the next space and tab, and appends: the same glyphs and positions (the cache's own objects), the same widths added in
 * the same order.
 */
export function layOutWordsFaster(Font: { prototype: PdfKitFont }): Swap[] {
  const layout = Font.prototype.layout
  const patched: PdfKitFont['layout'] = function (this: PdfKitFont, text, features, onlyWidth) {
    if (features) return this.layoutRun(text, features)
    const glyphs: unknown[] | null = onlyWidth ? null : []
    const positions: unknown[] | null = onlyWidth ? null : []
    let advanceWidth = 0
    let space = text.indexOf(' ')
    let tab = text.indexOf('\t')
    for (let last = 0; last < text.length;) {
      if (space !== -1 && space < last) space = text.indexOf(' ', last)
      if (tab !== -1 && tab < last) tab = text.indexOf('\t', last)
      const next = space === -1 ? tab : tab === -1 ? space : Math.min(space, tab)
      const end = next === -1 ? text.length : next + 1
      const run = this.layoutCached(text.slice(last, end))
      if (glyphs && positions) {
        for (const glyph of run.glyphs) glyphs.push(glyph)
        for (const position of run.positions) positions.push(position)
      }
      advanceWidth += run.advanceWidth
      last = end
    }
    return { glyphs, positions, advanceWidth }
  }
  return [{ on: Font.prototype, key: 'layout', original: layout, patched }]
}

/** pdfkit's colour setting, as its document mixes it in (ColorMixin). */
export interface PdfKitColours {
  _normalizeColor(color: unknown): unknown
  _setColorSpace(space: string, stroke: boolean): unknown
  _setColorCore(color: unknown, stroke: boolean): boolean
  addContent(text: string): unknown
}

/** The prototype that has pdfkit's colour methods as its own (pdfkit's document, under pdfmake's), if one does. */
export function colourOwner(proto: object): object | undefined {
  for (let at: object | null = proto; at; at = Object.getPrototypeOf(at) as object | null) if (Object.hasOwn(at, '_setColorCore')) return at
  return undefined
}

/** A number as pdfkit writes every other number of a page (PDFObject.number): to a millionth. */
const compact = (n: number): string => String(Math.round(n * 1e6) / 1e6)

/**
 * pdfkit sets a colour given as text ('#f5f5f5', 'black') by parsing it afresh each time (pdfmake
 * parses it once more first, to tell a colour from a pattern's name), and writes its parts as
 * fractions of 255 in full ("0.9607843137254902"): a third of the list book's page contents were
 * colours, each table cell's and border's. This keeps what each such colour comes to, and writes the
 * parts to a millionth, as pdfkit writes coordinates: the same colour to far better than a screen or
 * printer shows (a 255th is 0.0039). Only a colour that comes to parts (written in hex or by name,
 * the same in every document) is kept: one that names a spot colour of the document, or nothing, is
 * left to pdfkit's own code. A kept colour's parts are handed out as a copy, as pdfkit makes anew.
 */
export function parseColoursOnce(Document: { prototype: PdfKitColours }): Swap[] {
  // on pdfkit's own document (pdfmake's extends it), where both methods are (whyNotPatched)
  const owner = colourOwner(Document.prototype) as PdfKitColours
  const { _setColorCore: setColorCore, _normalizeColor: normalizeColor } = owner
  const known = new Map<string, { parts: number[]; space: string; text: string }>()
  const colourOf = (doc: PdfKitColours, color: string) => {
    let colour = known.get(color)
    if (!colour) {
      const parts = normalizeColor.call(doc, color)
      if (!Array.isArray(parts)) return undefined
      colour = { parts: [...(parts as number[])], space: parts.length === 4 ? 'DeviceCMYK' : 'DeviceRGB', text: (parts as number[]).map(compact).join(' ') }
      known.set(color, colour)
    }
    return colour
  }
  const normalized: PdfKitColours['_normalizeColor'] = function (this: PdfKitColours, color) {
    const colour = typeof color === 'string' ? colourOf(this, color) : undefined
    return colour ? [...colour.parts] : normalizeColor.call(this, color)
  }
  const set: PdfKitColours['_setColorCore'] = function (this: PdfKitColours, color, stroke) {
    const colour = typeof color === 'string' ? colourOf(this, color) : undefined
    if (!colour) return setColorCore.call(this, color, stroke)
    this._setColorSpace(colour.space, stroke)
    this.addContent(`${colour.text} ${stroke ? 'SCN' : 'scn'}`)
    return true
  }
  return [
    { on: owner, key: '_normalizeColor', original: normalizeColor, patched: normalized },
    { on: owner, key: '_setColorCore', original: setColorCore, patched: set, sameBytes: false }
  ]
}
