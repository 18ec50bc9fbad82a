// The text a PDF's pages show, read in JS for `muster check` (printed-codes.ts): enough to find the
// check code printed on a Muster print-out, not a general text extractor. pdf-lib parses the file
// (already a dependency); this walks each page's content streams (and the form XObjects they draw),
// and decodes each text-showing operator's strings through its font's ToUnicode map (pdfmake embeds
// Roboto subsets as Type0 fonts with two-byte codes and a ToUnicode map) or, for a simple font
// without one, as single bytes. A new dependency (pdfjs-dist, megabytes and a worker) was not worth
// it for this; poppler's pdftotext is not on players' machines. Streams are inflated with Node's
// zlib under a size cap, and the operators and form drawings read are counted against caps, so a
// hostile PDF cannot make the check run away: past a cap, or with a filter other than FlateDecode,
// the pages "cannot be read", and the caller never calls them matching.
// Each glyph is read with whether it shows on paper: text in render mode 3 or 7, at zero fill
// alpha (an ExtGState's ca) or under a soft mask, filled white, far off the page box, or smaller
// than 2 points is hidden text, and a check code in hidden text is the mark of an edited print-out
// (printed-codes.ts). This is a reader, not a renderer: clipping, text covered by a filled box,
// glyphs reordered by their positions and a remapped ToUnicode are not seen (docs/adr/0005-printing.md).
import { inflateRawSync, inflateSync } from 'node:zlib'
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFDocument, type PDFObject } from 'pdf-lib'

/** Inflated bytes read in all, across pages: far above any print-out, low enough to stay fast. */
const MAX_BYTES = 16 * 1024 * 1024
/** Pages read: a roster is a few; a print-out of hundreds is not one Muster made. */
const MAX_PAGES = 200
/** Form XObjects drawn inside each other. */
const MAX_DEPTH = 4
/** Operators read on one page, and in all: a Muster page has a few thousand. */
export const MAX_PAGE_OPERATORS = 200_000
export const MAX_FILE_OPERATORS = 1_000_000
/** Form XObjects drawn on one page, and in all: Muster draws none. */
export const MAX_PAGE_DRAWS = 10_000
export const MAX_FILE_DRAWS = 10_000
/** Content bytes tokenised in all, counting a form drawn twice twice. */
const MAX_SCANNED = 64 * 1024 * 1024
/** Text smaller than this (points, as printed) is not text for people. */
const MIN_SIZE = 2

export class PdfTextError extends Error {}

interface Budget {
  /** Inflated bytes left to read. */
  left: number
  /** Content bytes left to tokenise. */
  scan: number
}

/** What the reader did: operators and form drawings counted against the caps, for tests and callers. */
export interface ReadStats {
  operators: number
  draws: number
}

function streamBytes(stream: PDFObject | undefined, budget: Budget): Uint8Array {
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

const hexBytes = (hex: string): number[] => {
  const h = hex.replace(/[^0-9a-fA-F]/g, '')
  const out: number[] = []
  for (let i = 0; i < h.length; i += 2) out.push(parseInt(h.slice(i, i + 2).padEnd(2, '0'), 16))
  return out
}

const utf16 = (bytes: number[]): string => {
  let s = ''
  for (let i = 0; i + 1 < bytes.length; i += 2) s += String.fromCharCode((bytes[i] << 8) | bytes[i + 1])
  return s
}

/** A font's code-to-text map (its ToUnicode CMap), and how many bytes each code takes. */
interface FontMap {
  width: 1 | 2
  map: Map<number, string> | null
}

function parseCMap(text: string): FontMap {
  const map = new Map<number, string>()
  const range = /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/.exec(/begincodespacerange([\s\S]*?)endcodespacerange/.exec(text)?.[1] ?? '')
  const width: 1 | 2 = range && range[1].length <= 2 ? 1 : 2
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]*)>/g)) map.set(parseInt(m[1], 16), utf16(hexBytes(m[2])))
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]*>)/g)) {
      const lo = parseInt(m[1], 16)
      const hi = Math.min(parseInt(m[2], 16), lo + 0xffff)
      if (m[3].startsWith('[')) {
        const items = [...m[3].matchAll(/<([0-9a-fA-F\s]*)>/g)].map((x) => utf16(hexBytes(x[1])))
        items.forEach((s, i) => lo + i <= hi && map.set(lo + i, s))
      } else {
        const start = hexBytes(m[3].slice(1, -1))
        for (let c = lo; c <= hi; c++) {
          const dst = [...start]
          dst[dst.length - 1] += c - lo
          map.set(c, utf16(dst))
        }
      }
    }
  }
  return { width, map }
}

