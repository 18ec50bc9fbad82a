// The text a PDF's pages show, read in JS for `muster check` (printed-codes.ts): enough to find the
// check code printed on a Muster print-out, not a general text extractor. pdf-lib parses the file
// (already a dependency); this walks each page's content streams (and the form XObjects they draw),
// and decodes each text-showing operator's strings through its font's ToUnicode map (pdfmake embeds
// Roboto subsets as Type0 fonts with two-byte codes and a ToUnicode map) or, for a simple font
// without one, as single bytes. A new dependency (pdfjs-dist, megabytes and a worker) was not worth
// it for this; poppler's pdftotext is not on players' machines. Streams are inflated with Node's
// zlib under a size cap, so a hostile PDF cannot make the check run away: past the cap, or with a
// filter other than FlateDecode, the page is "unreadable", and the caller never calls it matching.
import { inflateRawSync, inflateSync } from 'node:zlib'
import { PDFArray, PDFDict, PDFName, PDFRawStream, PDFRef, type PDFDocument, type PDFObject } from 'pdf-lib'

/** Inflated bytes read in all, across pages: far above any print-out, low enough to stay fast. */
const MAX_BYTES = 16 * 1024 * 1024
/** Pages read: a roster is a few; a print-out of hundreds is not one Muster made. */
const MAX_PAGES = 200
/** Form XObjects drawn inside each other. */
const MAX_DEPTH = 4

export class PdfTextError extends Error {}

interface Budget {
  left: number
}

function streamBytes(stream: PDFObject | undefined, budget: Budget): Uint8Array {
  if (!(stream instanceof PDFRawStream)) throw new PdfTextError('a page stream is missing')
  const filter = stream.dict.get(PDFName.of('Filter'))
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : []
  let bytes: Uint8Array = stream.contents
  if (filters.length > 1 || (filters.length === 1 && filters[0] !== PDFName.of('FlateDecode'))) throw new PdfTextError('a page stream is encoded in a way Muster does not read')
  if (filters.length === 1) {
    const options = { maxOutputLength: Math.max(1, budget.left) }
    try {
      bytes = inflateSync(bytes, options)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new PdfTextError('its pages are too large to read')
      try {
        bytes = inflateRawSync(bytes, options)
      } catch {
        throw new PdfTextError('a page stream is damaged')
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
          } else i += next === '\r' && src[i + 2] === '\n' ? 3 : 2
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
      if (stack.length >= 32) throw new PdfTextError('a page stream is damaged')
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

function decode(bytes: number[], font: FontMap): string {
  let s = ''
  for (let i = 0; i < bytes.length; i += font.width) {
    const code = font.width === 2 ? (bytes[i] << 8) | (bytes[i + 1] ?? 0) : bytes[i]
    s += font.map ? (font.map.get(code) ?? '') : String.fromCharCode(code)
  }
  return s
}

function showText(doc: PDFDocument, content: Uint8Array, resources: PDFDict | undefined, out: string[], cache: Map<PDFObject, FontMap>, budget: Budget, depth: number): void {
  const fonts = resources?.lookup(PDFName.of('Font'))
  const xobjects = resources?.lookup(PDFName.of('XObject'))
  let font: FontMap = { width: 1, map: null }
  let operands: Token[] = []
  for (const t of tokens(Buffer.from(content).toString('latin1'))) {
    if (!('op' in t)) {
      // no operator takes more than a few operands: a run of thousands is kept short
      if (operands.push(t) > 16) operands.shift()
      continue
    }
    const last = operands[operands.length - 1]
    switch (t.op) {
      case 'Tf': {
        const name = operands.find((o): o is { name: string } => 'name' in o)
        font = fontMap(doc, name && fonts instanceof PDFDict ? fonts.get(PDFName.of(name.name)) : undefined, cache, budget)
        break
      }
      case 'Tj':
      case "'":
      case '"':
        if (t.op !== 'Tj') out.push('\n')
        if (last && 'str' in last) out.push(decode(last.str, font))
        break
      case 'TJ':
        if (last && 'array' in last) {
          for (const item of last.array) {
            if ('str' in item) out.push(decode(item.str, font))
            // a wide gap inside one shown string reads as a space
            else if ('num' in item && item.num < -250) out.push(' ')
          }
        }
        break
      case 'BT':
      case 'Td':
      case 'TD':
      case 'Tm':
      case 'T*':
        // every move of the text position parts words; where a code was cut at a hyphen, the reader joins it
        out.push(' ')
        break
      case 'Do': {
        const name = last && 'name' in last ? last.name : undefined
        const xobject = name && xobjects instanceof PDFDict ? xobjects.lookup(PDFName.of(name)) : undefined
        if (xobject instanceof PDFRawStream && xobject.dict.get(PDFName.of('Subtype')) === PDFName.of('Form') && depth < MAX_DEPTH) {
          const own = xobject.dict.lookup(PDFName.of('Resources'))
          showText(doc, streamBytes(xobject, budget), own instanceof PDFDict ? own : resources, out, cache, budget, depth + 1)
        }
        break
      }
    }
    operands = []
  }
}

/** The text of each page, in drawing order; throws PdfTextError when the pages cannot be read. */
export function pagesText(doc: PDFDocument): string[] {
  const pages = doc.getPages()
  if (pages.length > MAX_PAGES) throw new PdfTextError(`it has ${pages.length} pages, more than a print-out of a roster`)
  const budget: Budget = { left: MAX_BYTES }
  const cache = new Map<PDFObject, FontMap>()
  return pages.map((page) => {
    const out: string[] = []
    const contents = page.node.Contents()
    if (!contents) return ''
    const streams = contents instanceof PDFArray ? contents.asArray().map((c) => (c instanceof PDFRef ? doc.context.lookup(c) : c)) : [contents]
    const parts = streams.map((s) => streamBytes(s, budget))
    const all = new Uint8Array(parts.reduce((sum, p) => sum + p.length + 1, 0))
    let at = 0
    for (const p of parts) {
      all.set(p, at)
      all[at + p.length] = 10
      at += p.length + 1
    }
    showText(doc, all, page.node.Resources(), out, cache, budget, 0)
    return out.join('')
  })
}

/** Every check code of the printed version (eight groups of four) shown on these pages, once each. */
export function codesShown(pages: string[]): string[] {
  const found = new Set<string>()
  for (const page of pages) {
    // break opportunities the printer adds to long runs (long-words.ts) are not text
    const text = page.replace(/[\u200b\u00ad\ufeff]/g, '')
    for (const m of text.matchAll(/(?<![0-9A-Za-z])[0-9A-Z]{4}(?:-\s*[0-9A-Z]{4}){7}(?![0-9A-Za-z])/g)) found.add(m[0].replace(/\s+/g, ''))
  }
  return [...found]
}
