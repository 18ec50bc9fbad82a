// pdfmake and pdfkit made faster where they are slow for Muster's sheets, the same PDF byte for byte:
// each patch does what the code it replaces does, with less work and garbage. Measured on the list
// book (200 rosters, issue 41), where they matter most. Written for pdfmake 0.3.11 / pdfkit 0.19.1:
// look again when either is upgraded.

interface PdfKitRef {
  data: { Length?: number; Filter?: string }
  compress: boolean
  uncompressedLength: number
  buffer: Uint8Array[]
  /** What this patch adds: operators written and not yet handed on as bytes, and how many bytes of it. */
  pending?: Buffer
  pendingLength?: number
  write(chunk: unknown): void
  finalize(): void
}

/**
 * pdfkit turns every operator it draws ("BT", "1 0 0 1 36 800 Tm"...) into a Buffer of its own as
 * it writes it to the page's contents (PDFReference.write), a dozen a text run: for the list book's
 * 80,000 runs that was a tenth of the time drawing and much of the garbage. This writes the text
 * into one growing Buffer, handed on when more bytes follow or the object is finished: the same
 * bytes (pdfkit writes text as latin1, one byte a character), the same lengths, in the same order.
 */
function writeTextOnce(Ref: { prototype: PdfKitRef }): void {
  const { write, finalize } = Ref.prototype
  const flush = (ref: PdfKitRef) => {
    if (ref.pending && ref.pendingLength) ref.buffer.push(ref.pending.subarray(0, ref.pendingLength))
    ref.pending = undefined
    ref.pendingLength = 0
  }
  Ref.prototype.write = function (chunk) {
    if (chunk instanceof Uint8Array) {
      flush(this)
      return write.call(this, chunk)
    }
    const text = `${chunk as string}\n`
    const at = this.pendingLength ?? 0
    if (!this.pending || at + text.length > this.pending.length) {
      const grown = Buffer.allocUnsafe(Math.max(16_384, 2 * (at + text.length)))
      if (this.pending) this.pending.copy(grown, 0, 0, at)
      this.pending = grown
    }
    this.pendingLength = at + this.pending.write(text, at, 'latin1')
    this.uncompressedLength += text.length
    this.data.Length = (this.data.Length ?? 0) + text.length
    if (this.compress) this.data.Filter = 'FlateDecode'
  }
  Ref.prototype.finalize = function () {
    flush(this)
    return finalize.call(this)
  }
}

type Style = Record<string, unknown> & { extends?: string | string[] }

interface StyleStack {
  styleDictionary: Record<string, Style | undefined>
  defaultStyle?: Record<string, unknown>
  styleOverrides: unknown[]
}

const isValue = (v: unknown) => v !== undefined && v !== null
const isString = (v: unknown): v is string => typeof v === 'string' || v instanceof String

/** A named style's value of `property`, through the styles it extends (last first), each style once. */
function fromStyle(stack: StyleStack, name: string, property: string, visited?: Set<string>): unknown {
  if (visited?.has(name)) return undefined
  const style = stack.styleDictionary[name]
  if (!style) return undefined
  if (isValue(style[property])) return style[property]
  if (!style.extends) return undefined
  const seen = visited ?? new Set<string>()
  seen.add(name)
  const parents = Array.isArray(style.extends) ? style.extends : [style.extends]
  for (let i = parents.length - 1; i >= 0; i--) {
    const value = fromStyle(stack, parents[i], property, seen)
    if (isValue(value)) return value
  }
  return undefined
}

/** One entry of the style stack: a style's name, or a node (or overrides) with its own properties. */
const entryValue = (stack: StyleStack, entry: unknown, property: string): unknown =>
  isString(entry) ? fromStyle(stack, String(entry), property) : (entry as Record<string, unknown>)[property]

/**
 * pdfmake asks the style of every text it measures some twenty times (font, bold, size, colour...),
 * each time pushing the node and its styles on the stack, making two closures and a set, and
 * popping them (StyleContextStack.getStyleProperty, auto, getProperty). This answers the same from
 * the node, its styles and the stack as it is, pushing nothing: four-fifths of pdfmake's garbage
 * for the list book went there.
 */
function lookStylesUpInPlace(StyleContextStack: { getStyleProperty: unknown; prototype: { getProperty: unknown } }): void {
  StyleContextStack.prototype.getProperty = function (this: StyleStack, property: string): unknown {
    for (let i = this.styleOverrides.length - 1; i >= 0; i--) {
      const value = entryValue(this, this.styleOverrides[i], property)
      if (isValue(value)) return value
    }
    return this.defaultStyle && this.defaultStyle[property]
  }
  StyleContextStack.getStyleProperty = function (item: Record<string, unknown>, stack: StyleStack | undefined, property: string, fallback: unknown): unknown {
    if (isValue(item[property])) return item[property]
    if (!stack) return fallback
    // What auto(item) would push on top of the stack: the node's styles, then the node itself
    // (its own property is not set, seen above); a text or a section pushes nothing.
    if (!isString(item) && item.section === undefined && item.style) {
      const names = Array.isArray(item.style) ? (item.style as unknown[]) : [item.style]
      for (let i = names.length - 1; i >= 0; i--) {
        const value = entryValue(stack, names[i], property)
        if (isValue(value)) return value
      }
    }
    for (let i = stack.styleOverrides.length - 1; i >= 0; i--) {
      const value = entryValue(stack, stack.styleOverrides[i], property)
      if (isValue(value)) return value
    }
    const value = stack.defaultStyle && stack.defaultStyle[property]
    return isValue(value) ? value : fallback
  }
}

/** Every patch above, on pdfmake's modules (`req` resolves them) and its PDFDocument. */
export function speedUp(req: NodeRequire, PDFDocument: unknown): void {
  // pdfkit's PDFReference is not exported: an empty document's root is one.
  const probe = new (PDFDocument as new (...a: unknown[]) => { _root: object })({}, {}, {}, {}, { autoFirstPage: false, font: null })
  writeTextOnce(probe._root.constructor as unknown as { prototype: PdfKitRef })
  lookStylesUpInPlace((req('pdfmake/js/StyleContextStack') as { default: Parameters<typeof lookStylesUpInPlace>[0] }).default)
}