type Token = { op: string } | { str: number[] } | { num: number } | { name: string } | { array: Token[] }

/** PDF content-stream tokens (operands and operators); dictionaries and inline images are skipped. */
function* tokens(src: string): Generator<Token> {
  let i = 0
  const n = src.length
  const stack: Token[][] = []
  const emit = function* (t: Token): Generator<Token> {
    if (stack.length) stack[stack.length - 1].push(t)
    else yield t
  }
  while (i < n) {
    const c = src[i]
    if (/\s/.test(c)) {
      i++
    } else if (c === '%') {
      while (i < n && src[i] !== '\n' && src[i] !== '\r') i++
    } else if (c === '(') {
      const bytes: number[] = []
      let depth = 1
      i++
      while (i < n && depth > 0) {
        const ch = src[i]
        if (ch === '\\') {
          const next = src[i + 1]
          const esc: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 }
          if (next in esc) {
            bytes.push(esc[next])
            i += 2
          } else if (/[0-7]/.test(next)) {
            const oct = /^[0-7]{1,3}/.exec(src.slice(i + 1, i + 4))![0]
            bytes.push(parseInt(oct, 8) & 255)
            i += 1 + oct.length
          } else if (next === '\r' || next === '\n') {
            // a backslash at the end of a line continues the string
            i += next === '\r' && src[i + 2] === '\n' ? 3 : 2
          } else {
            // an unknown escape: the backslash is dropped and the character kept (PDF 32000-1, 7.3.4.2)
            if (next !== undefined) bytes.push(next.charCodeAt(0) & 255)
            i += 2
          }
          continue
        }
        if (ch === '(') depth++
        if (ch === ')' && --depth === 0) break
        bytes.push(ch.charCodeAt(0) & 255)
        i++
      }
      i++
      yield* emit({ str: bytes })
    } else if (c === '<' && src[i + 1] === '<') {
      // a dictionary (marked content properties): skipped whole
      let depth = 0
      while (i < n) {
        if (src.startsWith('<<', i)) {
          depth++
          i += 2
        } else if (src.startsWith('>>', i)) {
          i += 2
          if (--depth === 0) break
        } else i++
      }
    } else if (c === '<') {
      const end = src.indexOf('>', i)
      const hex = src.slice(i + 1, end < 0 ? n : end)
      i = end < 0 ? n : end + 1
      yield* emit({ str: hexBytes(hex) })
    } else if (c === '[') {
      if (stack.length >= 32) throw new PdfTextError('a page is damaged')
      stack.push([])
      i++
    } else if (c === ']') {
      i++
      const array = stack.pop()
      if (array) yield* emit({ array })
    } else if (c === '/') {
      const m = /^\/[^\s()<>[\]{}/%]*/.exec(src.slice(i, i + 256))![0]
      i += m.length
      yield* emit({ name: m.slice(1) })
    } else if (/[0-9+\-.]/.test(c)) {
      const m = /^[0-9+\-.]+/.exec(src.slice(i, i + 64))![0]
      i += m.length
      yield* emit({ num: Number(m) })
    } else {
      const m = /^[^\s()<>[\]{}/%]+/.exec(src.slice(i, i + 64))?.[0] ?? c
      i += m.length
      if (m === 'BI') {
        // an inline image: its data runs to EI
        const end = src.indexOf('EI', i)
        i = end < 0 ? n : end + 2
        continue
      }
      stack.length = 0
      yield { op: m }
    }
  }
}

function fontMap(doc: PDFDocument, font: PDFObject | undefined, cache: Map<PDFObject, FontMap>, budget: Budget): FontMap {
  const dict = font instanceof PDFRef ? doc.context.lookup(font) : font
  if (!(dict instanceof PDFDict)) return { width: 1, map: null }
  const known = cache.get(dict)
  if (known) return known
  const type0 = dict.get(PDFName.of('Subtype')) === PDFName.of('Type0')
  const toUnicode = dict.lookup(PDFName.of('ToUnicode'))
  let made: FontMap = { width: type0 ? 2 : 1, map: null }
  if (toUnicode instanceof PDFRawStream) {
    const parsed = parseCMap(Buffer.from(streamBytes(toUnicode, budget)).toString('latin1'))
    made = { width: type0 ? 2 : parsed.width, map: parsed.map }
  }
  cache.set(dict, made)
  return made
}

/** The text of each code of a shown string, one entry per glyph. */
function decode(bytes: number[], font: FontMap): string[] {
  const out: string[] = []
  for (let i = 0; i < bytes.length; i += font.width) {
    const code = font.width === 2 ? (bytes[i] << 8) | (bytes[i + 1] ?? 0) : bytes[i]
    out.push(font.map ? (font.map.get(code) ?? '') : String.fromCharCode(code))
  }
  return out
}

/** [a b c d e f], as PDF writes a matrix; points are row vectors (x y 1) times it. */
type Matrix = [number, number, number, number, number, number]
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0]
const times = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5]
]
const apply = (m: Matrix, x: number, y: number): [number, number] => [x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]]

/** What the graphics state says of how text shows (q and Q save and restore it). */
interface GraphicsState {
  ctm: Matrix
  font: FontMap
  size: number
  /** Horizontal scaling (Tz / 100), character and word spacing, leading, rise. */
  scale: number
  charSpace: number
  wordSpace: number
  leading: number
  rise: number
  /** Text render mode (Tr): 3 draws nothing, 7 only clips. */
  mode: number
  fillAlpha: number
  strokeAlpha: number
  softMask: boolean
  fillWhite: boolean
  strokeWhite: boolean
}

const initialState = (): GraphicsState => ({
  ctm: IDENTITY,
  font: { width: 1, map: null },
  size: 0,
  scale: 1,
  charSpace: 0,
  wordSpace: 0,
  leading: 0,
  rise: 0,
  mode: 0,
  fillAlpha: 1,
  strokeAlpha: 1,
  softMask: false,
  fillWhite: false,
  strokeWhite: false
})

/** Colour operands that paint white (or near it): gray 1, RGB 1 1 1, CMYK 0 0 0 0. */
function isWhite(values: number[]): boolean {
  if (values.length === 1) return values[0] >= 0.97
  if (values.length === 3) return values.every((v) => v >= 0.97)
  if (values.length === 4) return values.every((v) => v <= 0.03)
  return false
}

/** A page's text: every glyph, and the glyphs that do not show on paper kept apart. */
export interface PageText {
  /** What shows on paper, in drawing order, moves and gaps as spaces. */
  visible: string
  /** What a reader of the file would find but a reader of the paper would not. */
  hidden: string
  /** Both, in drawing order. */
  all: string
}

interface Reading {
  doc: PDFDocument
  fonts: Map<PDFObject, FontMap>
  forms: Map<PDFObject, Uint8Array>
  budget: Budget
  stats: ReadStats
  page: { operators: number; draws: number }
  box: { left: number; bottom: number; right: number; top: number }
  visible: string[]
  hidden: string[]
  all: string[]
}

function count(r: Reading, what: 'operators' | 'draws'): void {
  r.stats[what]++
  r.page[what]++
  const [perPage, perFile] = what === 'operators' ? [MAX_PAGE_OPERATORS, MAX_FILE_OPERATORS] : [MAX_PAGE_DRAWS, MAX_FILE_DRAWS]
  if (r.page[what] > perPage || r.stats[what] > perFile)
    throw new PdfTextError(what === 'operators' ? 'its pages have more drawing operations than a print-out' : 'its pages draw more forms than a print-out')
}

function showText(r: Reading, content: Uint8Array, resources: PDFDict | undefined, start: GraphicsState, depth: number): void {
  r.budget.scan -= content.length
  if (r.budget.scan < 0) throw new PdfTextError('its pages are too large to read')
  const fonts = resources?.lookup(PDFName.of('Font'))
  const xobjects = resources?.lookup(PDFName.of('XObject'))
  const states = resources?.lookup(PDFName.of('ExtGState'))
  let g: GraphicsState = { ...start }
  const saved: GraphicsState[] = []
  let tm: Matrix = IDENTITY
  let tlm: Matrix = IDENTITY
  let operands: Token[] = []
  const nums = (): number[] => operands.filter((o): o is { num: number } => 'num' in o).map((o) => o.num)
  const moveLine = (tx: number, ty: number) => {
    tlm = times([1, 0, 0, 1, tx, ty], tlm)
    tm = tlm
  }
  const visibleNow = (): boolean => {
    const fills = [0, 2, 4, 6].includes(g.mode) && g.fillAlpha > 0 && !g.fillWhite
    const strokes = [1, 2, 5, 6].includes(g.mode) && g.strokeAlpha > 0 && !g.strokeWhite
    if ((!fills && !strokes) || g.softMask) return false
    const m = times(tm, g.ctm)
    const height = Math.abs(g.size) * Math.hypot(m[2], m[3])
    const width = Math.abs(g.size * g.scale) * Math.hypot(m[0], m[1])
    return height >= MIN_SIZE && width >= MIN_SIZE / 2
  }
  const onPage = (x: number, y: number): boolean => x >= r.box.left && x <= r.box.right && y >= r.box.bottom && y <= r.box.top
  const show = (glyphs: string[]) => {
    const shows = visibleNow()
    for (const glyph of glyphs) {
      const [x, y] = apply(times(tm, g.ctm), 0, g.rise)
      ;(shows && onPage(x, y) ? r.visible : r.hidden).push(glyph)
      r.all.push(glyph)
      // glyph widths are not read: half an em is near enough to tell a glyph far off the page
      const advance = (g.size * 0.5 + g.charSpace + (glyph === ' ' ? g.wordSpace : 0)) * g.scale
      tm = times([1, 0, 0, 1, advance, 0], tm)
    }
  }
  const gap = () => {
    r.visible.push(' ')
    r.hidden.push(' ')
    r.all.push(' ')
  }
  for (const t of tokens(Buffer.from(content).toString('latin1'))) {
    if (!('op' in t)) {
      // no operator takes more than a few operands: a run of thousands is kept short
      if (operands.push(t) > 16) operands.shift()
      continue
    }
    count(r, 'operators')
    const last = operands[operands.length - 1]
    const n = nums()
    switch (t.op) {
      case 'q':
        // every q is kept (the cap on operators bounds them), so Q always restores the state it should
        saved.push({ ...g })
        break
      case 'Q':
        g = saved.pop() ?? g
        break
      case 'cm':
        if (n.length >= 6) g.ctm = times(n.slice(-6) as Matrix, g.ctm)
        break
      case 'gs': {
        const name = last && 'name' in last ? last.name : undefined
        const state = name && states instanceof PDFDict ? states.lookup(PDFName.of(name)) : undefined
        if (state instanceof PDFDict) {
          const ca = state.lookup(PDFName.of('ca'))
          const CA = state.lookup(PDFName.of('CA'))
          const mask = state.get(PDFName.of('SMask'))
          if (ca instanceof PDFNumber) g.fillAlpha = ca.asNumber()
          if (CA instanceof PDFNumber) g.strokeAlpha = CA.asNumber()
          if (mask !== undefined) g.softMask = mask !== PDFName.of('None')
        }
        break
      }
      case 'g':
      case 'rg':
      case 'k':
      case 'sc':
      case 'scn':
        g.fillWhite = isWhite(n)
        break
      case 'G':
      case 'RG':
      case 'K':
      case 'SC':
      case 'SCN':
        g.strokeWhite = isWhite(n)
        break
      case 'cs':
        g.fillWhite = false
        break
      case 'CS':
        g.strokeWhite = false
        break
      case 'Tf': {
        const name = operands.find((o): o is { name: string } => 'name' in o)
        g.font = fontMap(r.doc, name && fonts instanceof PDFDict ? fonts.get(PDFName.of(name.name)) : undefined, r.fonts, r.budget)
        if (n.length) g.size = n[n.length - 1]
        break
      }
      case 'Tr':
        if (n.length) g.mode = n[n.length - 1]
        break
      case 'Tz':
        if (n.length) g.scale = n[n.length - 1] / 100
        break
      case 'Tc':
        if (n.length) g.charSpace = n[n.length - 1]
        break
      case 'Tw':
        if (n.length) g.wordSpace = n[n.length - 1]
        break
      case 'TL':
        if (n.length) g.leading = n[n.length - 1]
        break
      case 'Ts':
        if (n.length) g.rise = n[n.length - 1]
        break
      case 'BT':
        tm = tlm = IDENTITY
        gap()
        break
      case 'Td':
      case 'TD':
        if (n.length >= 2) {
          if (t.op === 'TD') g.leading = -n[n.length - 1]
          moveLine(n[n.length - 2], n[n.length - 1])
        }
        // every move of the text position parts words; codes are matched with spaces taken out
        gap()
        break
      case 'Tm':
        if (n.length >= 6) tm = tlm = n.slice(-6) as Matrix
        gap()
        break
      case 'T*':
        moveLine(0, -g.leading)
        gap()
        break
      case 'Tj':
      case "'":
      case '"':
        if (t.op !== 'Tj') {
          if (t.op === '"' && n.length >= 2) {
            g.wordSpace = n[0]
            g.charSpace = n[1]
          }
          moveLine(0, -g.leading)
          gap()
        }
        if (last && 'str' in last) show(decode(last.str, g.font))
        break
      case 'TJ':
        if (last && 'array' in last) {
          for (const item of last.array) {
            if ('str' in item) show(decode(item.str, g.font))
            else if ('num' in item) {
              tm = times([1, 0, 0, 1, (-item.num / 1000) * g.size * g.scale, 0], tm)
              if (item.num < -250) gap()
            }
          }
        }
        break
      case 'Do': {
        const name = last && 'name' in last ? last.name : undefined
        const xobject = name && xobjects instanceof PDFDict ? xobjects.lookup(PDFName.of(name)) : undefined
        count(r, 'draws')
        if (xobject instanceof PDFRawStream && xobject.dict.get(PDFName.of('Subtype')) === PDFName.of('Form') && depth < MAX_DEPTH) {
          const own = xobject.dict.lookup(PDFName.of('Resources'))
          // a form drawn again is inflated once
          let bytes = r.forms.get(xobject)
          if (!bytes) {
            bytes = streamBytes(xobject, r.budget)
            r.forms.set(xobject, bytes)
          }
          const matrix = xobject.dict.lookup(PDFName.of('Matrix'))
          const m = matrix instanceof PDFArray ? matrix.asArray().map((x) => (x instanceof PDFNumber ? x.asNumber() : NaN)) : []
          const formMatrix = m.length === 6 && m.every(Number.isFinite) ? (m as Matrix) : IDENTITY
          showText(r, bytes, own instanceof PDFDict ? own : resources, { ...g, ctm: times(formMatrix, g.ctm) }, depth + 1)
        }
        break
      }
    }
    operands = []
  }
}

/**
 * The text of each page, in drawing order, shown and hidden apart; throws PdfTextError when the
 * pages cannot be read (too many, too large, encoded in a way this reader does not read, or past
 * a cap). `stats`, when given, counts the operators and form drawings read.
 */
export function pagesText(doc: PDFDocument, stats: ReadStats = { operators: 0, draws: 0 }): PageText[] {
  const pages = doc.getPages()
  if (pages.length > MAX_PAGES) throw new PdfTextError(`it has ${pages.length} pages, more than a print-out of a roster`)
  const budget: Budget = { left: MAX_BYTES, scan: MAX_SCANNED }
  const fonts = new Map<PDFObject, FontMap>()
  const forms = new Map<PDFObject, Uint8Array>()
  return pages.map((page) => {
    const mb = page.getCropBox()
    // a glyph this far outside the page box is not on the paper (a little past the edge may be a bleed)
    const slack = 36
    const box = { left: mb.x - slack, bottom: mb.y - slack, right: mb.x + mb.width + slack, top: mb.y + mb.height + slack }
    const r: Reading = { doc, fonts, forms, budget, stats, page: { operators: 0, draws: 0 }, box, visible: [], hidden: [], all: [] }
    const contents = page.node.Contents()
    if (!contents) return { visible: '', hidden: '', all: '' }
    const streams = contents instanceof PDFArray ? contents.asArray().map((c) => (c instanceof PDFRef ? doc.context.lookup(c) : c)) : [contents]
    const parts = streams.map((s) => streamBytes(s, budget))
    const all = new Uint8Array(parts.reduce((sum, p) => sum + p.length + 1, 0))
    let at = 0
    for (const p of parts) {
      all.set(p, at)
      all[at + p.length] = 10
      at += p.length + 1
    }
    showText(r, all, page.node.Resources(), initialState(), 0)
    return { visible: r.visible.join(''), hidden: r.hidden.join(''), all: r.all.join('') }
  })
}

/** Letters and dashes that look like the code's own, read as them (Cyrillic and Greek capitals, dash forms). */
const LOOK_ALIKES: Record<string, string> = Object.fromEntries([
  ...[...'АВЕЅІЈКМНОРСТХҮ'].map((c, i) => [c, 'ABESIJKMHOPCTXY'[i]]),
  ...[...'ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ'].map((c, i) => [c, 'ABEZHIKMNOPTYX'[i]]),
  ...[...'\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2043\u02d7\ufe58\ufe63\u2796\u2e3a\u2e3b\u30fc\u2500'].map((c) => [c, '-'])
])

/**
 * Text as the code reader compares it: compatibility forms folded (full-width, mathematical
 * letters), marks, format characters (zero-width, soft hyphens, direction marks) and all white
 * space taken out, look-alike letters and dashes read as the code's own. A code is found in this
 * text with no regard to what stands beside it, so a gap, a break or a letter set against it does
 * not hide it.
 */
export function codeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}\p{Cc}\p{Z}\s]/gu, '')
    .replace(/[^\x21-\x7e]/g, (c) => LOOK_ALIKES[c] ?? c)
}

const CODE_SHAPE = /[0-9A-Z]{4}(?:-[0-9A-Z]{4}){7}/gi

/** Code-shaped runs (eight groups of four, any case) in reader text, as the code would be typed. */
function codesIn(text: string): string[] {
  const found = new Set<string>()
  for (const m of codeText(text).matchAll(CODE_SHAPE)) found.add(m[0].toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1'))
  return [...found]
}

/** The check codes of the printed version on one page: those that show on paper, and those in text that does not. */
export interface PageCodes {
  shown: string[]
  hidden: string[]
}

/**
 * Every check code of the printed version (eight groups of four) on each page: shown, or hidden
 * (in text that does not show, or made only whole by hidden glyphs).
 */
export function codesShown(pages: PageText[]): PageCodes[] {
  return pages.map((page) => {
    const shown = codesIn(page.visible)
    // a code in hidden text, or one that only the hidden glyphs between its visible ones make whole
    const hidden = new Set([...codesIn(page.hidden), ...codesIn(page.all)])
    return { shown, hidden: [...hidden].filter((c) => !shown.includes(c)) }
  })
}

/** Whether a page's text speaks of a check code at all (a Muster print-out whose code cannot be read). */
export function mentionsCheckCode(pages: PageText[]): boolean {
  return pages.some((p) => /checkcode/i.test(codeText(p.all)))
}
